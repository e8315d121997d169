package org.oft.sim.clock;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.oft.hal.BoardLock;

/**
 * The clocks of an optical bench of separate boards, each on its own crystal: the root's router board leads and, with
 * the slot-reference line, every other board follows it over a cable of its own ({@link SlotLoop}); without it, every
 * board runs free from a start in step. Boards are numbered router-r (0, the leader) .. router-1, then proc-0 ..
 * proc-(n-1). What changes while it runs (a cable cut or mended, a crystal that drifts) is said here; the fabric
 * model asks each board's {@link SlotTimes}.
 */
public final class BenchClocks {
    /** An iCE40 board's clock (its PLL from the 12 MHz crystal) and the slot in its cycles: 1 µs. */
    public static final double CLOCK_HZ = 48e6;
    public static final int PERIOD = 48;
    private final int order;
    private final boolean sync;
    private final BoardSlots[] clocks;
    private final Crystal[] crystals;
    private final SyncLine[] lines;
    private final FreeRunning leader;

    /**
     * @param maxPpm   every crystal uniformly within ±maxPpm of nominal
     * @param jitterPs every edge's RMS jitter
     * @param sync     the boards follow the line (else they run free, started in step)
     */
    public BenchClocks(int order, double maxPpm, double jitterPs, long seed, boolean sync) {
        if (order < 1 || order > 16) {
            throw new IllegalArgumentException("a bench is of order 1..16, got " + order);
        }
        if (!(maxPpm >= 0 && maxPpm <= 1000)) {
            throw new IllegalArgumentException("crystal offsets are within 0..1000 ppm, got " + maxPpm);
        }
        this.order = order;
        this.sync = sync;
        int boards = order + (1 << order);
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] ppm = new double[boards];
        for (int b = 0; b < boards; b++) {
            ppm[b] = (rnd.nextDouble() * 2 - 1) * maxPpm;
        }
        clocks = new BoardSlots[boards];
        crystals = new Crystal[boards];
        lines = new SyncLine[boards];
        crystals[0] = new Crystal(CLOCK_HZ, ppm[0], jitterPs, 0, rnd.nextLong());
        leader = new FreeRunning(crystals[0], PERIOD, 0, 0);
        clocks[0] = leader;
        double cycle = 1e12 / CLOCK_HZ;
        for (int b = 1; b < boards; b++) {
            if (sync) { // powered up at a phase of its own in the leader's first slot; a cable of 0.2..3 m
                double delay = 1000 + rnd.nextDouble() * 14_000;
                lines[b] = new SyncLine(leader, delay);
                crystals[b] = new Crystal(CLOCK_HZ, ppm[b], jitterPs, rnd.nextDouble() * PERIOD * cycle, rnd.nextLong());
                clocks[b] = new SlotLoop(crystals[b], lines[b], PERIOD, (int) Math.round(delay / crystals[b].cyclePs()), 0);
            } else {
                crystals[b] = new Crystal(CLOCK_HZ, ppm[b], jitterPs, 0, rnd.nextLong());
                clocks[b] = new FreeRunning(crystals[b], PERIOD, 0, 0);
            }
        }
    }

    public int order() {
        return order;
    }

    public boolean sync() {
        return sync;
    }

    public int boards() {
        return clocks.length;
    }

    /** The slot in ps: the leader's nominal one. */
    public static long slotPs() {
        return Math.round(PERIOD * 1e12 / CLOCK_HZ);
    }

    public String name(int b) {
        return b < order ? "router-" + (order - b) : "proc-" + (b - order);
    }

    /** A board by name (router-L, proc-S). */
    public int index(String board) {
        for (int b = 0; b < clocks.length; b++) {
            if (name(b).equals(board)) {
                return b;
            }
        }
        throw new IllegalArgumentException("no board '" + board + "' on this bench (router-1..router-" + order + ", proc-0..proc-"
                + ((1 << order) - 1) + ")");
    }

    public BoardSlots clock(int b) {
        return clocks[b];
    }

    public SlotTimes router(int level) {
        return clocks[order - level];
    }

    public SlotTimes processor(int s) {
        return clocks[order + s];
    }

    public FreeRunning leader() {
        return leader;
    }

    public double ppm(int b) {
        return crystals[b].ppm();
    }

    /** Board b's line carries no pulse from the leader's slot {@code k} on (b = -1: every board's). */
    public void cut(int b, long k) {
        requireSync();
        for (int i = 1; i < lines.length; i++) {
            if (b < 0 || b == i) {
                lines[i].cut(k, Long.MAX_VALUE);
            }
        }
    }

    /** Board b's line mended at slot {@code k} (b = -1: every board's). */
    public void mend(int b, long k) {
        requireSync();
        for (int i = 1; i < lines.length; i++) {
            if (b < 0 || b == i) {
                lines[i].mend(k);
            }
        }
    }

    private void requireSync() {
        if (!sync) {
            throw new IllegalArgumentException("these boards have no slot-reference line (they run free)");
        }
    }

    /** Board b's crystal runs {@code ppm} off nominal from the leader's slot {@code k} on. */
    public void drift(int b, double ppm, long k) {
        crystals[b].retune(ppm, leader.start(k));
    }

    /** Every board at the leader's slot {@code k}. */
    public List<BoardLock> states(long k) {
        List<BoardLock> out = new ArrayList<>(clocks.length);
        long lead = leader.start(k);
        for (int b = 0; b < clocks.length; b++) {
            long err = clocks[b].nearestStart(lead) - lead;
            boolean locked = b == 0 || clocks[b] instanceof SlotLoop l && l.locked();
            boolean inStep = b == 0 || !(clocks[b] instanceof SlotLoop l) || l.inStep();
            out.add(new BoardLock(name(b), b == 0, locked, inStep, err, err / crystals[b].cyclePs(), crystals[b].ppm(),
                    lines[b] != null && lines[b].cutAt(k)));
        }
        return out;
    }
}
