package org.oft.controller.timing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.oft.controller.oft.ControlSequence;
import org.oft.controller.oft.LyndonPreferOne;
import org.oft.controller.oft.RoutingTables;
import org.oft.sim.BenchFile;
import org.oft.sim.BoardClocks;
import org.oft.sim.BoardState;
import org.oft.sim.FabricWiring;
import org.oft.sim.FibrePlant;
import org.oft.sim.TimedFabric;
import org.oft.sim.TimingParameters;

/** Builds a timed model of a bench: fibres and clocks from a bench file, tables computed and loaded. */
public final class TimedBench {
    private TimedBench() {
    }

    /** The bench file's text, or a one-line error naming the file. */
    public static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("bench file " + file + " does not exist");
        } catch (IOException e) {
            throw new IllegalArgumentException("bench file " + file + " cannot be read: " + e.getMessage());
        }
    }

    /** A fibre plant and declared clocks: nominal, then what the bench file says. */
    public static FibrePlant plant(int order, int latency, TimingParameters timing, String benchText, BoardClocks clocks) {
        FibrePlant plant = FibrePlant.nominal(FabricWiring.of(order), timing, latency);
        if (benchText != null) {
            BenchFile.apply(benchText, plant, clocks);
        }
        return plant;
    }

    /** Loads the control sequence and the routing tables for {@code latency} onto the model's boards. */
    public static void loadTables(BoardState boards, int order, int latency) {
        ControlSequence xi = LyndonPreferOne.generate(order);
        RoutingTables tables = new RoutingTables(xi, latency);
        for (int level = 1; level <= order; level++) {
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
