package org.oft.controller.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class CoreCheckTest {
    @Test
    void theLoopIsTheXorshiftItNames() {
        long x = 0x9E3779B97F4A7C15L;
        x ^= x << 13;
        x ^= x >>> 7;
        x ^= x << 17;
        assertEquals(x, CoreCheck.spin(1));
        assertEquals(0x9E3779B97F4A7C15L, CoreCheck.spin(0));
    }

    @Test
    @Timeout(60)
    void oneThreadIsItsOwnReference() {
        // one thread at once against one alone: the same work, so a share near 1 on an idle machine; how
        // near is for the bench to print (a shared CI machine may slow either run by any factor), so
        // this asks only for a measurement: a positive finite ratio, not 0, NaN or infinity
        double share = CoreCheck.slowestShare(1);
        assertTrue(share > 0 && Double.isFinite(share), "share " + share);
    }

    @Test
    @Timeout(60) // a lost hand-off would spin forever
    void aRoundTripTakesTimeButNotForever() {
        // no upper bound: with both cores busy a spinning partner waits out whole time slices (12 ms a
        // trip was seen in CI); "not forever" is the timeout's to judge
        double ns = CoreCheck.roundTripNanos(100);
        assertTrue(ns > 1 && Double.isFinite(ns), "round trip " + ns + " ns");
    }
}
