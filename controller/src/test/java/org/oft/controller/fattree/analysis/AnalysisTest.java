package org.oft.controller.fattree.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.oft.controller.fattree.routing.Routing;
import org.oft.controller.fattree.routing.RoutingEngines;
import org.oft.controller.fattree.routing.RoutingOptions;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.controller.fattree.topology.TopologySpec;

class AnalysisTest {
    private final PgftTopology xgft = TopologySpec.parse("xgft:3;4,4,4;1,4,2").topology();

    private Analysis analysis(String engine, int k, String pattern, long seed) {
        Routing r = RoutingEngines.byName(engine).route(xgft, new RoutingOptions(k, seed, null));
        return new Analysis(r, TrafficPattern.parse(pattern, xgft.hosts()), null, seed, null);
    }

    @Test
    void allPathsMeetTheLemma1BoundExactly() {
        // 002 Theorem 1: with every shortest path (K = Π w_i = 8) the routing is UMULTI and MLOAD = ML(TM).
        for (String engine : new String[]{"shift-1", "disjoint", "random"}) {
            JsonObject m = analysis(engine, 8, "perm", 5).mload(50);
            assertEquals(1.0, m.getDouble("ratio"), 1e-9, engine + ": " + m);
        }
    }

    @Test
    void moreDisjointPathsNeverRaiseTheMaxLoadOnPermutations() {
        double k1 = analysis("disjoint", 1, "perm", 3).mload(200).getDouble("meanMload");
        double k2 = analysis("disjoint", 2, "perm", 3).mload(200).getDouble("meanMload");
        double k4 = analysis("disjoint", 4, "perm", 3).mload(200).getDouble("meanMload");
        assertTrue(k1 >= k2 && k2 >= k4, k1 + " " + k2 + " " + k4);
        assertTrue(k1 > k4);
    }

    @Test
    void dmodkMeetsTheorem2sConstructionAtRatioProdW(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        // 002 Theorem 2 on XGFT(2;4,16;1,2): Π w = 2, first subtree 0..3, A = 2: pairs (j, (A + j) Π w).
        PgftTopology t = TopologySpec.parse("xgft:2;4,16;1,2").topology();
        java.nio.file.Path file = dir.resolve("tm.csv");
        java.nio.file.Files.writeString(file, "0,4\n1,6\n2,8\n3,10\n");
        Routing r = RoutingEngines.byName("dmodk").route(t, RoutingOptions.single());
        JsonObject m = new Analysis(r, TrafficPattern.parse("file:" + file, t.hosts()), null, 1, null).mload(1);
        assertEquals(4.0, m.getDouble("mload"), 1e-12); // all four leave on up-port 0 of the first leaf
        assertEquals(2.0, m.getDouble("lowerBound"), 1e-12); // 4 units over TL(1) = 2 links
        assertEquals(2.0, m.getDouble("ratio"), 1e-12); // = Π w_i
        Routing all = RoutingEngines.byName("disjoint").route(t, new RoutingOptions(2, 1, null));
        assertEquals(1.0, new Analysis(all, TrafficPattern.parse("file:" + file, t.hosts()), null, 1, null).mload(1)
                .getDouble("ratio"), 1e-12);
    }

    @Test
    void samplesAreReproducibleBySeed() {
        JsonObject a = analysis("dmodk", 1, "bisect", 9).ebb(300);
        JsonObject b = analysis("dmodk", 1, "bisect", 9).ebb(300);
        JsonObject c = analysis("dmodk", 1, "bisect", 10).ebb(300);
        assertEquals(a.getDouble("mean"), b.getDouble("mean"));
        assertTrue(!a.getDouble("mean").equals(c.getDouble("mean")));
        assertTrue(a.getDouble("ci95") > 0 && a.getDouble("mean") > 0 && a.getDouble("mean") <= 1);
        double sum = a.getJsonArray("histogram").stream().mapToDouble(o -> ((JsonObject) o).getDouble("fraction")).sum();
        assertEquals(1.0, sum, 1e-9);
    }

    @Test
    void collectivesReportBothBounds() {
        for (String p : new String[]{"ring", "dissemination", "recursive-doubling", "tree", "neighbor:4"}) {
            JsonObject e = analysis("dmodk", 1, p, 2).ebb(50);
            assertTrue(e.getDouble("piSumMax") >= e.getDouble("piSumAvg"), p + ": " + e);
            assertTrue(e.getDouble("piSumAvg") >= 1, p + ": " + e);
        }
    }

    @Test
    void bisectPairsEveryHostOnce() {
        Flows f = new Flows(64);
        int[] map = new int[64];
        for (int i = 0; i < 64; i++) {
            map[i] = i;
        }
        TrafficPattern.parse("bisect", 64).round(0, xgft, null, map, new java.util.SplittableRandom(1), f);
        assertEquals(32, f.size());
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (int i = 0; i < f.size(); i++) {
            assertTrue(seen.add(f.src(i)) && seen.add(f.dst(i)));
        }
    }
}
