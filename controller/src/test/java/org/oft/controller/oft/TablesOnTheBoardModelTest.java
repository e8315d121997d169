package org.oft.controller.oft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.oft.controller.model.BoardModels;
import org.oft.hal.SlotCounters;
import org.oft.sim.optical.DeliverySink;
import org.oft.sim.optical.FabricWiring;
import org.oft.sim.optical.SlotFabric;
import org.oft.sim.optical.TrafficSource;

/** Tables computed here, run on the board model: every packet where its table says, nothing lost. */
class TablesOnTheBoardModelTest {

    static SlotFabric loaded(int order, int latency) {
        SlotFabric fabric = new SlotFabric(FabricWiring.of(order), latency);
        BoardModels.loadTables(fabric.boards(), order, latency);
        return fabric;
    }

    /** Counts arrivals and checks each against the table row its source used. */
    static final class Checker implements TrafficSource, DeliverySink {
        final RoutingTables tables;
        final int depth;
        long arrivals;
        long wrong;

        Checker(RoutingTables tables, int depth) {
            this.tables = tables;
            this.depth = depth;
        }

        @Override
        public int take(long slot, int processor, int destination) {
            return (int) (slot % 1_000_000); // the injection slot travels as the tag
        }

        @Override
        public void arrived(long slot, int processor, int source, int addressed, int tag) {
            arrivals++;
            if (processor != tables.destination(source, tag) || slot != tag + depth - 1) {
                wrong++;
            }
        }
    }

    @Test
    void everyPacketReachesItsTablesDestinationForOrdersOneToTenOverTwoCycles() {
        for (int r = 1; r <= 10; r++) {
            for (int latency : new int[] {1, 3}) {
                SlotFabric fabric = loaded(r, latency);
                int n = fabric.processors();
                RoutingTables tables = new RoutingTables(LyndonPreferOne.generate(r), latency);
                Checker checker = new Checker(tables, latency + r);
                fabric.run(2L * n, checker, checker);
                SlotCounters total = fabric.totalCounters();
                long inFlight = (long) n * (latency + r - 1);
                assertEquals(2L * n * n, total.injected(), "order " + r);
                assertEquals(0, total.collisions(), "order " + r);
                assertEquals(0, total.misdelivered(), "order " + r);
                assertEquals(0, total.lost(), "order " + r);
                assertEquals(total.injected() - inFlight, total.delivered(), "order " + r);
                assertEquals(total.delivered(), checker.arrivals);
                assertEquals(0, checker.wrong, "order " + r + ": packets at the wrong processor or slot");
            }
        }
    }

    @Test
    void aFlippedTableEntryShowsUpAsMisdeliveries() {
        int r = 5;
        SlotFabric fabric = loaded(r, 1);
        RoutingTables tables = new RoutingTables(LyndonPreferOne.generate(r), 1);
        int[] rows = tables.forProcessor(9);
        rows[4] ^= 0b00100; // one bit of one destination flipped
        fabric.boards().loadTable(9, rows);
        fabric.run(2L * 32 + r, TrafficSource.SATURATED, DeliverySink.IGNORE);
        SlotCounters total = fabric.totalCounters();
        // Row 4 is used in slots 4 and 36; both packets arrive elsewhere than the table said.
        assertEquals(2, total.misdelivered());
        assertEquals(0, total.collisions());
    }

    @Test
    void aStuckRouterShowsUpAsMisdeliveries() {
        int r = 4;
        SlotFabric fabric = loaded(r, 1);
        fabric.boards().setStuck(2, 1, OftGeometry.TURN);
        fabric.run(16 + r, TrafficSource.SATURATED, DeliverySink.IGNORE);
        SlotCounters total = fabric.totalCounters();
        assertTrue(total.misdelivered() > 0, total.toString());
        assertEquals(0, total.collisions());
        // Exactly the packets through node 1 of level 2 in the slots whose control bit is drop.
        // Each level-2 node carries 4 packets a slot; 8 of the 16 bits of ξ are 0 and slots 0..15 cross level 2 at t+3.
        assertEquals(4L * 8, total.misdelivered());
        assertEquals(1, fabric.boards().stuckNodes()[1]);
    }

    @Test
    void aDoubleInjectionShowsUpAsACollision() {
        int r = 4;
        SlotFabric fabric = loaded(r, 1);
        fabric.run(3, TrafficSource.SATURATED, DeliverySink.IGNORE);
        fabric.injectTwiceNextSlot(6);
        fabric.step(TrafficSource.SATURATED, DeliverySink.IGNORE);
        SlotCounters slot = fabric.lastSlotCounters();
        assertEquals(17, slot.injected());
        assertEquals(1, slot.collisions());
        assertEquals(2, slot.lost());
        fabric.run(16, TrafficSource.SATURATED, DeliverySink.IGNORE);
        SlotCounters total = fabric.totalCounters();
        assertEquals(1, total.collisions());
        assertEquals(0, total.misdelivered());
        assertEquals(total.injected() - 2 - 16L * (r), total.delivered());
    }
}
