package org.oft.hal;

import org.oft.hal.wire.Protocol;

/**
 * A named region of a board's configuration, numbered as on the wire (docs/board-protocol.md,
 * "Regions and banks"). Every board kind holds some of them; every one of them is deployed the same
 * way: staged, read back, committed at an epoch.
 */
public enum Region {
    /** A router-level board's control sequence: bit t at byte t/8, bit t mod 8. */
    SEQUENCE(Protocol.REGION_SEQUENCE),
    /** A processor board's routing table: one u16 per row. */
    TABLE(Protocol.REGION_TABLE),
    /** Slot phases in ps: i64 per routing node (router-level board) or the injection phase (processor). */
    PHASES(Protocol.REGION_PHASES),
    /** An electrical switch's linear forwarding table: one egress port per LID (255: no route). */
    LFT(Protocol.REGION_LFT);

    private final int number;

    Region(int number) {
        this.number = number;
    }

    /** The region's number in the protocol. */
    public int number() {
        return number;
    }
}
