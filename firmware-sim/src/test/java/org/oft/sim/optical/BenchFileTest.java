package org.oft.sim.optical;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BenchFileTest {
    private final FibrePlant plant = FibrePlant.nominal(FabricWiring.of(3), TimingParameters.defaults(), 1);
    private final BoardClocks clocks = new BoardClocks(3, 1400);

    @Test
    void setsLengthsDeadFibresAndClocks() {
        BenchFile.apply("""
                # measured on the bench
                fibre P3 281.5
                L2.1.3 279   # shorthand
                dead L1.0.1
                clock router-3 phase=120 drift=2.5
                clock proc-5 phase=-30
                """, plant, clocks);
        assertEquals(281.5, plant.lengthMm(plant.indexOf("P3")), 1e-9);
        assertEquals(1408, plant.delayPs(plant.indexOf("P3")));
        assertEquals(279.0, plant.lengthMm(plant.indexOf("L2.1.3")), 1e-9);
        assertTrue(plant.dead(plant.indexOf("L1.0.1")));
        assertEquals(120, clocks.routerPhase(3));
        assertEquals(2.5, clocks.routerDrift(3), 1e-12);
        assertEquals(-30, clocks.processorPhase(5));
        assertEquals(280.0, plant.lengthMm(plant.indexOf("P2")), 1e-9);
    }

    @Test
    void namesRoundTripThroughTheWiring() {
        for (int i = 0; i < plant.links(); i++) {
            assertEquals(i, plant.indexOf(plant.name(i)));
        }
        assertEquals("L3.0.5", plant.name(plant.index(1, 5)));
        assertEquals("L1.2.1", plant.name(plant.index(3, 5)));
    }

    @Test
    void errorsNameTheLineAndTheProblem() {
        assertEquals("bench file line 2: no fibre 'L4.0.0' in an order-3 fabric (processor fibres P0..P7, router outputs L<level>.<node>.<port>)",
                assertThrows(IllegalArgumentException.class, () -> BenchFile.apply("P1 280\nL4.0.0 280", plant, clocks)).getMessage());
        assertEquals("bench file line 1: length must be a number, got 'long'",
                assertThrows(IllegalArgumentException.class, () -> BenchFile.apply("fibre P1 long", plant, clocks)).getMessage());
        assertEquals("bench file line 1: fibre P1: length must be between 0 and 10000000 mm (10 km), got -3.0",
                assertThrows(IllegalArgumentException.class, () -> BenchFile.apply("P1 -3", plant, clocks)).getMessage());
        assertEquals("bench file line 1: fibre P1: length must be between 0 and 10000000 mm (10 km), got 1.0E30",
                assertThrows(IllegalArgumentException.class, () -> BenchFile.apply("P1 1e30", plant, clocks)).getMessage());
        assertEquals("bench file line 1: phase must be within ±1000000000 ps (1 ms), got 1e30",
                assertThrows(IllegalArgumentException.class, () -> BenchFile.apply("clock proc-1 phase=1e30", plant, clocks)).getMessage());
        assertEquals("bench file line 1: clock drift must be within ±1000 ppm, got 5000.0",
                assertThrows(IllegalArgumentException.class, () -> BenchFile.apply("clock router-1 drift=5000", plant, clocks)).getMessage());
        assertEquals("bench file line 1: unknown board 'switch-1' (router-<level> or proc-<n>)",
                assertThrows(IllegalArgumentException.class, () -> BenchFile.apply("clock switch-1 phase=1", plant, clocks)).getMessage());
    }
}
