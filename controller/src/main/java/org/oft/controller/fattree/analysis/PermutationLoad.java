package org.oft.controller.fattree.analysis;

import java.util.SplittableRandom;
import org.oft.controller.fattree.routing.ForwardingTables;
import org.oft.controller.fattree.topology.FabricFaults;
import org.oft.controller.fattree.topology.PgftTopology;

/**
 * Flows per directed link of permutations routed by forwarding tables, possibly on a broken fabric
 * and possibly by another subnet manager (whose routes may turn more than once): all shifts, or
 * seeded random permutations. Pairs that meet no route (or a route over a cable or node the fabric lacks),
 * and hosts that are missing or cut off, are left out of the loads and counted by {@link #unroutedPairs}.
 * Single path (address = host).
 */
public final class PermutationLoad {
    private final TableWalk walk;
    private final PgftTopology t;
    private final Loads serial;
    private int threads; // 0: the cores, for a fabric large enough to pay for them
    private java.util.function.IntConsumer progress = done -> { };

    public PermutationLoad(ForwardingTables lft, FabricFaults faults) {
        this.walk = new TableWalk(lft, faults);
        this.t = lft.topology();
        this.serial = new Loads();
    }

    /** Threads the shifts are split among (default: the cores); the result does not depend on it. */
    public PermutationLoad threads(int n) {
        this.threads = Math.max(1, n);
        return this;
    }

    /** Told the number of shifts done so far, now and then, from any thread. */
    public PermutationLoad onProgress(java.util.function.IntConsumer shiftsDone) {
        this.progress = shiftsDone;
        return this;
    }

    /**
     * The most flows on one directed link over all shift permutations; with {@code worst} non-null
     * (2 × ports), each link's highest load goes to {@code worst[g]} and a shift that gives it to
     * {@code worst[ports + g]}.
     */
    public int maxOverShifts(int[] worst) {
        int n = t.hosts();
        int lanes = threads > 0 ? Math.max(1, Math.min(threads, n - 1))
                : (int) Math.min(Runtime.getRuntime().availableProcessors(), Math.max(1, (long) n * n / 1_000_000));
        Loads[] each = new Loads[lanes];
        int[][] worstOf = new int[lanes][];
        int[] maxOf = new int[lanes];
        java.util.concurrent.atomic.AtomicInteger done = new java.util.concurrent.atomic.AtomicInteger();
        Runnable[] work = new Runnable[lanes];
        for (int k = 0; k < lanes; k++) {
            int lane = k;
            each[k] = k == 0 ? serial : new Loads();
            worstOf[k] = worst == null ? null : new int[2 * t.portCount()];
            work[k] = () -> { // (locals, not the shared arrays, in the loop: no cache line is written by two threads)
                Loads mine = each[lane];
                int[] myWorst = worstOf[lane];
                int myMax = 0;
                for (int s = 1 + lane; s < n; s += lanes) { // shifts dealt round robin: each lane a share of every size
                    mine.round++;
                    for (int src = 0; src < n; src++) {
                        int dst = src + s < n ? src + s : src + s - n;
                        myMax = Math.max(myMax, mine.add(src, dst, myWorst, s));
                    }
                    int d = done.incrementAndGet();
                    if ((d & 63) == 0) {
                        progress.accept(d);
                    }
                }
                maxOf[lane] = myMax;
            };
        }
        if (lanes == 1) {
            work[0].run();
        } else {
            Thread[] th = new Thread[lanes - 1];
            for (int k = 1; k < lanes; k++) {
                th[k - 1] = new Thread(work[k], "oft-shifts-" + k);
                th[k - 1].start();
            }
            work[0].run();
            for (Thread x : th) {
                try {
                    x.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted");
                }
            }
        }
        progress.accept(done.get());
        int max = 0;
        for (int k = 0; k < lanes; k++) {
            max = Math.max(max, maxOf[k]);
            if (worst != null) { // each link's highest load, and the first shift that gave it, as one thread finds them
                int ports = t.portCount();
                for (int g = 0; g < ports; g++) {
                    int w = worstOf[k][g];
                    if (w > worst[g] || (w == worst[g] && w > 0 && worstOf[k][ports + g] < worst[ports + g])) {
                        worst[g] = w;
                        worst[ports + g] = worstOf[k][ports + g];
                    }
                }
            }
        }
        return max;
    }

    /** The mean, over {@code samples} random permutations (seed 2026: the same for every routing), of the most flows on a link. */
    public double meanMaxOfRandomPermutations(int samples) {
        int n = t.hosts();
        SplittableRandom rnd = new SplittableRandom(2026);
        int[] perm = new int[n];
        double sum = 0;
        for (int k = 0; k < samples; k++) {
            for (int i = 0; i < n; i++) {
                perm[i] = i;
            }
            for (int i = n - 1; i > 0; i--) {
                int j = rnd.nextInt(i + 1);
                int x = perm[i];
                perm[i] = perm[j];
                perm[j] = x;
            }
            serial.round++;
            int max = 0;
            for (int src = 0; src < n; src++) {
                if (perm[src] != src) {
                    max = Math.max(max, serial.add(src, perm[src], null, 0));
                }
            }
            sum += max;
        }
        return sum / samples;
    }

    /**
     * Ordered pairs of distinct hosts, both present and cabled, that the tables do not join over working cables:
     * a table that leaves pairs unrouted is not better for its lower loads. Walked from each leaf (a table is
     * per switch), so leaves × hosts walks.
     */
    public long unroutedPairs() {
        int n = t.hosts();
        int[] fromLeaf = new int[t.nodes()]; // connected hosts whose cable reaches that switch
        for (int src = 0; src < n; src++) {
            if (walk.connected(src)) {
                fromLeaf[walk.leafOf(src)]++;
            }
        }
        long unrouted = 0;
        for (int dst = 0; dst < n; dst++) {
            if (!walk.connected(dst)) {
                continue;
            }
            for (int v = n; v < t.nodes(); v++) {
                if (fromLeaf[v] > 0 && !walk.joins(v, dst, dst)) {
                    unrouted += fromLeaf[v] - (walk.leafOf(dst) == v ? 1 : 0);
                }
            }
        }
        return unrouted;
    }

    /** One thread's loads per directed link, reset lazily per round (a permutation). */
    private final class Loads {
        final int[] load = new int[t.portCount()];
        final int[] stamp = new int[t.portCount()];
        final int[] path = new int[1 + walk.maxPorts()]; // the host's own port, then the switches'
        int round;

        /** Adds flow src -> dst to this round's loads if the tables join them; returns the highest load on its way (0 if not). */
        int add(int src, int dst, int[] worst, int shift) {
            if (!walk.connected(src) || !walk.connected(dst)) {
                return 0;
            }
            // one walk: the ports it takes, kept until it is known to reach dst over working cables
            path[0] = t.portBase(src);
            int hops = walk.walk(t.peerNode(path[0]), dst, dst, path, 1);
            if (hops < 0) {
                return 0;
            }
            int max = 0;
            for (int i = 0; i < hops; i++) {
                int g = path[i];
                if (stamp[g] != round) {
                    stamp[g] = round;
                    load[g] = 0;
                }
                max = Math.max(max, ++load[g]);
                if (worst != null && load[g] > worst[g]) {
                    worst[g] = load[g];
                    worst[t.portCount() + g] = shift;
                }
            }
            return max;
        }
    }
}
