package org.oft.controller.service.fattree;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Logger;
import org.oft.controller.fattree.deploy.ElectricalBench;
import org.oft.controller.fattree.deploy.SwitchDeployment;
import org.oft.controller.fattree.routing.ForwardingTables;
import org.oft.controller.fattree.routing.Reroute;
import org.oft.controller.fattree.routing.Routing;
import org.oft.controller.fattree.routing.RoutingEngines;
import org.oft.controller.fattree.routing.RoutingOptions;
import org.oft.controller.fattree.topology.FabricFaults;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.NodeTypes;
import org.oft.controller.service.boards.DeploymentRecord;
import org.oft.hal.BoardBus;
import org.oft.hal.BoardInfo;
import org.oft.hal.DeployReport;

/**
 * The one writer of what the switch boards run. Every change (the first deploy, an engine change, a
 * failure declared, a board given its table back) computes its tables, deploys them through hal at
 * one epoch, and only once the boards have taken them publishes a new {@link FabricSnapshot}, whole.
 * A deploy the boards refuse publishes nothing: the snapshot stays what the boards hold. Deploys run
 * one at a time ({@link #tryBegin}); all of them on a worker thread, none on an event loop.
 */
public final class FabricDeployer {
    private static final Logger LOG = Logger.getLogger("org.oft.fattree");
    private final BoardBus bus;
    private final ElectricalBench bench;
    private final Path state;
    private final String boardName;
    private final DeployHistory history = new DeployHistory();
    private final AtomicBoolean deploying = new AtomicBoolean();
    private volatile FabricSnapshot current;
    // the reroute behind current.running() when the fabric has holes: changed in place by the next failure,
    // so touched by the deploy under way only, and never handed to a reader
    private Reroute workspace;
    private SwitchOverMeter meter;

    /** {@code state}: where the deploy record is kept, or null; {@code boardName}: the boards as the log names them. */
    public FabricDeployer(BoardBus bus, ElectricalBench bench, Path state, String boardName) {
        this.bus = bus;
        this.bench = bench;
        this.state = state;
        this.boardName = boardName;
    }

    /** What the boards run now, or null before the first deploy. */
    public FabricSnapshot snapshot() {
        return current;
    }

    /** The deploys so far, oldest first. */
    JsonArray history() {
        return history.list();
    }

    /** Claims the right to deploy: false while another deploy is under way. {@link #end} gives it back. */
    public boolean tryBegin() {
        return deploying.compareAndSet(false, true);
    }

    public void end() {
        deploying.set(false);
    }

    /** What the first deploy found: the boards, and how they compared with the deploy record (null without one). */
    public record Started(FabricSnapshot snapshot, List<BoardInfo> boards, JsonObject previousRecord) {
    }

    /**
     * The first deploy (worker): the engine's tables, routed around an imported fabric's holes from the start,
     * to every board at one epoch. Does not start the clock.
     */
    public Started deployFirst(Served initial) {
        FatTree tree = bench.tree();
        NodeTypes types = NodeTypes.parse(bench.nodeTypes(), tree.topology());
        Routing r = routing(initial, tree, types);
        JsonObject previousRecord = state == null ? null : DeploymentRecord.compare(state, bus);
        if (previousRecord != null && Boolean.FALSE.equals(previousRecord.getBoolean("matches"))) {
            LOG.warning(DeploymentRecord.summary(previousRecord));
        }
        long t0 = System.nanoTime();
        ForwardingTables plan = r.tables().spreadOver(bench.paths());
        FabricFaults holes = holes(tree, List.of());
        Reroute rr = holes == null ? null : Reroute.route(plan, holes);
        ForwardingTables first = rr == null ? plan : rr.tables();
        DeployReport rep;
        try {
            rep = SwitchDeployment.deploy(bus, tree, first);
        } catch (RuntimeException e) {
            LOG.warning("deploy to the " + boardName + " switch boards failed: " + e.getMessage());
            throw e;
        }
        save(tree, first, rep);
        history.add(DeployHistory.report(initial.label(), rep, System.nanoTime() - t0, null));
        meter = new SwitchOverMeter(bus, tree, bench.cyclesPerSlot());
        workspace = rr;
        current = new FabricSnapshot(1, tree, types, initial, plan, first, List.of(), holes, unreachable(rr),
                FabricFaults.none(tree).described());
        LOG.info("deployed " + initial.label() + " tables of " + tree.topology().describe() + " to " + tree.topology().switches() + " "
                + boardName + " switch boards at slot " + rep.epoch() + " (" + rep.bytesWritten() + " bytes)");
        return new Started(current, bus.discover(), previousRecord);
    }

