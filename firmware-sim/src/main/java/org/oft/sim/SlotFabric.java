package org.oft.sim;

import java.util.Arrays;
import org.oft.hal.SlotCounters;

/**
 * Slot-level model of the optical fabric and its boards: r router-level boards switch every node of
 * their level by their own copy of the control sequence; 2^r processor boards inject per their own
 * routing table. Every packet is followed link by link through the {@link FabricWiring}.
 *
 * <p>Timing: a packet injected in slot t sits on its processor's fibre for {@code latency} slots,
 * is switched by the root in slot t + latency, by level r-k in slot t + latency + k, and enters its
 * destination's fibre when level 1 switches it, in slot t + latency + r - 1.
 *
 * <p>The model checks rather than trusts: a packet reaching another processor than its table
 * addressed is a misdelivery; two packets on one link in one slot are a collision and both are lost.
 *
 * <p>Not thread-safe: one thread steps it, and loads happen between steps.
 */
public final class SlotFabric {
    private static final byte NOT_STUCK = -1;
    /** Slots a packet may spend on its processor's fibre before the root: bounds the ring of waves. */
    public static final int MAX_LATENCY = 4096;

    private final FabricWiring wiring;
    private final int order;
    private final int n;
    private final int latency;
    private final int depth;
    private final int[] next;
    private final int[] nodeOf;
    private final int[] injectLink;

    // Router-level boards, index k = 0 for the root level r.
    private final long[][] sequence;
    private final int[] sequenceLength;
    private final byte[] stuck;
    private final int[] stuckPerLevel;
    private final byte[] appliedState;

    // Processor boards.
    private final int[] table;
    private final boolean[] tableLoaded;
    private int tablesLoaded;

    // Packets in flight, one wave per injection slot, ring of `depth` waves.
    private final int waveCapacity;
    private final int[] wSrc;
    private final int[] wDst;
    private final int[] wTag;
    private final int[] wLink;
    private final boolean[] wAlive;
    private final int[] wCount;

    // Collision detection: the slot a link was last occupied in (+1), and by which wave entry.
    private final long[] stamp;
    private final int[] occupant;

    // Fault: extra packets a processor puts on its link in the next slot.
    private final int[] doubleInject;
    private int doubleInjectCount;

    private final MutableCounters slotCounters = new MutableCounters();
    private final MutableCounters totalCounters = new MutableCounters();
    private long slot;

    public SlotFabric(FabricWiring wiring, int latency) {
        if (latency < 0 || latency > MAX_LATENCY) {
            throw new IllegalArgumentException("latency must be between 0 and " + MAX_LATENCY + " slots, got " + latency);
        }
        this.wiring = wiring;
        this.order = wiring.order();
        this.n = wiring.processors();
        this.latency = latency;
        this.depth = latency + order;
        this.next = wiring.nextArray();
        this.nodeOf = wiring.nodeOfArray();
        this.injectLink = wiring.injectArray();
        this.sequence = new long[order][];
        this.sequenceLength = new int[order];
        this.stuck = new byte[order * n];
        Arrays.fill(stuck, NOT_STUCK);
        this.stuckPerLevel = new int[order];
        this.appliedState = new byte[order];
        Arrays.fill(appliedState, (byte) -1);
        this.table = new int[n * n];
        this.tableLoaded = new boolean[n];
        this.waveCapacity = 2 * n;
        this.wSrc = new int[depth * waveCapacity];
        this.wDst = new int[depth * waveCapacity];
        this.wTag = new int[depth * waveCapacity];
        this.wLink = new int[depth * waveCapacity];
        this.wAlive = new boolean[depth * waveCapacity];
        this.wCount = new int[depth];
        this.stamp = new long[(order + 1) * n];
        this.occupant = new int[(order + 1) * n];
        this.doubleInject = new int[n];
    }

    public FabricWiring wiring() {
        return wiring;
    }

    public int order() {
        return order;
    }

    public int processors() {
        return n;
    }

    public int latency() {
        return latency;
    }

