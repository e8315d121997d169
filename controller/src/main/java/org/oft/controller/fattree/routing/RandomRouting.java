package org.oft.controller.fattree.routing;

import java.util.stream.IntStream;
import org.oft.controller.fattree.topology.PgftTopology;

/**
 * Random routing, seeded. With one path (001 §I.D.1): every switch picks, for every destination, a random up
 * port and a random parallel link down, independently of other switches. With K > 1 paths (002 §4.2.1): each
 * destination's K addresses follow K distinct shortest paths drawn at random (all of them when a pair has fewer
 * than K), drawn per (destination, NCA level) so that every path is a table entry.
 * Draws are hashes of (seed, switch, address), so the result is the same whatever the thread count.
 */
public final class RandomRouting implements RoutingEngine {
    @Override
    public String name() {
        return "random";
    }

    @Override
    public boolean multiPath() {
        return true;
    }

    @Override
    public String summary() {
        return "random (seeded): per switch and destination (001); with --paths K, K distinct random paths (002)";
    }

    @Override
    public Routing route(PgftTopology t, RoutingOptions o) {
        long seed = o.seed();
        if (o.paths() > 1) {
            return MultiPath.route(t, o, name(), (k, d, q) -> drawn(t, seed, k, d, q));
        }
        int n = t.hosts();
        byte[][] rows = new byte[t.switches()][];
        IntStream.range(n, t.nodes()).parallel().forEach(node -> {
            int l = t.level(node);
            byte[] ports = new byte[n];
            rows[node - n] = ports;
            int downs = t.downPorts(l);
            int ups = t.upPorts(l);
            for (int d = 0; d < n; d++) {
                long r = mix(seed, node, d);
                if (t.below(node, d)) {
                    ports[d] = (byte) (t.hostDigit(d, l) + (int) Long.remainderUnsigned(r, t.p(l)) * t.m(l));
                } else {
                    ports[d] = (byte) (downs + (int) Long.remainderUnsigned(r, ups));
                }
            }
        });
        byte[][] hostPorts = null;
        if (t.upPorts(0) > 1) {
            hostPorts = ForwardingTables.rows(n, n);
            for (int s = 0; s < n; s++) {
                for (int d = 0; d < n; d++) {
                    hostPorts[s][d] = d == s ? 0 : (byte) Long.remainderUnsigned(mix(seed, s, d), t.upPorts(0));
                }
            }
        }
        return new DestinationRouting(name(), new ForwardingTables(t, 1, rows, hostPorts));
    }

    /** The q-th of K distinct random path indices among X_k for destination d: a seeded partial shuffle. */
    static long drawn(PgftTopology t, long seed, int k, int d, int q) {
        long x = PathSpace.pathCount(t, k);
        if (x > 1 << 20) {
            throw new IllegalArgumentException("random multi-path supports at most 2^20 paths per pair");
        }
        // Floyd's selection keeps it O(K): the first q+1 draws of a Fisher-Yates shuffle of 0..x-1.
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(mix(seed, k, d));
        java.util.HashMap<Long, Long> swapped = new java.util.HashMap<>();
        long result = 0;
        for (long i = 0; i <= q; i++) {
            long j = i + rnd.nextLong(x - i);
            long vi = swapped.getOrDefault(i, i);
            long vj = swapped.getOrDefault(j, j);
            swapped.put(j, vi);
            swapped.put(i, vj);
            result = vj;
        }
        return result;
    }

    static long mix(long seed, long a, long b) {
        long z = seed * 0x9E3779B97F4A7C15L + a * 0xBF58476D1CE4E5B9L + b * 0x94D049BB133111EBL;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
