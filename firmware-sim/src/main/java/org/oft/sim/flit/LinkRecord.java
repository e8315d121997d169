package org.oft.sim.flit;

/**
 * What a hop through a port reads, one record of 16 bytes at {@code port * LINK}: its peer port, the
 * first of the event lists what it sends lands in (2 · chanSlots lists per lane: to switches, then to
 * hosts), its peer's first output VC (a credit for its input VC v goes to that + v), and where that
 * credit goes (the peer's lane, times creditSlots).
 */
final class LinkRecord {
    static final int LINK = 4;
    static final int PEER = 0;
    static final int SENDS_TO = 1;
    static final int PEER_VCS = 2;
    static final int CREDITS_TO = 3;

    private LinkRecord() {
    }
}
