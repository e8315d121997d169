package org.oft.controller.service.fattree;

import io.vertx.core.Vertx;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.oft.controller.fattree.routing.ForwardingTables;
import org.oft.controller.fattree.routing.Reroute;
import org.oft.controller.fattree.topology.FabricFaults;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.controller.service.JsonFields;
import org.oft.hal.SwitchPorts;
import org.oft.hal.wire.Protocol;

/**
 * One part of the electrical fabric, drilled into: a switch (or a host) by any name a node has, with
 * its ports by physical number, what is at each port's other end and whether the cable is up, missing
 * from the fabric file, declared failed or cut in the model; the port counters as the board last
 * reported them and their rates over the last polls; the faults and declared failures on it; and how
 * its forwarding table spreads the addresses over its ports. Also the list of anomalous ports, the
 * worst first, filtered and paged. Read-only: answered from one snapshot and the poller's last reading.
 */
final class PartDetail {
    static final int MAX_PAGE = 1000;
    private final Vertx vertx;
    private final FabricDeployer deployer;
    private final PortPoller ports;
    private final ModelFaults faults;

    PartDetail(Vertx vertx, FabricDeployer deployer, PortPoller ports, ModelFaults faults) {
        this.vertx = vertx;
        this.deployer = deployer;
        this.ports = ports;
        this.faults = faults;
    }

    /** {"part": NAME}: that part, drilled into. */
    void part(Message<JsonObject> msg) {
        FabricSnapshot s = deployer.snapshot();
        vertx.executeBlocking(() -> of(s, JsonFields.string(msg.body(), "part")), false)
                .onSuccess(msg::reply).onFailure(e -> msg.fail(e instanceof IllegalArgumentException ? 404 : 500, e.getMessage()));
    }

    /** {"filter": TEXT, "offset": N, "limit": N}: the anomalous ports, the worst first. */
    void anomalies(Message<JsonObject> msg) {
        JsonObject q = msg.body();
        String filter = q.getString("filter", "").toLowerCase(Locale.ROOT).strip();
        long offset = q.getLong("offset", 0L);
        long limit = q.getLong("limit", (long) PortPoller.MAX_LISTED);
        if (offset < 0 || limit < 1 || limit > MAX_PAGE) {
            msg.fail(400, "offset must be 0 or more and limit 1.." + MAX_PAGE);
            return;
        }
        List<JsonObject> all = ports.anomalies();
        List<JsonObject> matched = filter.isEmpty() ? all : all.stream().filter(a -> matches(a, filter)).toList();
        JsonArray page = new JsonArray();
        for (long k = offset; k < Math.min(matched.size(), offset + limit); k++) {
            page.add(matched.get((int) k));
        }
        msg.reply(new JsonObject().put("total", all.size()).put("matched", matched.size()).put("offset", offset).put("anomalies", page));
    }

    private static boolean matches(JsonObject a, String filter) {
        for (String k : new String[] {"board", "switch", "to", "severity"}) {
            if (String.valueOf(a.getValue(k)).toLowerCase(Locale.ROOT).contains(filter)) {
                return true;
            }
        }
        return ("port " + a.getValue("port")).equals(filter) || ("down".equals(filter) && !a.getBoolean("linkUp"));
    }

