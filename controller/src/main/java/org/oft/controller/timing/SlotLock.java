package org.oft.controller.timing;

import java.util.Arrays;
import org.oft.controller.model.BoardModels;
import org.oft.hal.SlotCounters;
import org.oft.sim.clock.BenchClocks;
import org.oft.sim.clock.BoardSlots;
import org.oft.sim.optical.BoardClocks;
import org.oft.sim.optical.DeliverySink;
import org.oft.sim.optical.FabricWiring;
import org.oft.sim.optical.FibrePlant;
import org.oft.sim.optical.TimedFabric;
import org.oft.sim.optical.TimingParameters;
import org.oft.sim.optical.TrafficSource;

/**
 * A lab bench of separate boards, each on its own crystal, run on the timed fabric model: the root's router board
 * leads, and every other board (router levels and processors) follows the slot-reference line ({@link SlotLoop}), or,
 * without the line, runs free from a start in step. What it finds: how soon every board is in step, how far each
 * board's slot starts are from the leader's, and what the fabric does to the packets (collisions, misdeliveries,
 * truncations, wrong states), with the slot a drift predicts for the first of them when nothing keeps the boards in step.
 */
public final class SlotLock {
    /** The boards' clock and slot ({@link BenchClocks}), and a packet that leaves 45 ns (2.2 cycles) each side of it. */
    public static final double CLOCK_HZ = BenchClocks.CLOCK_HZ;
    public static final TimingParameters TIMING = TimingParameters.lab();
    /** Slots a board has to lock and learn its numbers in before the run counts (issue 63: 1,000). */
    public static final int LOCK_BUDGET = 1000;
    private static final int BINS_PER_CYCLE = 64;
    private static final int BINS = 1024 * BINS_PER_CYCLE; // errors past 1,024 cycles fall in the last bin (the max is exact)

    /**
     * @param maxPpm   every crystal uniformly within ±maxPpm of nominal (seeded)
     * @param jitterPs every edge's RMS jitter
     * @param cutAt    the line cut to every board from this measured slot on (-1: never)
     */
    public record Options(int order, long slots, long seed, boolean sync, double maxPpm, double jitterPs, long cutAt) {
        public Options {
            if (order < 1 || order > FabricWiring.MAX_ORDER) {
                throw new IllegalArgumentException("the timed model runs orders 1.." + FabricWiring.MAX_ORDER + ", got " + order);
            }
            if (slots < 1 || slots > 1_000_000_000L) {
                throw new IllegalArgumentException("slots must be 1..10^9, got " + slots);
            }
            if (!(maxPpm >= 0 && maxPpm <= 1000)) {
                throw new IllegalArgumentException("crystal offsets are within 0..1000 ppm, got " + maxPpm);
            }
        }
    }

    /** Percentiles of |a board's slot start - the leader's|, in the board's cycles. */
    public record PhaseError(double p50, double p99, double p999, double max) {
    }

    /**
     * @param ppm            each board's crystal: the router levels r..1, then the processors
     * @param lockSlots      slots from power-up until every board was in step (-1: not within {@link #LOCK_BUDGET})
     * @param firstFailure   the measured slot of the first packet collided, misdelivered, truncated or switched
     *                       under another slot's state (-1: none)
     * @param predictedFailure where drift alone says the first comes, boards started in step (-1: with the line)
     */
    public record Row(Options options, double[] ppm, long slots, long injected, long delivered, long collisions,
                      long misdelivered, long truncated, long wrongState, long heldBack, long blanked, long lockSlots,
                      PhaseError phaseError, long firstFailure, long predictedFailure) {
    }

    private SlotLock() {
    }

