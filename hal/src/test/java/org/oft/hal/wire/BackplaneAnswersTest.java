package org.oft.hal.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import org.junit.jupiter.api.Test;

/** Separate boards' answers to one backplane request, made the one answer a backplane gives. */
class BackplaneAnswersTest {
    private static final int BP = Message.BACKPLANE;

    @Test
    void identifyCountsTheBenchesBoards() {
        Message m = BackplaneAnswers.combine(new Message[] {new Message.Backplane(7, BP, 1, 3, 11), new Message.Backplane(7, BP, 1, 3, 12)}, 11);
        assertEquals(new Message.Backplane(7, BP, 11, 3, 11), m);
    }

    @Test
    void telemetrySumsTheCountersTakesEachLevelFromItsBoardAndTheSlotEveryBoardReached() {
        byte ff = (byte) 0xFF;
        Message.Telemetry router2 = new Message.Telemetry(3, BP, 40, true, new long[10], new byte[] {ff, 1, ff});
        Message.Telemetry procA = new Message.Telemetry(3, BP, 41, true, new long[] {5, 4, 1, 0, 0, 1, 1, 0, 0, 0}, new byte[] {ff, ff, ff});
        Message.Telemetry procB = new Message.Telemetry(3, BP, 41, false, new long[] {5, 5, 0, 0, 2, 1, 1, 0, 0, 0}, new byte[] {ff, ff, ff});
        Message.Telemetry t = (Message.Telemetry) BackplaneAnswers.combine(new Message[] {router2, procA, procB}, 3);
        assertEquals(40, t.slot());
        assertFalse(t.running(), "a board that does not run makes the bench not run");
        assertArrayEquals(new long[] {10, 9, 1, 0, 2, 2, 2, 0, 0, 0}, t.counters());
        assertArrayEquals(new byte[] {ff, 1, ff}, t.levelState());
    }

    @Test
    void anAckOnlyFromEveryBoardElseTheFirstRefusal() {
        Message.Nack no = new Message.Nack(9, BP, Protocol.E_FENCED, "generation 3 is below 4");
        assertEquals(no, BackplaneAnswers.combine(new Message[] {new Message.Ack(9, BP), no, new Message.Nack(9, BP, 3, "other")}, 3));
        assertEquals(new Message.Ack(9, BP), BackplaneAnswers.combine(new Message[] {new Message.Ack(9, BP), new Message.Ack(9, BP)}, 2));
        Message odd = BackplaneAnswers.combine(new Message[] {new Message.Ack(9, BP), new Message.Owner(9, BP, 1, 0, "")}, 2);
        assertInstanceOf(Message.Nack.class, odd);
    }

    @Test
    void ownershipIsTheHighestGenerationAnyBoardHoldsAndStatusTheBoardFurthestBehind() {
        Message.Owner low = new Message.Owner(2, BP, 4, 900, "a");
        Message.Owner high = new Message.Owner(2, BP, 6, 100, "b");
        assertEquals(high, BackplaneAnswers.combine(new Message[] {low, high}, 2));
        Message.Status behind = new Message.Status(5, BP, 1, 100, -1, new int[0], new int[0]);
        Message.Status ahead = new Message.Status(5, BP, 2, 101, -1, new int[0], new int[0]);
        assertEquals(behind, BackplaneAnswers.combine(new Message[] {ahead, behind}, 2), "a slot has run once it has everywhere");
    }
}
