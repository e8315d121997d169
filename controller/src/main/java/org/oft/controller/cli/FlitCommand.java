package org.oft.controller.cli;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.oft.controller.fattree.flit.FlitFabric;
import org.oft.controller.fattree.routing.Routing;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.sim.flit.FlitParameters;
import org.oft.sim.flit.FlitSimulator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "flit", footer = {"%nExamples:", "  oftctl flit --topology kary:4,3 --engine dmodk --traffic shift:5 --load 0.9",
        "  oftctl flit --topology kary:4,3 --engine dmodk --traffic uniform --sweep 0.1:1.0:0.1 --json"},
        description = "Run the flit-level switch model on a fat tree, forwarding by the engine's tables as the switch boards "
                + "hold them: accepted throughput, latency, link utilisation by level, anomalies; or a load sweep.")
final class FlitCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    FatTreeCommand.RoutingArgs args = new FatTreeCommand.RoutingArgs();

    @Option(names = "--traffic", defaultValue = "uniform", description = "uniform, perm, shift:S, bitcomp, transpose, bitrev, shuffle")
    String traffic;

    @Option(names = "--load", defaultValue = "0.5", description = "offered load, flits per node per cycle (Bernoulli)")
    double load;

    @Option(names = "--sweep", description = "FROM:TO:STEP: run each load and report the saturation point")
    String sweep;

    @Option(names = "--vcs", defaultValue = "4", description = "virtual channels per port")
    int vcs;

    @Option(names = "--buffer", defaultValue = "16", description = "buffer depth per VC, flits")
    int buffer;

    @Option(names = "--packet", defaultValue = "1", description = "packet length, flits")
    int packet;

    @Option(names = "--credit-delay", defaultValue = "2", description = "credit return delay, cycles")
    int creditDelay;

    @Option(names = "--channel-latency", defaultValue = "1", description = "link latency, cycles")
    int channelLatency;

    @Option(names = "--router-delay", defaultValue = "1", description = "cycles in an input buffer before crossing the switch")
    int routerDelay;

    @Option(names = "--cut-through", description = "virtual cut-through instead of wormhole")
    boolean cutThrough;

    @Option(names = "--path-policy", defaultValue = "hash", description = "with --paths K: hash, round-robin or random per packet")
    String policy;

    @Option(names = "--warmup", defaultValue = "2000", description = "warm-up cycles")
    long warmup;

    @Option(names = "--sample", defaultValue = "10000", description = "measured cycles")
    long sample;

    @Option(names = "--drain", defaultValue = "20000", description = "at most this many cycles to deliver the measured packets")
    long drain;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Override
    public Integer call() {
        FlitParameters par = new FlitParameters(vcs, buffer, packet, creditDelay, channelLatency, routerDelay, cutThrough);
        if (warmup < 0 || sample < 1 || drain < 0 || warmup + sample + drain > 1_000_000_000L) {
            throw new IllegalArgumentException("--warmup and --drain must be at least 0 and --sample at least 1 (at most 1e9 cycles in all)");
        }
        FlitSimulator.PathPolicy pp = switch (policy) {
            case "hash" -> FlitSimulator.PathPolicy.HASH;
            case "round-robin" -> FlitSimulator.PathPolicy.ROUND_ROBIN;
            case "random" -> FlitSimulator.PathPolicy.RANDOM;
            default -> throw new IllegalArgumentException("--path-policy must be hash, round-robin or random, got '" + policy + "'");
        };
        double[] loads = loads();
        Routing r = args.route();
        PgftTopology t = r.topology();
        FlitSimulator.Traffic tr = FlitFabric.traffic(traffic, t.hosts(), args.seed);
        byte[][] tables = FlitFabric.tables(args.tree, r.tables());
        JsonArray runs = new JsonArray();
        Double saturation = null;
        for (double l : loads) {
            FlitSimulator sim = new FlitSimulator(FlitFabric.network(t), par, tables, args.paths, pp, args.seed);
            long t0 = System.nanoTime();
            FlitSimulator.Result res = sim.run(l, tr, warmup, sample, drain, 10_000);
            double seconds = (System.nanoTime() - t0) / 1e9;
            JsonObject o = result(res, seconds);
            runs.add(o);
            // saturated: accepted below 0.97 of offered, or the measured packets could not all be delivered
            boolean ok = res.accepted() >= 0.97 * l && res.undelivered() == 0 && !res.deadlock();
            if (ok) {
                saturation = l;
            }
        }
        JsonObject out = new JsonObject().put("topology", t.describe()).put("engine", r.engine()).put("paths", args.paths)
                .put("traffic", traffic).put("parameters", new JsonObject().put("vcs", vcs).put("bufferFlits", buffer)
                        .put("packetFlits", packet).put("creditDelay", creditDelay).put("channelLatency", channelLatency)
                        .put("routerDelay", routerDelay).put("switching", cutThrough ? "virtual cut-through" : "wormhole"));
        if (sweep != null) {
            out.put("runs", runs).put("saturationLoad", saturation);
        } else {
            out.mergeIn(runs.getJsonObject(0));
        }
        PrintWriter w = spec.commandLine().getOut();
        if (json) {
            w.println(out.encode());
        } else if (sweep != null) {
            w.println("# " + out.getString("topology") + ", " + r.engine() + ", " + traffic + "; saturation load "
                    + (saturation == null ? "below the first load" : saturation));
            w.println("offered,accepted,min_flow,mean_latency,p99_latency,undelivered,deadlock");
            for (int i = 0; i < runs.size(); i++) {
                JsonObject o = runs.getJsonObject(i);
                w.printf(Locale.ROOT, "%.3f,%.4f,%.4f,%.2f,%d,%d,%s%n", o.getDouble("offered"), o.getDouble("accepted"),
                        o.getDouble("minFlowAccepted"), o.getDouble("meanLatency"), o.getLong("p99Latency"), o.getLong("undelivered"),
                        o.getJsonObject("anomalies").getBoolean("deadlock"));
            }
        } else {
            FatTreeCommand.Analyze.printText(w, "", out);
        }
        return 0;
    }

    private double[] loads() {
        if (sweep == null) {
            if (!(load >= 0 && load <= 1)) {
                throw new IllegalArgumentException("--load must be between 0 and 1 flits/node/cycle, got " + load);
            }
            return new double[] {load};
        }
        String[] p = sweep.split(":", -1);
        try {
            double from = Double.parseDouble(p[0]);
            double to = Double.parseDouble(p[1]);
            double step = Double.parseDouble(p[2]);
            if (p.length != 3 || !(from > 0) || !(to <= 1) || !(from <= to) || !(step > 0) || (to - from) / step > 1000) {
                throw new NumberFormatException();
            }
            int n = (int) Math.floor((to - from) / step + 1e-9) + 1;
            double[] out = new double[n];
            for (int i = 0; i < n; i++) {
                out[i] = from + i * step;
            }
            return out;
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            throw new IllegalArgumentException("--sweep must be FROM:TO:STEP with 0 < FROM <= TO <= 1, STEP > 0 and at most 1000 steps, got '"
                    + sweep + "'");
        }
    }

    static JsonObject result(FlitSimulator.Result r, double seconds) {
        JsonArray util = new JsonArray();
        for (double u : r.utilisationByLevel()) {
            util.add(u);
        }
        return new JsonObject().put("offered", r.offered()).put("accepted", r.accepted()).put("minFlowAccepted", r.minFlowAccepted())
                .put("meanLatency", Double.isNaN(r.meanLatency()) ? null : r.meanLatency()).put("p99Latency", r.p99Latency())
                .put("measuredPackets", r.measuredPackets()).put("undelivered", r.undelivered())
                .put("utilisationByLevel", util).put("transmitWait", r.transmitWait())
                .put("anomalies", new JsonObject().put("misdelivered", r.misdelivered()).put("loops", r.loops())
                        .put("unroutable", r.unroutable()).put("deadLinkWaits", r.deadLinkWaits()).put("deadlock", r.deadlock()))
                .put("cycles", r.cycles()).put("seconds", seconds);
    }
}
