package org.oft.controller.fattree.routing;

/** A routing that is a set of forwarding tables: the port depends on the destination address only. */
public class DestinationRouting extends Routing {
    private final ForwardingTables tables;
    private final boolean multiPath;

    public DestinationRouting(String engine, ForwardingTables tables) {
        this(engine, tables, false);
    }

    /** {@code multiPath}: the K addresses select distinct shortest paths, so a pair has min(K, X) of them. */
    public DestinationRouting(String engine, ForwardingTables tables, boolean multiPath) {
        super(tables.topology(), engine, tables.paths());
        this.tables = tables;
        this.multiPath = multiPath;
    }

    @Override
    public int pathsFor(int src, int dst) {
        return multiPath ? (int) Math.min(paths(), PathSpace.pathCount(topology, topology.ncaLevel(src, dst))) : paths();
    }

    @Override
    public int outPort(int node, int src, int dst, int path) {
        int addr = dst * paths() + path;
        return node < topology.hosts() ? tables.hostPort(node, addr) : tables.port(node, addr);
    }

    /** Whether the K addresses select distinct shortest paths (a multi-path engine's tables). */
    public boolean multiPath() {
        return multiPath;
    }

    @Override
    public boolean destinationBased() {
        return true;
    }

    @Override
    public ForwardingTables tables() {
        return tables;
    }
}
