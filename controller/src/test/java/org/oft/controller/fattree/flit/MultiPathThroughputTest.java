package org.oft.controller.fattree.flit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.oft.controller.fattree.routing.RoutingEngines;
import org.oft.controller.fattree.routing.RoutingOptions;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.controller.fattree.topology.TopologySpec;
import org.oft.sim.flit.FlitParameters;
import org.oft.sim.flit.FlitSimulator;

/**
 * Seed 002 (Mahapatra et al.) on its XGFT(3;4,4,8;1,4,4), in the flit model: over random
 * permutations, the mean rate every flow sustains orders the limited multi-path schemes as the
 * paper's average maximum link loads do (Fig. 4), disjoint ≥ random ≥ shift-1 ≥ D-mod-K, for K = 2
 * and 4. At K = 2 random and shift-1 are within a few per cent of each other, in the paper too
 * (its flow-level link loads differ by ~5 %, and its flit-level Table 1 puts shift-1 ahead at
 * K = 2), so there the test asks that they be within 10 % of each other, and both between D-mod-K
 * and disjoint. (One permutation alone need not order them.) A permutation's rate is
 * the highest offered load at which its slowest flow still gets 90 % of it (the time a permutation
 * takes is its slowest flow's), found by bisection; hosts spread packets over their K addresses
 * round robin.
 */
@Timeout(600)
class MultiPathThroughputTest {
    static final String XGFT = "xgft:3;4,4,8;1,4,4";

    static double sustained(String engine, int paths, long seed) {
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
            FlitSimulator.Result r = sim.run(load, perm, 2_000, 10_000, 0, 10_000);
            if (r.minFlowAccepted() >= 0.9 * load) {
                lo = load;
            } else {
                hi = load;
            }
        }
        return lo;
    }

    static final int PERMUTATIONS = 4;

    static double mean(String engine, int paths) {
        double sum = 0;
        for (long seed = 1; seed <= PERMUTATIONS; seed++) {
            sum += sustained(engine, paths, seed);
        }
        return sum / PERMUTATIONS;
    }

    @ParameterizedTest(name = "K = {0}")
    @CsvSource({"2", "4"})
    void disjointBeatsRandomBeatsShiftOneBeatsDModK(int k) {
        double dmodk = mean("dmodk", 1);
        double shift1 = mean("shift-1", k);
        double random = mean("random", k);
        double disjoint = mean("disjoint", k);
        String all = String.format("D-mod-K %.3f, shift-1 %.3f, random %.3f, disjoint %.3f", dmodk, shift1, random, disjoint);
        System.out.println("002 ordering, K=" + k + ", mean of " + PERMUTATIONS + " permutations: " + all);
        double tie = 0.01; // half the bisection's resolution: the mean of four
        assertTrue(disjoint >= Math.max(random, shift1) - tie, all);
        assertTrue(Math.min(random, shift1) >= dmodk - tie, all);
        if (k == 2) {
            assertTrue(Math.abs(random - shift1) <= 0.1 * Math.max(random, shift1), all);
        } else {
            assertTrue(random >= shift1 - tie, all);
        }
        assertTrue(disjoint > dmodk, "multi-path must gain something: " + all);
    }
}
