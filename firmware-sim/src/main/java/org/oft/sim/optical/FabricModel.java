package org.oft.sim.optical;

import org.oft.hal.SlotCounters;

/** A model of the fabric and its boards that runs slot by slot: slot-level or timed. */
public interface FabricModel {
    BoardState boards();

    int order();

    int processors();

    /** Slots from injection until the root switches a packet, by the fibre plant's design. */
    int latency();

    /** Slots run so far; the next step runs this slot. */
    long slot();

    void step(TrafficSource traffic, DeliverySink sink);

    default void run(long slots, TrafficSource traffic, DeliverySink sink) {
        for (long i = 0; i < slots; i++) {
            step(traffic, sink);
        }
    }

    /** Fault: in the next slot the processor puts one more packet on its link. */
    void injectTwiceNextSlot(int processor);

    SlotCounters lastSlotCounters();

    SlotCounters totalCounters();

    /** Zeroes the running totals (counters and, where kept, timing), as a board's counter reset does. */
    void resetTotals();

    /** State each level's board applied in the last slot, index 0 = level 1; -1 before the first slot. */
    byte[] levelStates();
}
