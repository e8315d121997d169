package org.oft.controller.service.fattree;

import io.vertx.core.Vertx;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.oft.controller.fattree.analysis.PermutationLoad;
import org.oft.controller.fattree.routing.ForwardingTables;
import org.oft.controller.fattree.topology.PgftTopology;

/**
 * The topology view's data: every node and cable of a tree small enough to draw, each cable with
 * its utilisation in the last port poll and the flows it carries at worst over all shifts by the
 * running tables (computed once per set of tables, on a worker).
 */
final class TopologyView {
    /** Largest tree the topology view draws (one element per node and cable). */
    static final int TOPOLOGY_MAX_HOSTS = 1024;

    private final Vertx vertx;
    private final FabricDeployer deployer;
    private final PortPoller ports;
    private ForwardingTables flowsOf; // the tables flowsPerLink was computed for
    private int[] flowsPerLink;

    private final FabricQueries.CutCables cut;

    TopologyView(Vertx vertx, FabricDeployer deployer, PortPoller ports, FabricQueries.CutCables cut) {
        this.vertx = vertx;
        this.deployer = deployer;
        this.ports = ports;
        this.cut = cut;
    }

    void topology(Message<JsonObject> msg) {
        FabricSnapshot s = deployer.snapshot();
        PgftTopology topo = s.topology();
        if (topo.hosts() > TOPOLOGY_MAX_HOSTS) {
            msg.fail(400, "the topology view draws trees of up to " + TOPOLOGY_MAX_HOSTS + " hosts; this one has " + topo.hosts()
                    + ": the per-level heatmaps of the Fat tree view show it");
            return;
        }
        vertx.executeBlocking(() -> json(s), false).onSuccess(msg::reply).onFailure(e -> msg.fail(500, e.getMessage()));
    }

    /**
     * Every node and cable, each cable with its utilisation both ways in the last port poll and the
     * most flows it carries over all shift permutations by the tables the boards run (worker).
     */
    synchronized JsonObject json(FabricSnapshot s) {
        ForwardingTables t = s.running();
        PgftTopology topo = s.topology();
        if (t != flowsOf) {
            int[] worst = new int[2 * topo.portCount()];
            new PermutationLoad(t, s.holes())
                    .maxOverShifts(worst);
            flowsPerLink = worst;
            flowsOf = t;
        }
        int h = topo.hosts();
        JsonArray nodes = new JsonArray();
        int[] seen = new int[topo.levels() + 1];
        for (int v = 0; v < topo.nodes(); v++) {
            int l = v < h ? 0 : topo.level(v);
            nodes.add(new JsonArray().add(s.tree().partName(v)).add(l).add(seen[l]++)
                    .add(v < h ? "" : topo.tuple(v))
                    .add(s.tree().absentNode(v) ? "missing" : s.holes() != null && s.holes().deadNode(v) ? "failed" : null));
        }
        JsonArray links = new JsonArray();
        double[] x = ports.xmitRates();
        double[] r = ports.rcvRates();
        for (int v = h; v < topo.nodes(); v++) { // every cable once, from its upper end's down ports
            int down = topo.downPorts(topo.level(v));
            for (int lp = 0; lp < down; lp++) {
                int g = topo.portBase(v) + lp;
                int peer = topo.peerNode(g);
                int upPort = topo.portBase(peer) + topo.peerPort(g); // the lower end's global port: the cable's up direction
                links.add(new JsonArray().add(peer).add(v)
                        .add(r == null ? null : Math.round(r[g] * 1000) / 1000.0)   // up: into v's port
                        .add(x == null ? null : Math.round(x[g] * 1000) / 1000.0)   // down: out of v's port
                        .add(flowsPerLink[upPort]).add(flowsPerLink[g]).add(FabricQueries.cable(s, cut, v, lp).word));
            }
        }
        return new JsonObject().put("levels", topo.levels()).put("levelSizes", new JsonArray(java.util.Arrays.stream(seen).boxed().toList()))
                .put("nodes", nodes).put("linkFields", new JsonArray(List.of("lower", "upper", "upUtilisation", "downUtilisation",
                        "upFlows", "downFlows", "state"))).put("links", links)
                .put("flowsOver", "all shift permutations, by the tables the boards run");
    }
}
