package org.oft.controller.fattree.routing;

import org.oft.controller.fattree.topology.PgftTopology;

/**
 * Computed routes: the output port every node takes for a packet of pair (src, dst) on path q (0..K-1).
 * Destination-based routings are plain forwarding tables ({@link #tables()}); source-based ones (S-mod-K) are not
 * expressible as InfiniBand LFTs and serve traces and analyses only.
 */
public abstract class Routing {
    protected final PgftTopology topology;
    private final String engine;
    private final int paths;

    protected Routing(PgftTopology topology, String engine, int paths) {
        this.topology = topology;
        this.engine = engine;
        this.paths = paths;
    }

    public PgftTopology topology() {
        return topology;
    }

    public String engine() {
        return engine;
    }

    /** K: addresses per host, the most paths a pair may have. */
    public int paths() {
        return paths;
    }

    /** Distinct paths pair (src, dst) really has: min(K, number of shortest paths) for multi-path engines. */
    public int pathsFor(int src, int dst) {
        return paths;
    }

    /** Local output port at {@code node} (host or switch) for the packet (src, dst, path). */
    public abstract int outPort(int node, int src, int dst, int path);

    public abstract boolean destinationBased();

    /** The forwarding tables; only destination-based routings have them. */
    public ForwardingTables tables() {
        throw new IllegalArgumentException(RoutingEngines.notATable(engine) + "; use it with 'routes' or 'analyze'");
    }

    /**
     * Walks pair (src, dst) along path q and writes the global ports (directed links) it leaves through into
     * {@code ports}; returns how many, or -1 when a node on the way has no route (a table rerouted around holes
     * that cut the pair off). No allocation.
     */
    public final int walk(int src, int dst, int path, int[] ports) {
        return walk(src, dst, path, ports, 0);
    }

    /** As {@link #walk(int, int, int, int[])}, writing from {@code offset}. */
    public final int walk(int src, int dst, int path, int[] ports, int offset) {
        int node = src;
        int n = 0;
        int limit = 2 * topology.levels();
        while (node != dst) {
            if (n == limit) {
                throw new IllegalStateException(engine + ": route " + src + "->" + dst + " path " + path
                        + " is not a shortest path (loop or wrong turn)");
            }
            int local = outPort(node, src, dst, path);
            if (local == Reroute.NONE) {
                return -1; // a broken fabric's table: this node has no route to dst
            }
            int gp = topology.portBase(node) + local;
            ports[offset + n++] = gp;
            node = topology.peerNode(gp);
        }
        return n;
    }
}
