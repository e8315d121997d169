package org.oft.sim.clock;

import java.util.ArrayList;
import java.util.List;

/**
 * One wire of the slot-reference line, from the leading board to one follower: the leader raises it at each of its
 * slot starts (sync_pulse.v), it arrives {@code delayPs} later, and where it is cut nothing arrives.
 */
public final class SyncLine {
    private final FreeRunning leader;
    private final double delayPs;
    private final List<long[]> cuts = new ArrayList<>();

    public SyncLine(FreeRunning leader, double delayPs) {
        if (!(delayPs >= 0) || Double.isInfinite(delayPs)) {
            throw new IllegalArgumentException("a line's delay is a non-negative number of ps, got " + delayPs);
        }
        this.leader = leader;
        this.delayPs = delayPs;
    }

    public FreeRunning leader() {
        return leader;
    }

    /** No pulse arrives for the leader's slots {@code from} (inclusive) to {@code to} (exclusive). */
    public SyncLine cut(long from, long to) {
        if (to <= from) {
            throw new IllegalArgumentException("a cut ends after it begins: slots " + from + ".." + to);
        }
        cuts.add(new long[] {from, to});
        return this;
    }

    /** The line mended: cuts still open at the leader's slot {@code k} end there. */
    public SyncLine mend(long k) {
        for (long[] c : cuts) {
            if (c[1] > k) {
                c[1] = Math.max(c[0] + 1, k);
            }
        }
        return this;
    }

    /** Whether the line is cut at the leader's slot {@code k}. */
    public boolean cutAt(long k) {
        for (long[] c : cuts) {
            if (k >= c[0] && k < c[1]) {
                return true;
            }
        }
        return false;
    }

    /** When the pulse of the leader's slot {@code k} rises at the follower, or NaN when the line is cut then. */
    public double rise(long k) {
        return cutAt(k) ? Double.NaN : arrival(k);
    }

    /** When the pulse of the leader's slot {@code k} would rise at the follower, cut or not. */
    public double arrival(long k) {
        return leader.start(k) + delayPs;
    }
}
