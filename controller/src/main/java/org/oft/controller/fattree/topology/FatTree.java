package org.oft.controller.fattree.topology;

import java.util.Objects;

/** A fat tree as the controller knows it: the PGFT model, what InfiniBand calls its parts, and where it came from. */
public record FatTree(PgftTopology topology, FabricNames names, String source) {
    public FatTree {
        Objects.requireNonNull(topology);
        Objects.requireNonNull(names);
    }

    public static FatTree generated(PgftTopology t, String source) {
        return new FatTree(t, FabricNames.generated(t), source);
    }
}
