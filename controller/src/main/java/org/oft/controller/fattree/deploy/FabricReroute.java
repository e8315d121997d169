package org.oft.controller.fattree.deploy;

import java.util.ArrayList;
import java.util.List;
import org.oft.controller.fattree.routing.ForwardingTables;
import org.oft.controller.fattree.routing.Reroute;
import org.oft.controller.fattree.routing.Routing;
import org.oft.controller.fattree.routing.RoutingOptions;
import org.oft.controller.fattree.topology.FabricFaults;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.hal.BoardBus;
import org.oft.hal.DeployReport;
import org.oft.controller.fattree.routing.RoutingEngines;

/**
 * Where a {@link RunningFabric} is made: an engine's tables kept routed around a fabric's holes and the failures
 * declared since, each further failure rerouted incrementally, and deployed through hal. The one place that routes,
 * spreads and reroutes, for {@code fattree} commands, study points and the fabric service alike. Not thread-safe: one
 * deploy at a time owns it; what it gives out ({@link #running()}) is immutable.
 */
public final class FabricReroute {
    private final RunningFabric start;
    private final List<String> failures;
    private double rerouteSeconds; // the first reroute's, around the holes and the failures it started with
    private Reroute reroute; // null while the fabric is whole
    private RunningFabric running;

    private FabricReroute(RunningFabric start, List<String> failures, Reroute reroute) {
        this.start = start;
        this.failures = new ArrayList<>(failures);
        this.reroute = reroute;
        this.running = reroute == null ? start : new RunningFabric(start.tree(), start.options(), start.planned(), planOf(start),
                failures, reroute.result());
    }

    /**
     * {@code engine} with {@code options} on {@code tree}: its routes of the whole tree, its tables spread over
     * {@code addressesPerHost} addresses a host and rerouted around the file's holes and {@code failures}. An unknown
     * engine or a bad spec is refused, as is a source-based engine where there is any hole. The one place an engine's
     * routes become a running fabric.
     */
    public static FabricReroute start(FatTree tree, String engine, RoutingOptions options, int addressesPerHost, List<String> failures) {
        return start(tree, engine, options, addressesPerHost, failures, Reroute.Listener.NONE);
    }

    /** {@link #start(FatTree, String, RoutingOptions, int, List)}, the reroute saying how far it is as it goes. */
    public static FabricReroute start(FatTree tree, String engine, RoutingOptions options, int addressesPerHost, List<String> failures,
                                      Reroute.Listener listener) {
        FabricFaults.parse(tree, failures); // a bad spec refused before the engine routes a large fabric
        Routing planned = RoutingEngines.byName(engine).route(tree.topology(), options);
        ForwardingTables plan = planned.destinationBased() ? planned.tables().spreadOver(addressesPerHost) : null;
        return of(new RunningFabric(tree, options, planned, plan, List.of(), null), failures, listener);
    }

    /** Seconds the reroute around the holes and the failures it started with took (the engine's routing not counted); 0 on a whole fabric. */
    public double rerouteSeconds() {
        return rerouteSeconds;
    }

    /** {@code fabric}'s plan with {@code failures} declared instead of its own (a repair, the boards' state put back). */
    public static FabricReroute of(RunningFabric fabric, List<String> failures) {
        return of(fabric, failures, Reroute.Listener.NONE);
    }

    private static FabricReroute of(RunningFabric fabric, List<String> failures, Reroute.Listener listener) {
        FatTree tree = fabric.tree();
        RunningFabric whole = fabric.failures().isEmpty() && fabric.whole() ? fabric
                : new RunningFabric(tree, fabric.options(), fabric.planned(), planOf(fabric), List.of(), null);
        FabricFaults holes = failures.isEmpty() && !tree.degraded() ? null : FabricFaults.parse(tree, failures);
        if (holes == null) {
            return new FabricReroute(whole, failures, null);
        }
        if (!fabric.planned().destinationBased()) {
            List<String> d = holes.described();
            throw new IllegalArgumentException(fabric.engine() + " routes by source and cannot be rerouted around the " + d.size()
                    + " holes of " + tree.source() + " (" + d.get(0) + (d.size() > 1 ? ", ..." : "") + "): use a destination-based engine");
        }
        long t0 = System.nanoTime();
        FabricReroute r = new FabricReroute(whole, failures, Reroute.route(planOf(fabric), holes, listener));
        r.rerouteSeconds = (System.nanoTime() - t0) / 1e9;
        return r;
    }

    private static ForwardingTables planOf(RunningFabric f) {
        return f.planned().destinationBased() ? f.plan() : null;
    }

    /** The fabric as it runs now. */
    public RunningFabric running() {
        return running;
    }

    /** The tables the boards should run: the plan rerouted around the holes, or the plan. */
    public ForwardingTables tables() {
        return running.tables();
    }

    /** What one more failure changed: the entries {switch node, address, old port, new port}, the time it took, the fabric after it. */
    public record Change(String failed, List<int[]> diff, double seconds, RunningFabric running) {
        public Change {
            diff = List.copyOf(diff);
        }
    }

    /**
     * One more failure, rerouted incrementally (in full the first time). A spec that does not parse, or names nothing
     * that is not out already, is refused before anything changes.
     */
    public Change fail(String spec) {
        FatTree tree = start.tree();
        FabricFaults adding = FabricFaults.parse(tree, List.of(spec));
        FabricFaults already = FabricFaults.parse(tree, failures);
        if (!adding.addsTo(already)) { // another spelling of a failure declared, or a cable the fabric lacks: nothing to reroute
            throw new IllegalArgumentException("'" + spec + "' takes out nothing that is not out already ("
                    + (failures.isEmpty() ? "the fabric file lacks it" : "declared: " + String.join(", ", failures)) + ")");
        }
        if (!start.planned().destinationBased()) {
            throw new IllegalArgumentException(start.engine() + " routes by source and cannot be rerouted around " + spec
                    + ": use a destination-based engine");
        }
        ForwardingTables before = tables();
        List<String> next = new ArrayList<>(failures);
        next.add(spec);
        long t0 = System.nanoTime();
        if (reroute == null) {
            reroute = Reroute.route(start.plan(), FabricFaults.parse(tree, next));
        } else {
            reroute.fail(spec);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        failures.add(spec);
        running = new RunningFabric(tree, start.options(), start.planned(), start.plan(), failures, reroute.result());
        return new Change(spec, reroute.diff(before), seconds, running);
    }

    /** {@code tables} onto the boards of {@code bus}: only the blocks that differ from what they hold, all at one epoch. */
    public DeployReport deploy(BoardBus bus, ForwardingTables tables) {
        return SwitchDeployment.deploy(bus, start.tree(), tables);
    }
}
