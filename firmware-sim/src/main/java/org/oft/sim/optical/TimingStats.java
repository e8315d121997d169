package org.oft.sim.optical;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.oft.hal.LevelTiming;

/** Per-level timing counters in flat arrays, updated in the timed slot loop without allocation. */
final class TimingStats {
    static final int BUCKETS = 9;                                   // margins ≥ 0
    static final int NEGATIVE = LevelTiming.NEGATIVE_BUCKETS; // margins < 0 (truncated packets)
    static final int PER_LEVEL = NEGATIVE + BUCKETS;

    private final int order;
    final long[] packets;
    final long[] truncated;
    final long[] wrongState;
    final long[] minArrival;
    final long[] maxArrival;
    final long[] worstMargin;
    final long[] histogram;   // [k * PER_LEVEL + b]

    TimingStats(int order) {
        this.order = order;
        packets = new long[order];
        truncated = new long[order];
        wrongState = new long[order];
        minArrival = new long[order];
        maxArrival = new long[order];
        worstMargin = new long[order];
        histogram = new long[order * PER_LEVEL];
        clear();
    }

    void clear() {
        Arrays.fill(packets, 0);
        Arrays.fill(truncated, 0);
        Arrays.fill(wrongState, 0);
        Arrays.fill(minArrival, Long.MAX_VALUE);
        Arrays.fill(maxArrival, Long.MIN_VALUE);
        Arrays.fill(worstMargin, Long.MAX_VALUE);
        Arrays.fill(histogram, 0);
    }

    void addTo(TimingStats total) {
        for (int k = 0; k < order; k++) {
            total.packets[k] += packets[k];
            total.truncated[k] += truncated[k];
            total.wrongState[k] += wrongState[k];
            total.minArrival[k] = Math.min(total.minArrival[k], minArrival[k]);
            total.maxArrival[k] = Math.max(total.maxArrival[k], maxArrival[k]);
            total.worstMargin[k] = Math.min(total.worstMargin[k], worstMargin[k]);
        }
        for (int i = 0; i < histogram.length; i++) {
            total.histogram[i] += histogram[i];
        }
    }

    long truncatedTotal() {
        long s = 0;
        for (long v : truncated) {
            s += v;
        }
        return s;
    }

    long wrongStateTotal() {
        long s = 0;
        for (long v : wrongState) {
            s += v;
        }
        return s;
    }

    long worstMarginOverall() {
        long m = Long.MAX_VALUE;
        for (long v : worstMargin) {
            m = Math.min(m, v);
        }
        return m;
    }

    /** Index 0 = level 1. */
    List<LevelTiming> snapshot() {
        List<LevelTiming> out = new ArrayList<>(order);
        for (int level = 1; level <= order; level++) {
            int k = order - level;
            out.add(new LevelTiming(level, packets[k], truncated[k], wrongState[k], minArrival[k], maxArrival[k],
                    worstMargin[k], Arrays.copyOfRange(histogram, k * PER_LEVEL, (k + 1) * PER_LEVEL)));
        }
        return out;
    }
}
