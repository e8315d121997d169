package org.oft.controller.oft;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ControlSequenceTest {

    @Test
    void preferOneOfOrderFourIsThePapersSequence() {
        assertEquals("0000111101100101", PreferOne.generate(4).toString());
        assertEquals("0000111101100101", LyndonPreferOne.generate(4).toString());
    }

    @Test
    void smallOrdersByHand() {
        assertEquals("01", PreferOne.generate(1).toString());
        assertEquals("0011", PreferOne.generate(2).toString());
        assertEquals("00011101", PreferOne.generate(3).toString());
    }

    @Test
    void fastGeneratorIsBitIdenticalToLiteralPreferOneForOrdersOneToTwenty() {
        for (int r = 1; r <= 20; r++) {
            ControlSequence literal = PreferOne.generate(r);
            ControlSequence fast = LyndonPreferOne.generate(r);
            assertArrayEquals(literal.packedBits(), fast.packedBits(), "order " + r);
            assertEquals(literal, fast);
        }
    }

    @Test
    void bothAreDeBruijnSequencesForOrdersOneToTwenty() {
        for (int r = 1; r <= 20; r++) {
            DeBruijnCheck.Result result = DeBruijnCheck.check(LyndonPreferOne.generate(r));
            assertTrue(result.valid(), "order " + r + ": " + result.describe());
            assertEquals(r, result.order());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, 31, 64})
    void ordersOutsideOneToThirtyAreRefused(int order) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LyndonPreferOne.generate(order));
        assertEquals("order must be between 1 and 30, got " + order, e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PreferOne.generate(order));
    }

    @Test
    void windowReadsTheRoutingBitsMostSignificantFirstAndWrapsAround() {
        ControlSequence xi = ControlSequence.parse("0000111101100101");
        assertEquals(0b0000, xi.window(0));
        assertEquals(0b0001, xi.window(1));
        assertEquals(0b1111, xi.window(4));
        assertEquals(0b1010, xi.window(13)); // 1,0,1 then wraps to 0
        assertEquals(0b1000, xi.window(15));
        assertEquals(xi.window(3), xi.window(3 + 16));
    }

    @Test
    void parseRefusesWhatIsNotABitStringOfPowerOfTwoLength() {
        assertThrows(IllegalArgumentException.class, () -> ControlSequence.parse("011"));
        assertThrows(IllegalArgumentException.class, () -> ControlSequence.parse("0120"));
        assertThrows(IllegalArgumentException.class, () -> ControlSequence.parse(""));
    }
}
