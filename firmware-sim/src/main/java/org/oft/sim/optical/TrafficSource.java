package org.oft.sim.optical;

/** What a processor board sends: asked once per processor per slot, in the slot's hot loop. */
@FunctionalInterface
public interface TrafficSource {
    int NOTHING = -1;

    /**
     * Takes a packet from send buffer b(processor, destination) if it has one.
     *
     * @return a non-negative tag that travels with the packet, or {@link #NOTHING}
     */
    int take(long slot, int processor, int destination);

    /** Every processor always has a packet for every destination. */
    TrafficSource SATURATED = (slot, processor, destination) -> 0;
}
