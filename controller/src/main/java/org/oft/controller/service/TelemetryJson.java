package org.oft.controller.service;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.oft.hal.LevelTiming;
import org.oft.hal.SlotCounters;
import org.oft.hal.TimingTelemetry;
import org.oft.hal.Telemetry;
import org.oft.hal.BoardLock;

/** Telemetry as the console receives it. */
public final class TelemetryJson {
    private TelemetryJson() {
    }

    public static JsonObject of(Telemetry t) {
        return of(t, null);
    }

    /** The record with totals counted from {@code baseline} (the totals at a reset), if given. */
    public static JsonObject of(Telemetry t, SlotCounters baseline) {
        JsonArray levels = new JsonArray();
        byte[] states = t.levelState();
        int[] stuck = t.stuckNodes();
        for (int i = 0; i < states.length; i++) {
            levels.add(new JsonObject()
                    .put("level", i + 1)
                    .put("state", states[i] < 0 ? "none" : states[i] == 0 ? "drop" : "turn")
                    .put("stuckNodes", stuck[i]));
        }
        return new JsonObject()
                .put("slot", t.slot())
                .put("order", t.order())
                .put("running", t.running())
                .put("slotsSinceLast", t.slotsSinceLast())
                .put("levels", levels)
                .put("lastSlot", counters(t.lastSlot()))
                .put("total", counters(baseline == null ? t.total() : minus(t.total(), baseline)))
                .put("timing", t.timing() == null ? null : timing(t.timing()));
    }

    static JsonObject timing(TimingTelemetry t) {
        return new JsonObject()
                .put("slotPs", t.slotPs())
                .put("bucketPs", t.bucketPs())
                .put("lastSlot", levels(t.lastSlot()))
                .put("total", levels(t.total()))
                .put("locks", locks(t.locks()));
    }

    /** Per board, its slot clock against the leader's (boards on clocks of their own; else empty). */
    static JsonArray locks(List<BoardLock> list) {
        JsonArray a = new JsonArray();
        for (BoardLock l : list) {
            a.add(new JsonObject().put("board", l.board()).put("leader", l.leader()).put("locked", l.locked()).put("inStep", l.inStep())
                    .put("phaseErrorPs", l.phaseErrorPs()).put("phaseErrorCycles", Math.round(l.phaseErrorCycles() * 1000) / 1000.0)
                    .put("ppm", Math.round(l.ppm() * 10) / 10.0).put("lineCut", l.lineCut()));
        }
        return a;
    }

    /** Per-level timing, index 0 = level 1; shared by the console and {@code oftctl sim --json}. */
    public static JsonArray levels(List<LevelTiming> list) {
        JsonArray a = new JsonArray();
        for (LevelTiming l : list) {
            JsonArray h = new JsonArray();
            for (long v : l.marginHistogram()) {
                h.add(v);
            }
            boolean any = l.packets() > 0;
            a.add(new JsonObject()
                    .put("level", l.level())
                    .put("packets", l.packets())
                    .put("truncated", l.truncated())
                    .put("wrongState", l.wrongState())
                    .put("minArrivalPs", any ? l.minArrivalPs() : null)
                    .put("maxArrivalPs", any ? l.maxArrivalPs() : null)
                    .put("worstMarginPs", any ? l.worstMarginPs() : null)
                    .put("marginHistogram", h));
        }
        return a;
    }

    private static SlotCounters minus(SlotCounters a, SlotCounters b) {
        return new SlotCounters(a.injected() - b.injected(), a.delivered() - b.delivered(), a.misdelivered() - b.misdelivered(),
                a.collisions() - b.collisions(), a.lost() - b.lost());
    }

    static JsonObject counters(SlotCounters c) {
        return new JsonObject()
                .put("injected", c.injected())
                .put("delivered", c.delivered())
                .put("misdelivered", c.misdelivered())
                .put("collisions", c.collisions())
                .put("lost", c.lost());
    }
}
