package org.oft.controller.boards;

import java.util.ArrayList;
import java.util.List;
import org.oft.controller.oft.ControlSequence;
import org.oft.controller.oft.RoutingTables;
import org.oft.controller.timing.Calibration;
import org.oft.hal.BoardBus;
import org.oft.hal.BoardConfig;
import org.oft.hal.BoardException;
import org.oft.hal.BoardInfo;
import org.oft.hal.BoardKind;
import org.oft.hal.DeployReport;

/** Puts one control sequence, its routing tables and the calibrated phases onto a bench, atomically. Blocking. */
public final class BenchDeployment {
    private BenchDeployment() {
    }

    /** What was deployed where. */
    public record Deployed(List<BoardInfo> boards, List<BoardConfig> configs, DeployReport report) {
    }

    /** Checks that the bench is the OFT the tables are for, then deploys every board at one epoch. */
    public static Deployed deploy(BoardBus bus, RoutingTables tables, Calibration.Result calibration) {
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
        List<BoardConfig> configs = new ArrayList<>(boards.size());
        for (BoardInfo b : boards) {
            if (b.kind() == BoardKind.ROUTER_LEVEL) {
                configs.add(BoardConfig.router(b.id(), bits, xi.length(), calibration.nodePhases()[b.index() - 1]));
            } else {
                configs.add(BoardConfig.processor(b.id(), tables.forProcessor(b.index()),
                        new long[] {calibration.injectionPhases()[b.index()]}));
            }
        }
        return new Deployed(boards, configs, bus.deploy(configs));
    }
}
