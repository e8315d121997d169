package org.oft.hal;

/**
 * Fabric-wide counters of a bench of electrical switch boards, since its packet model started.
 *
 * @param cycle          switch clock cycles run
 * @param created        packets the hosts created
 * @param delivered      packets ejected at the host they were for
 * @param misdelivered   packets ejected at another host
 * @param loops          packets that went past the tree's diameter
 * @param dropped        packets a switch dropped: for want of a route, or at a dead link
 * @param ejectedFlits   flits ejected at hosts
 * @param latencySum     sum of delivered packets' latencies, in cycles
 * @param flitsInNetwork flits injected and not yet ejected or dropped
 * @param transmitWait   port-cycles a flit waited for a credit or a free VC
 * @param deadLinkWaits  cycles a host's packet waited because the host's own cable is dead
 * @param discarded      of the dropped packets, those a switch discarded because their link was down
 */
public record SwitchTotals(long cycle, long created, long delivered, long misdelivered, long loops, long dropped,
                           long ejectedFlits, long latencySum, long flitsInNetwork, long transmitWait, long deadLinkWaits, long discarded) {
    public static final int COUNT = 12;

    /** Packets dropped for want of a route (a table that does not cover a destination, a board without a table). */
    public long noRoute() {
        return dropped - discarded;
    }

    /** The counts since {@code base} (a reset); the cycle and the flits in the network are as they are now. */
    public SwitchTotals since(SwitchTotals base) {
        return new SwitchTotals(cycle, created - base.created, delivered - base.delivered, misdelivered - base.misdelivered,
                loops - base.loops, dropped - base.dropped, ejectedFlits - base.ejectedFlits, latencySum - base.latencySum,
                flitsInNetwork, transmitWait - base.transmitWait, deadLinkWaits - base.deadLinkWaits, discarded - base.discarded);
    }

    /** From the counters in {@link org.oft.hal.wire.Protocol#SWITCH_TOTALS} order. */
    public static SwitchTotals of(long[] c) {
        if (c.length < COUNT) {
            throw new IllegalArgumentException("switch telemetry needs " + COUNT + " counters, got " + c.length);
        }
        return new SwitchTotals(c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10], c[11]);
    }
}
