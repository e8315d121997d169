package org.oft.controller.service.optical;

import org.oft.controller.service.JsonFields;

import io.vertx.core.json.JsonObject;
import java.util.Set;
import org.oft.sim.optical.OpticalModelPort;
import org.oft.sim.optical.FabricFault;

/**
 * A fault for the built-in board model, as JSON:
 * {@code {"kind":"stuck","level":2,"node":0,"state":"turn"}} (state "free" releases it) or
 * {@code {"kind":"double-inject","processor":3}}, or any fault of the timed model in
 * the one fault grammar ({@link org.oft.hal.naming.FaultSpec}): {@code {"spec":"skew:router-3:700"}}, or its
 * fields {@code {"kind":"skew","part":"router-3","value":700}}.
 * Every field is checked for its type and range, and unknown fields are refused, so a typo is an
 * error rather than a fault silently applied with defaults.
 */
public final class FaultRequest {
    private FaultRequest() {
    }

    /** Applies the fault or throws IllegalArgumentException saying what is wrong with it. */
    public static String apply(JsonObject fault, OpticalModelPort bench) {
        if (fault.containsKey("spec")) {
            onlyFields(fault, Set.of("spec"));
            return bench.applyFault(string(fault, "spec"));
        }
        String kind = fault.containsKey("kind") ? string(fault, "kind") : "";
        if (fault.containsKey("part")) { // the spec's fields: {"kind":"skew","part":"router-3","value":700}
            onlyFields(fault, Set.of("kind", "part", "value"));
            Object value = fault.getValue("value");
            if (value != null && !(value instanceof Number) && !(value instanceof String)) {
                throw new IllegalArgumentException("\"value\" must be a number");
            }
            return bench.applyFault(kind + ":" + string(fault, "part") + (value == null ? "" : ":" + value));
        }
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

    /** The part the fault acts on (as {@link org.oft.sim.optical.FabricFault#part}), or null. */
    public static String part(JsonObject fault) {
        if (fault.getValue("spec") instanceof String spec) {
            return FabricFault.part(spec);
        }
        if (fault.getValue("part") instanceof String part) {
            return FabricFault.part(fault.getString("kind", "") + ":" + part + ":0");
        }
        if ("stuck".equals(fault.getValue("kind")) && fault.getValue("level") instanceof Number l) {
            return "router-" + l.intValue();
        }
        if ("double-inject".equals(fault.getValue("kind")) && fault.getValue("processor") instanceof Number n) {
            return "proc-" + n.intValue();
        }
        return null;
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
