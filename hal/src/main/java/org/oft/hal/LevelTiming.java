package org.oft.hal;

/**
 * Timing of the packets one router level switched (in one slot, or cumulatively).
 *
 * @param level           1 = next to the processors, r = root
 * @param packets         packets that reached a node of this level
 * @param truncated       packets a node changed state under (destroyed)
 * @param wrongState      packets switched whole under another slot's state
 * @param minArrivalPs    earliest packet start after its node's slot boundary (Long.MAX_VALUE if none)
 * @param maxArrivalPs    latest packet start after its node's slot boundary (Long.MIN_VALUE if none)
 * @param worstMarginPs   smallest distance of a packet to an unstable interval (Long.MAX_VALUE if none)
 * @param marginHistogram packets by margin, every packet counted: bucket b = [(b−N)·w, (b−N+1)·w) ps with
 *                        N = {@value #NEGATIVE_BUCKETS}, the first and the last open-ended; the first N
 *                        buckets hold the negative margins, i.e. the truncated packets
 */
public record LevelTiming(int level, long packets, long truncated, long wrongState, long minArrivalPs,
                          long maxArrivalPs, long worstMarginPs, long[] marginHistogram) {
    /** Buckets below a margin of zero. */
    public static final int NEGATIVE_BUCKETS = 3;

    /** The lower edge of bucket {@code b} in ps (the first is open below). */
    public static long bucketStartPs(int b, long widthPs) {
        return (b - NEGATIVE_BUCKETS) * widthPs;
    }

    public LevelTiming {
        marginHistogram = marginHistogram.clone();
    }

    @Override
    public long[] marginHistogram() {
        return marginHistogram.clone();
    }
}
