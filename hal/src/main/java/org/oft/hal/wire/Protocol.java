package org.oft.hal.wire;

/** Constants of the board protocol (docs/board-protocol.md). */
public final class Protocol {
    /** 2: ownership (Claim, OwnerQuery, Owner; a generation on every mutating request). */
    public static final int VERSION = 2;

    public static final int REGION_SEQUENCE = 1;
    public static final int REGION_TABLE = 2;
    public static final int REGION_PHASES = 3;
    public static final int REGION_LFT = 4;
    public static final int REGIONS = 4;
    /** CrcQuery for this region: every region of the bank, answered by one Crcs. */
    public static final int ALL_REGIONS = 0;
    /** Largest region: a routing table of order 16 (2^16 rows of 2 bytes). */
    public static final int MAX_REGION_BYTES = 1 << 17;
    /** Largest data block of one Write. */
    public static final int MAX_WRITE = 2048;

    public static final int BANK_STAGING = 0;
    public static final int BANK_ACTIVE = 1;

    public static final int KIND_ROUTER_LEVEL = 1;
    public static final int KIND_PROCESSOR = 2;
    public static final int KIND_ELECTRICAL_SWITCH = 3;
    /** A forwarding-table entry for a LID the switch does not route (as InfiniBand's LFT). */
    public static final int LFT_NO_ROUTE = 255;
    /**
     * A switch port's counters, in the order a PortCounters message carries them: InfiniBand
     * PortCounters names where one exists (data in flits, not 4-byte words).
     */
    public static final java.util.List<String> PORT_COUNTERS = java.util.List.of("PortXmitData", "PortRcvData", "PortXmitPkts",
            "PortRcvPkts", "PortXmitWait", "PortRcvSwitchRelayErrors", "Misdelivered", "PortXmitDiscards");
    /** Ports per PortCounters frame (48 × 65 bytes stays under a frame's payload). */
    public static final int PORTS_PER_FRAME = 48;
    /**
     * What the backplane's Telemetry carries for a bench of switch boards, in order: fabric-wide
     * counters since the model started (latencySum in cycles, over delivered packets; dropped: for
     * want of a route or because a link was down).
     */
    public static final java.util.List<String> SWITCH_TOTALS = java.util.List.of("cycle", "created", "delivered", "misdelivered",
            "loops", "dropped", "ejectedFlits", "latencySum", "flitsInNetwork", "transmitWait", "deadLinkWaits", "discarded");

    // Nack codes.
    public static final int E_BAD_VERSION = 1;
    public static final int E_UNKNOWN_TYPE = 2;
    public static final int E_MALFORMED = 3;
    public static final int E_NO_SUCH_BOARD = 4;
    public static final int E_BAD_REGION = 5;
    public static final int E_OUT_OF_RANGE = 6;
    public static final int E_CRC_MISMATCH = 7;
    public static final int E_EPOCH_PASSED = 8;
    public static final int E_NOTHING_SCHEDULED = 9;
    public static final int E_BAD_CONTENT = 10;
    /** A mutating request under a generation that is not the board's current one (another controller owns it). */
    public static final int E_FENCED = 11;
    /** A claim while another controller's lease is live, without take-over. */
    public static final int E_OWNED = 12;
    /** A mutating request under the board's generation, but the board rebooted since (or was never claimed): claim it again. */
    public static final int E_NOT_CLAIMED = 13;

    private Protocol() {
    }

    public static String codeName(int code) {
        return switch (code) {
            case E_BAD_VERSION -> "bad version";
            case E_UNKNOWN_TYPE -> "unknown message";
            case E_MALFORMED -> "malformed message";
            case E_NO_SUCH_BOARD -> "no such board";
            case E_BAD_REGION -> "bad region";
            case E_OUT_OF_RANGE -> "out of range";
            case E_CRC_MISMATCH -> "staging CRC mismatch";
            case E_EPOCH_PASSED -> "epoch already passed";
            case E_NOTHING_SCHEDULED -> "nothing scheduled";
            case E_BAD_CONTENT -> "bad region content";
            case E_FENCED -> "fenced";
            case E_OWNED -> "owned by another controller";
            case E_NOT_CLAIMED -> "not claimed since it booted";
            default -> "error " + code;
        };
    }
}
