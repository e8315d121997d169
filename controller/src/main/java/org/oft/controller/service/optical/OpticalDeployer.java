package org.oft.controller.service.optical;

import io.vertx.core.Vertx;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.oft.controller.oft.LyndonPreferOne;
import org.oft.controller.oft.RoutingTables;
import org.oft.controller.service.ServeConfig;
import org.oft.controller.service.boards.BoardControls;
import org.oft.controller.boards.DeploymentRecord;
import org.oft.controller.timing.Calibration;
import org.oft.hal.BoardBus;
import org.oft.hal.BoardInfo;
import org.oft.sim.optical.OpticalModelPort;
import org.oft.controller.boards.BenchDeployment;
import org.oft.controller.boards.BenchDescription;

/**
 * The one writer of what the optical boards run: the control sequence and routing tables computed and deployed at
 * start with the phases calibrated from the bench's description, the phases recalibrated from what the model
 * measures, and what the configuration view says of both (the boards, the calibration, the deploys). Deploys run
 * on workers, one recalibration at a time.
 */
final class OpticalDeployer {
    private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger("org.oft.bench");
    private final Vertx vertx;
    private final ServeConfig config;
    private final BoardBus bus;
    private final BenchDescription bench;
    private final BoardControls controls;
    private final OpticalModelPort model;
    private volatile JsonObject describe = new JsonObject();
    private volatile List<BoardInfo> discovered; // as the deploy found them
    private volatile RoutingTables tables;
    private final java.util.Deque<JsonObject> deploys = new java.util.ArrayDeque<>(); // newest last, at most 50
    private long deployCount; // since this controller started (under deploys' lock)
    private long deployBytes;
    private final AtomicBoolean recalibrating = new AtomicBoolean();
    /** The faults in force when the phases were last calibrated: their effect is compensated in the deployed phases. */
    private volatile Set<Long> calibratedWith = Set.of();

    /** {@code model}: the built-in model, or {@link OpticalModelPort#NONE} for boards over a link (which offer no measurement). */
    OpticalDeployer(Vertx vertx, ServeConfig config, BoardBus bus, BenchDescription bench, BoardControls controls, OpticalModelPort model) {
        this.vertx = vertx;
        this.config = config;
        this.bus = bus;
        this.bench = bench;
        this.controls = controls;
        this.model = model;
    }

    /** The tables deployed, or null before the first deploy. */
    RoutingTables tables() {
        return tables;
    }

    /** The boards as the first deploy found them, or null before it. */
    List<BoardInfo> boards() {
        return discovered;
    }

    /** The tables computed, the phases calibrated, both deployed and the clock started (worker): the boards found. */
    List<BoardInfo> deployFirst() {
        RoutingTables t = new RoutingTables(LyndonPreferOne.generate(config.order()), config.latency());
        Calibration.Result calibration = Calibration.compute(bench.plant(), bench.clocks(), bench.latency());
        JsonObject previous = config.state() == null ? null : DeploymentRecord.compare(config.state(), bus);
        BenchDeployment.Deployed deployed;
        try {
            deployed = BenchDeployment.deploy(bus, t, calibration);
        } catch (RuntimeException e) {
            LOG.warning("deploy to the " + config.board() + " boards failed: " + e.getMessage());
            throw e;
        }
        LOG.info("deployed order-" + t.order() + " tables (latency " + t.latency() + ") to "
                + deployed.boards().size() + " " + config.board() + " boards at slot " + deployed.report().epoch()
                + (deployed.report().events().isEmpty() ? "" : "; " + String.join("; ", deployed.report().events())));
        if (previous != null && Boolean.FALSE.equals(previous.getBoolean("matches"))) {
            LOG.warning(DeploymentRecord.summary(previous));
        }
        if (config.state() != null) {
            DeploymentRecord.of(deployed.configs(), deployed.report().epoch()).save(config.state());
        }
        discovered = deployed.boards();
        recordDeploy("order-" + t.order() + " tables, latency " + t.latency(), deployed, calibration);
        tables = t;
        describe = describe(t, deployed.boards(), calibration)
                .put("deployEpoch", deployed.report().epoch())
                .put("deployEvents", new JsonArray(deployed.report().events()))
                .put("previousDeployment", previous);
        bus.startClock(config.slotsPerSecond());
        return deployed.boards();
    }

    /** The configuration view: what was deployed, the clock's rate, the deploys so far. */
    void config(Message<JsonObject> msg) {
        JsonObject d = describe;
        msg.reply(d.isEmpty() ? d : d.copy().put("slotsPerSecond", controls.slotsPerSecond()).put("deploys", deployHistory()));
    }

    /** {@code POST /api/recalibrate}: the fabric measured as it is and its phases deployed, one recalibration at a time. */
    void recalibrate(Message<JsonObject> msg) {
        RoutingTables t = tables;
        if (t == null) {
            msg.fail(400, "the tables are not deployed yet");
            return;
        }
        if (!model.modelled()) {
            msg.fail(400, "recalibration measures the fabric's delays and clocks; boards over a link offer no measurement yet");
            return;
        }
        if (!recalibrating.compareAndSet(false, true)) {
            msg.fail(409, "a recalibration is under way");
            return;
        }
        vertx.executeBlocking(() -> recalibrate(t)).onComplete(r -> recalibrating.set(false)).onSuccess(msg::reply)
                .onFailure(e -> msg.fail(e instanceof IllegalStateException ? 409 : 502, e.getMessage()));
    }

