package org.oft.controller.boards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** How {@code --board} names the boards: the lab benches' crystal spreads, checked before anything starts. */
class BoardSpecTest {
    private static String refused(String spec) {
        return assertThrows(IllegalArgumentException.class, () -> BoardSpec.parse(spec)).getMessage();
    }

    @Test
    void aLabBenchsCrystalsAreWithin100PpmUnlessSaid() {
        assertEquals("100", BoardSpec.parse("sim-lab").path());
        assertEquals("50", BoardSpec.parse("sim-lab:50").path());
        assertEquals("free", BoardSpec.parse("sim-lab:free").path());
        assertEquals("100", BoardSpec.parse("rtl-lab").path());
        assertEquals("0", BoardSpec.parse("rtl-lab:0").path());
    }

    @Test
    void aSpreadThatIsNoNumberOrPast1000PpmIsRefusedWithTheForm() {
        assertTrue(refused("rtl-lab:fast").contains("expected rtl-lab[:PPM]"));
        assertTrue(refused("sim-lab:fast").contains("expected sim-lab[:PPM or :free]"));
        assertTrue(refused("rtl-lab:2000").contains("crystals are within 0..1000 ppm, got 2000"));
        assertTrue(refused("sim-lab:-5").contains("crystals are within 0..1000 ppm, got -5"));
        assertTrue(refused("rtl-lab:free").contains("expected rtl-lab[:PPM]"), "only the model runs without the line");
    }
}
