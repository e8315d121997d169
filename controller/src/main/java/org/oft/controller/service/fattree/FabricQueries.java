package org.oft.controller.service.fattree;

import org.oft.controller.service.JsonFields;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.oft.controller.fattree.routing.ForwardingTables;
import org.oft.controller.fattree.routing.Reroute;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.controller.fattree.topology.FabricFaults;

/**
 * Read-only questions about what the boards run, each answered from one {@link FabricSnapshot}: a
 * switch's table by physical port, and the hops a packet takes. A table or a trace is thousands of
 * entries on a large tree, so each is built on a worker.
 */
final class FabricQueries {
    private final Vertx vertx;
    private final FabricDeployer deployer;
    private final CutCables cut;

    FabricQueries(Vertx vertx, FabricDeployer deployer, CutCables cut) {
        this.vertx = vertx;
        this.deployer = deployer;
        this.cut = cut;
    }

    /** {"switch": I}: the table switch I runs. */
    void lft(Message<JsonObject> msg) {
        FabricSnapshot s = deployer.snapshot();
        vertx.executeBlocking(() -> lft(s, JsonFields.intField(msg.body(), "switch")), false)
                .onSuccess(msg::reply).onFailure(e -> msg.fail(400, e.getMessage()));
    }

    /** {"src": S, "dst": D, "path": Q}: the hops by the running tables. */
    void trace(Message<JsonObject> msg) {
        FabricSnapshot s = deployer.snapshot();
        vertx.executeBlocking(() -> {
            JsonObject b = msg.body();
            return trace(s, cut, JsonFields.intField(b, "src"), JsonFields.intField(b, "dst"),
                    b.containsKey("path") ? JsonFields.intField(b, "path") : 0);
        }, false).onSuccess(msg::reply).onFailure(e -> msg.fail(400, e.getMessage()));
    }

    /** Switch {@code i}'s table as deployed: per address (host d, path q), the physical port, or none. */
    static JsonObject lft(FabricSnapshot s, int i) {
        ForwardingTables t = s.running();
        PgftTopology topo = s.topology();
        FatTree tree = s.tree();
        if (i < 0 || i >= topo.switches()) {
            throw new IllegalArgumentException("switch must be 0.." + (topo.switches() - 1) + ", got " + i);
        }
        int v = topo.hosts() + i;
        JsonArray ports = new JsonArray();
        JsonArray to = new JsonArray();
        for (int a = 0; a < t.addresses(); a++) {
            int local = t.port(v, a);
            if (local == Reroute.NONE) {
                ports.addNull();
                to.addNull();
            } else {
                ports.add(tree.names().physicalPort(v, local));
                int peer = topo.peerNode(topo.portBase(v) + local);
                to.add(tree.partName(peer));
            }
        }
        return new JsonObject().put("board", "switch-" + i).put("switch", topo.tuple(v)).put("level", topo.level(v))
                .put("paths", t.paths()).put("ports", ports).put("to", to);
    }

    /** The hops a packet from {@code src} to {@code dst} (path q) takes by the deployed tables. */
    /**
     * Cables out in the fabric as it is, besides the snapshot's holes and declared failures: the model's
     * cut cables, by switch index and physical port (either end).
     */
    interface CutCables {
        boolean cut(int switchIndex, int physicalPort);
    }

    /**
     * The hops by the running tables, through the fabric as it is: a hop over a cable that is out (an
     * imported hole, a declared failure, a cable cut in the model) ends the trace where the packet is lost.
     */
    static JsonObject trace(FabricSnapshot s, CutCables cut, int src, int dst, int path) {
        ForwardingTables t = s.running();
        PgftTopology topo = s.topology();
        FatTree tree = s.tree();
        int h = topo.hosts();
        if (src < 0 || src >= h || dst < 0 || dst >= h) {
            throw new IllegalArgumentException("hosts are 0.." + (h - 1) + ", got " + src + " and " + dst);
        }
        if (path < 0 || path >= t.paths()) {
            throw new IllegalArgumentException("path must be 0.." + (t.paths() - 1) + ", got " + path);
        }
        int addr = dst * t.paths() + path;
        JsonArray hops = new JsonArray();
        int node = src;
        int local = t.hostPort(src, addr);
        String outcome = "delivered";
        for (int n = 0; node != dst; n++) {
            if (node >= h) {
                local = t.port(node, addr);
            }
            if (local == Reroute.NONE) {
                outcome = "no route at " + "switch-" + (node - h);
                break;
            }
            if (n > 2 * topo.levels()) {
                outcome = "loop: past the tree's diameter";
                break;
            }
            int g = topo.portBase(node) + local;
            int peer = topo.peerNode(g);
            JsonObject hop = new JsonObject().put("from", tree.partName(node))
                    .put("tuple", topo.tuple(node)).put("to", tree.partName(peer));
            if (node >= h) {
                hop.put("port", tree.names().physicalPort(node, local))
                        .put("direction", local < topo.downPorts(topo.level(node)) ? "down" : "up");
            }
            hops.add(hop);
            String out = cable(s, cut, node, local).why(s, peer);
            if (out != null) {
                hop.put("lost", out);
                outcome = "lost at " + (node < h ? tree.partName(node) : tree.partName(node) + " port " + tree.names().physicalPort(node, local))
                        + ": " + out;
                break;
            }
            if (peer < h && peer != dst) {
                outcome = "misdelivered to " + tree.partName(peer);
                break;
            }
            node = peer;
        }
        return new JsonObject().put("src", src).put("dst", dst).put("path", path).put("hops", hops).put("outcome", outcome);
    }

    /** The states a cable can be in, as the trace, the part view and the topology view say them. */
    enum Cable {
        UP(null), MISSING("missing"), FAILED("failed"), PEER_OUT("failed"), CUT("cut");

        /** The topology view's word (null: up). */
        final String word;

        Cable(String word) {
            this.word = word;
        }

        /** Why it carries nothing, in a sentence (null: it is up). */
        String why(FabricSnapshot s, int peer) {
            return switch (this) {
                case UP -> null;
                case MISSING -> "the cable is out (missing from " + s.tree().source() + ")";
                case FAILED -> "the cable is out (declared failed)";
                case PEER_OUT -> s.tree().partName(peer) + " is out";
                case CUT -> "the cable is cut (a fault in force in the model)";
            };
        }
    }

    /**
     * Whether the cable at node {@code v}'s local port {@code local} carries packets in the fabric as it is:
     * missing from the fabric file, declared failed (or its far end), cut in the model at either end, or up.
     * The one judgment the trace, the part view and the topology view make.
     */
    static Cable cable(FabricSnapshot s, CutCables cut, int v, int local) {
        PgftTopology topo = s.topology();
        int h = topo.hosts();
        int g = topo.portBase(v) + local;
        int peer = topo.peerNode(g);
        if (s.tree().absentPort(g) || s.tree().absentNode(peer) || s.tree().absentNode(v)) { // no copies: asked per hop and per cable
            return Cable.MISSING;
        }
        FabricFaults holes = s.holes();
        if (holes != null && holes.deadNode(peer)) {
            return Cable.PEER_OUT;
        }
        if (holes != null && (holes.deadPort(g) || holes.deadNode(v))) {
            return Cable.FAILED;
        }
        int peerLocal = topo.peerPort(g); // local on the peer
        boolean cutHere = v >= h && cut.cut(v - h, s.tree().names().physicalPort(v, local));
        boolean cutThere = peer >= h && cut.cut(peer - h, s.tree().names().physicalPort(peer, peerLocal));
        return cutHere || cutThere ? Cable.CUT : Cable.UP;
    }
}
