package org.oft.controller.oft;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RoutingTablesTest {

    @Test
    void everySlotIsAPermutationAndEveryPairMeetsOncePerCycleForOrdersOneToTen() {
        for (int r = 1; r <= 10; r++) {
            RoutingTables t = new RoutingTables(LyndonPreferOne.generate(r), 1);
            int n = t.processors();
            int[][] rows = new int[n][];
            for (int s = 0; s < n; s++) {
                rows[s] = t.forProcessor(s);
            }
            for (int i = 0; i < n; i++) {
                boolean[] hit = new boolean[n];
                for (int s = 0; s < n; s++) {
                    int d = rows[s][i];
                    assertTrue(!hit[d], "order " + r + " slot " + i + ": destination " + d + " twice");
                    hit[d] = true;
                }
            }
            for (int s = 0; s < n; s++) {
                boolean[] reached = new boolean[n];
                for (int i = 0; i < n; i++) {
                    int d = rows[s][i];
                    assertTrue(!reached[d], "order " + r + " processor " + s + " reaches " + d + " twice");
                    reached[d] = true;
                }
            }
        }
    }

    @Test
    void processorZeroGetsThePapersRoutingTableAlgorithmReadLiterally() {
        // Algorithm "Routing table", §3.2: row i holds the destination whose address bits are ξ(i+1 .. i+r).
        ControlSequence xi = ControlSequence.parse("0000111101100101");
        RoutingTables t = new RoutingTables(xi, 1);
        int[] expected = new int[16];
        for (int i = 0; i < 16; i++) {
            int address = 0;
            for (int k = 0; k < 4; k++) {
                address = (address << 1) | xi.bit(i + k + 1);
            }
            expected[i] = address;
        }
        assertArrayEquals(expected, t.forProcessor(0));
        // Row 0 of P0: ξ1..ξ4 = 0001; row 3: ξ4..ξ7 = 1111.
        assertEquals(0b0001, t.destination(0, 0));
        assertEquals(0b1111, t.destination(0, 3));
        // Any other processor: XOR with its own label (§3.1), not the same row.
        assertEquals(0b0101 ^ 0b0001, t.destination(0b0101, 0));
    }

    @Test
    void latencyShiftsTheWindow() {
        ControlSequence xi = LyndonPreferOne.generate(5);
        RoutingTables one = new RoutingTables(xi, 1);
        RoutingTables three = new RoutingTables(xi, 3);
        for (int s = 0; s < 32; s += 7) {
            for (int i = 0; i < 32; i++) {
                assertEquals(one.destination(s, i + 2), three.destination(s, i));
                assertEquals(s ^ xi.window(i + 3), three.destination(s, i));
            }
        }
    }

    @Test
    void forProcessorAndStreamingAgreeWithTheClosedForm() {
        RoutingTables t = new RoutingTables(LyndonPreferOne.generate(8), 2);
        for (int s : new int[] {0, 1, 77, 255}) {
            int[] rows = t.forProcessor(s);
            int[] streamed = new int[rows.length];
            t.forEachRow(s, (row, d) -> streamed[row] = d);
            assertArrayEquals(rows, streamed);
            for (int i = 0; i < rows.length; i++) {
                assertEquals(t.destination(s, i), rows[i]);
            }
        }
    }

    @Test
    void oneProcessorsTableAtOrderTwentyWithoutAnNByNTable() {
        RoutingTables t = new RoutingTables(LyndonPreferOne.generate(20), 1);
        int[] rows = t.forProcessor(12345);
        boolean[] reached = new boolean[rows.length];
        for (int d : rows) {
            assertTrue(!reached[d]);
            reached[d] = true;
        }
    }

    @Test
    void refusesBadProcessorsAndLatencies() {
        RoutingTables t = new RoutingTables(LyndonPreferOne.generate(3), 1);
        assertThrows(IllegalArgumentException.class, () -> t.forProcessor(8));
        assertThrows(IllegalArgumentException.class, () -> t.forProcessor(-1));
        assertThrows(IllegalArgumentException.class, () -> new RoutingTables(LyndonPreferOne.generate(3), -1));
    }
}
