package org.oft.sim.optical;

import org.oft.hal.SlotCounters;

/** Counters updated in the slot loop without allocation. */
final class MutableCounters {
    long injected;
    long delivered;
    long misdelivered;
    long collisions;
    long lost;

    void clear() {
        injected = delivered = misdelivered = collisions = lost = 0;
    }

    void addTo(MutableCounters total) {
        total.injected += injected;
        total.delivered += delivered;
        total.misdelivered += misdelivered;
        total.collisions += collisions;
        total.lost += lost;
    }

    SlotCounters snapshot() {
        return new SlotCounters(injected, delivered, misdelivered, collisions, lost);
    }
}
