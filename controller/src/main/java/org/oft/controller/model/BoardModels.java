package org.oft.controller.model;

import org.oft.controller.files.InputFile;
import java.nio.file.Path;
import org.oft.controller.oft.ControlSequence;
import org.oft.controller.oft.LyndonPreferOne;
import org.oft.controller.oft.RoutingTables;
import org.oft.sim.optical.BenchFile;
import org.oft.sim.optical.BoardClocks;
import org.oft.sim.optical.BoardState;
import org.oft.sim.optical.FabricWiring;
import org.oft.sim.optical.FibrePlant;
import org.oft.sim.optical.TimedFabric;
import org.oft.sim.optical.TimingParameters;

/** Builds and loads the board models: fibres and clocks from a bench file, tables computed and loaded. */
public final class BoardModels {
    private BoardModels() {
    }

    /** The bench file's text, or a one-line error naming the file. */
    public static String read(Path file) {
        return InputFile.readText(file, "bench file", InputFile.SMALL);
    }

    /** A fibre plant and declared clocks: nominal, then what the bench file says. */
    public static FibrePlant plant(int order, int latency, TimingParameters timing, String benchText, BoardClocks clocks) {
        FibrePlant plant = FibrePlant.nominal(FabricWiring.of(order), timing, latency);
        if (benchText != null) {
            BenchFile.apply(benchText, plant, clocks);
        }
        return plant;
    }

    /** Loads the prefer-one control sequence and the routing tables for {@code latency} onto the boards. */
    public static void loadTables(BoardState boards, int order, int latency) {
        loadTables(boards, new RoutingTables(LyndonPreferOne.generate(order), latency));
    }

    /** Loads the tables' control sequence onto every router-level board and each processor's table. */
    public static void loadTables(BoardState boards, RoutingTables tables) {
        ControlSequence xi = tables.sequence();
        for (int level = 1; level <= xi.order(); level++) {
            boards.loadSequence(level, xi.packedBits(), xi.length());
        }
        for (int s = 0; s < xi.length(); s++) {
            boards.loadTable(s, tables.forProcessor(s));
        }
    }

    /** Copies declared clocks into a model's clocks (the model then runs what the bench file declares). */
    public static void copyClocks(BoardClocks from, TimedFabric to, int order) {
        for (int level = 1; level <= order; level++) {
            to.clocks().setRouterClock(level, from.routerPhase(level), from.routerDrift(level));
        }
        for (int s = 0; s < (1 << order); s++) {
            to.clocks().setProcessorClock(s, from.processorPhase(s), from.processorDrift(s));
        }
    }
}
