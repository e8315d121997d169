package org.oft.controller.fattree.routing;

import org.oft.controller.fattree.topology.PgftTopology;

/** Limited multi-path, 002 §4.2.2 shift-1: the D-mod-K path i and the K-1 paths after it, i+1..i+K-1 mod X. */
public final class ShiftOne implements RoutingEngine {
    @Override
    public String name() {
        return "shift-1";
    }

    @Override
    public boolean multiPath() {
        return true;
    }

    @Override
    public String summary() {
        return "limited multi-path shift-1 (002 §4.2.2): K consecutive paths from D-mod-K's, one LID each";
    }

    @Override
    public Routing route(PgftTopology t, RoutingOptions o) {
        return MultiPath.route(t, o, name(), (k, d, q) -> PathSpace.shiftOne(t, k, d, q));
    }
}
