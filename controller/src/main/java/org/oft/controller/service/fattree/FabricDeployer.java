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
import org.oft.controller.fattree.deploy.FabricReroute;
import org.oft.controller.fattree.routing.RerouteResult;
import org.oft.controller.fattree.routing.RoutingOptions;
import org.oft.controller.fattree.topology.FabricFaults;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.NodeTypes;
import org.oft.controller.boards.DeploymentRecord;
import org.oft.hal.BoardBus;
import org.oft.hal.BoardInfo;
import org.oft.hal.DeployReport;
import org.oft.hal.FencedException;
import org.oft.hal.wire.BoardReadback;
import org.oft.hal.wire.Message;

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
    // the reroute behind current.running(): changed in place by the next failure, so touched by the deploy
    // under way only, and never handed to a reader
    private FabricReroute workspace;
    private SwitchOverMeter meter;
    private int nextFailureId = 1; // the deploy under way only

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

    /** Deploys since this controller started and the bytes they wrote: {count, bytes}. */
    long[] deployTotals() {
        return history.totals();
    }

    /** Claims the right to deploy: false while another deploy is under way. {@link #end} gives it back. */
    public boolean tryBegin() {
        return deploying.compareAndSet(false, true);
    }

    public void end() {
        deploying.set(false);
    }

    /** What the first deploy found: the boards, and how they compared with the deploy record (null without one). */
    public record Started(FabricSnapshot snapshot, List<BoardInfo> boards, JsonObject previousRecord, String tookOver) {
        Started with(String note) {
            return new Started(snapshot, boards, previousRecord, note);
        }
    }

    /**
     * The first deploy (worker): the engine's tables, routed around an imported fabric's holes from the start,
     * to every board at one epoch. Does not start the clock.
     */
    public Started deployFirst(Served initial) {
        return deployFirst(initial, List.of());
    }

    /** Told of every snapshot as it is published (the deploy's thread): a standby controller's copy is kept from it. */
    public void onPublish(java.util.function.Consumer<FabricSnapshot> listener) {
        this.published = listener;
    }

    private volatile java.util.function.Consumer<FabricSnapshot> published = s -> { };

    private void publish(FabricSnapshot s) {
        current = s;
        published.accept(s);
    }

    /**
     * A change under way: what the fabric is to become, told before any board is written, so that a
     * controller taking over from one that died in the middle of it finishes it on every board (rather than
     * leave the boards that switched alone, or write the tables before it back over a change that landed).
     */
    public record Change(Served served, List<String> failures, String what) {
    }

    /** Told of every change before it is deployed (the deploy's thread); told the snapshot again if the boards refuse it. */
    public void onChange(java.util.function.Consumer<Change> listener) {
        this.intending = listener;
    }

    private volatile java.util.function.Consumer<Change> intending = c -> { };

    /** {@code deploy} as change {@code c}: announced first, withdrawn (the snapshot told again) if it throws. */
    private <T> T changing(Change c, java.util.function.Supplier<T> deploy) {
        intending.accept(c);
        try {
            return deploy.get();
        } catch (RuntimeException e) {
            published.accept(current); // the boards keep what they ran: so does the standbys' copy
            throw e;
        }
    }

    /** As {@link #deployFirst(Served)}, with {@code failures} declared from the start (a controller taking over from another). */
    public Started deployFirst(Served initial, List<String> failures) {
        FatTree tree = bench.tree();
        NodeTypes types = NodeTypes.parse(bench.nodeTypes(), tree.topology());
        JsonObject previousRecord = state == null ? null : DeploymentRecord.compare(state, bus);
        if (previousRecord != null && Boolean.FALSE.equals(previousRecord.getBoolean("matches"))) {
            LOG.warning(DeploymentRecord.summary(previousRecord));
        }
        long t0 = System.nanoTime();
        FabricReroute rr = rerouting(initial, tree, types, failures);
        ForwardingTables first = rr.tables();
        DeployReport rep;
        try {
            rep = rr.deploy(bus, first);
        } catch (RuntimeException e) {
            LOG.warning("deploy to the " + boardName + " switch boards failed: " + e.getMessage());
            throw e;
        }
        save(tree, first, rep);
        firstWritten = rep.bytesWritten();
        history.add(DeployHistory.report(initial.label(), rep, System.nanoTime() - t0, null));
        meter = new SwitchOverMeter(bus, tree, bench.cyclesPerSlot());
        workspace = rr;
        List<FabricSnapshot.Failure> declared = new java.util.ArrayList<>();
        for (String f : failures) {
            declared.add(new FabricSnapshot.Failure(nextFailureId++, f));
        }
        publish(new FabricSnapshot(1, rr.running(), types, initial, declared, FabricFaults.none(tree).described()));
        LOG.info("deployed " + initial.label() + " tables of " + tree.topology().describe() + " to " + tree.topology().switches() + " "
                + boardName + " switch boards at slot " + rep.epoch() + " (" + rep.bytesWritten() + " bytes)");
        return new Started(current, bus.discover(), previousRecord, null);
    }

    /** Bytes the first deploy wrote: none when the boards ran its tables already. */
    private long firstWritten;

    /**
     * The first deploy of a controller taking over from {@code master} with no change under way: the boards should run
     * what the master's copy describes, and are adopted; if they do not, they are written, and {@link Started#tookOver}
     * says so, never silently.
     */
    public Started takeOver(String master, Served served, List<String> failures) {
        Started s = deployFirst(served, failures);
        return firstWritten == 0 ? s : s.with("the boards did not all run what " + master + "'s copy of its deploy describes: "
                + firstWritten + " bytes written to make them");
    }

    /**
     * The first deploy of a controller taking over from {@code master}, which died in the middle of {@code change}
     * (the boards ran {@code landed} with {@code landedFailures} before it): what each board runs is classed against
     * the tables before the change and after it, then the change is finished on every board, as a journal is
     * replayed: a commit left scheduled is aborted, boards that switched already are left as they are, the others
     * are written. Should the boards refuse it, the tables before it are deployed instead. {@link Started#tookOver}
     * says what was found and done.
     */
    public Started finishChange(String master, Served landed, List<String> landedFailures, Change change) {
        FatTree tree = bench.tree();
        NodeTypes types = NodeTypes.parse(bench.nodeTypes(), tree.topology());
        String found;
        try {
            found = found(record(tree, types, landed, landedFailures), record(tree, types, change.served(), change.failures()));
        } catch (RuntimeException e) {
            found = "the boards could not be read (" + e.getMessage() + ")";
        }
        String was = master + "'s last change (" + change.what() + ") was under way when " + master + " stopped: " + found;
        try {
            return deployFirst(change.served(), change.failures()).with(was + "; finished on every board");
        } catch (FencedException e) {
            throw e;
        } catch (RuntimeException e) {
            LOG.warning(was + "; it could not be finished (" + e.getMessage() + "): the tables before it go back");
            return deployFirst(landed, landedFailures).with(was + "; it could not be finished (" + e.getMessage()
                    + "), so the tables before it were deployed again");
        }
    }

    /** The lengths and CRCs of the tables {@code s} with {@code failures} gives {@code tree}: what a board running them reports. */
    private DeploymentRecord record(FatTree tree, NodeTypes types, Served s, List<String> failures) {
        ForwardingTables t = rerouting(s, tree, types, failures).tables();
        return DeploymentRecord.of(SwitchDeployment.configs(tree, t), 0);
    }

    /**
     * How many boards the change alters run its tables, how many the tables before it, and how many hold a commit
     * (boards whose tables the change leaves as they were are not counted among either).
     */
    private String found(DeploymentRecord before, DeploymentRecord after) {
        BoardReadback wire = BoardBus.required(bus.readback(), "telling old tables from new");
        List<BoardInfo> boards = bus.discover();
        int switched = 0;
        int previous = 0;
        int same = 0;
        int held = 0;
        for (int a = 0; a < boards.size(); a++) {
            Message.Status st = wire.status(a);
            boolean isAfter = after.check(boards.get(a).id(), st).isEmpty();
            boolean isBefore = before.check(boards.get(a).id(), st).isEmpty();
            if (isAfter && isBefore) {
                same++;
            } else if (isAfter) {
                switched++;
            } else if (isBefore) {
                previous++;
            }
            if (st.pendingEpoch() >= 0) {
                held++;
            }
        }
        int changed = boards.size() - same;
        int other = changed - switched - previous;
        return "of the " + changed + " boards it changes, " + switched + " had switched to it, " + previous + " ran the tables before it"
                + (other > 0 ? ", " + other + " neither" : "") + (held > 0 ? "; " + held + " held a commit not yet due" : "");
    }

    /** Replaces the tables by another engine's, or the same engine's over another number of paths (worker). */
    JsonObject switchEngine(Served next) {
        Served was = current.served();
        JsonObject d = deployEngine(next); // a deploy the boards refuse throws: the undo stays as it was
        engineBefore = was; // what this change replaced: its undo
        return d;
    }

    /** The engine and paths the last engine change replaced, which {@link #undoEngine} puts back; none after an undo. */
    Served engineBefore() {
        Served b = engineBefore;
        if (b == null) {
            throw new java.util.NoSuchElementException("no engine change to undo (an undo is undone by choosing the engine again)");
        }
        return b;
    }

    /** The last engine change undone (worker): the engine and paths before it deployed again, as a change is. */
    JsonObject undoEngine(Served before) {
        JsonObject d = deployEngine(before).put("undid", true);
        engineBefore = null;
        return d;
    }

    private volatile Served engineBefore;

    private JsonObject deployEngine(Served next) {
        FabricSnapshot now = current;
        FabricReroute rr = rerouting(next, now.tree(), now.types(), now.failureSpecs());
        ForwardingTables running = rr.tables();
        JsonObject d = changing(new Change(next, now.failureSpecs(), "engine " + next.label()),
                () -> deployMeasured(next.label(), rr, running)).put("paths", next.paths());
        workspace = rr;
        RerouteResult result = rr.running().reroute();
        publish(now.next(next, rr.running(), now.failures()));
        if (result != null) {
            d.put("unreachablePairs", result.unreachablePairs()).put("unreachableByRouting", result.unreachableByRouting());
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
        FabricReroute rr = workspace;
        FabricReroute.Change change = rr.fail(spec); // a bad spec is refused before anything changes
        RerouteResult result = change.running().reroute();
        JsonObject d;
        List<String> failing = new ArrayList<>(now.failureSpecs());
        failing.add(spec);
        try {
            d = changing(new Change(now.served(), failing, "declared failure " + spec),
                    () -> deployMeasured(now.served().label() + " rerouted", rr, result.tables()));
        } catch (RuntimeException e) {
            workspace = FabricReroute.of(now.fabric(), now.failureSpecs()); // as the boards hold
            throw e;
        }
        List<FabricSnapshot.Failure> failures = new ArrayList<>(now.failures());
        failures.add(new FabricSnapshot.Failure(nextFailureId++, spec));
        publish(now.next(now.served(), change.running(), failures));
        d.put("failed", spec).put("part", FabricFaults.partOf(now.tree(), spec)).put("failures", new JsonArray(result.faults().described())).put("entriesChanged", change.diff().size())
                .put("rerouteSeconds", change.seconds()).put("unreachablePairs", result.unreachablePairs())
                .put("unreachableByRouting", result.unreachableByRouting())
                .put("unreachableExamples", new JsonArray(result.unreachableExamples()));
        LOG.info("rerouted around " + spec + ": " + change.diff().size() + " entries, " + d.getLong("blocksWritten") + " blocks; "
                + result.unreachablePairs() + " pairs unreachable" + (result.unreachableByRouting() == 0 ? ""
                : " (" + result.unreachableByRouting() + " of them joined by cables, but only down then up)"));
        return d;
    }

    /**
     * A declared failure is repaired (worker): the plan is rerouted around the holes and the failures
     * left, only the blocks that change are deployed at one epoch, and the switch-over is measured. A
     * repair the boards refuse leaves the failure declared.
     */
    JsonObject repair(FabricSnapshot.Failure f) {
        FabricSnapshot now = current;
        List<FabricSnapshot.Failure> left = new ArrayList<>(now.failures());
        left.remove(f);
        FabricReroute rr = FabricReroute.of(now.fabric(), left.stream().map(FabricSnapshot.Failure::spec).toList());
        ForwardingTables running = rr.tables();
        JsonObject d = changing(new Change(now.served(), left.stream().map(FabricSnapshot.Failure::spec).toList(), "repair of " + f.spec()),
                () -> deployMeasured(now.served().label() + " repaired", rr, running));
        workspace = rr;
        RerouteResult result = rr.running().reroute();
        publish(now.next(now.served(), rr.running(), left));
        d.put("repaired", f.spec()).put("part", FabricFaults.partOf(now.tree(), f.spec())).put("failures", new JsonArray(current.failureSpecs()))
                .put("unreachablePairs", result == null ? 0 : result.unreachablePairs());
        LOG.info("repaired " + f.spec() + ": " + d.getLong("blocksWritten") + " blocks; "
                + (result == null ? 0 : result.unreachablePairs()) + " pairs unreachable");
        return d;
    }

    /** The running tables again (worker): the deploy sends what differs, i.e. the whole table of a board that lost it. */
    JsonObject redeploy() {
        FabricSnapshot now = current;
        JsonObject d = deployMeasured(now.served().label(), workspace, now.running());
        publish(now.next(now.served(), now.fabric(), now.failures()));
        return d;
    }

    /** {@code tables} to the running boards through {@code rr}, the switch-over measured, recorded in the history and the deploy record. */
    private JsonObject deployMeasured(String label, FabricReroute rr, ForwardingTables tables) {
        SwitchOverMeter.Measured m = meter.measure(() -> rr.deploy(bus, tables));
        FatTree tree = current.tree();
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

    /** {@code s} on {@code tree} as it runs with {@code failures}: its engine's routes over its paths, spread over the boards' addresses. */
    FabricReroute rerouting(Served s, FatTree tree, NodeTypes types, List<String> failures) {
        RoutingOptions o = new RoutingOptions(s.paths(), bench.seed(), types);
        return FabricReroute.start(tree, s.engine(), o, bench.paths(), failures);
    }
}
