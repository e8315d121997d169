package org.oft.controller.fattree.routing;

import org.oft.controller.fattree.topology.PgftTopology;

/** One routing algorithm: a pure function of (topology, options), chosen by name from {@link RoutingEngines}. */
public interface RoutingEngine {
    String name();

    /** One line for the help text. */
    String summary();

    Routing route(PgftTopology topology, RoutingOptions options);
}
