package org.oft.controller.cli.fattree;

import org.oft.controller.fattree.deploy.RoutingRequest;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.NodeTypes;
import picocli.CommandLine.Option;

/**
 * Options every fattree subcommand that routes shares: the command line's face of a {@link RoutingRequest}, which
 * routes the fabric (as a study's point does).
 */
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

    private RoutingRequest request;

    /** The request these options make (once the command line is read): it routes the fabric. */
    public RoutingRequest request() {
        if (request == null) {
            request = new RoutingRequest(topology, engine, paths, nodeTypes, seed, hostOrder);
        }
        return request;
    }

    /** The fabric named by --topology, read once. */
    public FatTree tree() {
        return request().tree();
    }

    /** The hosts' node types (--node-types) on it. */
    public NodeTypes types() {
        return request().types();
    }
}
