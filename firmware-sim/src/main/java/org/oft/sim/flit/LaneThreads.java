package org.oft.sim.flit;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;

/**
 * Helper threads that run a cycle's lanes beside the caller, then meet. A lane is not tied to a
 * thread: each cycle every thread first claims its own lane, then any lane no one has claimed yet,
 * so when a helper has lost its core (more threads than free cores) the caller runs that helper's
 * lane itself rather than wait for it; a cycle never takes much longer than one thread would take.
 * A lane's result does not depend on the thread that runs it.
 *
 * <p>A cycle of a large fabric lasts tens of microseconds to milliseconds, so the meeting spins
 * rather than blocks; past a short spin a waiting thread yields its core, and a helper that waits
 * long (the model is idle between runs) parks.
 */
final class LaneThreads {
    private static final int SPINS_BEFORE_YIELD = 1 << 10;
    private static final int SPINS_BEFORE_PARK = SPINS_BEFORE_YIELD + (1 << 11); // then about 2 ms of yields (a yield takes about 1 µs)

    private final IntConsumer work;
    private final int lanes;
    private final Thread[] helpers;
    private volatile long round;
    private volatile boolean closed;
    private volatile Throwable failure;
    private final AtomicInteger done = new AtomicInteger();
    private final AtomicLongArray claimed; // per lane: the last round it was claimed in
    private final AtomicBoolean[] sleeping; // helper k is parked or about to park
    private long stolen; // lanes the caller ran for a helper that had not claimed them (read by tests and benchmarks)

    LaneThreads(int helpers, IntConsumer work) {
        this.work = work;
        this.lanes = helpers + 1;
        this.claimed = new AtomicLongArray(lanes);
        this.helpers = new Thread[helpers];
        this.sleeping = new AtomicBoolean[helpers];
        for (int k = 0; k < helpers; k++) {
            int lane = k + 1;
            sleeping[k] = new AtomicBoolean();
            Thread t = new Thread(() -> loop(lane), "flit-lane-" + lane);
            t.setDaemon(true);
            this.helpers[k] = t;
        }
        for (Thread t : this.helpers) {
            t.start();
        }
    }

    private void loop(int lane) {
        long seen = 0;
        AtomicBoolean asleep = sleeping[lane - 1];
        while (true) {
            long r;
            int spins = 0;
            while ((r = round) == seen) {
                if (closed) {
                    return;
                }
                if (++spins < SPINS_BEFORE_YIELD) {
                    Thread.onSpinWait();
                } else if (spins < SPINS_BEFORE_PARK) {
                    Thread.yield();
                } else {
                    asleep.set(true); // then read round again: the caller either sees this flag or we see its round
                    if (round == seen && !closed) {
                        LockSupport.park(this);
                    }
                    asleep.set(false);
                    spins = 0;
                }
            }
            seen = r;
            runClaimable(lane, r);
        }
    }

    /** Runs, of round {@code r}'s lanes, those no thread has claimed yet, its own lane first; how many others than its own it ran. */
    private int runClaimable(int own, long r) {
        int others = 0;
        for (int j = 0; j < lanes; j++) {
            int l = own + j < lanes ? own + j : own + j - lanes;
            if (claimed.get(l) == r - 1 && claimed.compareAndSet(l, r - 1, r)) {
                try {
                    work.accept(l);
                } catch (Throwable e) {
                    failure = e;
                }
                others += l == own ? 0 : 1;
                done.incrementAndGet();
            }
        }
        return others;
    }

    /** One cycle: every lane once, on whichever thread claims it first; returns when all are done. */
    void cycle() {
        done.set(0);
        long r = round + 1;
        round = r;
        for (int k = 0; k < helpers.length; k++) {
            if (sleeping[k].get()) {
                LockSupport.unpark(helpers[k]);
            }
        }
        stolen += runClaimable(0, r);
        int spins = 0;
        while (done.get() < lanes) {
            if (++spins < SPINS_BEFORE_YIELD) {
                Thread.onSpinWait();
            } else {
                Thread.yield(); // a helper may have lost its core mid-lane: let it have this one
            }
        }
        Throwable f = failure;
        if (f != null) {
            failure = null;
            throw new IllegalStateException("a lane of the flit model failed: " + f, f);
        }
    }

    /** Lanes the caller has run for helpers so far. */
    long stolen() {
        return stolen;
    }

    void close() {
        closed = true;
        for (Thread t : helpers) {
            LockSupport.unpark(t);
        }
        for (Thread t : helpers) {
            try {
                t.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
