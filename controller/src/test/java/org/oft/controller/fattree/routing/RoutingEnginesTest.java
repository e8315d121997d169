package org.oft.controller.fattree.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.oft.controller.fattree.topology.TopologySpec;

class RoutingEnginesTest {
    @Test
    void switchBoardsTakeExactlyTheEnginesWhoseRoutesAreForwardingTables() {
        var t = TopologySpec.parse("kary:4,2").topology();
        for (RoutingEngine e : RoutingEngines.all()) {
            Routing r = e.route(t, RoutingOptions.single());
            assertEquals(r.destinationBased(), e.destinationBased(), e.name());
            assertEquals(e.destinationBased(), RoutingEngines.forSwitchBoards().contains(e), e.name());
        }
        assertEquals(List.of("dmodk", "random", "gdmodk", "shift-1", "disjoint"),
                RoutingEngines.forSwitchBoards().stream().map(RoutingEngine::name).toList());
    }

    @Test
    void aSourceKeyedEngineIsRefusedForSwitchBoardsWithTheReasonAndTheChoices() {
        var e = assertThrows(IllegalArgumentException.class, () -> RoutingEngines.forSwitchBoards("gsmodk"));
        assertTrue(e.getMessage().startsWith("gsmodk routes by source"), e.getMessage());
        assertTrue(e.getMessage().endsWith("switch boards take: dmodk, random, gdmodk, shift-1, disjoint"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> RoutingEngines.forSwitchBoards("nope"));
        assertEquals("dmodk", RoutingEngines.forSwitchBoards("dmodk").name());
    }

    @Test
    void anEngineSaysWhetherItRoutesOverSeveralPathsAsItDoes() {
        var t = TopologySpec.parse("kary:4,2").topology();
        for (RoutingEngine e : RoutingEngines.all()) {
            if (e.multiPath()) {
                assertEquals(2, e.route(t, new RoutingOptions(2, 1, null)).tables().paths(), e.name());
            } else {
                assertTrue(assertThrows(IllegalArgumentException.class, () -> e.route(t, new RoutingOptions(2, 1, null)))
                        .getMessage().equals(e.name() + " is single-path; use random, shift-1 or disjoint for --paths 2"), e.name());
            }
        }
    }
}
