package org.oft.controller.service.fattree;

import org.oft.controller.fattree.routing.RoutingEngines;

/**
 * What the boards run: an engine and K, its paths per pair, spread over the addresses the boards
 * give each host (K divides them).
 */
public record Served(String engine, int paths) {
    /** A multi-path engine over all of a host's addresses, a single-path one over one path. */
    public static Served initially(String engine, int addressesPerHost) {
        return new Served(engine, RoutingEngines.byName(engine).multiPath() ? addressesPerHost : 1);
    }

    /** As the log, the history and the start-up line name it. */
    public String label() {
        return paths == 1 ? engine : engine + " over " + paths + " paths";
    }
}
