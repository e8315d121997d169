package org.oft.controller.oft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DeBruijnCheckTest {

    @Test
    void acceptsThePapersExampleAndItsRotations() {
        String xi = "0000111101100101";
        for (int k = 0; k < xi.length(); k++) {
            String rotated = xi.substring(k) + xi.substring(0, k);
            assertTrue(DeBruijnCheck.check(rotated).valid(), rotated);
        }
    }

    @Test
    void namesTheFirstRepeatedWindowAndBothPositions() {
        // Swapping two bits of the paper's sequence: 0000 repeats.
        DeBruijnCheck.Result r = DeBruijnCheck.check("0000011101100101");
        assertFalse(r.valid());
        assertEquals(4, r.order());
        assertEquals(0b0000, r.window());
        assertEquals(0, r.firstAt());
        assertEquals(1, r.repeatAt());
        assertEquals("not a de Bruijn sequence: window 0000 appears at positions 0 and 1", r.describe());
    }

    @Test
    void aRepeatAcrossTheWrapIsFound() {
        // 0110: windows 01, 11, 10, 00 -> valid; 0101: 01 repeats at 0 and 2.
        assertTrue(DeBruijnCheck.check("0110").valid());
        DeBruijnCheck.Result r = DeBruijnCheck.check("0101");
        assertEquals("window 01 appears at positions 0 and 2", r.reason());
    }

    @Test
    void refusesLengthsThatAreNotPowersOfTwoAndForeignCharacters() {
        assertEquals("length 12 is not 2^r for any r >= 1", DeBruijnCheck.check("000011110110").reason());
        assertEquals("character 'x' at position 2 is not 0 or 1", DeBruijnCheck.check("01x1").reason());
        assertFalse(DeBruijnCheck.check("").valid());
        assertFalse(DeBruijnCheck.check("0").valid());
    }

    @Test
    void allZerosIsNotDeBruijn() {
        assertFalse(DeBruijnCheck.check("00000000").valid());
    }
}
