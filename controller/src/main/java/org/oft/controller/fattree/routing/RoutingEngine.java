package org.oft.controller.fattree.routing;

import org.oft.controller.fattree.topology.PgftTopology;

/** One routing algorithm: a pure function of (topology, options), chosen by name from {@link RoutingEngines}. */
public interface RoutingEngine {
    String name();

    /** One line for the help text. */
    String summary();

    Routing route(PgftTopology topology, RoutingOptions options);

    /**
     * Whether its routes are keyed by destination alone, so that a switch board's forwarding table
     * holds them; S-mod-K's, keyed by source, are not.
     */
    default boolean destinationBased() {
        return true;
    }

    /** Whether it routes a pair over K paths (002's limited multi-path); the others refuse K above 1. */
    default boolean multiPath() {
        return false;
    }
}
