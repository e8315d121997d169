package org.oft.sim.flit;

import java.util.Arrays;

/**
 * A lane's measured sample cut into consecutive batches of equal length (issue 65): the flits ejected in each batch,
 * and the measured packets' latencies by the batch they were born in (sum, count, and a histogram for quantiles), so
 * that a run's figures get intervals from batch means. Flat arrays filled once a run, no allocation per packet.
 */
final class SampleBatches {
    /** Batches a sample is cut into at most (merged in pairs afterwards while their means are correlated). */
    static final int MAX = 32;
    /** Latency bins a batch keeps: one a cycle below, the last for everything from it up. */
    static final int BINS = 2048;

    final long[] ejected = new long[MAX];
    final long[] latencySum = new long[MAX];
    final long[] latencyCount = new long[MAX];
    final long[] histogram = new long[MAX * BINS];
    private long start;
    private long length = 1;
    private int count = 1;

    /** A new sample of {@code count} batches of {@code length} cycles from cycle {@code start}. */
    void begin(long start, long length, int count) {
        this.start = start;
        this.length = length;
        this.count = count;
        Arrays.fill(ejected, 0);
        Arrays.fill(latencySum, 0);
        Arrays.fill(latencyCount, 0);
        Arrays.fill(histogram, 0);
    }

    /** The batch of a cycle in the sample (what the division leaves counts in the last batch). */
    int of(long cycle) {
        return (int) Math.min(count - 1, (cycle - start) / length);
    }

    /** A flit ejected in the sample at {@code cycle}. */
    void ejected(long cycle) {
        ejected[of(cycle)]++;
    }

    /** A measured packet born at {@code born} (in the sample) arrived after {@code latency} cycles. */
    void measured(long born, long latency) {
        int b = of(born);
        latencySum[b] += latency;
        latencyCount[b]++;
        histogram[b * BINS + (int) Math.min(BINS - 1, latency)]++;
    }
}
