package org.oft.controller.service.fattree;

import org.oft.controller.service.JsonFields;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonObject;
import org.oft.controller.fattree.deploy.ElectricalBench;
import org.oft.controller.fattree.flit.FlitFabric;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.sim.flit.FlitNetwork;
import org.oft.sim.flit.FlitSimulator;

/**
 * Analyses and load sweeps started from the console, of the engine the boards run (an analysis is
 * of the routing, not of the failures declared since): one at a time, on a worker, polled by id.
 */
final class FabricAnalyses {
    /** Cycles of each load of a sweep run from the console: warm-up, measured sample, drain (at most). */
    static final long SWEEP_WARMUP = 1000;
    static final long SWEEP_SAMPLE = 5000;
    static final long SWEEP_DRAIN = 10_000;

    private final Vertx vertx;
    private final FabricDeployer deployer;
    private final ElectricalBench bench;
    private final AnalysisJobs jobs = new AnalysisJobs();

    FabricAnalyses(Vertx vertx, FabricDeployer deployer, ElectricalBench bench) {
        this.vertx = vertx;
        this.deployer = deployer;
        this.bench = bench;
    }

    /** {"metric","pattern","samples"}: starts an analysis, answered with its job. */
    void start(Message<JsonObject> msg) {
        FabricSnapshot s = deployer.snapshot();
        AnalysisJobs.Request req;
        try {
            req = AnalysisJobs.Request.parse(msg.body(), s.topology().hosts());
        } catch (IllegalArgumentException e) {
            msg.fail(400, e.getMessage());
            return;
        }
        if (jobs.busy()) {
            msg.fail(409, "an analysis is running; poll it, and start the next when it is done");
            return;
        }
        int id = jobs.open(req);
        vertx.executeBlocking(() -> {
            jobs.run(id, req, s.fabric().routes(), s.types(), bench.seed()); // the routes as they run, holes and failures included
            return null;
        }, false);
        msg.reply(jobs.get(id));
    }

    /** {"from","to","step"}: starts a load sweep of the flit model, answered with its job. */
    void sweep(Message<JsonObject> msg) {
        AnalysisJobs.Sweep sweep;
        try {
            sweep = AnalysisJobs.Sweep.parse(msg.body());
        } catch (IllegalArgumentException e) {
            msg.fail(400, e.getMessage());
            return;
        }
        if (jobs.busy()) {
            msg.fail(409, "an analysis or sweep is running; poll it, and start the next when it is done");
            return;
        }
        int id = jobs.open(sweep);
        FabricSnapshot s = deployer.snapshot();
        vertx.executeBlocking(() -> {
            PgftTopology topo = s.topology();
            FlitFabric.Forwarding fw = FlitFabric.forwarding(s.fabric()); // as the tables run, holes and failures included
            FlitNetwork net = FlitFabric.network(topo);
            FlitSimulator.Traffic tr = FlitFabric.onFabric(FlitFabric.reachable(s.fabric()),
                    FlitFabric.traffic(bench.traffic(), topo.hosts(), topo, s.types(), bench.seed()));
            jobs.runSweep(id, sweep, load -> fw.simulator(net, bench.config(), s.served().paths(), bench.seed())
                    .run(load, tr, SWEEP_WARMUP, SWEEP_SAMPLE, SWEEP_DRAIN, 10_000),
                    s.served().label() + ", " + bench.traffic() + " on " + topo.describe());
            return null;
        }, false);
        msg.reply(jobs.get(id));
    }

    /** {"id": N}: the job's progress and, when done, its result. */
    void status(Message<JsonObject> msg) {
        JsonObject j;
        try {
            j = jobs.get(JsonFields.intField(msg.body(), "id"));
        } catch (IllegalArgumentException e) {
            msg.fail(400, e.getMessage());
            return;
        }
        if (j == null) {
            msg.fail(404, "no analysis " + msg.body().getValue("id") + " (the last " + AnalysisJobs.KEPT + " are kept)");
        } else {
            msg.reply(j);
        }
    }
}
