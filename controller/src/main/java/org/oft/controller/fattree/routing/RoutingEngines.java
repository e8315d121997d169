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

    static void requireSinglePath(RoutingEngine e, RoutingOptions o) {
        if (o.paths() != 1) {
            throw new IllegalArgumentException(e.name() + " is single-path; use shift-1, disjoint or random for --paths "
                    + o.paths());
        }
    }
}
