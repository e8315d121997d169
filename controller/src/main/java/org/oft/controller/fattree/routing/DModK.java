package org.oft.controller.fattree.routing;

import org.oft.controller.fattree.topology.PgftTopology;

/**
 * D-mod-K, 000 eq. (3): up-port floor(d / Π_{k<=l} w_k) mod (w_{l+1} p_{l+1}) at every level-l switch. Down a
 * bundle of parallel links it takes link floor(q'/w_l), q' being the up choice the lower switch itself makes for
 * d, so on an RLFT each down port carries one destination (000 Thm 2).
 */
public final class DModK implements RoutingEngine {
    @Override
    public String name() {
        return "dmodk";
    }

    @Override
    public String summary() {
        return "D-mod-K (Zahavi, 000 eq. 3): up port by destination NID";
    }

    @Override
    public Routing route(PgftTopology t, RoutingOptions o) {
        RoutingEngines.requireSinglePath(this, o);
        return new DestinationRouting(name(), TableBuilder.build(t, 1, keyed(t, identity(t.hosts()))));
    }

    static int[] identity(int n) {
        int[] k = new int[n];
        for (int i = 0; i < n; i++) {
            k[i] = i;
        }
        return k;
    }

    /** D-mod-K applied to per-destination keys (NIDs, or gNIDs for Gdmodk). */
    static Choices keyed(PgftTopology t, int[] keyOf) {
        return new Choices() {
            @Override
            public int up(int l, int k, int d, int q) {
                return PathSpace.dmodkChoice(t, l, keyOf[d]);
            }

            @Override
            public int downLink(int l, int d, int q) {
                return PathSpace.dmodkChoice(t, l - 1, keyOf[d]) / t.w(l);
            }

            @Override
            public boolean dependsOnNcaLevel() {
                return false;
            }
        };
    }
}
