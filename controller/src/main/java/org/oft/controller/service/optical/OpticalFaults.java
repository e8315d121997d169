package org.oft.controller.service.optical;

import io.vertx.core.Vertx;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.Set;
import org.oft.controller.service.JsonFields;
import org.oft.controller.service.events.Events;
import org.oft.sim.optical.OpticalModelPort;
import org.oft.controller.service.CappedLog;

/**
 * Faults injected into the built-in model of the optical boards and fibres, listed and cleared; boards over a link
 * take none. A fault the phases were calibrated with is recalibrated out when cleared ({@link OpticalDeployer#afterClear}).
 */
final class OpticalFaults {
    // accepted faults carry user text: logged like refusals, one line each and capped
    private static final CappedLog CHANGES = new CappedLog(
            java.util.logging.Logger.getLogger("org.oft.bench"), "accepted faults");
    private final Vertx vertx;
    private final OpticalModelPort model;
    private final OpticalDeployer deployer;

    /** {@code model}: the built-in model, or {@link OpticalModelPort#NONE} for boards over a link (it refuses with why). */
    OpticalFaults(Vertx vertx, OpticalModelPort model, OpticalDeployer deployer) {
        this.vertx = vertx;
        this.model = model;
        this.deployer = deployer;
    }

    /** The ids of the faults in force. */
    static Set<Long> activeIds(OpticalModelPort model) {
        Set<Long> ids = new java.util.HashSet<>();
        model.faults().forEach(f -> ids.add((long) f.id()));
        return ids;
    }

    void inject(Message<JsonObject> msg) {
        vertx.executeBlocking(() -> FaultRequest.apply(msg.body(), model))
                .onSuccess(applied -> {
                    CHANGES.log("fault injected: " + applied);
                    msg.reply(applied, Events.naming(FaultRequest.part(msg.body())));
                })
                .onFailure(e -> msg.fail(400, e.getMessage()));
    }

    void active(Message<JsonObject> msg) {
        JsonArray list = new JsonArray();
        model.faults().forEach(f -> list.add(new JsonObject().put("id", f.id()).put("spec", f.spec()).put("target", f.target())
                .put("description", f.description()).put("sinceSlot", f.sinceSlot())));
        msg.reply(new JsonObject().put("faults", list).put("injectable", model.modelled()));
    }

    /** {"id": N} clears one, {} every one (worker). */
    void clear(Message<JsonObject> msg) {
        JsonObject body = msg.body();
        vertx.executeBlocking(() -> {
            Set<Long> before = activeIds(model);
            JsonObject r = body.containsKey("id")
                    ? new JsonObject().put("cleared", model.clearFault(JsonFields.intField(body, "id")))
                    : new JsonObject().put("cleared", model.clearFaults() + " fault(s)");
            before.removeAll(activeIds(model));
            deployer.afterClear(before, r);
            return r;
        }).onSuccess(r -> {
            CHANGES.log("fault " + r.getString("cleared"));
            msg.reply(r);
        }).onFailure(e -> msg.fail(e instanceof UnsupportedOperationException ? 400 : e instanceof IllegalArgumentException ? 404
                : e instanceof IllegalStateException ? 409 : 400, e.getMessage()));
    }
}
