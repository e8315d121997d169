package org.oft.controller.cli.fattree;

import java.util.List;
import org.oft.controller.fattree.deploy.FabricReroute;
import org.oft.controller.fattree.deploy.RoutingRequest;
import org.oft.controller.fattree.deploy.RunningFabric;
import org.oft.controller.fattree.routing.Reroute;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.NodeTypes;
import picocli.CommandLine.Option;

/**
 * Options every fattree subcommand that routes shares: the command line's face of a {@link RoutingRequest}, which
 * routes the fabric (as a study's point does); {@code tree} and {@code types} hold what it read, once it has.
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

    public FatTree tree;
    public NodeTypes types;
    private RoutingRequest request;

    /** The request these options make (once the command line is read). */
    public RoutingRequest request() {
        if (request == null) {
            request = new RoutingRequest(topology, engine, paths, nodeTypes, seed, hostOrder);
        }
        return request;
    }

    /** The fabric named by --topology, read once (the routes are computed on it). */
    public FatTree tree() {
        tree = request().tree();
        return tree;
    }

    /** The fabric as it runs with {@code failures} ({@link RoutingRequest#running(List)}), as lft, reroute and serve deploy it. */
    public RunningFabric running(List<String> failures) {
        return runningAs(engine, failures);
    }

    /** The same with no failure declared: the fabric on file. */
    public RunningFabric running() {
        return running(List.of());
    }

    /** {@code engineName} (another engine than {@code --engine}, say) with these options, as it runs with {@code failures}. */
    public RunningFabric runningAs(String engineName, List<String> failures) {
        return rerouting(engineName, failures, Reroute.Listener.NONE).running();
    }

    /** Where the running fabric is made, the reroute saying how far it is ({@code reroute}'s progress). */
    public FabricReroute rerouting(String engineName, List<String> failures, Reroute.Listener listener) {
        FabricReroute r = request().rerouting(engineName, failures, listener);
        tree = request().tree();
        types = request().types();
        return r;
    }
}
