package org.oft.controller.fattree.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** PGFT construction per 000 §II.B. */
class PgftTopologyTest {
    @Test
    void everyPortBelongsToItsNode() {
        for (PgftTopology t : new PgftTopology[] {PgftTopology.pgft(new int[] {4, 2, 4}, new int[] {1, 2, 2}, new int[] {1, 2, 2}),
                PgftTopology.pgft(new int[] {4, 4, 4}, new int[] {1, 4, 4}, new int[] {1, 1, 1})}) {
            for (int v = 0; v < t.nodes(); v++) {
                for (int g = t.portBase(v); g < t.portBase(v) + t.ports(v); g++) {
                    assertEquals(v, t.nodeOfPort(g), t.describe() + " port " + g);
                }
            }
        }
    }

    @Test
    void figure1bRlftHasSixteenHostsAndEightPortSwitches() {
        PgftTopology t = PgftTopology.pgft(new int[]{4, 4}, new int[]{1, 2}, new int[]{1, 2});
        assertEquals(16, t.hosts());
        assertEquals(4 + 2, t.switches());
        assertNull(t.rlftViolation());
        for (int v = t.hosts(); v < t.nodes(); v++) {
            assertEquals(8, t.ports(v));
        }
    }

    @Test
    void kthParallelLinkJoinsUpPortBPlusKwToDownPortAPlusKm() {
        // PGFT(3;4,2,4;1,2,2;1,2,2): level-1 node (1,a3,a2,b1) up-port q = b2 + k w2 joins (2,a3,b2,b1) down-port a2 + k m2.
        PgftTopology t = PgftTopology.pgft(new int[]{4, 2, 4}, new int[]{1, 2, 2}, new int[]{1, 2, 2});
        assertNull(t.rlftViolation());
        for (int a3 = 0; a3 < 4; a3++) {
            for (int a2 = 0; a2 < 2; a2++) {
                int lower = t.node(1, a3, a2, 0);
                for (int q = 0; q < t.upPorts(1); q++) {
                    int b2 = q % 2;
                    int k = q / 2;
                    int gp = t.portBase(lower) + t.downPorts(1) + q;
                    assertEquals(t.node(2, a3, b2, 0), t.peerNode(gp), "parent of up-port " + q);
                    assertEquals(a2 + k * 2, t.peerPort(gp), "down-port of up-port " + q);
                    // and back
                    int back = t.portBase(t.peerNode(gp)) + t.peerPort(gp);
                    assertEquals(lower, t.peerNode(back));
                }
            }
        }
    }

    @Test
    void figure2bFirstLinkBetweenLevelsTwoAndThree() {
        // "port number 0 of the lower node (equals the 3rd digit of the upper node) and port number 1 of the upper
        // node (equals the 3rd digit of the lower node)": lower (2, a3=1, b2, b1), upper (3, b3=0, b2, b1).
        PgftTopology t = PgftTopology.pgft(new int[]{2, 2, 2}, new int[]{1, 2, 2}, new int[]{1, 1, 1});
        int lower = t.node(2, 1, 1, 0);
        int gp = t.portBase(lower) + t.downPorts(2);
        assertEquals(t.node(3, 0, 1, 0), t.peerNode(gp));
        assertEquals(1, t.peerPort(gp));
    }

    @Test
    void hostsAreNumberedInTupleOrder() {
        PgftTopology t = PgftTopology.pgft(new int[]{8, 4, 2}, new int[]{1, 2, 1}, new int[]{1, 1, 4});
        assertEquals(47, t.node(0, 1, 1, 7)); // a_3=1, a_2=1, a_1=7: 7 + 1*8 + 1*32
        assertEquals("(0,1,1,7)", t.tuple(47));
        assertEquals(1, t.hostDigit(47, 2));
        assertEquals(3, t.ncaLevel(8, 47));
        assertEquals(1, t.ncaLevel(8, 14));
    }

    @Test
    void everyPortIsWiredBothWays() {
        PgftTopology t = PgftTopology.pgft(new int[]{8, 4, 2}, new int[]{1, 2, 1}, new int[]{1, 1, 4});
        for (int gp = 0; gp < t.portCount(); gp++) {
            int peer = t.peerNode(gp);
            assertTrue(peer >= 0, "port " + gp + " unwired");
            int back = t.portBase(peer) + t.peerPort(gp);
            assertEquals(gp, t.portBase(t.peerNode(back)) + t.peerPort(back));
        }
    }

    @Test
    void karyNTreeIsTheXgft() {
        PgftTopology t = PgftTopology.karyNTree(12, 3);
        assertEquals(1728, t.hosts());
        assertEquals("PGFT(3;12,12,12;1,12,12;1,1,1)", t.describe());
        assertEquals(3 * 144, t.switches());
    }

    @Test
    void badParametersAreRefusedWithTheirName() {
        assertEquals("w_2 must be at least 1 (got 0)", assertThrows(IllegalArgumentException.class,
                () -> PgftTopology.pgft(new int[]{4, 4}, new int[]{1, 0}, new int[]{1, 1})).getMessage());
        assertEquals("p_1 must be at least 1 (got 0)", assertThrows(IllegalArgumentException.class,
                () -> PgftTopology.pgft(new int[]{4, 4}, new int[]{1, 1}, new int[]{0, 1})).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TopologySpec.parse("pgft:3;8,4,x;1,2,1;1,1,4"))
                .getMessage().contains("'x'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TopologySpec.parse("pgft:2;4,4;1,2"))
                .getMessage().contains("expected"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TopologySpec.parse("xgft:3;4,4;1,4,2"))
                .getMessage().contains("h = 3"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TopologySpec.parse("kary:4.5,3"))
                .getMessage().contains("'4.5'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TopologySpec.parse("torus:4"))
                .getMessage().contains("unknown topology"));
    }
}
