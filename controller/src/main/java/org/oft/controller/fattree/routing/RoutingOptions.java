package org.oft.controller.fattree.routing;

import org.oft.controller.fattree.topology.NodeTypes;

/** What an engine may be told besides the topology: paths per pair (K, as LMC addresses), the seed, node types. */
public record RoutingOptions(int paths, long seed, NodeTypes nodeTypes) {
    public RoutingOptions {
        if (paths < 1 || paths > 128) {
            throw new IllegalArgumentException("--paths must be in 1..128 (LMC 0..7), got " + paths);
        }
    }

    public static RoutingOptions single() {
        return new RoutingOptions(1, 1, null);
    }
}
