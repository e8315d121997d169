package org.oft.controller.hrelation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HRelationRoutingTest {

    @Test
    void adversarialRelationCostsAboutNDirectAndAtMostTwoPointTwoInTwoPhases() {
        int r = 4;
        int n = 16;
        int h = 16 * n;
        HRelation rel = HRelation.adversarial(n, h, 7);
        HRelationRouting.Result direct = HRelationRouting.route(r, rel, Schedule.DIRECT, 1);
        HRelationRouting.Result twoPhase = HRelationRouting.route(r, rel, Schedule.TWO_PHASE, 1);
        assertEquals(n * h, direct.packets());
        assertTrue(direct.cost() > 0.95 * n && direct.cost() <= n + 1, "direct cost " + direct.cost());
        assertTrue(twoPhase.cost() <= 2.2, "two-phase cost " + twoPhase.cost());
        assertTrue(twoPhase.cost() >= 1.0, "two-phase cost " + twoPhase.cost());
        assertEquals(0, direct.misdelivered());
        assertEquals(0, twoPhase.collisions());
    }

    @Test
    void directRoutingTimeOfTheAdversarialRelationByHand() {
        // Each source's h packets wait in one buffer served once per n slots: the last leaves in the
        // slot (h-1)·n + row, and arrives latency + r - 1 slots later. Some source's row is n - 1.
        int r = 3;
        int n = 8;
        int h = 5;
        HRelationRouting.Result direct = HRelationRouting.route(r, HRelation.adversarial(n, h, 1), Schedule.DIRECT, 1);
        assertEquals((long) (h - 1) * n + (n - 1) + 1 + r - 1 + 1, direct.slots());
    }

    @Test
    void randomRelationsAreRoutedCompletelyByBothSchedules() {
        for (int r = 1; r <= 6; r++) {
            int n = 1 << r;
            HRelation rel = HRelation.random(n, 3 * n, r);
            for (Schedule s : Schedule.values()) {
                HRelationRouting.Result res = HRelationRouting.route(r, rel, s, 1);
                assertEquals(0, res.misdelivered());
                assertEquals(0, res.collisions());
                assertTrue(res.slots() >= 3 * n, "at least h slots: each processor sends one packet a slot");
            }
        }
    }

    @Test
    void randomRelationIsAnExactHRelation() {
        HRelation rel = HRelation.random(16, 40, 3);
        int[] in = new int[16];
        int[] out = new int[16];
        for (int p = 0; p < rel.packets(); p++) {
            out[rel.source(p)]++;
            in[rel.destination(p)]++;
        }
        for (int i = 0; i < 16; i++) {
            assertEquals(40, in[i]);
            assertEquals(40, out[i]);
        }
    }

    @Test
    void refusesImpossibleInputs() {
        assertThrows(IllegalArgumentException.class, () -> HRelation.random(16, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> HRelationRouting.route(3, HRelation.random(16, 2, 1), Schedule.DIRECT, 1));
        assertThrows(IllegalArgumentException.class, () -> Schedule.byName("valiant"));
    }
}
