package org.oft.controller.oft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.oft.sim.optical.FabricWiring;

class OftGeometryTest {

    @Test
    void countsOfSectionTwo() {
        for (int r = 1; r <= 12; r++) {
            OftGeometry g = new OftGeometry(r);
            assertEquals(1 << r, g.processors());
            assertEquals((1 << r) - 1, g.routingNodes());
            assertEquals((long) (r + 1) << r, g.links());
            int nodes = 0;
            for (int level = 1; level <= r; level++) {
                assertEquals(1 << (r - level), g.nodesAtLevel(level));
                assertEquals(1 << level, g.portsAtLevel(level));
                nodes += g.nodesAtLevel(level);
            }
            assertEquals(g.routingNodes(), nodes);
        }
    }

    @Test
    void dropAndTurnMappingsOfSectionTwoOne() {
        OftGeometry g = new OftGeometry(3);
        // Level 2, l = 4: drop i_s -> o_s; turn i_s -> o_{(s+2) mod 4} (Figure 1).
        for (int s = 0; s < 4; s++) {
            assertEquals(s, g.outputPort(2, OftGeometry.DROP, s));
        }
        assertEquals(2, g.outputPort(2, OftGeometry.TURN, 0));
        assertEquals(3, g.outputPort(2, OftGeometry.TURN, 1));
        assertEquals(0, g.outputPort(2, OftGeometry.TURN, 2));
        assertEquals(1, g.outputPort(2, OftGeometry.TURN, 3));
    }

    @Test
    void papersExampleFromP011ToP111() {
        OftGeometry g = new OftGeometry(3);
        int s = 0b011;
        int d = 0b111;
        assertEquals(0b100, g.routingBits(s, d));
        // Root (level 3): P011 is in g_l and must turn to the right subtree.
        assertEquals(0, g.linkGroup(3, s));
        assertEquals(1, g.subtree(3, s, OftGeometry.TURN));
        // Level 2 and level 1: from g_r, drop keeps the right subtree.
        assertEquals(1, g.linkGroup(2, s));
        assertEquals(1, g.subtree(2, s, OftGeometry.DROP));
        assertEquals(1, g.linkGroup(1, s));
        assertEquals(1, g.subtree(1, s, OftGeometry.DROP));
        assertEquals(d, g.destination(s, 0b100));
    }

    @Test
    void tableOneHoldsAtEveryLevel() {
        OftGeometry g = new OftGeometry(4);
        for (int level = 1; level <= 4; level++) {
            int left = 0;                 // a source in g_l of every node above it
            int right = 1 << (level - 1); // a source in g_r
            assertEquals(0, g.subtree(level, left, OftGeometry.DROP));  // 0: g_l -> Left, Drop
            assertEquals(1, g.subtree(level, right, OftGeometry.DROP)); // 0: g_r -> Right, Drop
            assertEquals(1, g.subtree(level, left, OftGeometry.TURN));  // 1: g_l -> Right, Turn
            assertEquals(0, g.subtree(level, right, OftGeometry.TURN)); // 1: g_r -> Left, Turn
        }
    }

    @Test
    void routingBitsAreSourceXorDestinationForEveryPair() {
        for (int r = 1; r <= 8; r++) {
            OftGeometry g = new OftGeometry(r);
            for (int s = 0; s < g.processors(); s++) {
                for (int d = 0; d < g.processors(); d++) {
                    assertEquals(d, g.destination(s, s ^ d), "r=" + r + " s=" + s + " d=" + d);
                }
            }
        }
    }

    /** The closed form above agrees with the board model's fibre plant built by §2.2's recursion. */
    @Test
    void agreesWithTheRecursivelyBuiltFibrePlant() {
        for (int r = 1; r <= 9; r++) {
            OftGeometry g = new OftGeometry(r);
            FabricWiring w = FabricWiring.of(r);
            assertEquals(g.links(), w.links());
            for (int level = 1; level <= r; level++) {
                assertEquals(g.nodesAtLevel(level), w.nodesAtLevel(level));
            }
            for (int s = 0; s < g.processors(); s++) {
                for (int bits = 0; bits < g.processors(); bits++) {
                    int d = g.destination(s, bits);
                    int link = w.injectLink(s);
                    for (int k = 0; k < r; k++) {
                        int level = r - k;
                        // The packet is in the level-L node above its destination, on port s mod 2^L.
                        assertEquals(g.nodeAbove(level, d), w.nodeOf(level, link));
                        assertEquals(g.inputPortOf(level, s), link & (g.portsAtLevel(level) - 1));
                        link = w.next(level, (bits >>> (r - 1 - k)) & 1, link);
                    }
                    assertEquals(d, link, "r=" + r + " s=" + s + " bits=" + bits);
                }
            }
        }
    }

    @Test
    void refusesLevelsAndProcessorsThatDoNotExist() {
        OftGeometry g = new OftGeometry(3);
        assertThrows(IllegalArgumentException.class, () -> g.nodesAtLevel(0));
        assertThrows(IllegalArgumentException.class, () -> g.nodesAtLevel(4));
        assertThrows(IllegalArgumentException.class, () -> g.routingBits(8, 0));
        assertThrows(IllegalArgumentException.class, () -> new OftGeometry(31));
    }
}
