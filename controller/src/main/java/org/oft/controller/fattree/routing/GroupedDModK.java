package org.oft.controller.fattree.routing;

import org.oft.controller.fattree.topology.NodeTypes;
import org.oft.controller.fattree.topology.PgftTopology;

/** Gdmodk (001 §IV): reindex NIDs grouped by node type (Algorithm 1), then D-mod-K on the gNIDs. */
public final class GroupedDModK implements RoutingEngine {
    @Override
    public String name() {
        return "gdmodk";
    }

    @Override
    public String summary() {
        return "Gdmodk (001 §IV): D-mod-K on NIDs regrouped by node type";
    }

    @Override
    public Routing route(PgftTopology t, RoutingOptions o) {
        RoutingEngines.requireSinglePath(this, o);
        return new DestinationRouting(name(), TableBuilder.build(t, 1, DModK.keyed(t, gnids(t, o))));
    }

    static int[] gnids(PgftTopology t, RoutingOptions o) {
        NodeTypes types = o.nodeTypes() == null ? NodeTypes.allCompute(t.hosts()) : o.nodeTypes();
        if (types.hosts() != t.hosts()) {
            throw new IllegalArgumentException("node types cover " + types.hosts() + " hosts, the topology has " + t.hosts());
        }
        return types.groupedNids();
    }
}
