package org.oft.sim.optical;

/** Told of every packet that leaves the fabric into a processor; called in the slot's hot loop. */
@FunctionalInterface
public interface DeliverySink {
    /**
     * @param slot      the slot in which the packet crossed level 1
     * @param processor where it arrived
     * @param source    who injected it
     * @param addressed the destination its source's table named when it was injected
     * @param tag       the tag the source gave it
     */
    void arrived(long slot, int processor, int source, int addressed, int tag);

    DeliverySink IGNORE = (slot, processor, source, addressed, tag) -> { };
}
