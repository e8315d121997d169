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
public final class SlotFabric implements FabricModel {
    /** Slots a packet may spend on its processor's fibre before the root: bounds the ring of waves. */
    public static final int MAX_LATENCY = 4096;

    private final FabricWiring wiring;
    private final BoardState boards;
    private final int order;
    private final int n;
    private final int latency;
    private final int depth;
    private final int[] next;
    private final int[] nodeOf;
    private final int[] injectLink;
    private final byte[] appliedState;

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
        this.boards = new BoardState(wiring);
        this.order = wiring.order();
        this.n = wiring.processors();
        this.latency = latency;
        this.depth = latency + order;
        this.next = wiring.nextArray();
        this.nodeOf = wiring.nodeOfArray();
        this.injectLink = wiring.injectArray();
        this.appliedState = new byte[order];
        Arrays.fill(appliedState, (byte) -1);
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

    @Override
    public BoardState boards() {
        return boards;
    }

    @Override
    public int order() {
        return order;
    }

    @Override
    public int processors() {
        return n;
    }

    @Override
    public int latency() {
        return latency;
    }

    @Override
    public long slot() {
        return slot;
    }

    // ---- loading and faults, delegated to the boards ----------------------------------------

    public void loadSequence(int level, long[] packedBits, int length) {
        boards.loadSequence(level, packedBits, length);
    }

    public void loadTable(int processor, int[] rows) {
        boards.loadTable(processor, rows);
    }

    public boolean fullyLoaded() {
        return boards.fullyLoaded();
    }

    public int tableEntry(int processor, int row) {
        return boards.tableEntry(processor, row);
    }

    public void setStuck(int level, int node, int state) {
        boards.setStuck(level, node, state);
    }

    public int[] stuckNodes() {
        return boards.stuckNodes();
    }

    @Override
    public void injectTwiceNextSlot(int processor) {
        if (processor < 0 || processor >= n) {
            throw new IllegalArgumentException("processor must be between 0 and " + (n - 1) + ", got " + processor);
        }
        if (doubleInjectCount < n) {
            doubleInject[doubleInjectCount++] = processor;
        }
    }

    // ---- the slot loop ------------------------------------------------------------------------

    @Override
    public void step(TrafficSource traffic, DeliverySink sink) {
        boards.requireLoaded();
        final long t = slot;
        slotCounters.clear();
        for (int k = 0; k < order; k++) {
            appliedState[k] = (byte) boards.bit(k, t);
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

    private void inject(long t, TrafficSource traffic) {
        int w = (int) (t % depth);
        int base = w * waveCapacity;
        int count = 0;
        int row = (int) (t & (n - 1));
        for (int s = 0; s < n; s++) {
            int d = boards.entry(s, row);
            int tag = traffic.take(t, s, d);
            if (tag >= 0) {
                count = put(base, count, s, d, tag, t);
            }
        }
        for (int i = 0; i < doubleInjectCount; i++) {
            int s = doubleInject[i];
            count = put(base, count, s, boards.entry(s, row), 0, t);
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
        boolean anyStuck = boards.anyStuck(k);
        int levelBase = k * n;
        int nextDrop = k * 2 * n;
        int stage = k + 1;
        for (int e = base, end = base + count; e < end; e++) {
            if (!wAlive[e]) {
                continue;
            }
            int link = wLink[e];
            int s = state;
            if (anyStuck) {
                byte forced = boards.stuck(k, nodeOf[levelBase + link]);
                if (forced != BoardState.NOT_STUCK) {
                    s = forced;
                }
            }
            int out = next[nextDrop + s * n + link];
            wLink[e] = out;
            occupy(stage, out, e, t);
        }
        if (k == order - 1) {
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

    @Override
    public SlotCounters lastSlotCounters() {
        return slotCounters.snapshot();
    }

    @Override
    public SlotCounters totalCounters() {
        return totalCounters.snapshot();
    }

    @Override
    public byte[] levelStates() {
        byte[] out = new byte[order];
        for (int level = 1; level <= order; level++) {
            out[level - 1] = appliedState[order - level];
        }
        return out;
    }
}
