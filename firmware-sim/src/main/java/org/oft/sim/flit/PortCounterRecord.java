package org.oft.sim.flit;

/**
 * A port's counters, one cache line at {@code port * PC} of one long array, in the order of the
 * board protocol's PORT_COUNTERS (InfiniBand PortCounters where one exists). The flits and packets
 * sent and received are kept apart, dense, as they are counted every hop.
 */
final class PortCounterRecord {
    static final int PC = 8;
    static final int XMIT_FLITS = 0;
    static final int RCV_FLITS = 1;
    static final int XMIT_PKTS = 2;
    static final int RCV_PKTS = 3;
    static final int XMIT_WAIT = 4;
    static final int RELAY_DROPS = 5;
    /** Packets the switch port handed to a host they were not for. */
    static final int MISDELIVERED = 6;
    /** Packets a switch discarded because this port's link is down. */
    static final int XMIT_DISCARDS = 7;

    private PortCounterRecord() {
    }
}
