package org.oft.controller.service.fattree;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.controller.fattree.topology.FatTree;

/**
 * The Fat tree view's per-level heatmaps: utilisation (flits per cycle) by switch and port, a
 * level's switches grouped into at most {@value #ROWS} rows of equal size but the last (each cell
 * the mean over its group): bounded at any size of tree. Columns are named by the physical port
 * number the tables, specs and OpenSM dumps use (null where the level's switches number that port
 * differently: an imported fabric may).
 */
final class PortHeat {
    /** Rows of switches a level's heatmap shows at most: larger levels are grouped. */
    static final int ROWS = 64;

    private PortHeat() {
    }

    /**
     * @param ports {switch index, (unused), flits per cycle, the topology's local port} for each port
     *              with a rate; ports without one count as idle
     * @param columnNames per level, its columns' physical port numbers ({@link #physicalPorts})
     */
    static JsonArray of(PgftTopology topo, JsonArray[] columnNames, List<double[]> ports) {
        int levels = topo.levels();
        int h = topo.hosts();
        int[] pos = new int[topo.switches()];
        int[] seen = new int[levels + 1];
        for (int i = 0; i < topo.switches(); i++) {
            pos[i] = seen[topo.level(h + i)]++;
        }
        double[][][] grid = new double[levels + 1][][];
        int[] per = new int[levels + 1];
        for (int l = 1; l <= levels; l++) {
            int rows = Math.min(ROWS, Math.max(1, seen[l]));
            per[l] = (seen[l] + rows - 1) / rows;
            grid[l] = new double[(seen[l] + per[l] - 1) / per[l]][topo.downPorts(l) + topo.upPorts(l)];
        }
        for (double[] e : ports) {
            int i = (int) e[0];
            int l = topo.level(h + i);
            int row = pos[i] / per[l];
            int members = Math.min(per[l], seen[l] - row * per[l]); // the last group may be smaller
            grid[l][row][(int) e[3]] += e[2] / members;
        }
        JsonArray out = new JsonArray();
        for (int l = 1; l <= levels; l++) {
            JsonArray rows = new JsonArray();
            for (double[] r : grid[l]) {
                JsonArray row = new JsonArray();
                for (double v : r) {
                    row.add(Math.round(v * 1000) / 1000.0);
                }
                rows.add(row);
            }
            out.add(new JsonObject().put("level", l).put("switches", seen[l]).put("switchesPerRow", per[l])
                    .put("firstSwitch", topo.levelBase(l) - h)
                    .put("downPorts", topo.downPorts(l)).put("upPorts", topo.upPorts(l)).put("ports", columnNames[l].copy())
                    .put("rows", rows));
        }
        return out;
    }

    /**
     * Per level l (index l; 0 unused), per column (local port): the physical port number all its switches give
     * it, or null. Fixed for a tree: computed once.
     */
    static JsonArray[] physicalPorts(FatTree tree) {
        PgftTopology topo = tree.topology();
        JsonArray[] levels = new JsonArray[topo.levels() + 1];
        for (int l = 1; l <= topo.levels(); l++) {
            int first = topo.levelBase(l);
            JsonArray out = new JsonArray();
            for (int local = 0; local < topo.downPorts(l) + topo.upPorts(l); local++) {
                int phys = tree.names().physicalPort(first, local);
                for (int v = first + 1; v < first + topo.levelSize(l) && phys > 0; v++) {
                    if (tree.names().physicalPort(v, local) != phys) {
                        phys = 0;
                    }
                }
                out.add(phys > 0 ? phys : null);
            }
            levels[l] = out;
        }
        return levels;
    }
}
