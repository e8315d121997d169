package org.oft.controller.service;

import java.util.List;
import org.oft.controller.oft.ControlSequence;
import org.oft.controller.oft.RoutingTables;
import org.oft.controller.timing.Calibration;
import org.oft.hal.BoardBus;
import org.oft.hal.BoardException;
import org.oft.hal.BoardInfo;
import org.oft.hal.BoardKind;
import org.oft.hal.BoardTiming;

/** Puts one control sequence and its routing tables onto the boards of a bench. Blocking. */
public final class BenchDeployment {
    private BenchDeployment() {
    }

    /** Programs the calibrated phases: per node into router-level boards, injection into processors. */
    public static void loadPhases(BoardTiming bus, List<BoardInfo> boards, Calibration.Result cal) {
        for (BoardInfo b : boards) {
            if (b.kind() == BoardKind.ROUTER_LEVEL) {
                bus.loadSlotPhases(b.id(), cal.nodePhases()[b.index() - 1]);
            } else {
                bus.loadSlotPhases(b.id(), new long[] {cal.injectionPhases()[b.index()]});
            }
        }
    }

    /** Checks that the bench is the OFT the tables are for, then loads every board. */
    public static List<BoardInfo> deploy(BoardBus bus, RoutingTables tables) {
        ControlSequence xi = tables.sequence();
        int order = xi.order();
        List<BoardInfo> boards = bus.discover();
        long routers = boards.stream().filter(b -> b.kind() == BoardKind.ROUTER_LEVEL).count();
        long processors = boards.stream().filter(b -> b.kind() == BoardKind.PROCESSOR).count();
        if (routers != order || processors != xi.length()) {
            throw new BoardException("bench has " + routers + " router-level and " + processors
                    + " processor boards; an order-" + order + " OFT needs " + order + " and " + xi.length());
        }
        for (BoardInfo b : boards) {
            if (b.order() != order) {
                throw new BoardException(b.id() + ": built for order " + b.order() + ", tables are for order " + order);
            }
        }
        long[] bits = xi.packedBits();
        for (BoardInfo b : boards) {
            if (b.kind() == BoardKind.ROUTER_LEVEL) {
                bus.loadControlSequence(b.id(), bits, xi.length());
            } else {
                bus.loadRoutingTable(b.id(), tables.forProcessor(b.index()));
            }
        }
        return boards;
    }
}