    /** Replaces the tables by another engine's, or the same engine's over another number of paths (worker). */
    JsonObject switchEngine(Served next) {
        FabricSnapshot now = current;
        ForwardingTables plan = routing(next, now.tree(), now.types()).tables().spreadOver(bench.paths());
        FabricFaults holes = holes(now.tree(), now.failures());
        Reroute rr = holes == null ? null : Reroute.route(plan, holes);
        ForwardingTables running = rr == null ? plan : rr.tables();
        JsonObject d = deployMeasured(next.label(), now.tree(), running).put("paths", next.paths());
        workspace = rr;
        current = now.next(next, plan, running, now.failures(), holes, unreachable(rr));
        if (rr != null) {
            d.put("unreachablePairs", rr.unreachablePairs()).put("unreachableByRouting", rr.unreachableByRouting());
        }
        return d;
    }

    /**
     * A part of the fabric is out (worker): the tables are rerouted around it incrementally, only the
     * blocks that change are deployed at one epoch, and the switch-over is measured as for an engine
     * change. A failure the boards' deploy refuses leaves the failures as they were.
     */
    JsonObject fail(String spec) {
        FabricSnapshot now = current;
        FabricFaults.parse(now.tree(), List.of(spec)); // a bad spec is refused before anything changes
        List<String> failures = new ArrayList<>(now.failures());
        failures.add(spec);
        long t0 = System.nanoTime();
        Reroute rr = workspace;
        if (rr == null) {
            rr = Reroute.route(now.plan(), holes(now.tree(), failures));
        } else {
            rr.fail(spec);
        }
        double rerouteSeconds = (System.nanoTime() - t0) / 1e9;
        ForwardingTables running = rr.tables();
        int changed = rr.diff(now.running()).size();
        JsonObject d;
        try {
            d = deployMeasured(now.served().label() + " rerouted", now.tree(), running);
        } catch (RuntimeException e) {
            FabricFaults before = holes(now.tree(), now.failures());
            workspace = before == null ? null : Reroute.route(now.plan(), before); // as the boards hold
            throw e;
        }
        workspace = rr;
        current = now.next(now.served(), now.plan(), running, failures, rr.faults(), unreachable(rr));
        d.put("failed", spec).put("failures", new JsonArray(rr.faults().described())).put("entriesChanged", changed)
                .put("rerouteSeconds", rerouteSeconds).put("unreachablePairs", rr.unreachablePairs())
                .put("unreachableByRouting", rr.unreachableByRouting())
                .put("unreachableExamples", new JsonArray(rr.unreachableExamples()));
        LOG.info("rerouted around " + spec + ": " + changed + " entries, " + d.getLong("blocksWritten") + " blocks; "
                + rr.unreachablePairs() + " pairs unreachable" + (rr.unreachableByRouting() == 0 ? ""
                : " (" + rr.unreachableByRouting() + " of them joined by cables, but only down then up)"));
        return d;
    }

    /** The running tables again (worker): the deploy sends what differs, i.e. the whole table of a board that lost it. */
    JsonObject redeploy() {
        FabricSnapshot now = current;
        JsonObject d = deployMeasured(now.served().label(), now.tree(), now.running());
        current = now.next(now.served(), now.plan(), now.running(), now.failures(), now.holes(), now.unreachable());
        return d;
    }

    /** {@code tables} to the running boards, the switch-over measured, recorded in the history and the deploy record. */
    private JsonObject deployMeasured(String label, FatTree tree, ForwardingTables tables) {
        SwitchOverMeter.Measured m = meter.deploy(tables);
        JsonObject d = DeployHistory.report(label, m.report(), m.nanos(), m.switchOver());
        history.add(d);
        save(tree, tables, m.report());
        JsonObject so = m.switchOver();
        LOG.info("deployed " + label + " at slot " + m.report().epoch() + ": " + m.report().blocksWritten() + " blocks, "
                + m.report().bytesWritten() + " bytes; across the switch-over " + so.getLong("lost") + " lost, "
                + so.getLong("misrouted") + " misrouted, " + so.getLong("discardedAtDeadLinks") + " discarded at dead links");
        return d;
    }

    private void save(FatTree tree, ForwardingTables tables, DeployReport rep) {
        if (state != null) {
            DeploymentRecord.of(SwitchDeployment.configs(tree, tables), rep.epoch()).save(state);
        }
    }

    /** The holes {@code tree} came with and {@code failures}, or null for a whole fabric. */
    private static FabricFaults holes(FatTree tree, List<String> failures) {
        return failures.isEmpty() && !tree.degraded() ? null : FabricFaults.parse(tree, failures);
    }

    private static FabricSnapshot.Unreachable unreachable(Reroute rr) {
        return rr == null ? null : new FabricSnapshot.Unreachable(rr.unreachablePairs(), rr.unreachableByRouting(), rr.unreachableExamples());
    }

    /** {@code s}'s routes on {@code tree}: its engine's, over its number of paths. */
    Routing routing(Served s, FatTree tree, NodeTypes types) {
        return RoutingEngines.byName(s.engine()).route(tree.topology(), new RoutingOptions(s.paths(), bench.seed(), types));
    }
}
