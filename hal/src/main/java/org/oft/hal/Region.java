package org.oft.hal;

/**
 * A named region of a board's configuration, numbered as on the wire (docs/board-protocol.md,
 * "Regions and banks"). Every board kind holds some of them; every one of them is deployed the same
 * way: staged, read back, committed at an epoch.
 */
public enum Region {
    /** A router-level board's control sequence: bit t at byte t/8, bit t mod 8. */
    SEQUENCE(1, "control sequence"),
    /** A processor board's routing table: one u16 per row. */
    TABLE(2, "routing table"),
    /** Slot phases in ps: i64 per routing node (router-level board) or the injection phase (processor). */
    PHASES(3, "slot phases"),
    /** An electrical switch's linear forwarding table: one egress port per LID (255: no route). */
    LFT(4, "forwarding table");

    private final int number;
    private final String title;

    Region(int number, String title) {
        this.number = number;
        this.title = title;
    }

    /** The region's number in the protocol. */
    public int number() {
        return number;
    }

    public String title() {
        return title;
    }

    /** The region with this protocol number; IllegalArgumentException if none. */
    public static Region of(int number) {
        for (Region r : values()) {
            if (r.number == number) {
                return r;
            }
        }
        throw new IllegalArgumentException("no region " + number);
    }
}
