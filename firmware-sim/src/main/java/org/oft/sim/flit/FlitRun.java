package org.oft.sim.flit;

import java.util.Arrays;

/**
 * A run of the model, cold code apart from its cycle: warm-up, the measured sample and the drain,
 * then the lanes' statistics merged into one {@link FlitSimulator.Result}.
 */
final class FlitRun {
    private FlitRun() {
    }

    /**
     * Warm-up, a measured sample (packets created in it are followed to their ejection), then a
     * drain of at most {@code drainLimit} cycles; a network where nothing moves for
     * {@code stallCycles} while flits are in it is reported as deadlocked, never waited on.
     */
    static FlitSimulator.Result run(FlitSimulator sim, double load, FlitSimulator.Traffic traffic, long warmup, long sample,
                                    long drainLimit, long stallCycles) {
        int batchCount = (int) Math.max(1, Math.min(SampleBatches.MAX, sample));
        for (Lane lane : sim.lanes) {
            lane.batches.begin(sim.cycle + warmup, sample / batchCount, batchCount);
            lane.ejectedInWindow = 0;
            Arrays.fill(lane.ejectedBySource, 0);
            Arrays.fill(lane.latencyHistogram, 0);
            lane.latencySum = 0;
            lane.latencyCount = 0;
        }
        Arrays.fill(sim.sending, false);
        Arrays.fill(sim.linkFlits, 0);
        long waitBefore = sim.totalTransmitWait();
        sim.measuring = true;
        sim.windowStart = sim.cycle + warmup;
        sim.windowEnd = sim.windowStart + sample;
        boolean deadlock = false;
        long start = sim.cycle;
        boolean sampled = false;
        long createdBefore = 0; // packets created before the sample: what it generated is the difference
        while (sim.cycle < sim.windowEnd) {
            if (sim.cycle == sim.windowStart) { // flits sent per link in the sample: the difference of two readings
                sim.addXmitFlits(-1);
                createdBefore = sim.created;
                sampled = true;
            }
            sim.step(load, traffic);
            if (sim.stalled(stallCycles)) {
                deadlock = true;
                break;
            }
        }
        long generated = sampled ? sim.created - createdBefore : 0;
        if (sampled) {
            sim.addXmitFlits(1);
        }
        long drainEnd = sim.cycle + drainLimit;
        while (!deadlock && sim.measuredOut > 0 && sim.cycle < drainEnd) {
            sim.step(load, traffic);
            if (sim.stalled(stallCycles)) {
                deadlock = true;
            }
        }
        sim.measuring = false;
        return measured(sim, load, sample, generated, batchCount, deadlock, sim.cycle - start, sim.totalTransmitWait() - waitBefore);
    }

    /** What the lanes counted in the sample, merged into one result with its intervals. */
    private static FlitSimulator.Result measured(FlitSimulator sim, double load, long sample, long generated, int batchCount,
                                                 boolean deadlock, long cycles, long wait) {
        long ejectedInWindow = 0;
        long latencySum = 0;
        long latencyCount = 0;
        long[] latencyHistogram = new long[sim.lanes[0].latencyHistogram.length];
        long[] ejectedBySource = new long[sim.net.hosts()];
        for (Lane lane : sim.lanes) {
            ejectedInWindow += lane.ejectedInWindow;
            latencySum += lane.latencySum;
            latencyCount += lane.latencyCount;
            for (int i = 0; i < latencyHistogram.length; i++) {
                latencyHistogram[i] += lane.latencyHistogram[i];
            }
            for (int h = 0; h < ejectedBySource.length; h++) {
                ejectedBySource[h] += lane.ejectedBySource[h];
            }
        }
        double accepted = (double) ejectedInWindow / ((double) sim.net.hosts() * sample);
        long min = Long.MAX_VALUE;
        for (int h = 0; h < sim.net.hosts(); h++) {
            if (sim.sending[h]) {
                min = Math.min(min, ejectedBySource[h]);
            }
        }
        if (min == Long.MAX_VALUE) {
            min = 0;
        }
        int maxLevel = 0;
        for (int l : sim.net.level()) {
            maxLevel = Math.max(maxLevel, l);
        }
        double[] util = new double[maxLevel];
        int[] linksAt = new int[maxLevel];
        for (int g = 0; g < sim.ports; g++) {
            int l = sim.net.level()[g] - 1;
            util[l] += (double) sim.linkFlits[g] / sample;
            linksAt[l]++;
        }
        for (int l = 0; l < maxLevel; l++) {
            util[l] = linksAt[l] == 0 ? 0 : util[l] / linksAt[l];
        }
        long p99 = 0;
        long seen = 0;
        for (int i = 0; i < latencyHistogram.length; i++) {
            seen += latencyHistogram[i];
            if (seen * 100 >= latencyCount * 99 && latencyCount > 0) {
                p99 = i;
                break;
            }
        }
        double offered = (double) generated * sim.par.packetFlits() / ((double) sim.net.hosts() * sample);
        double mean = latencyCount == 0 ? Double.NaN : (double) latencySum / latencyCount;
        FlitIntervals intervals = FlitIntervals.of(batches(sim, batchCount, sample), sim.net.hosts(), offered, accepted, mean, p99);
        return new FlitSimulator.Result(load, offered, accepted, (double) min / sample, mean,
                p99, latencyCount + sim.measuredOut, sim.measuredOut, sim.sum(l -> l.misdelivered), sim.sum(l -> l.loops), sim.sum(l -> l.unroutable),
                sim.sum(l -> l.deadLinkWaits), deadlock, cycles, util, wait, latencyHistogram, intervals);
    }

    /** The lanes' batches of the sample, summed: {@code count} of them, the last taking what the division leaves. */
    private static FlitIntervals.Batches batches(FlitSimulator sim, int count, long sample) {
        long[] cycles = new long[count];
        long[] ejected = new long[count];
        long[] latencySum = new long[count];
        long[] latencyCount = new long[count];
        long[][] histogram = new long[count][SampleBatches.BINS];
        for (int b = 0; b < count; b++) {
            cycles[b] = b < count - 1 ? sample / count : sample - (sample / count) * (count - 1);
            for (Lane lane : sim.lanes) {
                SampleBatches s = lane.batches;
                ejected[b] += s.ejected[b];
                latencySum[b] += s.latencySum[b];
                latencyCount[b] += s.latencyCount[b];
                for (int i = 0; i < SampleBatches.BINS; i++) {
                    histogram[b][i] += s.histogram[b * SampleBatches.BINS + i];
                }
            }
        }
        return new FlitIntervals.Batches(cycles, ejected, latencySum, latencyCount, histogram);
    }
}
