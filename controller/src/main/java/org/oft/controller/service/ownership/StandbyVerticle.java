package org.oft.controller.service.ownership;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonObject;
import org.oft.controller.service.Addresses;

/**
 * While this controller stands by, its console says so: the configuration it answers names the role and
 * the controllers standing, so that the page points the operator at the master instead of showing a
 * fabric this controller does not run. Undeployed when it becomes master.
 */
public final class StandbyVerticle extends VerticleBase {
    private final String controllerId;
    private final MasterElection election;
    private final String why;

    /** {@code election}: null for a controller without standbys, fenced off by another ({@code why}). */
    public StandbyVerticle(String controllerId, MasterElection election, String why) {
        this.controllerId = controllerId;
        this.election = election;
        this.why = why;
    }

    @Override
    public Future<?> start() {
        vertx.eventBus().<JsonObject>consumer(Addresses.CONFIG, this::config);
        return Future.succeededFuture();
    }

    private void config(Message<JsonObject> msg) {
        vertx.executeBlocking(() -> new JsonObject().put("role", election != null ? "standby" : "fenced").put("controller", controllerId)
                .put("why", why).put("candidates", election != null ? election.candidates() : new io.vertx.core.json.JsonArray()), false)
                .onSuccess(msg::reply).onFailure(e -> msg.fail(503, e.getMessage()));
    }
}
