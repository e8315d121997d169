package org.oft.controller.fattree.routing;

import org.oft.controller.fattree.topology.PgftTopology;

/** S-mod-K (001 §I.D.3): D-mod-K's formula on the source NID; down parallel links by the source's up choice. */
public final class SModK implements RoutingEngine {
    @Override
    public String name() {
        return "smodk";
    }

    @Override
    public String summary() {
        return "S-mod-K (001): up port by source NID (not an InfiniBand LFT)";
    }

    @Override
    public boolean destinationBased() {
        return false;
    }

    @Override
    public Routing route(PgftTopology t, RoutingOptions o) {
        RoutingEngines.requireSinglePath(this, o);
        return SourceRouting.modK(t, name(), DModK.identity(t.hosts()));
    }
}
