package org.oft.controller.service.ownership;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonObject;
import org.oft.controller.service.Addresses;

/**
 * While this controller stands by, its console says so: the configuration it answers names the role and
 * the controllers standing, so that the page points the operator at the master instead of showing a
 * fabric this controller does not run; a change asked of it (an engine, a failure, the clock) is refused (503) with
 * why it stands by and where the controllers standing are named, rather than "not found". Undeployed when it becomes master.
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
        for (String change : CHANGES) {
            vertx.eventBus().<JsonObject>consumer(change, this::refuse);
        }
        return Future.succeededFuture();
    }

    /** What changes the boards or the fabric's model: only a master does. */
    static final java.util.List<String> CHANGES = java.util.List.of(Addresses.ENGINE, Addresses.ENGINE_UNDO, Addresses.FAIL,
            Addresses.FAIL_REPAIR, Addresses.FAULT, Addresses.FAULTS_CLEAR, Addresses.CLOCK, Addresses.RECALIBRATE,
            Addresses.COUNTERS_RESET, Addresses.ANALYSIS_START, Addresses.SWEEP_START);

    // (both read the election's local copy: answered at once, through a ZooKeeper outage too)
    private void refuse(Message<JsonObject> msg) {
        String away = election == null ? null : election.unreachable();
        if (away != null) {
            msg.fail(503, "this controller stands by (" + why + ") and cannot reach the election (" + away
                    + "); the boards keep their tables and clock, and it changes nothing until the election answers");
            return;
        }
        msg.fail(503, "this controller " + (election != null ? "stands by" : "is fenced off") + " (" + why
                + "): only the master changes the boards; GET /api/config names the controllers standing");
    }

    private void config(Message<JsonObject> msg) {
        msg.reply(new JsonObject().put("role", election != null ? "standby" : "fenced").put("controller", controllerId)
                .put("why", why).put("candidates", election != null ? election.knownCandidates() : new io.vertx.core.json.JsonArray()));
    }
}
