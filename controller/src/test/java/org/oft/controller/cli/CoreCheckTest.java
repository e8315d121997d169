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
        // one thread at once against one alone: the same work, so a share near 1 (a loaded machine may
        // slow either run; a broken measurement gives 0, NaN or a factor of several)
        double share = CoreCheck.slowestShare(1);
        assertTrue(share > 0.2 && share < 5, "share " + share);
    }

    @Test
    @Timeout(60) // a lost hand-off would spin forever
    void aRoundTripTakesTimeButNotForever() {
        double ns = CoreCheck.roundTripNanos(100);
        assertTrue(ns > 1 && ns < 1e7, "round trip " + ns + " ns");
    }
}