    /**
     * After faults were cleared (worker): if the phases were calibrated with any of {@code cleared} in force, the fabric
     * is measured and calibrated again, as it now is (clearing it alone would leave the fabric off by what it was).
     * Adds what happened to {@code reply}.
     */
    void afterClear(Set<Long> cleared, JsonObject reply) {
        Set<Long> compensated = new java.util.HashSet<>(cleared);
        compensated.retainAll(calibratedWith);
        if (compensated.isEmpty() || tables == null) {
            return;
        }
        if (!recalibrating.compareAndSet(false, true)) {
            reply.put("recalibrate", "the phases were calibrated with this fault in force: recalibrate once the recalibration under way ends");
            return;
        }
        try {
            JsonObject cal = recalibrate(tables);
            reply.put("recalibrated", cal).put("cleared", reply.getString("cleared")
                    + "; the phases had been calibrated with it in force, so the fabric was recalibrated (worst margin "
                    + cal.getLong("worstMarginPs") + " ps, from slot " + cal.getLong("epoch") + ")");
        } finally {
            recalibrating.set(false);
        }
    }

    /**
     * Measures the fabric's delays and clocks as they are (faults included), calibrates, and deploys the phases at one
     * epoch; the faults in force are remembered as calibrated in. On a worker, one at a time (the caller holds
     * {@code recalibrating}).
     */
    private JsonObject recalibrate(RoutingTables t) {
        Calibration.Result cal = model.measure((plant, clocks) -> Calibration.compute(plant, clocks, t.latency()));
        if (!cal.feasible()) {
            throw new IllegalStateException("no calibration fits what was measured: "
                    + String.join("; ", cal.infeasible().stream().map(Calibration.Infeasible::describe).toList()));
        }
        Set<Long> inForce = OpticalFaults.activeIds(model);
        BenchDeployment.Deployed d = BenchDeployment.deploy(bus, t, cal);
        calibratedWith = inForce;
        JsonObject old = describe;
        recordDeploy("recalibration", d, cal);
        describe = describe(t, d.boards(), cal).put("deployEpoch", d.report().epoch())
                .put("deployEvents", new JsonArray(d.report().events())).put("previousDeployment", old.getValue("previousDeployment"));
        if (config.state() != null) {
            DeploymentRecord.of(d.configs(), d.report().epoch()).save(config.state());
        }
        LOG.info("recalibrated from measured delays and clocks: phases deployed at slot " + d.report().epoch()
                + ", predicted worst margin " + cal.worstMarginPs() + " ps");
        return new JsonObject().put("epoch", d.report().epoch()).put("worstMarginPs", cal.worstMarginPs());
    }

    private JsonObject describe(RoutingTables t, List<BoardInfo> boards, Calibration.Result cal) {
        JsonArray list = new JsonArray();
        for (BoardInfo b : boards) {
            list.add(new JsonObject().put("id", b.id()).put("kind", b.kind().name()).put("index", b.index())
                    .put("firmware", b.firmware()));
        }
        return new JsonObject()
                .put("order", t.order())
                .put("processors", t.processors())
                .put("latency", t.latency())
                .put("latencyConvention", "slots from injection until the root switches the packet")
                .put("sequence", t.sequence().toString())
                .put("slotsPerSecond", config.slotsPerSecond())
                .put("board", config.board())
                .put("boards", list)
                .put("calibration", new JsonObject()
                        .put("feasible", cal.feasible())
                        .put("worstMarginPs", cal.worstMarginPs())
                        .put("slotPs", cal.timing().slotPs())
                        .put("packetPs", cal.timing().packetPs())
                        .put("switchingPs", cal.timing().switchingPs())
                        .put("recalibrateSeconds", Double.isInfinite(cal.recalibrateSeconds()) ? null : cal.recalibrateSeconds())
                        .put("infeasible", new JsonArray(cal.infeasible().stream().map(Calibration.Infeasible::describe).toList())));
    }

    /** One deploy in the history the Boards view shows. */
    private void recordDeploy(String what, BenchDeployment.Deployed d, Calibration.Result cal) {
        synchronized (deploys) {
            deployCount++;
            deployBytes += d.report().bytesWritten();
            deploys.addLast(new JsonObject().put("what", what).put("epoch", d.report().epoch()).put("tableBytes", d.report().payloadBytes())
                    .put("blocksWritten", d.report().blocksWritten()).put("bytesWritten", d.report().bytesWritten())
                    .put("worstMarginPs", cal.worstMarginPs()).put("events", new JsonArray(d.report().events())));
            while (deploys.size() > 50) {
                deploys.removeFirst();
            }
        }
    }

    /** Deploys since this controller started and the bytes they wrote: {count, bytes} ({@code /metrics}). */
    long[] deployTotals() {
        synchronized (deploys) {
            return new long[] {deployCount, deployBytes};
        }
    }

    private JsonArray deployHistory() {
        synchronized (deploys) {
            return new JsonArray(new java.util.ArrayList<>(deploys));
        }
    }
}
