package org.oft.controller.service.optical;

import org.oft.controller.service.JsonFields;

import io.vertx.core.json.JsonObject;
import java.util.Set;
import org.oft.sim.optical.SimulatedBench;

/**
 * A fault for the built-in board model, as JSON:
 * {@code {"kind":"stuck","level":2,"node":0,"state":"turn"}} (state "free" releases it) or
 * {@code {"kind":"double-inject","processor":3}}, or any fault of the timed model in
 * {@link org.oft.sim.optical.FabricFault}'s notation: {@code {"spec":"skew:router-3:700"}}.
 * Every field is checked for its type and range, and unknown fields are refused, so a typo is an
 * error rather than a fault silently applied with defaults.
 */
public final class FaultRequest {
    private FaultRequest() {
    }

    /** Applies the fault or throws IllegalArgumentException saying what is wrong with it. */
    public static String apply(JsonObject fault, SimulatedBench bench) {
        if (fault.containsKey("spec")) {
            onlyFields(fault, Set.of("spec"));
            return bench.applyFault(string(fault, "spec"));
        }
        String kind = fault.containsKey("kind") ? string(fault, "kind") : "";
        switch (kind) {
            case "stuck" -> {
                onlyFields(fault, Set.of("kind", "level", "node", "state"));
                int level = JsonFields.intField(fault, "level");
                int node = JsonFields.intField(fault, "node");
                String state = string(fault, "state");
                if (!state.equals("drop") && !state.equals("turn") && !state.equals("free")) {
                    throw new IllegalArgumentException("state must be drop, turn or free, got '" + state + "'");
                }
                return bench.applyFault("stuck:" + level + ":" + node + ":" + state);
            }
            case "double-inject" -> {
                onlyFields(fault, Set.of("kind", "processor"));
                int p = JsonFields.intField(fault, "processor");
                bench.injectTwiceNextSlot(p);
                return "processor " + p + " injects twice in the next slot";
            }
            default -> throw new IllegalArgumentException((kind.isEmpty() ? "fault needs a 'kind'" : "unknown fault kind '" + kind + "'")
                    + " (use stuck, double-inject, or {\"spec\": ...})");
        }
    }

    private static void onlyFields(JsonObject o, Set<String> allowed) {
        for (String f : o.fieldNames()) {
            if (!allowed.contains(f)) {
                throw new IllegalArgumentException("unknown field '" + f + "' (this fault takes " + String.join(", ", allowed.stream().sorted().toList()) + ")");
            }
        }
    }

    private static String string(JsonObject o, String name) {
        return JsonFields.string(o, name);
    }
}
