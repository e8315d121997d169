package org.oft.controller.fattree.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.oft.controller.fattree.topology.PgftTopology;

/** 002 §4.2's worked example on XGFT(3;4,4,4;1,4,2), pair (0, 63). */
class MultiPathTest {
    private final PgftTopology t = PgftTopology.xgft(new int[]{4, 4, 4}, new int[]{1, 4, 2});

    /** The index of the path a route takes: the paper's "i-th leftmost top switch", from the up choices. */
    private long pathIndex(Routing r, int s, int d, int q) {
        int[] ports = new int[6];
        int hops = r.walk(s, d, q, ports);
        long idx = 0;
        int node = s;
        for (int i = 0; i < hops / 2; i++) {
            int l = t.level(node);
            idx = idx * t.upPorts(l) + (ports[i] - t.portBase(node) - t.downPorts(l));
            node = t.peerNode(ports[i]);
        }
        return idx;
    }

    private List<Long> paths(String engine, int k) {
        Routing r = RoutingEngines.byName(engine).route(t, new RoutingOptions(k, 1, null));
        List<Long> out = new ArrayList<>();
        for (int q = 0; q < r.pathsFor(0, 63); q++) {
            out.add(pathIndex(r, 0, 63, q));
        }
        return out;
    }

    @Test
    void dmodkTakesPath7() {
        assertEquals(List.of(7L), paths("dmodk", 1));
    }

    @Test
    void shiftOneWithThreePathsTakes7Then0Then1() {
        assertEquals(List.of(7L, 0L, 1L), paths("shift-1", 3));
    }

    @Test
    void disjointWithFourPathsTakes7_1_3_5() {
        assertEquals(List.of(7L, 1L, 3L, 5L), paths("disjoint", 4));
    }

    @Test
    void pathZeroGoesThroughTheLeftmostTopSwitchAsListed() {
        // Path 0: 0 -> 64 -> 80 -> 96 -> 92 -> 79 -> 63 (the paper numbers hosts 0..63, then switches level by level).
        Routing r = RoutingEngines.byName("shift-1").route(t, new RoutingOptions(8, 1, null));
        int[] ports = new int[6];
        int q = 1; // shift-1's second path from 7 is path 0
        int hops = r.walk(0, 63, q, ports);
        int[] nodes = new int[hops + 1];
        nodes[0] = 0;
        for (int i = 0; i < hops; i++) {
            nodes[i + 1] = t.peerNode(ports[i]);
        }
        assertEquals(List.of(0, 64, 80, 96, 92, 79, 63), java.util.Arrays.stream(nodes).boxed().toList());
    }

    @Test
    void everyPathCountIsCappedAtTheShortestPathsAPairHas() {
        Routing r = RoutingEngines.byName("disjoint").route(t, new RoutingOptions(8, 1, null));
        assertEquals(8, r.pathsFor(0, 63));
        assertEquals(4, r.pathsFor(0, 5)); // NCA at level 2: 1 x 4 paths
        assertEquals(1, r.pathsFor(0, 1));
        List<Long> all = paths("disjoint", 8);
        assertEquals(8, all.stream().distinct().count());
    }

    @Test
    void randomPathsAreDistinctAndSeeded() {
        Routing a = RoutingEngines.byName("random").route(t, new RoutingOptions(5, 42, null));
        Routing b = RoutingEngines.byName("random").route(t, new RoutingOptions(5, 42, null));
        List<Long> pa = new ArrayList<>();
        for (int q = 0; q < 5; q++) {
            pa.add(pathIndex(a, 0, 63, q));
            assertEquals(pathIndex(a, 0, 63, q), pathIndex(b, 0, 63, q));
        }
        assertEquals(5, pa.stream().distinct().count());
    }
}
