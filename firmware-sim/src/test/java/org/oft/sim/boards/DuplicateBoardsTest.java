package org.oft.sim.boards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oft.hal.BoardException;
import org.oft.hal.transport.PipeLink;
import org.oft.hal.wire.WireBoardBus;
import org.oft.sim.optical.FabricWiring;
import org.oft.sim.optical.SlotFabric;

/** Two boards that answer as one (a board put in another's place) are refused at discovery, before any deploy. */
@Timeout(60)
class DuplicateBoardsTest {
    @Test
    void twoBoardsOfOneNameAreRefusedWithBothAddresses() {
        PipeLink[] pipe = PipeLink.pair("t");
        try (WireBench bench = new WireBench(new SlotFabric(FabricWiring.of(3), 1), pipe[1]);
             WireBoardBus bus = new WireBoardBus(pipe[0], WireBoardBus.Options.defaults())) {
            assertEquals(3 + 8, bus.discover().size());
            bench.setIndexSwitch(3 + 5, 4); // processor 5's board answers as processor 4
            String msg = assertThrows(BoardException.class, bus::discover).getMessage();
            assertTrue(msg.contains("addresses 7 and 8 both answer as proc-4"), msg);
            bench.setIndexSwitch(3 + 5, 5); // set right again: discovered as before
            assertEquals(3 + 8, bus.discover().size());
        }
    }
}
