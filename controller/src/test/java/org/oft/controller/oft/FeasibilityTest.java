package org.oft.controller.oft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class FeasibilityTest {

    /** §2.3: r = 6, B = 100 Gb/s, N_p = 128 b, refraction 1.5, 1 GHz clock. */
    @Test
    void reproducesThePapersSixDimensionalExample() {
        Feasibility.Report f = Feasibility.of(Feasibility.Parameters.paperDefaults(6));
        assertEquals(2.0, f.bitLengthMm(), 1e-9);          // "the length of a bit in a fiber is 2 mm"
        assertEquals(256.0, f.packetLengthMm(), 1e-9);     // "l_p ≃ 256 mm"
        assertEquals(1.28, f.slotNs(), 1e-9);              // "t_p ≃ 1.3 ns"
        assertEquals(1.3, f.slotNs(), 0.05);
        assertEquals(1.28, f.cyclesPerSlot(), 1e-9);       // "1.3 clock cycles" between adjacent routers
        assertEquals(448, f.links());                      // (r+1)·2^r
        assertEquals(114.688, f.totalFibreM(), 1e-9);      // "L_f ≃ 115 m"
        assertEquals(115, Math.round(f.totalFibreM()));
        assertEquals(7.68, f.routingTimeCycles(), 1e-9);   // "t_r ≃ 8 clock cycles"
        assertEquals(8, Math.round(f.routingTimeCycles()));
    }

    @Test
    void scalesWithItsInputs() {
        Feasibility.Report f = Feasibility.of(new Feasibility.Parameters(4, 200, 256, 1.5, 2.0));
        assertEquals(1.0, f.bitLengthMm(), 1e-9);
        assertEquals(256.0, f.packetLengthMm(), 1e-9);
        assertEquals(1.28, f.slotNs(), 1e-9);
        assertEquals(2.56, f.cyclesPerSlot(), 1e-9);
        assertEquals(80, f.links());
    }

    @Test
    void refusesImpossibleParameters() {
        assertThrows(IllegalArgumentException.class, () -> new Feasibility.Parameters(6, 0, 128, 1.5, 1));
        assertThrows(IllegalArgumentException.class, () -> new Feasibility.Parameters(6, 100, 0, 1.5, 1));
        assertThrows(IllegalArgumentException.class, () -> new Feasibility.Parameters(6, 100, 128, 0.5, 1));
        assertThrows(IllegalArgumentException.class, () -> new Feasibility.Parameters(6, 100, 128, Double.NaN, 1));
        assertThrows(IllegalArgumentException.class, () -> new Feasibility.Parameters(6, 100, 128, 1.5, -1));
        assertThrows(IllegalArgumentException.class, () -> new Feasibility.Parameters(0, 100, 128, 1.5, 1));
    }
}
