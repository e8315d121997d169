package org.oft.controller.service.fattree;

import java.util.List;
import org.oft.controller.fattree.routing.ForwardingTables;
import org.oft.controller.fattree.topology.FabricFaults;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.NodeTypes;
import org.oft.controller.fattree.topology.PgftTopology;

/**
 * What the switch boards run, all of one deploy: the tree, the engine served, its tables for the
 * whole tree ({@code plan}), the tables the boards hold ({@code running}: the plan rerouted around
 * the holes, or the plan itself), and the failures declared. Immutable, and replaced whole by
 * {@link FabricDeployer} once the boards have taken a deploy, so a reader holding one never sees an
 * engine with another engine's tables, or tables half-way through a reroute.
 *
 * @param version counts the deploys the controller has made, from 1
 * @param holes the cables and parts out (the imported fabric's and the declared ones), or null for a whole fabric
 * @param unreachable what the reroute could not join, or null for a whole fabric
 * @param missing the imported fabric's own holes, described
 */
public record FabricSnapshot(long version, FatTree tree, NodeTypes types, Served served, ForwardingTables plan,
                             ForwardingTables running, List<String> failures, FabricFaults holes, Unreachable unreachable,
                             List<String> missing) {
    public FabricSnapshot {
        failures = List.copyOf(failures);
        missing = List.copyOf(missing);
        if (plan.topology() != tree.topology() || running.topology() != tree.topology()) {
            throw new IllegalArgumentException("tables of another fabric");
        }
    }

    /** Pairs of present hosts the running tables cannot join: all of them, those joined by cables only down then up, examples. */
    public record Unreachable(long pairs, long byRouting, List<String> examples) {
        public Unreachable {
            examples = List.copyOf(examples);
        }
    }

    public PgftTopology topology() {
        return tree.topology();
    }

    /** The same fabric after another deploy. */
    FabricSnapshot next(Served s, ForwardingTables newPlan, ForwardingTables newRunning, List<String> newFailures, FabricFaults newHoles,
                        Unreachable u) {
        return new FabricSnapshot(version + 1, tree, types, s, newPlan, newRunning, newFailures, newHoles, u, missing);
    }
}
