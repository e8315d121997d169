package org.oft.controller.fattree.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.oft.controller.fattree.analysis.Analysis;
import org.oft.controller.fattree.analysis.TrafficPattern;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.controller.fattree.topology.TopologySpec;

/** 000 Theorems 1 and 2: D-mod-K on RLFTs, parallel links included. */
class DModKTest {
    @ParameterizedTest
    @ValueSource(strings = {"pgft:2;4,4;1,2;1,2", "pgft:3;4,2,4;1,2,2;1,2,2", "xgft:3;4,4,8;1,4,4", "pgft:2;6,6;1,3;1,2",
            "pgft:3;6,3,4;1,3,2;1,2,3"})
    void atMostOneFlowPerDirectedLinkForEveryShift(String spec) {
        PgftTopology t = TopologySpec.parse(spec).topology();
        assertNull(t.rlftViolation(), spec + " must be an RLFT");
        Routing r = RoutingEngines.byName("dmodk").route(t, RoutingOptions.single());
        var result = new Analysis(r, TrafficPattern.parse("shift:all", t.hosts()), null, 1, null).flows(1);
        assertEquals(1, result.getInteger("maxFlows"), spec + ": worst link " + result.getString("worstLink")
                + " in shift " + result.getInteger("worstRound"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"pgft:2;4,4;1,2;1,2", "pgft:3;4,2,4;1,2,2;1,2,2", "pgft:3;6,3,4;1,3,2;1,2,3"})
    void eachDownPortCarriesOneDestination(String spec) {
        PgftTopology t = TopologySpec.parse(spec).topology();
        Routing r = RoutingEngines.byName("dmodk").route(t, RoutingOptions.single());
        Set<Integer>[] dests = destinationsPerDownPort(t, r);
        for (int p = 0; p < dests.length; p++) {
            if (dests[p] != null) {
                assertTrue(dests[p].size() <= 1, spec + ": port " + p + " carries " + dests[p]);
            }
        }
    }

    @SuppressWarnings("unchecked")
    static Set<Integer>[] destinationsPerDownPort(PgftTopology t, Routing r) {
        @SuppressWarnings({"unchecked", "rawtypes"}) // an array of sets, one per port
        Set<Integer>[] dests = new Set[t.portCount()];
        int[] ports = new int[2 * t.levels()];
        for (int s = 0; s < t.hosts(); s++) {
            for (int d = 0; d < t.hosts(); d++) {
                if (s == d) {
                    continue;
                }
                int n = r.walk(s, d, 0, ports);
                int node = s;
                for (int i = 0; i < n; i++) {
                    boolean down = ports[i] - t.portBase(node) < t.downPorts(t.level(node));
                    if (down) {
                        if (dests[ports[i]] == null) {
                            dests[ports[i]] = new HashSet<>();
                        }
                        dests[ports[i]].add(d);
                    }
                    node = t.peerNode(ports[i]);
                }
            }
        }
        return dests;
    }

    @ParameterizedTest
    @ValueSource(strings = {"pgft:2;4,4;1,2;1,2", "pgft:3;4,2,4;1,2,2;1,2,2"})
    void randomParallelLinksDownBreakTheOneDestinationProperty(String spec) {
        // The control: a routing that picks parallel links down without regard to the lower switch's choice.
        PgftTopology t = TopologySpec.parse(spec).topology();
        Routing r = RoutingEngines.byName("random").route(t, new RoutingOptions(1, 7, null));
        Set<Integer>[] dests = destinationsPerDownPort(t, r);
        int worst = 0;
        for (Set<Integer> d : dests) {
            worst = Math.max(worst, d == null ? 0 : d.size());
        }
        assertTrue(worst > 1, "random routing should share some down port");
    }

    @ParameterizedTest
    @ValueSource(strings = {"dmodk", "smodk", "random", "gdmodk", "gsmodk", "shift-1", "disjoint"})
    void everyEngineGivesShortestPathsBetweenAllPairs(String engine) {
        FatTree tree = TopologySpec.parse("pgft:3;4,2,4;1,2,2;1,2,2");
        PgftTopology t = tree.topology();
        int k = engine.equals("shift-1") || engine.equals("disjoint") ? 3 : 1;
        Routing r = RoutingEngines.byName(engine).route(t, new RoutingOptions(k, 3, null));
        int[] ports = new int[6];
        for (int s = 0; s < t.hosts(); s++) {
            for (int d = 0; d < t.hosts(); d++) {
                if (s != d) {
                    for (int q = 0; q < r.pathsFor(s, d); q++) {
                        assertEquals(2 * t.ncaLevel(s, d), r.walk(s, d, q, ports), engine + " " + s + "->" + d);
                    }
                }
            }
        }
    }
}
