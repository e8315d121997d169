package org.oft.controller.study;

import io.vertx.core.json.JsonObject;
import java.util.LinkedHashMap;
import java.util.Map;
import org.oft.controller.fattree.analysis.Analysis;
import org.oft.controller.fattree.analysis.TrafficPattern;
import org.oft.controller.fattree.deploy.RoutingRequest;
import org.oft.controller.fattree.flit.FlitFabric;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.sim.flit.FlitNetwork;
import org.oft.sim.flit.FlitSimulator;
import org.oft.controller.fattree.deploy.RunningFabric;
import org.oft.controller.fattree.flit.FlitConfig;
import org.oft.controller.fattree.routing.Routing;

/**
 * Runs one point: a pure function of its configuration (seeded, one thread), so any worker gives the same bits. The
 * routed fabrics of the last few (topology, engine, paths, seed) are kept, since a study runs many loads on each.
 */
public final class PointRunner {
    private record Routed(RoutingRequest args, FlitFabric.Forwarding forwarding, FlitNetwork network, java.util.BitSet[] reach) {
    }

    private final Map<String, Routed> routed = new LinkedHashMap<>(4, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Routed> eldest) {
            return size() > 2;
        }
    };

    /** The point's figures, as {@code oftctl flit --json} or {@code fattree analyze --json} give them, without the wall time. */
    public JsonObject run(StudyPoint p) {
        JsonObject c = p.config();
        return switch (p.kind()) {
            case "flit" -> flit(c);
            case "analysis" -> analysis(c);
            default -> throw new IllegalArgumentException("point " + p.id() + " has unknown kind '" + p.kind() + "'");
        };
    }

    private JsonObject flit(JsonObject c) {
        Routed r = routed(c);
        PgftTopology t = r.args.tree().topology();
        FlitSimulator.Traffic traffic = FlitFabric.traffic(c.getString("traffic"), t.hosts(), t, r.args.types(), c.getLong("seed"));
        traffic = FlitFabric.onFabric(r.reach, traffic);
        FlitSimulator sim = r.forwarding.simulator(r.network, FlitConfig.of(c), c.getInteger("paths"),
                c.getLong("seed"));
        try {
            sim.setThreads(1);
            FlitSimulator.Result res = sim.run(c.getDouble("load"), traffic, c.getInteger("warmup"), c.getInteger("sample"),
                    c.getInteger("drain"), 10_000);
            JsonObject out = FlitFabric.json(res, 0);
            out.remove("seconds");
            return out.put("sustained", FlitFabric.sustains(res));
        } finally {
            sim.close();
        }
    }

    private synchronized Routed routed(JsonObject c) {
        String key = c.getString("topology") + "|" + c.getString("hostOrder") + "|" + c.getString("engine") + "|" + c.getInteger("paths") + "|" + c.getLong("seed");
        Routed r = routed.get(key);
        if (r == null) {
            RoutingRequest a = args(c);
            RunningFabric running = a.running(); // holes included, as every command routes it
            r = new Routed(a, FlitFabric.forwarding(running), FlitFabric.network(a.tree().topology()), FlitFabric.reachable(running));
            routed.put(key, r);
        }
        return r;
    }

    private static JsonObject analysis(JsonObject c) {
        RoutingRequest a = args(c);
        Routing r = a.running().routes();
        TrafficPattern pattern = TrafficPattern.parse(c.getString("pattern"), r.topology().hosts());
        JsonObject out = new Analysis(r, pattern, a.types(), c.getLong("seed"), done -> {
        }).metric(c.getString("metric"), c.getInteger("samples"));
        out.remove("seconds");
        out.put("pgft", out.remove("topology")); // the fabric as described: the point's topology stays the spec it names
        return out;
    }

    private static RoutingRequest args(JsonObject c) {
        // (an ibnet: fabric's numbering, when the study names one; the hosts all compute nodes, as a study's points are)
        return new RoutingRequest(c.getString("topology"), c.getString("engine"), c.getInteger("paths"), null, c.getLong("seed"),
                c.getString("hostOrder"));
    }
}
