package org.oft.controller.fattree.routing;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The registry: every engine, by name. */
public final class RoutingEngines {
    private static final Map<String, RoutingEngine> ENGINES = new LinkedHashMap<>();

    static {
        for (RoutingEngine e : List.of(new DModK(), new SModK(), new RandomRouting(), new GroupedDModK(),
                new GroupedSModK(), new ShiftOne(), new Disjoint())) {
            ENGINES.put(e.name(), e);
        }
    }

    private RoutingEngines() {
    }

    public static RoutingEngine byName(String name) {
        RoutingEngine e = ENGINES.get(name);
        if (e == null) {
            throw new IllegalArgumentException("unknown routing engine '" + name + "'; known: " + String.join(", ", ENGINES.keySet()));
        }
        return e;
    }

    public static List<RoutingEngine> all() {
        return List.copyOf(ENGINES.values());
    }

    /** The engines whose routes a switch board's forwarding table can hold. */
    public static List<RoutingEngine> forSwitchBoards() {
        return ENGINES.values().stream().filter(RoutingEngine::destinationBased).toList();
    }

    /**
     * The engine {@code name}, which must route by destination, so that switch boards can hold its
     * tables: a clear error otherwise, before anything is computed.
     */
    public static RoutingEngine forSwitchBoards(String name) {
        RoutingEngine e = byName(name);
        if (!e.destinationBased()) {
            throw new IllegalArgumentException(notATable(name) + "; switch boards take: "
                    + String.join(", ", forSwitchBoards().stream().map(RoutingEngine::name).toList()));
        }
        return e;
    }

    /** Why engine {@code name}'s routes have no forwarding tables. */
    static String notATable(String name) {
        return name + " routes by source, which an InfiniBand forwarding table (indexed by destination LID) cannot express";
    }

    static void requireSinglePath(RoutingEngine e, RoutingOptions o) {
        if (o.paths() != 1) {
            throw new IllegalArgumentException(e.name() + " is single-path; use " + multiPathNames() + " for --paths " + o.paths());
        }
    }

    /** The engines that route a pair over several paths, named for a message: "random, shift-1 or disjoint". */
    public static String multiPathNames() {
        List<String> names = ENGINES.values().stream().filter(RoutingEngine::multiPath).map(RoutingEngine::name).toList();
        return names.size() == 1 ? names.get(0)
                : String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1);
    }
}
