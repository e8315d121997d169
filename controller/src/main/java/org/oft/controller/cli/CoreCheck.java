package org.oft.controller.cli;

import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Whether this machine's cores suit a model split over them: the same integer loop run alone, then
 * on {@code n} threads at once (on a shared VM a vCPU may be another tenant's time slice), and how
 * long a cache line takes to go to another thread and back (vCPUs far apart on the host). The lanes
 * meet every cycle, so either slows a split run; the bench prints both beside its figures.
 */
final class CoreCheck {
    private static final long ITERATIONS = 40_000_000L;

    private CoreCheck() {
    }

    /** The slowest of {@code n} threads running the loop at once, as a fraction of one thread alone (about 1 when the cores are whole). */
    static double slowestShare(int n) {
        spin(ITERATIONS / 4); // compiled before it is timed
        double alone = Double.MAX_VALUE;
        for (int k = 0; k < 3; k++) {
            alone = Math.min(alone, timed());
        }
        double[] together = new double[n];
        CountDownLatch start = new CountDownLatch(1);
        Thread[] threads = new Thread[n];
        for (int i = 0; i < n; i++) {
            int me = i;
            threads[i] = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                together[me] = timed();
            }, "core-check-" + i);
            threads[i].start();
        }
        start.countDown();
        double slowest = 0;
        for (int i = 0; i < n; i++) {
            try {
                threads[i].join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Double.NaN;
            }
            slowest = Math.max(slowest, together[i]);
        }
        return alone / slowest;
    }

    /** Median nanoseconds for a value to go from this thread to another and back, over 5 batches of {@code tripsPerBatch} trips. */
    static double roundTripNanos(int tripsPerBatch) {
        int batches = 5;
        long trips = (long) batches * tripsPerBatch;
        AtomicLong ball = new AtomicLong();
        Thread partner = new Thread(() -> {
            for (long i = 0; i < trips; i++) {
                while (ball.get() != 2 * i + 1) {
                    Thread.onSpinWait();
                }
                ball.set(2 * i + 2);
            }
        }, "core-check-partner");
        partner.setDaemon(true);
        partner.start();
        double[] perTrip = new double[batches];
        for (int b = 0; b < batches; b++) {
            long t0 = System.nanoTime();
            for (long i = (long) b * tripsPerBatch; i < (long) (b + 1) * tripsPerBatch; i++) {
                ball.set(2 * i + 1);
                while (ball.get() != 2 * i + 2) {
                    Thread.onSpinWait();
                }
            }
            perTrip[b] = (System.nanoTime() - t0) / (double) tripsPerBatch;
        }
        try {
            partner.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Arrays.sort(perTrip);
        return perTrip[batches / 2];
    }

    private static double timed() {
        long t0 = System.nanoTime();
        long x = spin(ITERATIONS);
        double s = (System.nanoTime() - t0) / 1e9;
        return x == 42 ? s + 1e-9 : s; // keeps the loop's result alive
    }

    /** A dependent chain of xorshifts: the core's integer speed, no memory. */
    static long spin(long iterations) {
        long x = 0x9E3779B97F4A7C15L;
        for (long i = 0; i < iterations; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }
}
