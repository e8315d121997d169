package org.oft.sim.flit;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicIntegerArray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LaneThreadsTest {

    /** Every cycle runs every lane exactly once, whichever thread claims it, and never two at once. */
    @Test
    void everyLaneRunsOncePerCycle() {
        int lanes = 3;
        AtomicIntegerArray runs = new AtomicIntegerArray(lanes);
        AtomicIntegerArray running = new AtomicIntegerArray(lanes);
        java.util.concurrent.atomic.AtomicInteger overlaps = new java.util.concurrent.atomic.AtomicInteger();
        LaneThreads threads = new LaneThreads(lanes - 1, l -> {
            if (running.getAndIncrement(l) != 0) {
                overlaps.incrementAndGet();
            }
            for (int spin = 0; spin < (l + 1) * 50; spin++) {
                Thread.onSpinWait();
            }
            runs.incrementAndGet(l);
            running.decrementAndGet(l);
        });
        try {
            for (int c = 1; c <= 20_000; c++) {
                threads.cycle();
                for (int l = 0; l < lanes; l++) {
                    assertEquals(c, runs.get(l), "lane " + l + " after cycle " + c);
                }
            }
        } finally {
            threads.close();
        }
        assertEquals(0, overlaps.get());
    }

    /**
     * A helper that is not on a core when the cycle starts (here: parked after a long idle) does
     * not hold the cycle up: the caller runs its lane.
     */
    @Test
    void theCallerRunsTheLaneOfAHelperThatIsNotThere() throws InterruptedException {
        LaneThreads threads = new LaneThreads(1, l -> { });
        try {
            for (int k = 0; k < 5 && threads.stolen() == 0; k++) {
                Thread.sleep(30); // the helper spins, yields for about 2 ms, then parks
                threads.cycle();
            }
            assertTrue(threads.stolen() > 0, "the caller never ran the parked helper's lane");
        } finally {
            threads.close();
        }
    }

    /** A lane that fails fails the cycle, with its cause, and the next cycle runs. */
    @Test
    void aFailingLaneFailsItsCycle() {
        boolean[] fail = {true};
        LaneThreads threads = new LaneThreads(1, l -> {
            if (l == 1 && fail[0]) {
                throw new ArithmeticException("lane one");
            }
        });
        try {
            IllegalStateException e = assertThrows(IllegalStateException.class, threads::cycle);
            assertTrue(e.getMessage().contains("lane one"), e.getMessage());
            fail[0] = false;
            threads.cycle();
        } finally {
            threads.close();
        }
    }
}
