package org.oft.controller.fattree.topology;

import java.util.Objects;

/**
 * A fat tree as the controller knows it: the PGFT model, what InfiniBand calls its parts, where it came
 * from, and the model's cables the real fabric lacks (global port ids, both ends; empty for a whole tree).
 */
public record FatTree(PgftTopology topology, FabricNames names, String source, java.util.BitSet absentPorts) {
    public FatTree {
        Objects.requireNonNull(topology);
        Objects.requireNonNull(names);
        absentPorts = absentPorts == null ? new java.util.BitSet() : (java.util.BitSet) absentPorts.clone();
    }

    /** A whole tree. */
    public FatTree(PgftTopology topology, FabricNames names, String source) {
        this(topology, names, source, null);
    }

    @Override
    public java.util.BitSet absentPorts() {
        return (java.util.BitSet) absentPorts.clone();
    }

    /** The real fabric lacks some of the model's cables. */
    public boolean degraded() {
        return !absentPorts.isEmpty();
    }

    public static FatTree generated(PgftTopology t, String source) {
        return new FatTree(t, FabricNames.generated(t), source);
    }
}
