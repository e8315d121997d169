package org.oft.sim.optical;

import java.util.Arrays;
import org.oft.hal.SlotCounters;

/**
 * What the slot-level and the timed models share: the boards, the wiring, and the packets in flight
 * kept as one wave per injection slot in flat arrays, moved one level per slot.
 *
 * <p>The wave injected in slot t sits on the processors' fibres for {@code latency} slots, is moved
 * through level r-k at step t + latency + k, and enters its destinations' fibres at step
 * t + latency + r - 1. Subclasses decide what a node does to a packet; nothing here allocates.
 */
abstract class WaveFabric implements FabricModel {
    protected final FabricWiring wiring;
    protected final BoardState boards;
    protected final int order;
    protected final int n;
    protected final int latency;
    protected final int depth;
    protected final int[] next;
    protected final int[] nodeOf;
    protected final int[] injectLink;
    protected final byte[] appliedState;

    protected final int waveCapacity;
    protected final int[] wSrc;
    protected final int[] wDst;
    protected final int[] wTag;
    protected final int[] wLink;
    protected final boolean[] wAlive;
    private final int[] wCount;

    private final int[] doubleInject;
    private int doubleInjectCount;

    protected final MutableCounters slotCounters = new MutableCounters();
    private final MutableCounters totalCounters = new MutableCounters();
    private long slot;

    WaveFabric(FabricWiring wiring, int latency) {
        if (latency < 0 || latency > SlotFabric.MAX_LATENCY) {
            throw new IllegalArgumentException("latency must be between 0 and " + SlotFabric.MAX_LATENCY + " slots, got " + latency);
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
        this.waveCapacity = 2 * n; // every processor once, plus faulty double injections
        int entries = depth * waveCapacity;
        this.wSrc = new int[entries];
        this.wDst = new int[entries];
        this.wTag = new int[entries];
        this.wLink = new int[entries];
        this.wAlive = new boolean[entries];
        this.wCount = new int[depth];
        this.doubleInject = new int[n];
    }

    /** Wave entries in all: per-packet arrays of subclasses have this size. */
    protected final int entries() {
        return depth * waveCapacity;
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

    @Override
    public void injectTwiceNextSlot(int processor) {
        if (processor < 0 || processor >= n) {
            throw new IllegalArgumentException("processor must be between 0 and " + (n - 1) + ", got " + processor);
        }
        if (doubleInjectCount < n) {
            doubleInject[doubleInjectCount++] = processor;
        }
    }

    @Override
    public final void step(TrafficSource traffic, DeliverySink sink) {
        boards.requireLoaded();
        final long t = slot;
        slotCounters.clear();
        beginSlot();
        for (int k = 0; k < order; k++) {
            appliedState[k] = (byte) boards.bit(k, t);
        }
        inject(t, traffic);
        for (int age = latency; age < depth; age++) {
            long t0 = t - age;
            if (t0 < 0) {
                break;
            }
            int w = (int) (t0 % depth);
            int k = age - latency;
            cross(w * waveCapacity, wCount[w], k, t);
            if (k == order - 1) {
                deliver(w * waveCapacity, wCount[w], t, sink);
            }
        }
        slotCounters.addTo(totalCounters);
        endSlot();
        slot = t + 1;
    }

    /** Called at the start of every slot. */
    protected void beginSlot() {
    }

    /** Called at the end of every slot, after the counters are added up. */
    protected void endSlot() {
    }

    /** Whether processor s's board injects in slot t at all (a board out of step with the fabric does not). */
    protected boolean mayInject(int s, long t) {
        return true;
    }

    /** Puts the new wave entry {@code e}, processor s's packet of slot t, on its fibre. */
    protected abstract void enter(int e, int s, long t);

    /** Moves the wave entries [base, base + count) through level index k (level r - k) at step t. */
    protected abstract void cross(int base, int count, int k, long t);

    private void inject(long t, TrafficSource traffic) {
        int w = (int) (t % depth);
        int base = w * waveCapacity;
        int count = 0;
        int row = (int) (t & (n - 1));
        for (int s = 0; s < n; s++) {
            if (!mayInject(s, t)) {
                continue;
            }
            int d = boards.entry(s, row);
            int tag = traffic.take(t, s, d);
            if (tag >= 0) {
                put(base + count++, s, d, tag, t);
            }
        }
        for (int i = 0; i < doubleInjectCount; i++) {
            int s = doubleInject[i];
            put(base + count++, s, boards.entry(s, row), 0, t);
        }
        doubleInjectCount = 0;
        wCount[w] = count;
    }

    private void put(int e, int s, int d, int tag, long t) {
        wSrc[e] = s;
        wDst[e] = d;
        wTag[e] = tag;
        wAlive[e] = true;
        wLink[e] = injectLink[s];
        slotCounters.injected++;
        enter(e, s, t);
    }

    /** After level 1 the link a packet is on is the processor it reaches. */
    private void deliver(int base, int count, long t, DeliverySink sink) {
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

    /** The packet is destroyed. */
    protected final void kill(int e) {
        wAlive[e] = false;
        slotCounters.lost++;
    }

    @Override
    public SlotCounters lastSlotCounters() {
        return slotCounters.snapshot();
    }

    @Override
    public SlotCounters totalCounters() {
        return totalCounters.snapshot();
    }

    @Override
    public void resetTotals() {
        totalCounters.clear();
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
