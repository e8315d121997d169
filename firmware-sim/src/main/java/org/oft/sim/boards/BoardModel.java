package org.oft.sim.boards;

import java.util.function.LongSupplier;
import org.oft.hal.wire.Message;

/**
 * What a bench of boards behind a link runs ({@link WireBench}): the boards, each with its
 * firmware, and the model that executes what they have made active. The OFT's router-level and
 * processor boards around the slot model are one ({@link OftBoards}); electrical switch boards
 * around their forwarding tables are another ({@link SwitchBoards}). All but {@link #boards} run on
 * the bench's fabric thread, one slot at a time.
 */
interface BoardModel {
    /** The boards, in address order, each with a fresh boot id from {@code bootIds}. */
    BoardFirmware[] boards(LongSupplier bootIds);

    /** The order the backplane reports (the OFT's r; the fat tree's levels). */
    int order();

    /** A region a board just made active, between two slots. */
    void activate(int kind, int index, int region, byte[] bytes);

    /** A board rebooted, under boot id {@code bootId}: it holds nothing any more. */
    void clear(int kind, int index, long bootId);

    /** One slot, when every board holds what it needs; false when nothing ran (nothing new to report). */
    boolean step();

    /** Counters (injected, delivered, misdelivered, collisions, lost) after the last slot. */
    long[] counters();

    /** Per-level state after the last slot, for telemetry. */
    byte[] levelStates();

    /** Copies out, now, what the firmware thread answers besides {@link #counters} (fabric thread). */
    default void publish() {
    }

    /** Stops what the model runs besides the fabric thread; called once that thread has stopped. */
    default void close() {
    }

    /** A board's port counters from {@code firstPort} on (firmware thread), or null for a board without ports. */
    default Message portCounters(int seq, int board, int index, int firstPort) {
        return null;
    }
}
