package org.oft.sim.optical;

import java.util.Arrays;

/**
 * What the boards of one fabric hold: each router-level board its control sequence and the nodes
 * forced into one state, each processor board its routing table. Shared by the slot-level and
 * the timed models, so both run exactly what was loaded.
 */
public final class BoardState {
    static final byte NOT_STUCK = -1;

    private final FabricWiring wiring;
    private final int order;
    private final int n;
    private final long[][] sequence;   // index k = 0 for the root level r
    private final byte[] stuck;        // [k * n + node]
    private final int[] stuckPerLevel;
    private final ProcessorTables tables;

    public BoardState(FabricWiring wiring) {
        this.wiring = wiring;
        this.order = wiring.order();
        this.n = wiring.processors();
        this.sequence = new long[order][];
        this.stuck = new byte[order * n];
        Arrays.fill(stuck, NOT_STUCK);
        this.stuckPerLevel = new int[order];
        this.tables = new ProcessorTables(n);
    }

    public FabricWiring wiring() {
        return wiring;
    }

    /** Router-level board of {@code level} takes this control sequence (2^r bits, packed). */
    public void loadSequence(int level, long[] packedBits, int length) {
        checkSequence(level, packedBits, length);
        sequence[wiring.levelIndex(level)] = Arrays.copyOf(packedBits, (length + 63) / 64);
    }

    /** Throws what {@link #loadSequence} would, changing nothing. */
    public void checkSequence(int level, long[] packedBits, int length) {
        wiring.levelIndex(level);
        if (length != n) {
            throw new IllegalArgumentException("router level " + level + " holds " + n + " control bits, offered " + length);
        }
        if (packedBits.length < (length + 63) / 64) {
            throw new IllegalArgumentException("control sequence for level " + level + " is shorter than " + length + " bits");
        }
    }

    /** Processor board {@code processor} takes this routing table (2^r rows of destinations). */
    public void loadTable(int processor, int[] rows) {
        checkTable(processor, rows);
        tables.load(processor, rows);
    }

    /** Throws what {@link #loadTable} would, changing nothing. */
    public void checkTable(int processor, int[] rows) {
        checkProcessor(processor);
        ProcessorTables.check(processor, rows, n);
    }

    /** The router-level board of {@code level} holds no control sequence any more (it rebooted). */
    public void clearSequence(int level) {
        sequence[wiring.levelIndex(level)] = null;
    }

    /** The processor board holds no routing table any more (it rebooted). */
    public void clearTable(int processor) {
        checkProcessor(processor);
        tables.unload(processor);
    }

    /** Forces one routing node into drop (0) or turn (1); -1 releases it. */
    public void setStuck(int level, int node, int state) {
        int k = wiring.levelIndex(level);
        if (node < 0 || node >= wiring.nodesAtLevel(level)) {
            throw new IllegalArgumentException("level " + level + " has nodes 0.." + (wiring.nodesAtLevel(level) - 1)
                    + ", got " + node);
        }
        if (state < -1 || state > 1) {
            throw new IllegalArgumentException("stuck state must be 0 (drop), 1 (turn) or -1 (free), got " + state);
        }
        byte before = stuck[k * n + node];
        stuck[k * n + node] = (byte) state;
        if (before == NOT_STUCK && state != NOT_STUCK) {
            stuckPerLevel[k]++;
        } else if (before != NOT_STUCK && state == NOT_STUCK) {
            stuckPerLevel[k]--;
        }
    }

    public boolean fullyLoaded() {
        if (tables.loadedCount() != n) {
            return false;
        }
        for (long[] s : sequence) {
            if (s == null) {
                return false;
            }
        }
        return true;
    }

    /** The state of level {@code level}'s routers in slot {@code t}: bit t mod 2^r of its control sequence. */
    public int stateBit(int level, long t) {
        return bit(wiring.levelIndex(level), t);
    }

    public int tableEntry(int processor, long row) {
        checkProcessor(processor);
        return tables.entry(processor, (int) Math.floorMod(row, (long) n));
    }

    /** Stuck nodes per level, index 0 = level 1. */
    public int[] stuckNodes() {
        int[] out = new int[order];
        for (int level = 1; level <= order; level++) {
            out[level - 1] = stuckPerLevel[order - level];
        }
        return out;
    }

    /** Throws unless every board holds what it needs, listing what is missing. */
    void requireLoaded() {
        if (fullyLoaded()) {
            return;
        }
        StringBuilder sb = new StringBuilder();
        for (int level = order; level >= 1; level--) {
            if (sequence[order - level] == null) {
                sb.append(sb.length() == 0 ? "" : ", ").append("router-").append(level).append(" has no control sequence");
            }
        }
        int missing = n - tables.loadedCount();
        if (missing > 0) {
            sb.append(sb.length() == 0 ? "" : ", ").append(missing)
                    .append(" processor board(s) have no routing table (first: proc-").append(tables.firstMissing()).append(')');
        }
        throw new IllegalStateException("the fabric cannot run: " + sb);
    }

    // ---- hot-loop accessors (package-private, no checks) ----

    /** Control bit board k (0 = root level) applies in its slot {@code t}. */
    int bit(int k, long t) {
        int i = (int) (t & (n - 1));
        return (int) (sequence[k][i >>> 6] >>> (i & 63)) & 1;
    }

    boolean anyStuck(int k) {
        return stuckPerLevel[k] != 0;
    }

    /** Forced state of node {@code node} at level index k, or {@link #NOT_STUCK}. */
    byte stuck(int k, int node) {
        return stuck[k * n + node];
    }

    int entry(int s, int row) {
        return tables.entry(s, row);
    }

    int explicitTables() {
        return tables.explicitCount();
    }

    private void checkProcessor(int processor) {
        if (processor < 0 || processor >= n) {
            throw new IllegalArgumentException("processor must be between 0 and " + (n - 1) + ", got " + processor);
        }
    }
}
