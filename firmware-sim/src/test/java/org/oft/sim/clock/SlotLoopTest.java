package org.oft.sim.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The Java loop does what rtl/bench/slot_sync_tb.v finds the RTL doing, in the same set-up: a leader on an exact
 * 48 MHz crystal, 100-cycle slots, a follower at 0, ±100, +37.5 and -61 ppm with 50 ps of jitter on every edge.
 */
class SlotLoopTest {
    static final double REF_HZ = 1e12 / 20834.0;
    static final int P = 100;

    static FreeRunning leader() {
        return new FreeRunning(new Crystal(REF_HZ, 0, 0, 0, 1), P, 0, 1000);
    }

    /** A follower powered up at a phase of its own during the leader's slot {@code at}. */
    static SlotLoop follower(FreeRunning leader, SyncLine line, double ppm, long at, long seed) {
        double origin = leader.start(at) + 1234.0 + 97 * 20834.0 * ((seed * 37) % 97) / 97.0;
        Crystal c = new Crystal(REF_HZ, ppm, 50, origin, seed);
        return new SlotLoop(c, line, P, 0, 0);
    }

    /** The follower's start nearest the leader's slot k's, less it, in the follower's cycles. */
    static double error(SlotLoop f, FreeRunning leader, long k) {
        long l = leader.start(k);
        long j = f.slotAt(l);
        long a = f.start(j);
        long b = f.start(j + 1);
        long s = Math.abs(a - l) <= Math.abs(b - l) ? a : b;
        return (s - l) / f.crystal().cyclePs();
    }

    @ParameterizedTest
    @ValueSource(doubles = {0, 100, -100, 37.5, -61})
    void locksWithin20SlotsAndStaysWithinHalfACycleWithTheLeadersNumbers(double ppm) {
        FreeRunning leader = leader();
        SyncLine line = new SyncLine(leader, 0);
        long from = 1010;
        SlotLoop f = follower(leader, line, ppm, from, 7);
        double worst = 0;
        for (long k = from + 1; k < from + 3000; k++) {
            double e = error(f, leader, k);
            if (f.inStep() && k > f.lockedAt() + 1) {
                worst = Math.max(worst, Math.abs(e));
                assertEquals(leader.start(k), f.start(k), 0.55 * f.crystal().cyclePs(), "slot " + k + ": its number is the leader's");
            }
        }
        System.out.printf("slot loop at %+.1f ppm: locked %d slots after power-up, starts within %.3f cycles%n", ppm,
                f.lockedAt() - from, worst);
        assertTrue(f.lockedAt() >= 0 && f.lockedAt() - from <= 20, "locked at the leader's slot " + f.lockedAt() + ", powered up at " + from);
        assertTrue(worst <= 0.55, "a locked start off the leader's by " + worst + " cycles");
        assertTrue(f.measuredCycles() > 0, "the leader's period measured");
        assertEquals(P * (1 + ppm * 1e-6), f.measuredCycles(), 2.0 / 256, "the leader's slot in the follower's cycles");
        assertEquals(0, f.unlocks());
    }

    @Test
    void aShortCutIsHeldOverAndALongOneUnlocksLossSlotsAfter() {
        FreeRunning leader = leader();
        SyncLine line = new SyncLine(leader, 0);
        long from = 1010;
        SlotLoop f = follower(leader, line, -100, from, 11);
        long shortCut = from + 600;
        line.cut(shortCut, shortCut + SlotLoop.LOSS_SLOTS - 2);
        double held = 0;
        for (long k = from + 1; k < shortCut + 600; k++) {
            double e = error(f, leader, k);
            if (k >= shortCut) {
                held = Math.max(held, Math.abs(e));
                assertTrue(f.locked(), "lock kept over a short cut, slot " + k);
            }
        }
        System.out.printf("slot loop: a %d-slot cut held within %.3f cycles%n", SlotLoop.LOSS_SLOTS - 2, held);
        assertTrue(held <= 1.05, "held over, a start off by " + held + " cycles");
        assertEquals(0, f.unlocks());
        long longCut = shortCut + 600;
        line.cut(longCut, longCut + 3 * SlotLoop.LOSS_SLOTS);
        long unlockedAt = -1;
        for (long k = longCut; k < longCut + 3 * SlotLoop.LOSS_SLOTS; k++) {
            error(f, leader, k);
            if (unlockedAt < 0 && !f.locked()) {
                unlockedAt = k;
            }
        }
        assertTrue(unlockedAt - longCut >= SlotLoop.LOSS_SLOTS && unlockedAt - longCut <= SlotLoop.LOSS_SLOTS + 2,
                "lock lost " + (unlockedAt - longCut) + " slots after the cut");
        assertFalse(f.inStepIn(f.slotAt(leader.start(longCut + 2L * SlotLoop.LOSS_SLOTS))), "out of step once unlocked");
        // mended: locked again after LOCK_SLOTS pulses, in step only once a frame has told the numbers again
        long mended = longCut + 3 * SlotLoop.LOSS_SLOTS;
        long relocked = -1;
        long inStepAgain = -1;
        for (long k = mended; k < mended + 3 * SlotLoop.FRAME && inStepAgain < 0; k++) {
            error(f, leader, k);
            if (relocked < 0 && f.locked()) {
                relocked = k;
            }
            if (f.inStep()) {
                inStepAgain = k;
            }
        }
        assertTrue(relocked >= 0 && relocked - mended <= SlotLoop.LOCK_SLOTS + 4, "relocked " + (relocked - mended) + " slots after");
        assertTrue(inStepAgain > relocked && inStepAgain - relocked <= 2 * SlotLoop.FRAME,
                "in step again at slot " + inStepAgain + ": after a frame, not at the relock (" + relocked + ")");
    }

    @Test
    void withoutTheLineAFollowerDriftsACycleOffWhenTheDriftSays() {
        FreeRunning leader = leader();
        SyncLine line = new SyncLine(leader, 0);
        long from = 1010;
        SlotLoop f = follower(leader, line, 100, from, 13);
        long k = from + 1;
        for (; k < from + 400; k++) {
            error(f, leader, k);
        }
        f.follow(false);
        double e0 = error(f, leader, ++k);
        long last = k;
        long exceed = -1;
        for (k++; k < last + 400 && exceed < 0; k++) {
            if (Math.abs(error(f, leader, k)) > 1.0) {
                exceed = k - last;
            }
        }
        double predicted = (1.0 + e0) / (P * 100e-6); // a faster follower comes earlier each slot
        System.out.printf("slot loop: free-running at +100 ppm a cycle off after %d slots (%.1f predicted)%n", exceed, predicted);
        assertTrue(exceed >= 0.9 * predicted && exceed <= 1.1 * predicted + 1,
                "a cycle off after " + exceed + " slots, " + predicted + " predicted");
    }
}
