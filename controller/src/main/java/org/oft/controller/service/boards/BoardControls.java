package org.oft.controller.service.boards;

import org.oft.controller.service.Addresses;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.function.Supplier;
import org.oft.hal.BoardBus;
import org.oft.hal.BoardInfo;
import org.oft.controller.service.events.Events;
import org.oft.hal.Telemetry;

/**
 * What the console asks of any bench, optical or electrical: the boards' state ({@link Addresses#BOARDS})
 * and the slot clock ({@link Addresses#CLOCK}). One per serving verticle; its rate is what the
 * configuration reports.
 */
public final class BoardControls {
    private final BoardBus bus;
    private volatile double slotsPerSecond;
    private final ClockKeeping keeping = new ClockKeeping(() -> slotsPerSecond);
    /** The slowest rate the clock takes: a slot every 1,000 s (slower is no clock at all). */
    public static final double MIN_SLOTS_PER_SECOND = 1e-3;
    public static final double MAX_SLOTS_PER_SECOND = 1e9;

    public BoardControls(BoardBus bus, double slotsPerSecond) {
        this.bus = bus;
        this.slotsPerSecond = slotsPerSecond;
    }

    /** Telemetry's {@code clock} fields: the rate asked, the rate kept, and whether the boards run behind it. */
    public JsonObject clock(Telemetry t) {
        return keeping.of(t, System.nanoTime());
    }

    public double slotsPerSecond() {
        return slotsPerSecond;
    }

    /** Serves both addresses; {@code discovered} gives the boards as the deploy found them, or null before. */
    public void register(Vertx vertx, Supplier<List<BoardInfo>> discovered) {
        keeping.onChange((behind, text) -> Events.publish(vertx,
                Events.of(behind ? "warning" : "info", "clock", "slot clock", null, null, text)));
        vertx.eventBus().<JsonObject>consumer(Addresses.CLOCK, msg -> {
            JsonObject b = msg.body();
            Object run = b.getValue("running");
            Object rate = b.getValue("slotsPerSecond");
            for (String f : b.fieldNames()) {
                if (!f.equals("running") && !f.equals("slotsPerSecond")) {
                    msg.fail(400, "unknown field '" + f + "' (running, slotsPerSecond)");
                    return;
                }
            }
            if (!(run instanceof Boolean) || (rate != null && !(rate instanceof Number))) {
                msg.fail(400, "give {\"running\": true|false} and optionally a number \"slotsPerSecond\"");
                return;
            }
            double r = rate == null ? slotsPerSecond : ((Number) rate).doubleValue();
            if (!(r >= MIN_SLOTS_PER_SECOND) || r > MAX_SLOTS_PER_SECOND) {
                msg.fail(400, "slotsPerSecond must be 0.001 to 1e9, got " + rate);
                return;
            }
            vertx.executeBlocking(() -> {
                if ((Boolean) run) {
                    bus.startClock(r);
                    slotsPerSecond = r;
                } else {
                    bus.stopClock();
                }
                return new JsonObject().put("running", run).put("slotsPerSecond", slotsPerSecond);
            }).onSuccess(msg::reply).onFailure(e -> msg.fail(502, "the clock did not change: " + e.getMessage()));
        });
        vertx.eventBus().<JsonObject>consumer(Addresses.BOARDS, msg -> {
            List<BoardInfo> list = discovered.get();
            if (list == null) {
                msg.fail(503, "the boards are not deployed yet");
                return;
            }
            vertx.executeBlocking(() -> BoardsJson.of(bus, list)).onSuccess(msg::reply).onFailure(e -> msg.fail(502, e.getMessage()));
        });
    }
}
