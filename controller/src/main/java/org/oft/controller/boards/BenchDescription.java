package org.oft.controller.boards;

import org.oft.controller.model.BoardModels;
import org.oft.sim.optical.BoardClocks;
import org.oft.sim.optical.FibrePlant;
import org.oft.sim.optical.TimingParameters;

/** What the controller knows of the bench: fibre lengths and declared clocks, for calibration. */
public record BenchDescription(FibrePlant plant, BoardClocks clocks, int latency) {
    public static BenchDescription of(int order, int latency, String benchText) {
        return of(order, latency, benchText, TimingParameters.defaults());
    }

    /** With the timing the boards run (a lab bench's: {@link TimingParameters#lab()}). */
    public static BenchDescription of(int order, int latency, String benchText, TimingParameters timing) {
        BoardClocks clocks = new BoardClocks(order, timing.slotPs());
        FibrePlant plant = BoardModels.plant(order, latency, timing, benchText, clocks);
        return new BenchDescription(plant, clocks, latency);
    }
}
