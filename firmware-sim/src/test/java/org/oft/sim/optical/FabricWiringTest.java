package org.oft.sim.optical;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FabricWiringTest {

    @Test
    void twoDimensionalOftOfFigureTwo() {
        FabricWiring w = FabricWiring.of(2);
        // P_w feeds root input i_w.
        for (int p = 0; p < 4; p++) {
            assertEquals(p, w.injectLink(p));
            assertEquals(0, w.nodeOf(2, p));
        }
        // Root drop: o_0, o_1 -> left level-1 node (inputs 0,1 = links 0,1); o_2, o_3 -> right node (links 2,3).
        for (int link = 0; link < 4; link++) {
            assertEquals(link, w.next(2, 0, link));
        }
        // Root turn: i_s -> o_{(s+2) mod 4}.
        assertEquals(2, w.next(2, 1, 0));
        assertEquals(3, w.next(2, 1, 1));
        assertEquals(0, w.next(2, 1, 2));
        assertEquals(1, w.next(2, 1, 3));
        // Level-1 node 1 (links 2, 3): drop o_0 -> P2, o_1 -> P3; turn swaps.
        assertEquals(1, w.nodeOf(1, 2));
        assertEquals(2, w.next(1, 0, 2));
        assertEquals(3, w.next(1, 0, 3));
        assertEquals(3, w.next(1, 1, 2));
        assertEquals(2, w.next(1, 1, 3));
    }

    @Test
    void everyLevelIsAPermutationInBothStatesAndLinksCountAsInTheSection() {
        for (int r = 1; r <= FabricWiring.MAX_ORDER; r++) {
            FabricWiring w = FabricWiring.of(r);
            assertEquals((long) (r + 1) << r, w.links());
            for (int level = 1; level <= r; level++) {
                assertEquals(1 << (r - level), w.nodesAtLevel(level));
                for (int state = 0; state <= 1; state++) {
                    boolean[] hit = new boolean[w.processors()];
                    for (int link = 0; link < w.processors(); link++) {
                        int out = w.next(level, state, link);
                        assertTrue(!hit[out], "order " + r + " level " + level + " state " + state);
                        hit[out] = true;
                        // Every output stays under the node it left: its subtree.
                        assertEquals(w.nodeOf(level, link), out >> level);
                    }
                }
            }
        }
    }

    @Test
    void refusesOrdersTheModelCannotHold() {
        assertEquals("order must be between 1 and 16 for the board model, got 17",
                assertThrows(IllegalArgumentException.class, () -> FabricWiring.of(17)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> FabricWiring.of(0));
        assertThrows(IllegalArgumentException.class, () -> FabricWiring.of(2).next(3, 0, 0));
    }
}
