package org.oft.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/** The slot loop allocates nothing per packet or per slot: measured in bytes, not in time. */
class SlotLoopAllocationTest {

    @Test
    void runningThousandsOfSlotsAllocatesNothingPerSlot() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        int r = 6;
        int n = 1 << r;
        SlotFabric f = new SlotFabric(FabricWiring.of(r), 1);
        long[] bits = {0};
        for (int level = 1; level <= r; level++) {
            f.loadSequence(level, bits, n); // all-drop: every packet goes back to its source
        }
        for (int s = 0; s < n; s++) {
            int[] rows = new int[n];
            java.util.Arrays.fill(rows, s);
            f.loadTable(s, rows);
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
