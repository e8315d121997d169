package org.oft.controller.cli.fattree;

import org.oft.controller.fattree.routing.Routing;
import org.oft.controller.fattree.routing.RoutingEngine;
import org.oft.controller.fattree.routing.RoutingEngines;
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

    public Routing route() {
        tree();
        requireTables(tree.topology(), paths, 3); // the engine's tables and the copies a reroute and the output take
        types = NodeTypes.parse(nodeTypes, tree.topology());
        RoutingEngine e = RoutingEngines.byName(engine);
        return e.route(tree.topology(), new RoutingOptions(paths, seed, types));
    }

    /** Refuses a fabric whose forwarding tables ({@code copies} of them) do not fit, before routing it. */
    public static void requireTables(org.oft.controller.fattree.topology.PgftTopology t, int paths, int copies) {
        double entries = (double) t.switches() * t.hosts() * Math.max(1, paths);
        org.oft.controller.limits.MemoryBudget.require("the forwarding tables of " + t.describe() + " (" + t.switches() + " switches × "
                + t.hosts() + " hosts × " + Math.max(1, paths) + " paths, " + copies + " copies)", entries * copies,
                "route a smaller fabric, or fewer paths");
    }

    /**
     * The routes as they run on the fabric on file: on an imported fabric with holes (an {@code ibnet:} file
     * missing cables or switches), the engine's tables rerouted around them, as {@code lft}, {@code reroute} and
     * {@code serve} deploy them. A source-based engine has no tables to reroute: refused there.
     */
    public Routing routeOnFabric() {
        return onFabric(route());
    }

    /** A routing of this tree's model rerouted around the holes of the fabric on file (itself on a whole tree). */
    public Routing onFabric(Routing r) {
        org.oft.controller.fattree.topology.FabricFaults holes = org.oft.controller.fattree.topology.FabricFaults.parse(tree,
                java.util.List.of());
        if (holes.isEmpty()) {
            return r;
        }
        if (!r.destinationBased()) {
            throw new IllegalArgumentException(r.engine() + " routes by source and cannot be rerouted around the " + holes.described().size()
                    + " holes of " + topology + " (" + holes.described().get(0) + (holes.described().size() > 1 ? ", ..." : "")
                    + "): use a destination-based engine");
        }
        org.oft.controller.fattree.routing.ForwardingTables around =
                org.oft.controller.fattree.routing.Reroute.route(r.tables(), holes).tables();
        boolean multi = r instanceof org.oft.controller.fattree.routing.DestinationRouting d && d.multiPath();
        return new org.oft.controller.fattree.routing.DestinationRouting(r.engine(), around, multi);
    }
}
