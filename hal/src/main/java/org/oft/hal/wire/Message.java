package org.oft.hal.wire;

/**
 * The messages of the board protocol (docs/board-protocol.md). Every message names the sequence
 * number of the exchange and the board it is for or from ({@link #BACKPLANE} = the link itself).
 * A response carries the sequence number of its request.
 */
public sealed interface Message {
    int BACKPLANE = 0xFFFF;

    int seq();

    int board();

    // ---- requests: controller to board -----------------------------------------------------

    /** Who are you? To {@link #BACKPLANE}: how many boards are behind this link? */
    record Identify(int seq, int board) implements Message {
    }

    /**
     * A request that changes a board. It carries the fencing generation of the controller that sends it:
     * a board takes it only from the controller that holds its current generation (docs/board-protocol.md, Ownership).
     */
    sealed interface Mutating extends Message {
        long generation();
    }

    /** Writes data at offset into a region of the staging bank. */
    record Write(int seq, int board, long generation, int region, int offset, byte[] data) implements Mutating {
    }

    /** CRC-32C and length of a region in the staging or active bank. */
    record CrcQuery(int seq, int board, int bank, int region) implements Message {
    }

    /**
     * Makes the staging bank of the named regions active at the start of slot {@code epoch}, if
     * each holds exactly {@code lengths[i]} bytes with CRC-32C {@code crcs[i]}; refused otherwise.
     */
    record Commit(int seq, int board, long generation, long epoch, int[] regions, int[] lengths, int[] crcs) implements Mutating {
    }

    /** Cancels a scheduled commit that has not happened yet. */
    record Abort(int seq, int board, long generation) implements Mutating {
    }

    /** Starts (op 1) or stops (op 2) the slot clock. */
    record Clock(int seq, int board, long generation, int op, double slotsPerSecond) implements Mutating {
        public static final int START = 1;
        public static final int STOP = 2;
    }

    /**
     * Claims the board for {@code controller} under {@code generation} for {@code leaseMillis} (0 releases it:
     * the lease ends, the generation stays). Renewed by sending it again; {@code takeOver} claims a board whose
     * lease another controller still holds.
     */
    record Claim(int seq, int board, long generation, long leaseMillis, boolean takeOver, String controller) implements Message {
    }

    /** Who owns the board: open to anyone, as every read. */
    record OwnerQuery(int seq, int board) implements Message {
    }

    /** Counters latched at the last slot boundary. */
    record TelemetryQuery(int seq, int board) implements Message {
    }

    /** A switch board's port counters from port {@code firstPort} (0-based) on, at most {@link Protocol#PORTS_PER_FRAME}. */
    record PortCountersQuery(int seq, int board, int firstPort) implements Message {
    }

    /** Boot id, slot, scheduled commit, and what the active bank holds. */
    record StatusQuery(int seq, int board) implements Message {
    }

    // ---- responses and reports: board to controller ----------------------------------------

    record Identity(int seq, int board, int kind, int index, int order, int tableRows, long bootId, String firmware)
            implements Message {
    }

    /** An electrical switch board: its ports, LMC and LID space (entries of its forwarding table). */
    record SwitchIdentity(int seq, int board, int index, int radix, int lmc, int lids, long bootId, String firmware)
            implements Message {
    }

    record Backplane(int seq, int board, int boards, int order, long bootId) implements Message {
    }

    record Crc(int seq, int board, int bank, int region, int length, int crc) implements Message {
    }

    /** Answer to a CrcQuery for region 0: length and CRC of every region 1..n of one bank, in one frame. */
    record Crcs(int seq, int board, int bank, int[] lengths, int[] crcs) implements Message {
    }

    /** counters: injected, delivered, misdelivered, collisions, lost; levelState index 0 = level 1. */
    record Telemetry(int seq, int board, long slot, boolean running, long[] counters, byte[] levelState)
            implements Message {
    }

    /**
     * Ports firstPort.. of a switch board: link state (1 up, 0 down) and {@code perPort} counters
     * each ({@link Protocol#PORT_COUNTERS}), port-major; {@code ports} is the board's radix;
     * {@code cycle} the switch cycle at which the board latched them, counted from its boot, as the
     * counters are (rates are taken over cycles, and a reader can tell frames of one latch from frames
     * of two); {@code bootId} the board's, so that a reader can tell a board that restarted.
     */
    record PortCounters(int seq, int board, int ports, int firstPort, long cycle, long bootId, byte[] linkState, int perPort,
                        long[] counters)
            implements Message {
    }

    /** pendingEpoch -1 when nothing is scheduled; active lengths and CRCs per region number 1..3. */
    record Status(int seq, int board, long bootId, long slot, long pendingEpoch, int[] activeLengths, int[] activeCrcs)
            implements Message {
    }

    /**
     * A board's owner: the highest generation it has accepted, the controller that claimed it, and the lease
     * left in ms (0: no live lease, e.g. released, expired, or since a reboot).
     */
    record Owner(int seq, int board, long generation, long leaseLeftMillis, String controller) implements Message {
    }

    record Ack(int seq, int board) implements Message {
    }

    record Nack(int seq, int board, int code, String reason) implements Message {
    }

    /** Unsolicited: the board has restarted with empty banks. */
    record Rebooted(int seq, int board, long bootId) implements Message {
    }
}