    public static Row run(Options o) {
        FibrePlant plant = FibrePlant.nominal(FabricWiring.of(o.order()), TIMING, 1).jitter(100, o.seed());
        TimedFabric fabric = new TimedFabric(plant, 1);
        BoardModels.loadTables(fabric.boards(), o.order(), 1);
        Calibration.Result cal = Calibration.compute(plant, new BoardClocks(o.order(), TIMING.slotPs()), 1);
        cal.applyTo(fabric);
        BenchClocks bench = new BenchClocks(o.order(), o.maxPpm(), o.jitterPs(), o.seed(), o.sync());
        fabric.clocks().setSeparate(bench);
        double[] ppm = new double[bench.boards()];
        BoardSlots[] clocks = new BoardSlots[bench.boards()];
        for (int b = 0; b < clocks.length; b++) {
            ppm[b] = bench.ppm(b);
            clocks[b] = bench.clock(b);
        }
        long lockSlots = warmUp(fabric, clocks, o.sync());
        fabric.resetTotals();
        if (o.cutAt() >= 0) {
            bench.cut(-1, fabric.slot() + o.cutAt());
        }
        return measure(o, ppm, fabric, clocks, lockSlots, o.sync() ? -1 : predicted(ppm, o.order(), cal.worstMarginPs()));
    }

    /** Runs until every board is in step (at most {@link #LOCK_BUDGET} slots): the slots it took, or -1. */
    private static long warmUp(TimedFabric fabric, BoardSlots[] clocks, boolean sync) {
        while (fabric.slot() < LOCK_BUDGET) {
            fabric.step(TrafficSource.SATURATED, DeliverySink.IGNORE);
            long t = fabric.slot();
            boolean all = true;
            for (BoardSlots c : clocks) {
                all &= c.inStepIn(t);
            }
            if (all) {
                return sync ? t : 0;
            }
        }
        return -1;
    }

    private static Row measure(Options o, double[] ppm, TimedFabric fabric, BoardSlots[] clocks, long lockSlots, long predicted) {
        long[] hist = new long[BINS + 1];
        double max = 0;
        long samples = 0;
        long firstFailure = -1;
        long bad = 0;
        for (long i = 0; i < o.slots(); i++) {
            fabric.step(TrafficSource.SATURATED, DeliverySink.IGNORE);
            long k = fabric.slot();
            long lead = clocks[0].start(k);
            for (int b = 1; b < clocks.length; b++) {
                double e = Math.abs(clocks[b].start(k) - lead) * CLOCK_HZ * 1e-12;
                max = Math.max(max, e);
                hist[(int) Math.min(BINS, Math.round(e * BINS_PER_CYCLE))]++;
                samples++;
            }
            if (firstFailure < 0) {
                SlotCounters c = fabric.totalCounters();
                long now = c.collisions() + c.misdelivered() + fabric.truncatedTotal() + fabric.wrongStateTotal();
                if (now > bad) {
                    firstFailure = i;
                }
                bad = now;
            }
        }
        SlotCounters c = fabric.totalCounters();
        return new Row(o, ppm, o.slots(), c.injected(), c.delivered(), c.collisions(), c.misdelivered(), fabric.truncatedTotal(),
                fabric.wrongStateTotal(), fabric.heldBackTotal(), fabric.blankedTotal(), lockSlots,
                new PhaseError(percentile(hist, samples, 0.5), percentile(hist, samples, 0.99), percentile(hist, samples, 0.999), max),
                firstFailure, predicted);
    }

    /**
     * Boards started in step and left free: the first packet goes wrong where a processor's clock and a router
     * level's have slipped apart by the calibrated margin.
     */
    static long predicted(double[] ppm, int order, long marginPs) {
        double worst = 0;
        for (int level = 0; level < order; level++) {
            for (int s = order; s < ppm.length; s++) {
                worst = Math.max(worst, Math.abs(ppm[level] - ppm[s]));
            }
        }
        return worst == 0 ? Long.MAX_VALUE : (long) Math.ceil(marginPs / (worst * 1e-6 * TIMING.slotPs()));
    }

    private static double percentile(long[] hist, long samples, double q) {
        long want = (long) Math.ceil(q * samples);
        long seen = 0;
        for (int i = 0; i < hist.length; i++) {
            seen += hist[i];
            if (seen >= want && want > 0) {
                return i / (double) BINS_PER_CYCLE;
            }
        }
        return Double.NaN;
    }

    /** The crystals a row ran, rounded for a report. */
    public static double[] rounded(double[] ppm) {
        return Arrays.stream(ppm).map(p -> Math.round(p * 10) / 10.0).toArray();
    }
}
