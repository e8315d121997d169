package org.oft.controller.fattree.routing;

import org.oft.controller.fattree.topology.PgftTopology;

/**
 * Realises a path selection the InfiniBand way: host d owns K addresses (LMC), address (d, q) follows the q-th
 * selected path. A switch knows the NCA level k of the pairs it forwards up (from its own subtree and d), so the
 * q-th path's choice at its level is a plain table entry. Addresses beyond the X_k paths a pair has repeat
 * path q mod X_k. On the way down, parallel link = floor(c_{l-1} / w_l) of the selection taken over the whole
 * tree (k = h): the lower switch's own up choice for that address, which for q = 0 is D-mod-K's.
 */
final class MultiPath {
    interface Selection {
        long path(int k, int d, int q);
    }

    private MultiPath() {
    }

    static Routing route(PgftTopology t, RoutingOptions o, String name, Selection select) {
        int h = t.levels();
        Choices c = new Choices() {
            @Override
            public int up(int l, int k, int d, int q) {
                long x = PathSpace.pathCount(t, k);
                return PathSpace.choice(t, k, select.path(k, d, (int) (q % x)), l);
            }

            @Override
            public int downLink(int l, int d, int q) {
                long x = PathSpace.pathCount(t, h);
                return PathSpace.choice(t, h, select.path(h, d, (int) (q % x)), l - 1) / t.w(l);
            }

            @Override
            public boolean dependsOnNcaLevel() {
                return true;
            }
        };
        return new DestinationRouting(name, TableBuilder.build(t, o.paths(), c), true);
    }
}
