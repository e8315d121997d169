package org.oft.sim.clock;

/**
 * A following board's slot clock steered by the slot-reference line: rtl/src/slot_sync.v's loop at the resolution of
 * the board's clock edges, for the Java model and the slot-lock benchmark.
 *
 * <ul>
 * <li>Phase: a rise is placed within half a cycle (sampled on both edges); the leader's slot start is that edge less
 *     the line's latency in cycles, and the board's next start falls on the edge that many of the leader's slots
 *     (rounded) later. If the board's own start had not yet come, it is counted when the pulse is taken.</li>
 * <li>Frequency: the leader's slot measured in this board's cycles over 2^{@link #FRAME_LOG2} pulses in a row; without
 *     a pulse the slot clock runs on it, its fraction dithered a cycle at a time (held over).</li>
 * <li>Lock: {@link #LOCK_SLOTS} pulses in a row within {@link #WINDOW} cycles lock it; a pulse further off while
 *     locked, or more than {@link #LOSS_SLOTS} slots without one, unlock it. Unlocked, its slots are not in step: the
 *     board neither injects nor switches in them.</li>
 * <li>Numbers: after a frame of 59 pulses in a row (a mark and 58 bits) the board knows the leader's number for its
 *     running slot; until then its slots are not in step either.</li>
 * </ul>
 */
public final class SlotLoop extends BoardSlots {
    public static final int FRAME_LOG2 = 8;
    public static final int WINDOW = 1;
    public static final int LOCK_SLOTS = 16;
    public static final int LOSS_SLOTS = 8;
    /** The leader's slots a frame spans, and the last of them whose pulse tells the number (sync_pulse.v). */
    public static final int FRAME = 64;
    public static final int FRAME_LAST_BIT = 58;
    /** Cycles from a rise's first sample to the align taking effect (two flip-flops and the align register). */
    static final int TAKE_CYCLES = 3;
    private static final long ONE = 1L << FRAME_LOG2;

    private final Crystal crystal;
    private final SyncLine line;
    private final int period;
    private final int latency;
    private boolean follow;
    private long leaderSlot;      // the leader's next pulse to take
    private long lastEdge;        // this board's latest slot start, as an edge
    private long nextEdge;        // and its next
    private boolean started;
    // the loop
    private boolean locked;
    private int good;
    private int missed;
    private long measured;        // the leader's slot in this board's cycles, FRAME_LOG2 fraction bits (0: not yet)
    private boolean measuring;
    private long measureFrom;
    private int pulses;
    private long dither;
    private boolean numbered;
    private long frameFrom = -1;  // the leader's slot of the frame mark taken, with every pulse since (-1: none)
    // what it did, for the benchmark
    private long lockedAt = -1;   // the leader's slot whose pulse locked it last
    private long unlocks;

    /**
     * @param latency cycles from the leader's slot start to the rise here: the line's delay as this board counts it
     * @param firstEdge the edge its slot clock starts at, after power-up or a reboot (its own count begins at 0)
     */
    public SlotLoop(Crystal crystal, SyncLine line, int period, int latency, long firstEdge) {
        if (period < 2 * TAKE_CYCLES + 2 || period >= 1 << 24) {
            throw new IllegalArgumentException("a followed slot is " + (2 * TAKE_CYCLES + 2) + "..2^24 cycles, got " + period);
        }
        if (latency < 0 || latency > period / 2) {
            throw new IllegalArgumentException("the line's latency is 0.." + period / 2 + " cycles, got " + latency);
        }
        this.crystal = crystal;
        this.line = line;
        this.period = period;
        this.latency = latency;
        this.follow = true;
        this.nextEdge = firstEdge;
        // the first pulse it may take: the one after power-up; its own count begins near the leader's (it is not
        // in step until a frame has told it the number anyway)
        this.leaderSlot = line.leader().slotAt((long) crystal.edge(firstEdge)) + 1;
        renumber(leaderSlot - 1);
    }

    /** Follows the line (the default) or not: not, its slot clock runs on the nominal period, as an unlocked board's. */
    public SlotLoop follow(boolean on) {
        this.follow = on;
        if (!on && locked) {
            unlock();
        }
        return this;
    }

