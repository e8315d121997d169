package org.oft.controller.fattree.routing;

import org.oft.controller.fattree.topology.PgftTopology;

/**
 * 002 §4.2's enumeration of the shortest paths of a pair whose nearest common ancestors are at level k, extended
 * to parallel links: a path is its sequence of up-port choices c_0..c_{k-1} (c_j at the level-j node, radix
 * r_j = w_{j+1} p_{j+1}), read as one mixed-radix number with c_0 most significant. Path i then goes through the
 * i-th top-level switch from the left, as in the paper's list for XGFT(3;4,4,4;1,4,2).
 */
public final class PathSpace {
    private PathSpace() {
    }

    /** X_k = Π_{j<k} w_{j+1} p_{j+1}. */
    public static long pathCount(PgftTopology t, int k) {
        long x = 1;
        for (int j = 0; j < k; j++) {
            x *= t.upPorts(j);
        }
        return x;
    }

    /** D-mod-K's up choice at level j for key d, 000 eq. (3): floor(d / Π_{i<=j} w_i) mod (w_{j+1} p_{j+1}). */
    public static int dmodkChoice(PgftTopology t, int j, long key) {
        return (int) ((key / t.copyStride(j)) % t.upPorts(j));
    }

    /** Index of the D-mod-K path of destination d among the X_k paths. */
    public static long dmodkPath(PgftTopology t, int k, int d) {
        long i = 0;
        for (int j = 0; j < k; j++) {
            i = i * t.upPorts(j) + dmodkChoice(t, j, d);
        }
        return i;
    }

    /** The choice c_j of path {@code path} among the X_k paths of level k. */
    public static int choice(PgftTopology t, int k, long path, int j) {
        long below = 1;
        for (int i = j + 1; i < k; i++) {
            below *= t.upPorts(i);
        }
        return (int) ((path / below) % t.upPorts(j));
    }

    /** shift-1: paths i, i+1, ..., i+K-1 (mod X). */
    public static long shiftOne(PgftTopology t, int k, int d, int q) {
        long x = pathCount(t, k);
        return (dmodkPath(t, k, d) + q) % x;
    }

    /**
     * disjoint: the paths that fork lowest come first. Offset q is read as a mixed-radix number whose fastest digit
     * t_0 moves the level-0 choice, then t_1 the level-1 choice, ...: path = (i + Σ t_j Π_{j<i'<k} r_i') mod X.
     */
    public static long disjoint(PgftTopology t, int k, int d, int q) {
        long x = pathCount(t, k);
        long rest = q % x;
        long offset = 0;
        for (int j = 0; j < k; j++) {
            long r = t.upPorts(j);
            long tj = rest % r;
            rest /= r;
            long below = 1;
            for (int i = j + 1; i < k; i++) {
                below *= t.upPorts(i);
            }
            offset += tj * below;
        }
        return (dmodkPath(t, k, d) + offset) % x;
    }
}
