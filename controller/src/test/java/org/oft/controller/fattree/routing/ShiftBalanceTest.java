package org.oft.controller.fattree.routing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.oft.controller.fattree.topology.FabricFaults;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.TopologySpec;
import org.oft.controller.fattree.topology.PgftTopology;

/**
 * The reroute's last phase: where the spread cannot keep D-mod-K's pattern, the hottest links under
 * the shifts are relieved entry by entry, the routes staying up*&#47;down*; where it cannot lower
 * the worst link, nothing changes.
 */
class ShiftBalanceTest {

    /** The rows after the first two phases (what the reroute gave before this one), then after this one. */
    static byte[][] beforeAndAfter(ForwardingTables plan, FabricFaults f) {
        RerouteState s = new RerouteState(plan, f);
        LeafRoutes leaves = new LeafRoutes(s);
        for (int leaf = 0; leaf < s.t.levelSize(1); leaf++) {
            leaves.routeLeaf(leaf, null);
        }
        new StrangerSpread(s).spreadStrangers(Reroute.Listener.NONE);
        byte[] spread = s.rows.clone();
        new ShiftBalance(s).relieve();
        return new byte[][] {spread, s.rows.clone()};
    }

    static int worst(ForwardingTables plan, byte[] rows, FabricFaults f) {
        return RerouteTest.maxFlowsOverShifts(ForwardingTables.ofFlat(plan.topology(), 1, rows), f);
    }

    /**
     * Five to ten percent of the cables out: the spread alone leaves links with 4 to 7 flows in some
     * shift (switches lost most of their up-ports toward a subtree); relieved, the worst link carries
     * fewer, every pair still joined by a valid up*&#47;down* route. The 3,456-host XGFT's counts (14k cables × 3,456
     * shifts, past the 16 M cells the phase once stopped at) take a byte each.
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"'pgft:3;4,4,4;1,2,2;1,2,2', 10%:1", "'pgft:3;4,4,4;1,2,2;1,2,2', 10%:2", "'kary:4,3', 10%:1", "'xgft:3;6,6,12;1,6,6', 5%:1",
            "'xgft:3;12,12,24;1,12,12', 5%:1"})
    void manyCablesOutTheHottestLinksAreRelieved(String spec, String failed) {
        FatTree tree = TopologySpec.parse(spec);
        ForwardingTables plan = RerouteTest.plan(tree, "dmodk", 1);
        FabricFaults f = FabricFaults.parse(tree, List.of("random-links:" + failed));
        byte[][] rows = beforeAndAfter(plan, f);
        int spread = worst(plan, rows[0], f);
        int relieved = worst(plan, rows[1], f);
        System.out.println(spec + " random-links:" + failed + ": max flows per link over all shifts, spread " + spread + ", relieved " + relieved);
        assertTrue(relieved < spread, spec + ": " + relieved + " against " + spread);
        assertEquals(0, RerouteTest.walkAll(ForwardingTables.ofFlat(plan.topology(), 1, rows[1]), f));
        Reroute r = Reroute.route(plan, f);
        assertArrayEquals(rows[1], r.tables().switchRows(), "the reroute runs this phase last");
    }

    /**
     * K = 2 paths (shift-1 and disjoint), ten percent out: each address is an entry of its own, each path's flow counts
     * one; relieved, the worst (cable, shift) carries fewer flows of both paths, every address still a valid route.
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"shift-1, 10%:1", "disjoint, 10%:2"})
    void withTwoPathsEachPathsFlowsAreRelieved(String engine, String failed) {
        FatTree tree = TopologySpec.parse("pgft:3;4,4,4;1,2,2;1,2,2");
        ForwardingTables plan = RerouteTest.plan(tree, engine, 2);
        FabricFaults f = FabricFaults.parse(tree, List.of("random-links:" + failed));
        byte[][] rows = beforeAndAfter(plan, f);
        int spread = worstOfAllPaths(ForwardingTables.ofFlat(plan.topology(), 2, rows[0]), f);
        int relieved = worstOfAllPaths(ForwardingTables.ofFlat(plan.topology(), 2, rows[1]), f);
        assertTrue(relieved < spread, engine + ": " + relieved + " against " + spread);
        assertEquals(0, RerouteTest.walkAll(ForwardingTables.ofFlat(plan.topology(), 2, rows[1]), f));
    }

    /** The most flows of all paths on one switch-to-switch cable in one shift, walked from every host. */
    static int worstOfAllPaths(ForwardingTables lft, FabricFaults f) {
        PgftTopology t = lft.topology();
        int n = t.hosts();
        int worst = 0;
        for (int shift = 1; shift < n; shift++) {
            int[] count = new int[t.portCount()];
            for (int src = 0; src < n; src++) {
                int d = (src + shift) % n;
                for (int q = 0; q < lft.paths(); q++) {
                    int v = t.peerNode(t.portBase(src));
                    int a = d * lft.paths() + q;
                    for (int hops = 0; v != d && v >= n && hops < 2 * t.levels(); hops++) {
                        int p = lft.port(v, a);
                        if (p == Reroute.NONE || f.deadPort(t.portBase(v) + p)) {
                            break;
                        }
                        int g = t.portBase(v) + p;
                        if (t.peerNode(g) >= n) {
                            worst = Math.max(worst, ++count[g]);
                        }
                        v = t.peerNode(g);
                    }
                }
            }
        }
        return worst;
    }

    /** One percent out of the 432-host XGFT: a link at 2 (the whole tree's 1 + 1) stays; nothing is moved for nothing. */
    @Test
    void whereTheWorstLinkCannotFallNothingChanges() {
        FatTree tree = TopologySpec.parse("xgft:3;6,6,12;1,6,6");
        ForwardingTables plan = RerouteTest.plan(tree, "dmodk", 1);
        FabricFaults f = FabricFaults.parse(tree, List.of("random-links:1%:1"));
        byte[][] rows = beforeAndAfter(plan, f);
        assertEquals(2, worst(plan, rows[0], f));
        assertArrayEquals(rows[0], rows[1]);
    }

    /** More cables out after a relieved reroute: the incremental reroute relieves again and its routes stay valid. */
    @Test
    void anIncrementalRerouteIsRelievedToo() {
        FatTree tree = TopologySpec.parse("pgft:3;4,4,4;1,2,2;1,2,2");
        ForwardingTables plan = RerouteTest.plan(tree, "dmodk", 1);
        Reroute r = Reroute.route(plan, FabricFaults.parse(tree, List.of("random-links:5%:1")));
        r.fail("random-links:5%:7");
        int incremental = RerouteTest.maxFlowsOverShifts(r.tables(), r.faults());
        int full = RerouteTest.maxFlowsOverShifts(Reroute.route(plan, r.faults()).tables(), r.faults());
        assertEquals(r.unreachablePairs(), RerouteTest.walkAll(r.tables(), r.faults()));
        assertTrue(incremental <= full + 1, "incremental " + incremental + ", full " + full);
    }
}
