package org.oft.controller.oft;

import java.util.Objects;
import org.oft.sim.optical.SlotFabric;

/**
 * Per-processor routing tables (Honkanen §3.2–3.3): row i of processor s is the destination a
 * packet injected by s in slot i (mod 2^r) reaches.
 *
 * <p>Latency convention: {@code latency} slots pass from injection until the root switches the
 * packet (the paper's table assumes 1). Level r-k then switches it in slot i + latency + k, with
 * state ξ(i + latency + k), so its routing bits are the window of ξ starting at i + latency and
 * its destination is s XOR window(i + latency). The paper's <i>Routing table</i> algorithm, read
 * literally, writes window(i + 1) for every processor: right only for s = 0.
 *
 * <p>One processor's table takes O(2^r) time and no n×n storage.
 */
public final class RoutingTables {
    public static final int MAX_LATENCY = SlotFabric.MAX_LATENCY;
    private final ControlSequence sequence;
    private final int latency;

    public RoutingTables(ControlSequence sequence, int latency) {
        this.sequence = Objects.requireNonNull(sequence);
        this.latency = checkLatency(latency);
    }

    /** The latencies a table can be made for; the board model's fibre to the root holds as many. */
    public static int checkLatency(int latency) {
        if (latency < 0 || latency > MAX_LATENCY) {
            throw new IllegalArgumentException("latency must be between 0 and " + MAX_LATENCY + " slots, got " + latency);
        }
        return latency;
    }

    public ControlSequence sequence() {
        return sequence;
    }

    public int latency() {
        return latency;
    }

    public int order() {
        return sequence.order();
    }

    public int processors() {
        return sequence.length();
    }

    /** Destination of a packet s injects in slot {@code row}. */
    public int destination(int source, long row) {
        checkProcessor(source);
        return source ^ sequence.window(row + latency);
    }

    /** Row i of processor s for all i, rolling the window one bit per row. */
    public int[] forProcessor(int source) {
        int[] rows = new int[processors()];
        forEachRow(source, (row, d) -> rows[row] = d);
        return rows;
    }

    /** Streams rows of processor s without holding them: for output of large orders. */
    public void forEachRow(int source, RowConsumer consumer) {
        checkProcessor(source);
        int n = processors();
        int r = order();
        int mask = n - 1;
        int w = sequence.window(latency);
        for (int i = 0; i < n; i++) {
            consumer.row(i, source ^ w);
            w = ((w << 1) | sequence.bit((long) i + latency + r)) & mask;
        }
    }

    @FunctionalInterface
    public interface RowConsumer {
        void row(int row, int destination);
    }

    private void checkProcessor(int p) {
        if (p < 0 || p >= processors()) {
            throw new IllegalArgumentException("processor must be between 0 and " + (processors() - 1) + ", got " + p);
        }
    }
}
