package org.oft.controller.cli;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Locale;
import org.oft.controller.fattree.analysis.Analysis;
import org.oft.controller.fattree.analysis.TrafficPattern;
import org.oft.controller.fattree.routing.Routing;
import org.oft.controller.fattree.routing.RoutingEngines;
import org.oft.controller.fattree.routing.RoutingOptions;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.controller.fattree.topology.TopologySpec;

/** Figures for issue 5: LFT computation on 3-level trees of 24- and 36-port switches; ebb bisect patterns/s. */
final class FatTreeBenchmarks {
    private final BenchOutput out;
    private final int runs;

    FatTreeBenchmarks(BenchOutput out, int runs) {
        this.out = out;
        this.runs = runs;
    }

    void lft() {
        out.section("lft", "forwarding tables (all switches x all host LIDs), wall time per computation: median [min..max] of "
                + runs + " runs after warm-up, " + Runtime.getRuntime().availableProcessors() + " cores",
                "topology", "hosts", "switches", "engine", "paths", "table_bytes", "median_ms", "min_ms", "max_ms");
        String[][] cases = {
                {"xgft:3;12,12,24;1,12,12", "dmodk", "1"},
                {"xgft:3;18,18,36;1,18,18", "dmodk", "1"},
                {"xgft:3;12,12,24;1,12,12", "random", "1"},
                {"xgft:3;18,18,36;1,18,18", "random", "1"},
                {"xgft:3;12,12,24;1,12,12", "disjoint", "4"},
                {"xgft:3;18,18,36;1,18,18", "disjoint", "4"},
        };
        for (String[] c : cases) {
            PgftTopology t = TopologySpec.parse(c[0]).topology();
            RoutingOptions o = new RoutingOptions(Integer.parseInt(c[2]), 1, null);
            long bytes = 0;
            for (int i = 0; i < 3; i++) {
                bytes = RoutingEngines.byName(c[1]).route(t, o).tables().bytes();
            }
            double[] ms = new double[runs];
            for (int k = 0; k < runs; k++) {
                long t0 = System.nanoTime();
                bytes = RoutingEngines.byName(c[1]).route(t, o).tables().bytes();
                ms[k] = (System.nanoTime() - t0) / 1e6;
            }
            Arrays.sort(ms);
            out.row("\"%s\",%d,%d,%s,%s,%d,%.2f,%.2f,%.2f", c[0], t.hosts(), t.switches(), c[1], Integer.parseInt(c[2]), bytes,
                    ms[runs / 2], ms[0], ms[runs - 1]);
        }
    }

    void ebb(int samples) {
        out.section("ebb", "effective bisection bandwidth, bisect patterns per second: median [min..max] of " + runs + " runs of "
                + samples + " patterns, " + Runtime.getRuntime().availableProcessors() + " cores",
                "topology", "hosts", "engine", "patterns", "median_patterns_per_s", "min", "max", "ebb_mean", "ci95");
        for (String engine : new String[]{"dmodk", "random"}) {
            PgftTopology t = TopologySpec.parse("kary:12,3").topology();
            Routing r = RoutingEngines.byName(engine).route(t, RoutingOptions.single());
            TrafficPattern p = TrafficPattern.parse("bisect", t.hosts());
            Analysis a = new Analysis(r, p, null, 1, null);
            a.ebb(samples); // warm-up
            double[] rate = new double[runs];
            io.vertx.core.json.JsonObject last = null;
            for (int k = 0; k < runs; k++) {
                long t0 = System.nanoTime();
                last = new Analysis(r, p, null, k + 2, null).ebb(samples);
                rate[k] = samples / ((System.nanoTime() - t0) / 1e9);
            }
            Arrays.sort(rate);
            out.row("\"%s\",%d,%s,%d,%.0f,%.0f,%.0f,%.4f,%.4f", "kary:12,3", t.hosts(), engine, samples, rate[runs / 2],
                    rate[0], rate[runs - 1], last.getDouble("mean"), last.getDouble("ci95"));
        }
    }

    /** The flit model: simulated cycles/s and flit-hops/s at load 0.5, uniform traffic, D-mod-K, one thread. */
    void flit() {
        out.section("flit", "flit-level model, uniform traffic at 0.5 flits/node/cycle, D-mod-K, 4 VCs x 16 flits, 1-flit packets, "
                + "one thread: median [min..max] of " + runs + " runs after a warm-up run",
                "topology", "hosts", "cycles", "median_cycles_per_s", "min", "max", "flit_hops_per_s", "accepted");
        for (String spec : new String[] {"kary:4,3", "kary:12,3"}) {
            org.oft.controller.fattree.topology.FatTree tree = TopologySpec.parse(spec);
            PgftTopology t = tree.topology();
            Routing r = RoutingEngines.byName("dmodk").route(t, RoutingOptions.single());
            org.oft.sim.flit.FlitNetwork net = org.oft.controller.fattree.flit.FlitFabric.network(t);
            byte[][] tables = org.oft.controller.fattree.flit.FlitFabric.tables(tree, r.tables());
            org.oft.sim.flit.FlitSimulator.Traffic tr = org.oft.controller.fattree.flit.FlitFabric.traffic("uniform", t.hosts(), 1);
            long cycles = spec.equals("kary:4,3") ? 200_000 : 5_000;
            double[] rate = new double[runs];
            double hops = 0;
            double accepted = 0;
            for (int k = -1; k < runs; k++) {
                org.oft.sim.flit.FlitSimulator sim = new org.oft.sim.flit.FlitSimulator(net, org.oft.sim.flit.FlitParameters.defaults(),
                        tables, 1, org.oft.sim.flit.FlitSimulator.PathPolicy.HASH, k + 2);
                long t0 = System.nanoTime();
                org.oft.sim.flit.FlitSimulator.Result res = sim.run(0.5, tr, 0, cycles, 0, 10_000);
                double s = (System.nanoTime() - t0) / 1e9;
                if (k >= 0) {
                    rate[k] = res.cycles() / s;
                    hops = flitHops(res, net) / s;
                    accepted = res.accepted();
                }
            }
            Arrays.sort(rate);
            out.row("\"%s\",%d,%d,%.0f,%.0f,%.0f,%.3e,%.3f", spec, t.hosts(), cycles, rate[runs / 2], rate[0], rate[runs - 1], hops, accepted);
        }
    }

    /** Flits moved over links in a run: per-level mean utilisation times the links of that level times the cycles. */
    private static double flitHops(org.oft.sim.flit.FlitSimulator.Result res, org.oft.sim.flit.FlitNetwork net) {
        int levels = res.utilisationByLevel().length;
        int[] links = new int[levels];
        for (int l : net.level()) {
            links[l - 1]++;
        }
        double total = 0;
        for (int l = 0; l < levels; l++) {
            total += res.utilisationByLevel()[l] * links[l];
        }
        return total * res.cycles();
    }
}
