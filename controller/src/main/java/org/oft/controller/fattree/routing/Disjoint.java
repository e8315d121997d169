package org.oft.controller.fattree.routing;

import org.oft.controller.fattree.topology.PgftTopology;

/** Limited multi-path, 002 §4.2.3 disjoint: from D-mod-K's path, paths that fork at the lowest levels first. */
public final class Disjoint implements RoutingEngine {
    @Override
    public String name() {
        return "disjoint";
    }

    @Override
    public boolean multiPath() {
        return true;
    }

    @Override
    public String summary() {
        return "limited multi-path disjoint (002 §4.2.3): K paths forking lowest first, one LID each";
    }

    @Override
    public Routing route(PgftTopology t, RoutingOptions o) {
        return MultiPath.route(t, o, name(), (k, d, q) -> PathSpace.disjoint(t, k, d, q));
    }
}
