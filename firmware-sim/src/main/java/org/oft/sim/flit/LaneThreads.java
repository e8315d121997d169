package org.oft.sim.flit;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;

/**
 * Helper threads that run lanes 1..n of a cycle while the caller runs lane 0, then meet. A cycle
 * of a large fabric lasts tens of microseconds to milliseconds, so the meeting spins rather than
 * blocks; past a short spin a waiting thread yields its core (with more lanes than cores, the lane
 * it waits for may need that core), and a helper that waits long (the model is idle between runs)
 * parks.
 */
final class LaneThreads {
    private static final int SPINS_BEFORE_YIELD = 1 << 10;
    private static final int SPINS_BEFORE_PARK = SPINS_BEFORE_YIELD + (1 << 11); // then about 2 ms of yields (a yield takes about 1 µs)

    private final IntConsumer work;
    private final Thread[] helpers;
    private volatile long round;
    private volatile boolean closed;
    private volatile Throwable failure;
    private final AtomicInteger done = new AtomicInteger();
    private final AtomicBoolean[] sleeping; // helper k is parked or about to park

    LaneThreads(int helpers, IntConsumer work) {
        this.work = work;
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
            try {
                work.accept(lane);
            } catch (Throwable e) {
                failure = e;
            }
            done.incrementAndGet();
        }
    }

    /** One cycle: every lane once, the caller's lane 0 among them; returns when all are done. */
    void cycle() {
        done.set(0);
        round = round + 1;
        for (int k = 0; k < helpers.length; k++) {
            if (sleeping[k].get()) {
                LockSupport.unpark(helpers[k]);
            }
        }
        work.accept(0);
        int spins = 0;
        while (done.get() < helpers.length) {
            if (++spins < SPINS_BEFORE_YIELD) {
                Thread.onSpinWait();
            } else {
                Thread.yield(); // a helper may have lost its core: let it have this one
            }
        }
        Throwable f = failure;
        if (f != null) {
            failure = null;
            throw new IllegalStateException("a lane of the flit model failed: " + f, f);
        }
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
