package org.oft.controller.service.optical;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.oft.hal.naming.PartName;
import org.oft.sim.optical.FabricFault;
import org.oft.sim.optical.FabricHealth;
import org.oft.sim.optical.SimulatedBench;

/**
 * A part of the optical fabric drilled into: a level's router board ({@code router-L}) with its nodes'
 * states and trouble, the level's timing (the last slot and since the reset) and the fibres it drives; a
 * processor board ({@code proc-S}) with its fibre and a link to its routing table; and the faults in force
 * on either, each with its undo. Built from the model's health, the latest telemetry record and the faults.
 */
final class OpticalPart {
    private OpticalPart() {
    }

    /**
     * @param health    the model's health now; none for boards behind a link (they report no per-node state)
     * @param telemetry the latest telemetry record (its timing per level), or null
     */
    static JsonObject of(String name, int order, java.util.Optional<FabricHealth> modelHealth, List<SimulatedBench.ActiveFault> faults,
                         JsonObject telemetry) {
        FabricHealth health = modelHealth.orElse(null);
        String part = PartName.canonical(name);
        int n = 1 << order;
        JsonObject out = new JsonObject().put("part", part).put("fabric", "oft");
        if (part.startsWith("router-")) {
            int level = Integer.parseInt(part.substring(7));
            if (level < 1 || level > order) {
                throw new IllegalArgumentException("router boards are router-1..router-" + order + ", got " + part);
            }
            out.put("kind", "router board").put("level", level);
            if (health != null) {
                int k = order - level;
                JsonArray nodes = new JsonArray();
                for (int node = 0; node < health.nodesAtLevel(level) && node < 1024; node++) {
                    byte st = health.stuck()[k * n + node];
                    nodes.add(new JsonObject().put("node", node).put("trouble", health.nodeTrouble()[k * n + node])
                            .put("stuck", st < 0 ? null : st == 0 ? "drop" : "turn"));
                }
                out.put("nodes", nodes).put("nodesAtLevel", health.nodesAtLevel(level)).put("fibres", fibres(health, "L" + level + "."));
            }
            if (telemetry != null && telemetry.getJsonObject("timing") != null) {
                JsonObject timing = telemetry.getJsonObject("timing");
                out.put("lastSlot", levelOf(timing.getJsonArray("lastSlot"), level)).put("total", levelOf(timing.getJsonArray("total"), level));
            }
        } else if (part.startsWith("proc-")) {
            int s = Integer.parseInt(part.substring(5));
            if (s >= n) {
                throw new IllegalArgumentException("processor boards are proc-0..proc-" + (n - 1) + ", got " + part);
            }
            out.put("kind", "processor board").put("processor", s);
            if (health != null) {
                out.put("fibres", fibres(health, "P" + s));
            }
        } else {
            throw new IllegalArgumentException("no part '" + part + "' in the optical fabric (router-L, proc-S)");
        }
        JsonArray on = new JsonArray();
        for (SimulatedBench.ActiveFault f : faults) {
            if (part.equals(FabricFault.part(f.spec()))) {
                on.add(new JsonObject().put("id", f.id()).put("spec", f.spec()).put("description", f.description()).put("sinceSlot", f.sinceSlot()));
            }
        }
        return out.put("faults", on);
    }

    /** The fibres whose names start with {@code prefix} (a router level's outputs, or a processor's fibre), with trouble and state. */
    private static JsonArray fibres(FabricHealth h, String prefix) {
        JsonArray out = new JsonArray();
        int n = h.processors();
        for (int stage = 0; stage <= h.order(); stage++) {
            String first = h.fibreName(stage * n); // a stage's fibres are all a level's outputs, or all the processors'
            if (first.charAt(0) != prefix.charAt(0) || (prefix.startsWith("L") && !first.startsWith(prefix))) {
                continue;
            }
            for (int link = 0; link < n && out.size() < 256; link++) {
                int i = stage * n + link;
                String f = h.fibreName(i);
                if (prefix.startsWith("L") || f.equals(prefix)) {
                    out.add(new JsonObject().put("fibre", f).put("trouble", h.fibreTrouble()[i]).put("dead", h.deadFibres()[i]));
                }
            }
        }
        return out;
    }

    private static JsonObject levelOf(JsonArray levels, int level) {
        if (levels == null) {
            return null;
        }
        for (Object o : levels) {
            JsonObject l = (JsonObject) o;
            if (l.getInteger("level") == level) {
                JsonObject c = l.copy();
                c.remove("marginHistogram");
                return c;
            }
        }
        return null;
    }
}