    JsonObject of(FabricSnapshot s, String name) {
        FatTree tree = s.tree();
        PgftTopology t = tree.topology();
        int v = tree.node(name);
        int h = t.hosts();
        boolean sw = v >= h;
        int i = v - h;
        List<FabricSnapshot.Failure> failures = failuresOn(s, v);
        SwitchPorts reading = sw ? ports.reading(i) : null;
        int per = Protocol.PORT_COUNTERS.size();
        double[] xmit = ports.xmitRates();
        JsonArray portList = new JsonArray();
        FabricFaults holes = s.holes();
        for (int local = 0; local < t.ports(v); local++) {
            int g = t.portBase(v) + local;
            int peer = t.peerNode(g);
            int peerLocal = t.peerPort(g); // local on the peer
            int phys = tree.names().physicalPort(v, local);
            int peerPhys = tree.names().physicalPort(peer, peerLocal);
            String state = switch (FabricQueries.cable(s, faults::cut, v, local)) {
                case UP -> "up";
                case MISSING -> "missing from " + tree.source();
                case FAILED, PEER_OUT -> "declared failed";
                case CUT -> "cut (a fault in the model)";
            };
            JsonObject port = new JsonObject().put("port", phys)
                    .put("direction", !sw ? "up" : local < t.downPorts(t.level(v)) ? "down" : "up")
                    .put("to", tree.partName(peer)).put("toPort", peer < h ? null : peerPhys).put("toTuple", t.tuple(peer))
                    .put("state", state);
            if (reading != null && phys >= 1 && phys <= reading.ports()) {
                JsonObject counters = new JsonObject();
                long[] c = reading.counters();
                for (int k = 0; k < per; k++) {
                    counters.put(Protocol.PORT_COUNTERS.get(k), c[(phys - 1) * per + k]);
                }
                port.put("linkUp", reading.up(phys - 1)).put("counters", counters);
            }
            if (sw && xmit != null) {
                port.put("utilisation", xmit[g]);
            }
            portList.add(port);
        }
        JsonObject out = new JsonObject().put("part", tree.partName(v)).put("kind", sw ? "switch" : "host")
                .put("tuple", t.tuple(v)).put("level", t.level(v)).put("name", tree.names().name(v))
                .put("guid", "0x" + Long.toHexString(tree.names().nodeGuid(v))).put("ports", portList)
                .put("failedNode", holes != null && holes.deadNode(v))
                .put("failures", new JsonArray(failures.stream().map(f -> new JsonObject().put("id", f.id()).put("spec", f.spec())).toList()))
                .put("faults", new JsonArray(faults.inForce().stream().filter(f -> touches(tree, f, v)).toList()));
        if (sw) {
            out.put("board", "switch-" + i).put("cycle", reading == null ? null : reading.cycle())
                    .put("bootId", reading == null ? null : reading.bootId()).put("table", tableSpread(s, v))
                    .put("history", history(tree, v));
        }
        return out;
    }

    /** The declared failures that take out node {@code v} or one of its cables. */
    private static List<FabricSnapshot.Failure> failuresOn(FabricSnapshot s, int v) {
        PgftTopology t = s.topology();
        List<FabricSnapshot.Failure> on = new ArrayList<>();
        for (FabricSnapshot.Failure f : s.failures()) {
            FabricFaults one = FabricFaults.parse(s.tree(), List.of(f.spec()));
            boolean hit = one.deadNode(v);
            for (int g = t.portBase(v); !hit && g < t.portBase(v) + t.ports(v); g++) {
                hit = one.deadPort(g) && !s.tree().absentPort(g);
            }
            if (hit) {
                on.add(f);
            }
        }
        return on;
    }

    /** Whether a model fault acts on node {@code v}: its board, or a cable with an end there. */
    private static boolean touches(FatTree tree, JsonObject fault, int v) {
        PgftTopology t = tree.topology();
        int sw = fault.getInteger("switch");
        if (t.hosts() + sw == v) {
            return true;
        }
        if (!"dead".equals(fault.getString("kind"))) {
            return false;
        }
        int u = t.hosts() + sw;
        int g = t.portBase(u) + tree.localPort(u, fault.getInteger("port"));
        return t.peerNode(g) == v;
    }

    /** How many addresses the table sends out of each physical port, and how many it has no route for. */
    private static JsonObject tableSpread(FabricSnapshot s, int v) {
        ForwardingTables tables = s.running();
        PgftTopology t = s.topology();
        int[] count = new int[t.ports(v)];
        int none = 0;
        for (int a = 0; a < tables.addresses(); a++) {
            int local = tables.port(v, a);
            if (local == Reroute.NONE) {
                none++;
            } else {
                count[local]++;
            }
        }
        JsonArray byPort = new JsonArray();
        for (int local = 0; local < count.length; local++) {
            byPort.add(new JsonObject().put("port", s.tree().names().physicalPort(v, local)).put("addresses", count[local]));
        }
        return new JsonObject().put("engine", s.served().label()).put("addresses", tables.addresses()).put("paths", tables.paths())
                .put("noRoute", none).put("byPort", byPort);
    }

    /** The switch's ports' rates over the last polls, by physical port. */
    private JsonObject history(FatTree tree, int v) {
        PgftTopology t = tree.topology();
        PortHistory.Series h = ports.history().of(t.portBase(v), t.ports(v));
        JsonArray byPort = new JsonArray();
        for (int local = 0; local < t.ports(v); local++) {
            byPort.add(new JsonObject().put("port", tree.names().physicalPort(v, local))
                    .put("utilisation", floats(h.xmit()[local])).put("transmitWait", floats(h.transmitWait()[local])));
        }
        JsonArray cycles = new JsonArray();
        for (long c : h.cycles()) {
            cycles.add(c);
        }
        return new JsonObject().put("cycles", cycles).put("ports", byPort);
    }

    private static JsonArray floats(float[] xs) {
        JsonArray a = new JsonArray();
        for (float x : xs) {
            a.add(Math.round(x * 10000) / 10000.0);
        }
        return a;
    }
}
