package org.oft.controller.fattree.topology;

import java.util.Objects;

/**
 * A fat tree as the controller knows it: the PGFT model, what InfiniBand calls its parts, where it came
 * from, and the model's cables and nodes the real fabric lacks (global port ids, both ends, and node ids;
 * empty for a whole tree). A missing node's cables are all absent too.
 */
public record FatTree(PgftTopology topology, FabricNames names, String source, java.util.BitSet absentPorts,
                      java.util.BitSet absentNodes) {
    public FatTree {
        Objects.requireNonNull(topology);
        Objects.requireNonNull(names);
        absentPorts = absentPorts == null ? new java.util.BitSet() : (java.util.BitSet) absentPorts.clone();
        absentNodes = absentNodes == null ? new java.util.BitSet() : (java.util.BitSet) absentNodes.clone();
    }

    /** A tree lacking cables only. */
    public FatTree(PgftTopology topology, FabricNames names, String source, java.util.BitSet absentPorts) {
        this(topology, names, source, absentPorts, null);
    }

    @Override
    public java.util.BitSet absentNodes() {
        return (java.util.BitSet) absentNodes.clone();
    }

    /** A whole tree. */
    public FatTree(PgftTopology topology, FabricNames names, String source) {
        this(topology, names, source, null, null);
    }

    @Override
    public java.util.BitSet absentPorts() {
        return (java.util.BitSet) absentPorts.clone();
    }

    /** The real fabric lacks some of the model's cables. */
    public boolean degraded() {
        return !absentPorts.isEmpty() || !absentNodes.isEmpty();
    }

    public static FatTree generated(PgftTopology t, String source) {
        return new FatTree(t, FabricNames.generated(t), source);
    }
}
