package org.oft.controller.service;

import io.vertx.core.json.JsonObject;
import org.oft.sim.SimulatedBench;

/**
 * A fault for the built-in board model, as JSON:
 * {@code {"kind":"stuck","level":2,"node":0,"state":"turn"}} (state "free" releases it) or
 * {@code {"kind":"double-inject","processor":3}}, or any fault of the timed model in
 * {@link org.oft.sim.FabricFault}'s notation: {@code {"spec":"skew:router-3:700"}}.
 */
public final class FaultRequest {
    private FaultRequest() {
    }

    /** Applies the fault or throws IllegalArgumentException saying what is wrong with it. */
    public static String apply(JsonObject fault, SimulatedBench bench) {
        try {
            if (fault.containsKey("spec")) {
                return bench.applyFault(fault.getString("spec"));
            }
            String kind = fault.getString("kind", "");
            switch (kind) {
                case "stuck" -> {
                    int level = intField(fault, "level");
                    int node = intField(fault, "node");
                    String state = fault.getString("state", "");
                    int s = switch (state) {
                        case "drop" -> 0;
                        case "turn" -> 1;
                        case "free" -> -1;
                        default -> throw new IllegalArgumentException("state must be drop, turn or free, got '" + state + "'");
                    };
                    bench.setStuck(level, node, s);
                    return "level " + level + " node " + node + (s < 0 ? " released" : " stuck in " + state);
                }
                case "double-inject" -> {
                    int p = intField(fault, "processor");
                    bench.injectTwiceNextSlot(p);
                    return "processor " + p + " injects twice in the next slot";
                }
                default -> throw new IllegalArgumentException("unknown fault kind '" + kind
                        + "' (use stuck, double-inject, or {\"spec\": ...})");
            }
        } catch (ClassCastException e) {
            throw new IllegalArgumentException("fault fields must be numbers and strings: " + fault.encode());
        }
    }

    private static int intField(JsonObject o, String name) {
        Integer v = o.getInteger(name);
        if (v == null) {
            throw new IllegalArgumentException("fault needs a number '" + name + "'");
        }
        return v;
    }
}
