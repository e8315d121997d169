package org.oft.controller.service.fattree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.controller.fattree.topology.TopologySpec;
import org.oft.controller.fattree.topology.FatTree;

/** The per-level heatmaps stay small at 11,664 hosts, and a cell is its group's mean. */
class PortHeatTest {

    @Test
    void elevenThousandHostsGiveAtMost64RowsALevelEachTheMeanOfItsSwitches() {
        FatTree tree = TopologySpec.parse("xgft:3;18,18,36;1,18,18");
        PgftTopology t = tree.topology();
        List<double[]> ports = new ArrayList<>();
        for (int i = 0; i < t.switches(); i++) {
            int l = t.level(t.hosts() + i);
            for (int p = 0; p < t.downPorts(l) + t.upPorts(l); p++) {
                ports.add(new double[] {i, p, 0.5, p}); // every port at half a flit a cycle
            }
        }
        JsonArray heat = PortHeat.of(t, PortHeat.physicalPorts(tree), ports);
        assertEquals(3, heat.size());
        int cells = 0;
        for (Object o : heat) {
            JsonObject level = (JsonObject) o;
            JsonArray rows = level.getJsonArray("rows");
            assertTrue(rows.size() <= PortHeat.ROWS, level.getInteger("level") + ": " + rows.size() + " rows");
            for (Object r : rows) {
                for (Object v : (JsonArray) r) {
                    assertEquals(0.5, ((Number) v).doubleValue(), 1e-9, "level " + level.getInteger("level"));
                    cells++;
                }
            }
        }
        // 648 leaves and 648 middle switches in 59 rows of 11 (the last of 10), 324 roots in 54 rows of 6
        assertEquals(11, heat.getJsonObject(0).getInteger("switchesPerRow"));
        assertEquals(59, heat.getJsonObject(0).getJsonArray("rows").size());
        assertEquals(6, heat.getJsonObject(2).getInteger("switchesPerRow"));
        assertEquals(59 * 36 * 2 + 54 * 36, cells);
        assertTrue(heat.encode().length() < 64 * 1024, heat.encode().length() + " bytes");
    }

    @Test
    void aSmallLevelShowsEverySwitchAndAnIdlePortIsZero() {
        FatTree tree = TopologySpec.parse("kary:2,3");
        JsonArray heat = PortHeat.of(tree.topology(), PortHeat.physicalPorts(tree), List.<double[]>of(new double[] {0, 0, 0.75, 1}));
        JsonObject leaves = heat.getJsonObject(0);
        assertEquals(1, leaves.getInteger("switchesPerRow"));
        assertEquals(new JsonArray().add(0.0).add(0.75).add(0.0).add(0.0), leaves.getJsonArray("rows").getJsonArray(0));
    }

    /** Columns are named as tables and specs name ports: physical numbers from 1, down ports first on a generated tree. */
    @Test
    void columnsAreThePhysicalPortNumbersOfTheTablesAndSpecs() {
        FatTree tree = TopologySpec.parse("kary:2,3");
        JsonArray heat = PortHeat.of(tree.topology(), PortHeat.physicalPorts(tree), List.of());
        assertEquals(new JsonArray().add(1).add(2).add(3).add(4), heat.getJsonObject(0).getJsonArray("ports"));
        assertEquals(new JsonArray().add(1).add(2), heat.getJsonObject(2).getJsonArray("ports"), "the top has down ports only");
    }
}