    /** Slots run so far; the next step runs this slot. */
    public long slot() {
        return slot;
    }

    // ---- loading (between steps) ----------------------------------------------------------

    /** Router-level board of {@code level} takes this control sequence (2^r bits, packed). */
    public void loadSequence(int level, long[] packedBits, int length) {
        int k = wiring.levelIndex(level);
        if (length != n) {
            throw new IllegalArgumentException("router level " + level + " holds " + n
                    + " control bits, offered " + length);
        }
        if (packedBits.length < (length + 63) / 64) {
            throw new IllegalArgumentException("control sequence for level " + level + " is shorter than "
                    + length + " bits");
        }
        sequence[k] = Arrays.copyOf(packedBits, (length + 63) / 64);
        sequenceLength[k] = length;
    }

    /** Processor board {@code processor} takes this routing table (2^r rows of destinations). */
    public void loadTable(int processor, int[] rows) {
        checkProcessor(processor);
        if (rows.length != n) {
            throw new IllegalArgumentException("processor " + processor + " holds " + n + " table rows, offered "
                    + rows.length);
        }
        for (int i = 0; i < n; i++) {
            if (rows[i] < 0 || rows[i] >= n) {
                throw new IllegalArgumentException("processor " + processor + " table row " + i
                        + " names destination " + rows[i] + ", outside 0.." + (n - 1));
            }
        }
        System.arraycopy(rows, 0, table, processor * n, n);
        if (!tableLoaded[processor]) {
            tableLoaded[processor] = true;
            tablesLoaded++;
        }
    }

    public boolean sequenceLoaded(int level) {
        return sequence[wiring.levelIndex(level)] != null;
    }

    public boolean tableLoaded(int processor) {
        checkProcessor(processor);
        return tableLoaded[processor];
    }

    public boolean fullyLoaded() {
        if (tablesLoaded != n) {
            return false;
        }
        for (long[] s : sequence) {
            if (s == null) {
                return false;
            }
        }
        return true;
    }

    public int tableEntry(int processor, int row) {
        checkProcessor(processor);
        return table[processor * n + Math.floorMod(row, n)];
    }

    // ---- faults ------------------------------------------------------------------------------

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

    /** In the next slot, the processor puts one more packet on its link (a firmware fault). */
    public void injectTwiceNextSlot(int processor) {
        checkProcessor(processor);
        if (doubleInjectCount < n) {
            doubleInject[doubleInjectCount++] = processor;
        }
    }

    // ---- the slot loop ------------------------------------------------------------------------

    /** Runs one slot. */
    public void step(TrafficSource traffic, DeliverySink sink) {
        if (!fullyLoaded()) {
            throw new IllegalStateException("the fabric cannot run: " + missingDescription());
        }
        final long t = slot;
        slotCounters.clear();
        for (int k = 0; k < order; k++) {
            appliedState[k] = (byte) bit(k, t);
        }
        inject(t, traffic);
        for (int age = latency; age < depth; age++) {
            long t0 = t - age;
            if (t0 < 0) {
                break;
            }
            cross((int) (t0 % depth), age - latency, t, sink);
        }
        slotCounters.addTo(totalCounters);
        slot = t + 1;
    }

    /** Runs {@code slots} slots. */
    public void run(long slots, TrafficSource traffic, DeliverySink sink) {
        for (long i = 0; i < slots; i++) {
            step(traffic, sink);
        }
    }

    private int bit(int k, long t) {
        int i = (int) (t % sequenceLength[k]);
        return (int) (sequence[k][i >>> 6] >>> (i & 63)) & 1;
    }

    private void inject(long t, TrafficSource traffic) {
        int w = (int) (t % depth);
        int base = w * waveCapacity;
        int count = 0;
        int row = (int) (t % n);
        for (int s = 0; s < n; s++) {
            int d = table[s * n + row];
            int tag = traffic.take(t, s, d);
            if (tag >= 0) {
                count = put(base, count, s, d, tag, t);
            }
        }
        for (int i = 0; i < doubleInjectCount; i++) {
            int s = doubleInject[i];
            int d = table[s * n + row];
            count = put(base, count, s, d, 0, t);
        }
        doubleInjectCount = 0;
        wCount[w] = count;
    }

