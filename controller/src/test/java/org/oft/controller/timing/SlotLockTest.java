package org.oft.controller.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.oft.sim.clock.SlotLoop;

/**
 * Separate boards, each on its own crystal within ±100 ppm and 50 ps of jitter, on the timed fabric: with the
 * slot-reference line every board is in step within 1,000 slots and no packet goes wrong; without it the first goes
 * wrong where the drift says; and a cut line makes boards stop, never collide.
 */
class SlotLockTest {
    static void print(String what, SlotLock.Row r) {
        System.out.printf("slot lock, %s: order %d, lock %d slots, phase error p50 %.3f p99 %.3f p99.9 %.3f max %.3f cycles, "
                        + "%d injected, %d delivered, %d collisions, %d misdelivered, %d truncated, %d wrong state, %d held back, "
                        + "%d blanked, first failure %d (predicted %d)%n", what, r.options().order(), r.lockSlots(),
                r.phaseError().p50(), r.phaseError().p99(), r.phaseError().p999(), r.phaseError().max(), r.injected(), r.delivered(),
                r.collisions(), r.misdelivered(), r.truncated(), r.wrongState(), r.heldBack(), r.blanked(), r.firstFailure(),
                r.predictedFailure());
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4})
    void withTheLineEveryBoardIsInStepAndNoPacketGoesWrong(int order) {
        SlotLock.Row r = SlotLock.run(new SlotLock.Options(order, 100_000, 63 + order, true, 100, 50, -1));
        print("line", r);
        assertTrue(r.lockSlots() > 0 && r.lockSlots() <= SlotLock.LOCK_BUDGET, "in step after " + r.lockSlots() + " slots");
        assertEquals(100_000L << order, r.injected(), "every processor injects in every slot once in step");
        assertTrue(r.delivered() <= r.injected() && r.delivered() >= r.injected() - (order << order),
                "all delivered but the last " + order + " slots' in flight: " + r.delivered() + " of " + r.injected());
        assertEquals(0, r.collisions() + r.misdelivered() + r.truncated() + r.wrongState() + r.heldBack() + r.blanked());
        assertTrue(r.phaseError().p999() <= 1.0, "p99.9 of the slot starts' error: " + r.phaseError().p999() + " cycles");
        assertEquals(-1, r.firstFailure());
    }

    @Test
    void withoutTheLineTheFirstPacketGoesWrongWhereTheDriftSays() {
        SlotLock.Row r = SlotLock.run(new SlotLock.Options(3, 2_000, 5, false, 100, 50, -1));
        print("no line", r);
        assertTrue(r.firstFailure() >= 0, "the drift never showed");
        assertTrue(Math.abs(r.firstFailure() - r.predictedFailure()) <= 0.1 * r.predictedFailure(),
                "first failure at slot " + r.firstFailure() + ", predicted " + r.predictedFailure());
        assertTrue(r.collisions() + r.misdelivered() + r.truncated() > 0);
    }

    @Test
    void aCutLineStopsTheBoardsWithinLossSlotsAndNothingCollides() {
        SlotLock.Row r = SlotLock.run(new SlotLock.Options(3, 3_000, 9, true, 100, 50, 1_000));
        print("line cut at 1000", r);
        assertEquals(0, r.collisions() + r.misdelivered() + r.truncated() + r.wrongState(), "a board out of step stops, silently wrong never");
        assertTrue(r.heldBack() > 0 && r.blanked() >= 0);
        // the cut's slot 1000 on: held over for LOSS_SLOTS, then nothing is injected
        long injectingSlots = r.injected() >> 3;
        assertTrue(injectingSlots >= 1000 + SlotLoop.LOSS_SLOTS
                && injectingSlots <= 1000 + SlotLoop.LOSS_SLOTS + 3, "slots injected in: " + injectingSlots);
    }
}
