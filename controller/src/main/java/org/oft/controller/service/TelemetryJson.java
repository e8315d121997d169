package org.oft.controller.service;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.oft.hal.SlotCounters;
import org.oft.hal.Telemetry;

/** Telemetry as the console receives it. */
public final class TelemetryJson {
    private TelemetryJson() {
    }

    public static JsonObject of(Telemetry t) {
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
                .put("total", counters(t.total()));
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
