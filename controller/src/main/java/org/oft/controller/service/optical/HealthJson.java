package org.oft.controller.service.optical;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.oft.sim.optical.FabricHealth;
import org.oft.sim.optical.SimulatedBench;

/**
 * The optical fabric's health as the console's heatmaps take it: per level a row of at most
 * {@value #COLUMNS} cells (nodes or fibres summed into equal groups, so a message stays bounded at
 * any order), and the named trouble spots, worst first, at most {@value #MAX_SPOTS}.
 */
public final class HealthJson {
    static final int COLUMNS = 64;
    static final int MAX_SPOTS = 100;

    private HealthJson() {
    }

    private record Spot(String kind, String name, int row, int index, long count, String state) {
    }

    static JsonObject of(FabricHealth h) {
        return of(h, java.util.List.of());
    }

    /**
     * With the faults in force: a fibre made longer or shorter and a board's clock skewed or drifting
     * are named even while they cost no packet (yet).
     */
    static JsonObject of(FabricHealth h, java.util.List<SimulatedBench.ActiveFault> faults) {
        int order = h.order();
        int n = h.processors();
        JsonArray nodeRows = new JsonArray();
        List<Spot> spots = new ArrayList<>();
        for (int level = 1; level <= order; level++) {
            int k = order - level;
            int nodes = h.nodesAtLevel(level);
            int cols = Math.min(COLUMNS, nodes);
            int per = nodes / cols;
            long[] cells = new long[cols];
            boolean[] flagged = new boolean[cols];
            for (int node = 0; node < nodes; node++) {
                long c = h.nodeTrouble()[k * n + node];
                byte st = h.stuck()[k * n + node];
                cells[node / per] += c;
                if (st >= 0) {
                    flagged[node / per] = true;
                }
                if (c > 0 || st >= 0) {
                    spots.add(new Spot("node", "level " + level + " node " + node, level, node, c,
                            st < 0 ? null : st == 0 ? "stuck in drop" : "stuck in turn"));
                }
            }
            nodeRows.add(row(level, nodes, per, cells, flagged));
        }
        JsonArray fibreRows = new JsonArray();
        for (int stage = 0; stage <= order; stage++) {
            int cols = Math.min(COLUMNS, n);
            int per = n / cols;
            long[] cells = new long[cols];
            boolean[] flagged = new boolean[cols];
            for (int link = 0; link < n; link++) {
                int i = stage * n + link;
                long c = h.fibreTrouble()[i];
                cells[link / per] += c;
                if (h.deadFibres()[i]) {
                    flagged[link / per] = true;
                }
                if (c > 0 || h.deadFibres()[i]) {
                    spots.add(new Spot("fibre", h.fibreName(i), stage, link, c, h.deadFibres()[i] ? "dead" : null));
                }
            }
            fibreRows.add(row(stage, n, per, cells, flagged).put("into", stage == 0 ? "level " + order + " (from the processors)"
                    : stage == order ? "the processors" : "level " + (order - stage)));
        }
        for (SimulatedBench.ActiveFault f : faults) {
            String kind = f.target().substring(0, f.target().indexOf(':'));
            if (kind.equals("fibre") || kind.equals("skew") || kind.equals("drift")) {
                String name = f.target().substring(kind.length() + 1);
                spots.add(new Spot(kind.equals("fibre") ? "fibre" : "board", name, -1, -1, 0, f.description()));
            }
        }
        spots.sort(Comparator.comparing((Spot s) -> s.state() == null).thenComparing(Comparator.comparingLong(Spot::count).reversed()));
        JsonArray named = new JsonArray();
        for (Spot s : spots.subList(0, Math.min(MAX_SPOTS, spots.size()))) {
            JsonObject o = new JsonObject().put("kind", s.kind()).put("name", s.name()).put("count", s.count()).put("state", s.state());
            if (s.row() >= 0) {
                o.put(s.kind().equals("node") ? "level" : "stage", s.row()).put(s.kind().equals("node") ? "node" : "link", s.index());
            }
            named.add(o);
        }
        return new JsonObject().put("type", "health").put("order", order).put("counted", h.timed())
                .put("nodes", nodeRows).put("fibres", fibreRows).put("spots", named).put("spotCount", spots.size());
    }

    private static JsonObject row(int row, int items, int per, long[] cells, boolean[] flagged) {
        JsonArray c = new JsonArray();
        JsonArray f = new JsonArray();
        for (int i = 0; i < cells.length; i++) {
            c.add(cells[i]);
            f.add(flagged[i]);
        }
        return new JsonObject().put("row", row).put("items", items).put("perCell", per).put("counts", c).put("flagged", f);
    }
}
