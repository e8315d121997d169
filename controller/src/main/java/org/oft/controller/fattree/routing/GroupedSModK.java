package org.oft.controller.fattree.routing;

import org.oft.controller.fattree.topology.PgftTopology;

/** Gsmodk (001 §IV): S-mod-K on NIDs regrouped by node type. */
public final class GroupedSModK implements RoutingEngine {
    @Override
    public String name() {
        return "gsmodk";
    }

    @Override
    public String summary() {
        return "Gsmodk (001 §IV): S-mod-K on NIDs regrouped by node type (not an InfiniBand LFT)";
    }

    @Override
    public boolean destinationBased() {
        return false;
    }

    @Override
    public Routing route(PgftTopology t, RoutingOptions o) {
        RoutingEngines.requireSinglePath(this, o);
        return SourceRouting.modK(t, name(), GroupedDModK.gnids(t, o));
    }
}