    public Crystal crystal() {
        return crystal;
    }

    public boolean locked() {
        return locked;
    }

    /** Locked and numbered: its slots are the leader's. */
    public boolean inStep() {
        return locked && numbered;
    }

    /** The leader's slot measured in this board's cycles (0 before a measure is complete). */
    public double measuredCycles() {
        return measured / (double) ONE;
    }

    /** The leader's slot whose pulse locked the loop last (-1: never locked). */
    public long lockedAt() {
        return lockedAt;
    }

    /** Times the lock was lost. */
    public long unlocks() {
        return unlocks;
    }

    /** Takes the leader's next pulse (or its absence), making the slot starts that come before it is taken. */
    @Override
    protected void advance() {
        long k = leaderSlot++;
        double rise = follow ? line.rise(k) : Double.NaN;
        if (Double.isNaN(rise)) {
            missing(k);
            return;
        }
        long first = crystal.firstEdgeFrom(rise);
        boolean early = rise <= crystal.fallingBefore(first);
        long lead = (early ? first - 1 : first) - latency; // the leader's start, as the nearest of this board's edges
        long take = first + TAKE_CYCLES;
        startsBefore(take);
        boolean aheadNearer = nextEdge - take < lengthNow() / 2;
        long err = aheadNearer ? nextEdge - lead : lastEdge - lead; // this board's start less the leader's
        boolean inWindow = Math.abs(err) <= WINDOW;
        missed = 0;
        measure(first);
        frame(k);
        if (locked && !inWindow) { // a jump: not aligned on this pulse, the next one aligns
            unlock();
            return;
        }
        if (aheadNearer) { // its own start had not come: counted now
            startAt(take);
        }
        good = inWindow ? good + 1 : 0;
        if (inWindow && good >= LOCK_SLOTS && !locked) {
            locked = true;
            lockedAt = k;
        }
        nextEdge = lead + rounded();
        dither = ONE / 2;
        if (numbered) {
            renumber(k); // the slot running now is the leader's k
        }
    }

    private void missing(long k) {
        startsBefore(crystal.firstEdgeFrom(line.arrival(k)) + TAKE_CYCLES);
        measuring = false;
        frameFrom = -1;
        if (follow && ++missed > LOSS_SLOTS && locked) {
            unlock();
        }
    }

    /** As the RTL (engine_sync.vh): a board that lost the line takes the numbers again from a frame once relocked. */
    private void unlock() {
        locked = false;
        good = 0;
        numbered = false;
        unlocks++;
    }

    /** The leader's period over 2^FRAME_LOG2 pulses in a row. */
    private void measure(long edge) {
        if (!measuring) {
            measuring = true;
            measureFrom = edge;
            pulses = 0;
        } else if (++pulses == ONE) {
            measured = edge - measureFrom;
            measureFrom = edge;
            pulses = 0;
        }
    }

    /** A frame's pulses all taken: the number is known from its last bit on. */
    private void frame(long k) {
        if (k % FRAME == 0) {
            frameFrom = k;
        } else if (frameFrom >= 0 && k % FRAME == FRAME_LAST_BIT) {
            numbered = true;
        }
    }

    /** Makes this board's slot starts that come before edge {@code before}. */
    private void startsBefore(long before) {
        while (nextEdge < before) {
            startAt(nextEdge);
        }
    }

    private void startAt(long edge) {
        emit(crystal.edge(edge), locked && numbered);
        lastEdge = edge;
        started = true;
        nextEdge = edge + (follow ? heldOver() : period);
    }

    /** The held-over slot: the measured period, its fraction carried from slot to slot. */
    private long heldOver() {
        long p = measured != 0 ? measured : (long) period << FRAME_LOG2;
        long sum = dither + (p & (ONE - 1));
        dither = sum & (ONE - 1);
        return (p >> FRAME_LOG2) + (sum >> FRAME_LOG2);
    }

    /** The measured period rounded to whole cycles. */
    private long rounded() {
        long p = measured != 0 ? measured : (long) period << FRAME_LOG2;
        return (p + ONE / 2) >> FRAME_LOG2;
    }

    private long lengthNow() {
        return started ? nextEdge - lastEdge : period;
    }
}
