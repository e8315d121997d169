package org.oft.controller.cli.fattree;

import org.oft.controller.fattree.deploy.FabricReroute;
import org.oft.controller.fattree.deploy.RunningFabric;
import org.oft.controller.fattree.routing.RoutingOptions;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.NodeTypes;
import org.oft.controller.fattree.topology.TopologySpec;
import picocli.CommandLine.Option;

/** Options every fattree subcommand that routes shares. */
public final class RoutingArgs {
    @Option(names = "--topology", required = true, description = "pgft:h;m..;w..;p.., xgft:h;m..;w.., kary:k,n or ibnet:FILE")
    public String topology;

    @Option(names = "--engine", defaultValue = "dmodk", description = "dmodk, smodk, random, gdmodk, gsmodk, shift-1, disjoint")
    public String engine;

    @Option(names = "--paths", defaultValue = "1", description = "K paths (LIDs) per destination, for shift-1, disjoint, random")
    public int paths;

    @Option(names = "--node-types", description = "compute (default), last:TYPE[:N], or csv:FILE with nid,type lines")
    public String nodeTypes;

    @Option(names = "--seed", defaultValue = "1", description = "seed for random routing and sampling")
    public long seed;

    @Option(names = "--host-order", description = "an ibnet: fabric's host numbering: guid (default, by port GUID), file (as listed) or tuple (by leaf and leaf port, as OpenSM's ftree)")
    public String hostOrder;

    public FatTree tree;
    public NodeTypes types;

    /** The fabric named by --topology, read once (the routes are computed on it). */
    public FatTree tree() {
        if (tree == null) {
            tree = TopologySpec.parse(topology, hostOrder);
        }
        return tree;
    }

    /**
     * The fabric as it runs: the engine's tables on the fabric on file, rerouted around its holes (an {@code ibnet:}
     * file missing cables or switches) and {@code failures}, as {@code lft}, {@code reroute} and {@code serve} deploy
     * them. A source-based engine has no tables to reroute: refused where there is a hole.
     */
    public RunningFabric running(java.util.List<String> failures) {
        return runningAs(engine, failures);
    }

    /** The same with no failure declared: the fabric on file. */
    public RunningFabric running() {
        return running(java.util.List.of());
    }

    /** {@code engineName} (another engine than {@code --engine}, say) with these options, as it runs with {@code failures}. */
    public RunningFabric runningAs(String engineName, java.util.List<String> failures) {
        return rerouting(engineName, failures).running();
    }

    /** Where the running fabric is made, kept for more failures rerouted incrementally ({@code reroute --then-fail}). */
    public FabricReroute rerouting(String engineName, java.util.List<String> failures) {
        return rerouting(engineName, failures, org.oft.controller.fattree.routing.Reroute.Listener.NONE);
    }

    /** {@link #rerouting(String, java.util.List)}, the reroute saying how far it is ({@code reroute}'s progress). */
    public FabricReroute rerouting(String engineName, java.util.List<String> failures, org.oft.controller.fattree.routing.Reroute.Listener listener) {
        RoutingOptions o = options();
        return FabricReroute.start(tree, engineName, o, paths, failures, listener);
    }

    private RoutingOptions options() {
        tree();
        requireTables(tree.topology(), paths, 3); // the engine's tables and the copies a reroute and the output take
        if (types == null) {
            types = NodeTypes.parse(nodeTypes, tree.topology());
        }
        return new RoutingOptions(paths, seed, types);
    }

    /** Refuses a fabric whose forwarding tables ({@code copies} of them) do not fit, before routing it. */
    public static void requireTables(org.oft.controller.fattree.topology.PgftTopology t, int paths, int copies) {
        double entries = (double) t.switches() * t.hosts() * Math.max(1, paths);
        org.oft.controller.limits.MemoryBudget.require("the forwarding tables of " + t.describe() + " (" + t.switches() + " switches × "
                + t.hosts() + " hosts × " + Math.max(1, paths) + " paths, " + copies + " copies)", entries * copies,
                "route a smaller fabric, or fewer paths");
    }
}
