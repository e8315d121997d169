package org.oft.controller.service.optical;

import io.vertx.core.Vertx;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonObject;
import org.oft.controller.service.Addresses;
import org.oft.controller.service.TelemetryJson;
import org.oft.controller.service.boards.BoardControls;
import org.oft.controller.service.events.AlertWatch;
import org.oft.hal.BoardBus;
import org.oft.hal.Telemetry;
import org.oft.sim.optical.OpticalModelPort;
import org.oft.controller.service.events.Events;
import org.oft.hal.BoardLock;
import org.oft.hal.LevelTiming;
import org.oft.hal.SlotCounters;

/**
 * The optical boards' telemetry: each record the bus delivers, as JSON with the clock kept, held against the timing
 * alerts and the fault incident, kept as the latest and published on {@link Addresses#TELEMETRY}; the latest and the
 * metrics answered from it (with the deploys' totals); the totals reset. The one writer of the latest record and the reset's baseline.
 */
final class OpticalTelemetry {
    private final Vertx vertx;
    private final BoardBus bus;
    private final OpticalModelPort model;
    private final BoardControls controls;
    private final AlertWatch alerts;
    private final FaultIncident incident;
    private final java.util.function.Supplier<long[]> deploys;
    private volatile JsonObject latest;
    private volatile SlotCounters baseline; // totals at the last reset, for boards that cannot reset

    /** {@code model}: the built-in model (it resets its totals itself), or {@link OpticalModelPort#NONE} for boards over a link. */
    OpticalTelemetry(Vertx vertx, BoardBus bus, OpticalModelPort model, BoardControls controls, AlertWatch alerts,
                     java.util.function.Supplier<long[]> deploys) {
        this.deploys = deploys;
        this.vertx = vertx;
        this.bus = bus;
        this.model = model;
        this.controls = controls;
        this.alerts = alerts;
        this.incident = new FaultIncident(e -> Events.publish(vertx, e));
    }

    /** The latest record, or null before the first. */
    JsonObject latest() {
        return latest;
    }

    /** One record from the bus (its telemetry thread). */
    void record(Telemetry t) {
        if (t.timing() != null) { // each level's worst margin in the last slot, held against its threshold
            for (LevelTiming l : t.timing().lastSlot()) {
                alerts.margin("router-" + l.level(), l.level(), l.worstMarginPs());
            }
            for (BoardLock l : t.timing().locks()) { // boards on clocks of their own: each out of step is an alert
                alerts.slotLock(l);
            }
        }
        JsonObject j = TelemetryJson.of(t, baseline).put("clock", controls.clock(t));
        incident.record(j, System.currentTimeMillis());
        latest = j;
        vertx.eventBus().publish(Addresses.TELEMETRY, j);
    }

    /** Answered from the last record the bus delivered: reading boards over a link would block the event loop. */
    void latest(Message<JsonObject> msg) {
        JsonObject last = latest;
        if (last != null) {
            msg.reply(last);
            return;
        }
        vertx.executeBlocking(() -> TelemetryJson.of(bus.telemetry()))
                .onSuccess(msg::reply)
                .onFailure(e -> msg.fail(503, "no telemetry yet: " + e.getMessage()));
    }

    void metrics(Message<JsonObject> msg) {
        msg.reply(new JsonObject().put("text", SlotMetrics.render(latest, deploys.get())));
    }

    /** The totals count from now: the model resets its own (timing extremes included); over a link, from a baseline. */
    void reset(Message<JsonObject> msg) {
        vertx.executeBlocking(() -> {
            if (model.modelled()) {
                model.resetCounters();
                baseline = null;
            } else {
                baseline = bus.telemetry().total();
            }
            return new JsonObject().put("reset", true);
        }).onSuccess(msg::reply).onFailure(e -> msg.fail(503, "counters not reset: " + e.getMessage()));
    }
}
