package org.oft.controller.fattree.routing;

import java.util.List;
import org.oft.controller.fattree.topology.FabricFaults;

/**
 * A reroute's outcome, immutable: the tables around the failures, the failures, the pairs of present
 * hosts no route joins (and of them, those working cables still join, only down then up), up to
 * {@value Reroute#EXAMPLES} of them named, and the entries that differ from the plan.
 */
public record RerouteResult(ForwardingTables tables, FabricFaults faults, long unreachablePairs, long unreachableByRouting,
                            List<String> unreachableExamples, int changedEntries) {
    public RerouteResult {
        unreachableExamples = List.copyOf(unreachableExamples);
    }
}
