package org.oft.controller.service;

import java.nio.file.Path;
import org.oft.controller.oft.Order;
import org.oft.controller.oft.RoutingTables;
import org.oft.sim.FabricWiring;

/** What {@code oftctl serve} runs. */
public record ServeConfig(int order, int latency, String host, int port, double slotsPerSecond, String board, Path bench,
                          Path state) {
    /** Without a bench file: nominal fibres, clocks in phase. */
    public ServeConfig(int order, int latency, String host, int port, double slotsPerSecond, String board) {
        this(order, latency, host, port, slotsPerSecond, board, null, null);
    }

    public ServeConfig {
        Order.check(order);
        if (order > FabricWiring.MAX_ORDER) {
            throw new IllegalArgumentException("the built-in board model runs orders 1.." + FabricWiring.MAX_ORDER
                    + ", got " + order);
        }
        RoutingTables.checkLatency(latency);
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be between 0 and 65535, got " + port);
        }
        if (!(slotsPerSecond > 0) || slotsPerSecond > 1e9) {
            throw new IllegalArgumentException("slots per second must be above 0 and at most 1e9, got " + slotsPerSecond);
        }
        BoardSpec.parse(board);
    }
}
