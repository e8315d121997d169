package org.oft.sim.optical;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/** The slot loop allocates nothing per packet or per slot: measured in bytes, not in time. */
class SlotLoopAllocationTest {

    @Test
    void slotLevelModelAllocatesNothingPerSlot() {
        assertAllocatesNothing(new SlotFabric(FabricWiring.of(6), 1));
    }

    @Test
    void timedModelAllocatesNothingPerSlot() {
        TimedFabric f = new TimedFabric(FibrePlant.nominal(FabricWiring.of(6), TimingParameters.defaults(), 1), 1);
        for (int s = 0; s < 64; s++) {
            f.clocks().setInjectionPhase(s, TimingParameters.defaults().centredStartPs()); // nominal fibres: centred
        }
        assertAllocatesNothing(f);
        assertEquals(0, f.truncatedTotal() + f.wrongStateTotal());
        assertEquals(54, f.worstMarginPs());
    }

    private static void assertAllocatesNothing(FabricModel f) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        int r = 6;
        int n = 1 << r;
        long[] bits = {0};
        for (int level = 1; level <= r; level++) {
            f.boards().loadSequence(level, bits, n); // all-drop: every packet goes back to its source
        }
        for (int s = 0; s < n; s++) {
            int[] rows = new int[n];
            java.util.Arrays.fill(rows, s);
            f.boards().loadTable(s, rows);
        }
        f.run(2_000, TrafficSource.SATURATED, DeliverySink.IGNORE); // warm up, let the JIT settle
        long tid = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(tid);
        f.run(20_000, TrafficSource.SATURATED, DeliverySink.IGNORE);
        long allocated = threads.getThreadAllocatedBytes(tid) - before;
        // 20,000 slots × 64 packets × 7 links: even one small object per slot would be > 300 kB.
        assertTrue(allocated < 64 * 1024, "slot loop allocated " + allocated + " bytes");
        assertEquals(22_000L * n, f.totalCounters().injected());
        assertEquals(0, f.totalCounters().misdelivered());
    }
}
