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
    private final ForwardingTables lft;
    private final TableWalk walk;
    private final PgftTopology t;
    private final int[] load;
    private final int[] stamp;
    private int round;

    public PermutationLoad(ForwardingTables lft, FabricFaults faults) {
        this.lft = lft;
        this.walk = new TableWalk(lft, faults);
        this.t = lft.topology();
        this.load = new int[t.portCount()];
        this.stamp = new int[t.portCount()];
    }

    /**
     * The most flows on one directed link over all shift permutations; with {@code worst} non-null
     * (2 × ports), each link's highest load goes to {@code worst[g]} and a shift that gives it to
     * {@code worst[ports + g]}.
     */
    public int maxOverShifts(int[] worst) {
        int n = t.hosts();
        int max = 0;
        for (int s = 1; s < n; s++) {
            round++;
            for (int src = 0; src < n; src++) {
                max = Math.max(max, add(src, (src + s) % n, worst, s));
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
            round++;
            int max = 0;
            for (int src = 0; src < n; src++) {
                if (perm[src] != src) {
                    max = Math.max(max, add(src, perm[src], null, 0));
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

    /** Adds flow src -> dst to this round's loads if the tables join them; returns the highest load on its way (0 if not). */
    private int add(int src, int dst, int[] worst, int shift) {
        if (!walk.connected(src) || !walk.connected(dst) || !walk.joins(walk.leafOf(src), dst, dst)) {
            return 0;
        }
        int max = 0;
        int node = src;
        while (node != dst) {
            int g = node < t.hosts() ? t.portBase(node) : t.portBase(node) + lft.port(node, dst);
            if (stamp[g] != round) {
                stamp[g] = round;
                load[g] = 0;
            }
            max = Math.max(max, ++load[g]);
            if (worst != null && load[g] > worst[g]) {
                worst[g] = load[g];
                worst[t.portCount() + g] = shift;
            }
            node = t.peerNode(g);
        }
        return max;
    }
}
