package org.oft.sim.optical;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.oft.hal.SlotCounters;

/** The one-dimensional OFT by hand: ξ = 01, two processors, one routing node. */
class SlotFabricTest {
    static final long[] XI_01 = {0b10L}; // bit 0 = 0, bit 1 = 1

    static SlotFabric oneDimensional(int latency, int[] table0, int[] table1) {
        SlotFabric f = new SlotFabric(FabricWiring.of(1), latency);
        f.boards().loadSequence(1, XI_01, 2);
        f.boards().loadTable(0, table0);
        f.boards().loadTable(1, table1);
        return f;
    }

    @Test
    void packetsArriveOneSlotAfterInjectionWithLatencyOne() {
        // Latency 1: a packet injected in slot i is switched in slot i+1, state ξ(i+1).
        // P0: row 0 -> ξ1 = 1 (turn) -> P1; row 1 -> ξ0 = 0 (drop) -> P0. P1 is the XOR with 1.
        SlotFabric f = oneDimensional(1, new int[] {1, 0}, new int[] {0, 1});
        List<String> arrivals = new ArrayList<>();
        DeliverySink sink = (slot, p, src, addressed, tag) -> arrivals.add(slot + ":" + src + "->" + p + "/" + addressed);
        f.step(TrafficSource.SATURATED, sink);
        assertEquals(new SlotCounters(2, 0, 0, 0, 0), f.lastSlotCounters());
        assertArrayEquals(new byte[] {0}, f.levelStates());
        f.step(TrafficSource.SATURATED, sink);
        assertEquals(new SlotCounters(2, 2, 0, 0, 0), f.lastSlotCounters());
        assertArrayEquals(new byte[] {1}, f.levelStates());
        assertEquals(List.of("1:0->1/1", "1:1->0/0"), arrivals);
        f.step(TrafficSource.SATURATED, sink);
        assertEquals(List.of("1:0->1/1", "1:1->0/0", "2:0->0/0", "2:1->1/1"), arrivals);
        assertEquals(new SlotCounters(6, 4, 0, 0, 0), f.totalCounters());
    }

    @Test
    void latencyZeroSwitchesInTheInjectionSlot() {
        SlotFabric f = oneDimensional(0, new int[] {0, 1}, new int[] {1, 0});
        f.step(TrafficSource.SATURATED, DeliverySink.IGNORE);
        assertEquals(new SlotCounters(2, 2, 0, 0, 0), f.lastSlotCounters());
    }

    @Test
    void aTableForTheWrongLatencyMisdeliversEverything() {
        SlotFabric f = oneDimensional(0, new int[] {1, 0}, new int[] {0, 1});
        f.run(4, TrafficSource.SATURATED, DeliverySink.IGNORE);
        assertEquals(new SlotCounters(8, 0, 8, 0, 0), f.totalCounters());
    }

    @Test
    void emptyBuffersInjectNothing() {
        SlotFabric f = oneDimensional(1, new int[] {1, 0}, new int[] {0, 1});
        f.run(4, (slot, p, d) -> p == 0 && slot == 2 ? 7 : TrafficSource.NOTHING, (slot, p, src, addr, tag) -> {
            assertEquals(7, tag);
            assertEquals(3, slot);
        });
        assertEquals(new SlotCounters(1, 1, 0, 0, 0), f.totalCounters());
    }

    @Test
    void refusesToRunHalfLoadedAndSaysWhatIsMissing() {
        SlotFabric f = new SlotFabric(FabricWiring.of(2), 1);
        f.boards().loadSequence(1, new long[] {0b1100L}, 4);
        f.boards().loadTable(3, new int[] {0, 1, 2, 3});
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> f.step(TrafficSource.SATURATED, DeliverySink.IGNORE));
        assertEquals("the fabric cannot run: router-2 has no control sequence, 3 processor board(s) have no routing table (first: proc-0)",
                e.getMessage());
    }

    @Test
    void refusesMalformedTablesAndSequences() {
        SlotFabric f = new SlotFabric(FabricWiring.of(2), 1);
        assertEquals("processor 1 table row 2 names destination 4, outside 0..3",
                assertThrows(IllegalArgumentException.class, () -> f.boards().loadTable(1, new int[] {0, 1, 4, 3})).getMessage());
        assertEquals("processor 1 holds 4 table rows, offered 3",
                assertThrows(IllegalArgumentException.class, () -> f.boards().loadTable(1, new int[] {0, 1, 2})).getMessage());
        assertEquals("router level 2 holds 4 control bits, offered 8",
                assertThrows(IllegalArgumentException.class, () -> f.boards().loadSequence(2, new long[] {0}, 8)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> f.boards().setStuck(1, 2, 0));
        assertThrows(IllegalArgumentException.class, () -> new SlotFabric(FabricWiring.of(2), -1));
    }

    @Test
    void releasingAStuckNodeRestoresDelivery() {
        SlotFabric f = oneDimensional(1, new int[] {1, 0}, new int[] {0, 1});
        f.boards().setStuck(1, 0, 0);
        f.run(3, TrafficSource.SATURATED, DeliverySink.IGNORE); // deliveries in slots 1 (turn bit: wrong) and 2 (drop: right)
        assertEquals(2, f.totalCounters().misdelivered());
        assertEquals(2, f.totalCounters().delivered());
        f.boards().setStuck(1, 0, -1);
        f.run(2, TrafficSource.SATURATED, DeliverySink.IGNORE);
        assertEquals(2, f.totalCounters().misdelivered());
        assertEquals(6, f.totalCounters().delivered());
    }
}
