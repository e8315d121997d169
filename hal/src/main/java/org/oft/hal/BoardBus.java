package org.oft.hal;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.oft.hal.wire.BoardChannel;
import org.oft.hal.wire.BoardClaims;
import org.oft.hal.wire.BoardReadback;

/**
 * Everything the controller does to the boards of one bench. Implementations only reach boards
 * (in-process model, serial link, register window); they compute nothing.
 *
 * <p>Bit strings travel packed little-endian in longs: bit {@code t} is
 * {@code (bits[t >>> 6] >>> (t & 63)) & 1}.
 *
 * <p>Calls block until the board has accepted or refused; call them from a worker thread, never an
 * event loop. Every failure is a {@link BoardException} naming the board.
 *
 * <p>Boards reached over a link can do more: their ownership, the link's figures, what each says it holds,
 * a switch's port counters. Each is a capability that is empty where the bus calls a model in this process.
 */
public interface BoardBus extends AutoCloseable {

    /** The boards present, router-level boards first (level 1 up), then processors in order. */
    List<BoardInfo> discover();

    /** Loads the control sequence (2^r bits) a router-level board applies to all its nodes. */
    void loadControlSequence(String boardId, long[] packedBits, int length);

    /** Loads a processor board's routing table: row i = destination addressed in slot i mod 2^r. */
    void loadRoutingTable(String boardId, int[] rows);

    /**
     * Makes every named board run its new configuration from the same slot on, or none of them:
     * on failure every board keeps what it ran, and the exception names the board and the reason.
     */
    DeployReport deploy(java.util.List<BoardConfig> configs);

    /** Starts the slot clock; refused unless every board holds a sequence or table. */
    void startClock(double slotsPerSecond);

    /** Stops the slot clock at a slot boundary; counters are kept. */
    void stopClock();

    /** Where latched telemetry goes; called from the bus's own thread. */
    void setTelemetryListener(Consumer<Telemetry> listener);

    /** Latest latched telemetry. */
    Telemetry telemetry();

    /** The boards' ownership: claims, renewals, fencing, who owns them now. */
    default Optional<BoardClaims> ownership() {
        return Optional.empty();
    }

    /** The link's own figures: retransmits, time-outs, bytes each way. */
    default Optional<BoardChannel> link() {
        return Optional.empty();
    }

    /** What each board says it holds (its Status). */
    default Optional<BoardReadback> readback() {
        return Optional.empty();
    }

    /** Switch boards' port counters. */
    default Optional<SwitchCounters> switchCounters() {
        return Optional.empty();
    }

    /** The capability {@code c}, or a refusal that says the bus does not reach its boards over a link. */
    static <T> T required(Optional<T> c, String what) {
        return c.orElseThrow(() -> new IllegalArgumentException(what + " needs boards reached over a link; the built-in model is"
                + " called in this process (use sim-pty, rtl-pty, serial: or uio:)"));
    }

    @Override
    void close();
}
