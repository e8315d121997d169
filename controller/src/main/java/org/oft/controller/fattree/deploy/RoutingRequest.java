package org.oft.controller.fattree.deploy;

import java.util.List;
import org.oft.controller.fattree.routing.Reroute;
import org.oft.controller.fattree.routing.RoutingOptions;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.NodeTypes;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.controller.fattree.topology.TopologySpec;
import org.oft.controller.limits.MemoryBudget;

/**
 * What a fabric is routed by, whoever asks (a command's options, a study's point): the topology spec, the engine,
 * K paths, the node types, the seed and an ibnet: fabric's host order. The fabric is read once, when first needed.
 */
public final class RoutingRequest {
    private final String topology;
    private final String engine;
    private final int paths;
    private final String nodeTypes;
    private final long seed;
    private final String hostOrder;
    private FatTree tree;
    private NodeTypes types;

    public RoutingRequest(String topology, String engine, int paths, String nodeTypes, long seed, String hostOrder) {
        this.topology = topology;
        this.engine = engine;
        this.paths = paths;
        this.nodeTypes = nodeTypes;
        this.seed = seed;
        this.hostOrder = hostOrder;
    }

    public String engine() {
        return engine;
    }

    public int paths() {
        return paths;
    }

    public long seed() {
        return seed;
    }

    /** The fabric the topology spec names, read once (the routes are computed on it). */
    public synchronized FatTree tree() {
        if (tree == null) {
            tree = TopologySpec.parse(topology, hostOrder);
        }
        return tree;
    }

    /** The hosts' node types on that fabric. */
    public synchronized NodeTypes types() {
        if (types == null) {
            types = NodeTypes.parse(nodeTypes, tree().topology());
        }
        return types;
    }

    /**
     * The fabric as it runs: the engine's tables on the fabric on file, rerouted around its holes (an {@code ibnet:}
     * file missing cables or switches) and {@code failures}. A source-based engine has no tables to reroute: refused
     * where there is a hole.
     */
    public RunningFabric running(List<String> failures) {
        return runningAs(engine, failures);
    }

    /** The same with no failure declared: the fabric on file. */
    public RunningFabric running() {
        return running(List.of());
    }

    /** {@code engineName} (another engine than this request's, say) with these options, as it runs with {@code failures}. */
    public RunningFabric runningAs(String engineName, List<String> failures) {
        return rerouting(engineName, failures, Reroute.Listener.NONE).running();
    }

    /** Where the running fabric is made, kept for more failures rerouted incrementally; {@code listener} hears how far it is. */
    public FabricReroute rerouting(String engineName, List<String> failures, Reroute.Listener listener) {
        FatTree t = tree();
        requireTables(t.topology(), paths, 3); // the engine's tables and the copies a reroute and the output take
        return FabricReroute.start(t, engineName, new RoutingOptions(paths, seed, types()), paths, failures, listener);
    }

    /** Refuses a fabric whose forwarding tables ({@code copies} of them) do not fit, before routing it. */
    public static void requireTables(PgftTopology t, int paths, int copies) {
        double entries = (double) t.switches() * t.hosts() * Math.max(1, paths);
        MemoryBudget.require("the forwarding tables of " + t.describe() + " (" + t.switches() + " switches × "
                + t.hosts() + " hosts × " + Math.max(1, paths) + " paths, " + copies + " copies)", entries * copies,
                "route a smaller fabric, or fewer paths");
    }
}
