package org.oft.controller.fattree.flit;

import org.oft.controller.fattree.routing.RoutingEngines;
import org.oft.controller.fattree.routing.RoutingOptions;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.controller.fattree.topology.TopologySpec;
import org.oft.sim.flit.FlitParameters;
import org.oft.sim.flit.FlitSimulator;

/**
 * Seed 002 (Mahapatra et al.) on its XGFT(3;4,4,8;1,4,4), in the flit model: the rate every flow of a random
 * permutation sustains under each limited multi-path scheme. A permutation's rate is the highest offered load
 * at which its slowest flow still gets 90 % of it (the time a permutation takes is its slowest flow's), found
 * by bisection to 0.02; hosts spread packets over their K addresses round robin. The paper's Fig. 4 orders the
 * schemes disjoint ≥ random ≥ shift-1 ≥ D-mod-K by average maximum link load; this measures the same in flits.
 * Its K = 4 ordering is a test; both K are a benchmark ({@code oftctl bench --what multipath}).
 */
public final class MultiPathCampaign {
    public static final String XGFT = "xgft:3;4,4,8;1,4,4";

    private MultiPathCampaign() {
    }

    /** The cycles of one run: warm-up, sample, and at most this many more to drain. */
    public record Cycles(int warmup, int sample, int drain) {
        /** The benchmark's. */
        public static final Cycles FULL = new Cycles(2_000, 10_000, 10_000);
    }

    /** The rate permutation {@code seed}'s slowest flow sustains under {@code engine} over {@code paths} paths, in runs of {@code cycles}. */
    public static double sustained(String engine, int paths, long seed, Cycles cycles) {
        FatTree tree = TopologySpec.parse(XGFT);
        PgftTopology t = tree.topology();
        byte[][] tables = FlitFabric.tables(tree, RoutingEngines.byName(engine).route(t, new RoutingOptions(paths, seed, null)).tables());
        FlitSimulator.Traffic perm = FlitFabric.traffic("perm", t.hosts(), seed);
        double lo = 0.05;
        double hi = 1.0;
        while (hi - lo > 0.02) {
            double load = (lo + hi) / 2;
            FlitSimulator sim = new FlitSimulator(FlitFabric.network(t), FlitParameters.defaults(), tables, paths,
                    FlitSimulator.PathPolicy.ROUND_ROBIN, seed);
            FlitSimulator.Result r = sim.run(load, perm, cycles.warmup(), cycles.sample(), 0, cycles.drain());
            if (r.minFlowAccepted() >= 0.9 * load) {
                lo = load;
            } else {
                hi = load;
            }
        }
        return lo;
    }

    /** The mean over permutations 1..{@code permutations}. */
    public static double mean(String engine, int paths, int permutations, Cycles cycles) {
        double sum = 0;
        for (long seed = 1; seed <= permutations; seed++) {
            sum += sustained(engine, paths, seed, cycles);
        }
        return sum / permutations;
    }

    /** The four schemes at K paths (D-mod-K single-path, the reference), each the mean over {@code permutations}. */
    public record Ordering(int k, int permutations, double dmodk, double shift1, double random, double disjoint) {
        public String describe() {
            return String.format(java.util.Locale.ROOT, "D-mod-K %.3f, shift-1 %.3f, random %.3f, disjoint %.3f", dmodk, shift1, random, disjoint);
        }
    }

    public static Ordering ordering(int k, int permutations) {
        return ordering(k, permutations, Cycles.FULL);
    }

    public static Ordering ordering(int k, int permutations, Cycles cycles) {
        return new Ordering(k, permutations, mean("dmodk", 1, permutations, cycles), mean("shift-1", k, permutations, cycles),
                mean("random", k, permutations, cycles), mean("disjoint", k, permutations, cycles));
    }
}