    private int put(int base, int count, int s, int d, int tag, long t) {
        int e = base + count;
        wSrc[e] = s;
        wDst[e] = d;
        wTag[e] = tag;
        wAlive[e] = true;
        int link = injectLink[s];
        wLink[e] = link;
        slotCounters.injected++;
        occupy(0, link, e, t);
        return count + 1;
    }

    /** Moves one wave through level index k (level r - k) in slot t. */
    private void cross(int w, int k, long t, DeliverySink sink) {
        int base = w * waveCapacity;
        int count = wCount[w];
        int state = appliedState[k];
        boolean anyStuck = stuckPerLevel[k] != 0;
        int levelBase = k * n;
        int nextDrop = k * 2 * n;
        int stage = k + 1;
        boolean last = k == order - 1;
        for (int e = base, end = base + count; e < end; e++) {
            if (!wAlive[e]) {
                continue;
            }
            int link = wLink[e];
            int s = state;
            if (anyStuck) {
                byte forced = stuck[levelBase + nodeOf[levelBase + link]];
                if (forced != NOT_STUCK) {
                    s = forced;
                }
            }
            int out = next[nextDrop + s * n + link];
            wLink[e] = out;
            occupy(stage, out, e, t);
        }
        if (last) {
            for (int e = base, end = base + count; e < end; e++) {
                if (!wAlive[e]) {
                    continue;
                }
                int p = wLink[e];
                if (p == wDst[e]) {
                    slotCounters.delivered++;
                } else {
                    slotCounters.misdelivered++;
                }
                sink.arrived(t, p, wSrc[e], wDst[e], wTag[e]);
            }
        }
    }

    private void occupy(int stage, int link, int entry, long t) {
        int i = stage * n + link;
        if (stamp[i] == t + 1) {
            slotCounters.collisions++;
            int other = occupant[i];
            if (wAlive[other]) {
                wAlive[other] = false;
                slotCounters.lost++;
            }
            wAlive[entry] = false;
            slotCounters.lost++;
        } else {
            stamp[i] = t + 1;
            occupant[i] = entry;
        }
    }

    // ---- observation ---------------------------------------------------------------------------

    public SlotCounters lastSlotCounters() {
        return slotCounters.snapshot();
    }

    public SlotCounters totalCounters() {
        return totalCounters.snapshot();
    }

    /** State each level applied in the last slot, index 0 = level 1; -1 before the first slot. */
    public byte[] levelStates() {
        byte[] out = new byte[order];
        for (int level = 1; level <= order; level++) {
            out[level - 1] = appliedState[order - level];
        }
        return out;
    }

    /** Stuck nodes per level, index 0 = level 1. */
    public int[] stuckNodes() {
        int[] out = new int[order];
        for (int level = 1; level <= order; level++) {
            out[level - 1] = stuckPerLevel[order - level];
        }
        return out;
    }

    private String missingDescription() {
        StringBuilder sb = new StringBuilder();
        for (int level = order; level >= 1; level--) {
            if (sequence[order - level] == null) {
                sb.append(sb.length() == 0 ? "" : ", ").append("router-").append(level).append(" has no control sequence");
            }
        }
        int missing = n - tablesLoaded;
        if (missing > 0) {
            for (int p = 0; p < n; p++) {
                if (!tableLoaded[p]) {
                    sb.append(sb.length() == 0 ? "" : ", ").append(missing).append(" processor board(s) have no routing table (first: proc-")
                            .append(p).append(')');
                    break;
                }
            }
        }
        return sb.toString();
    }

    private void checkProcessor(int processor) {
        if (processor < 0 || processor >= n) {
            throw new IllegalArgumentException("processor must be between 0 and " + (n - 1) + ", got " + processor);
        }
    }
}
