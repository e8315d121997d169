package org.oft.controller.fattree.deploy;

import java.util.ArrayList;
import java.util.List;
import org.oft.controller.fattree.routing.ForwardingTables;
import org.oft.controller.fattree.routing.Reroute;
import org.oft.controller.fattree.routing.RerouteResult;
import org.oft.controller.fattree.topology.FabricFaults;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.hal.BoardBus;
import org.oft.hal.DeployReport;

/**
 * An engine's tables kept routed around a fabric's holes and the failures declared since, and
 * deployed through hal: the one reroute-and-deploy path of {@code fattree reroute --board} and of the
 * fabric service. A whole fabric runs the plan itself. Not thread-safe: one deploy at a time owns it.
 */
public final class FabricReroute {
    private final FatTree tree;
    private final ForwardingTables plan;
    private final List<String> failures;
    private Reroute reroute; // null while the fabric is whole
    private RerouteResult result; // reroute's outcome as of its last change (its tables a copy taken once), or null

    private FabricReroute(FatTree tree, ForwardingTables plan, List<String> failures, Reroute reroute) {
        this.tree = tree;
        this.plan = plan;
        this.failures = new ArrayList<>(failures);
        this.reroute = reroute;
        this.result = reroute == null ? null : reroute.result();
    }

    /** {@code plan} on {@code tree} with its own holes and {@code failures} (specs as {@code --fail}); a bad spec is refused. */
    public static FabricReroute of(FatTree tree, ForwardingTables plan, List<String> failures) {
        FabricFaults holes = failures.isEmpty() && !tree.degraded() ? null : FabricFaults.parse(tree, failures);
        return new FabricReroute(tree, plan, failures, holes == null ? null : Reroute.route(plan, holes));
    }

    public ForwardingTables plan() {
        return plan;
    }

    /** The tables the boards should run: the plan rerouted around the holes, or the plan. */
    public ForwardingTables tables() {
        return result == null ? plan : result.tables();
    }

    /** The reroute's outcome, or null for a whole fabric. */
    public RerouteResult result() {
        return result;
    }

    /** What one more failure changed: the entries {switch node, address, old port, new port}, the time it took, the outcome. */
    public record Change(String failed, List<int[]> diff, double seconds, RerouteResult result) {
        public Change {
            diff = List.copyOf(diff);
        }
    }

    /**
     * One more failure, rerouted incrementally (in full the first time). A spec that does not parse is
     * refused before anything changes.
     */
    public Change fail(String spec) {
        FabricFaults adding = FabricFaults.parse(tree, List.of(spec));
        FabricFaults already = FabricFaults.parse(tree, failures);
        if (!adding.addsTo(already)) { // another spelling of a failure declared, or a cable the fabric lacks: nothing to reroute
            throw new IllegalArgumentException("'" + spec + "' takes out nothing that is not out already ("
                    + (failures.isEmpty() ? "the fabric file lacks it" : "declared: " + String.join(", ", failures)) + ")");
        }
        ForwardingTables before = tables();
        List<String> next = new ArrayList<>(failures);
        next.add(spec);
        long t0 = System.nanoTime();
        if (reroute == null) {
            reroute = Reroute.route(plan, FabricFaults.parse(tree, next));
        } else {
            reroute.fail(spec);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        failures.add(spec);
        result = reroute.result();
        return new Change(spec, reroute.diff(before), seconds, result);
    }

    /** {@code tables} onto the boards of {@code bus}: only the blocks that differ from what they hold, all at one epoch. */
    public DeployReport deploy(BoardBus bus, ForwardingTables tables) {
        return SwitchDeployment.deploy(bus, tree, tables);
    }
}
