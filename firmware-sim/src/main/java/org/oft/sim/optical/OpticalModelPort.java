package org.oft.sim.optical;

import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * What a console may do to a modelled optical fabric beyond driving its boards: break and repair its parts, read
 * each node's health, measure its delays and clocks, zero its totals. The model hands this port out; boards over
 * a link have none of it, and {@link #NONE} says so, so a controller never tests for a model by a cast or a null.
 */
public interface OpticalModelPort {
    /** Whether there is a model behind this port (the console offers injection and recalibration, or says why not). */
    boolean modelled();

    /** Applies a fault ({@link FabricFault}'s grammar); returns what it did. */
    String applyFault(String spec);

    /** Fault injection: the processor puts two packets on its link in the next slot. */
    void injectTwiceNextSlot(int processor);

    /** The faults now in force, oldest first. */
    List<SimulatedBench.ActiveFault> faults();

    /** Undoes one fault; returns what was undone. */
    String clearFault(int id);

    /** Undoes every fault; returns how many. */
    int clearFaults();

    /** Per node and per fibre: what went wrong where, and which are stuck or dead now. */
    Optional<FabricHealth> nodeHealth();

    /** {@code f} of the fabric's delays and clocks as they are now, faults included. */
    <R> R measure(BiFunction<FibrePlant, BoardClocks, R> f);

    /** Zeroes the model's own totals (counters and timing extremes). */
    void resetCounters();

    /** Boards over a link: nothing to inject into, measure or read per node. */
    OpticalModelPort NONE = new OpticalModelPort() {
        @Override
        public boolean modelled() {
            return false;
        }

        @Override
        public String applyFault(String spec) {
            throw new UnsupportedOperationException("fault injection needs the built-in board model");
        }

        @Override
        public void injectTwiceNextSlot(int processor) {
            throw new UnsupportedOperationException("fault injection needs the built-in board model");
        }

        @Override
        public List<SimulatedBench.ActiveFault> faults() {
            return List.of();
        }

        @Override
        public String clearFault(int id) {
            throw new UnsupportedOperationException("fault injection needs the built-in board model, so there is nothing to clear");
        }

        @Override
        public int clearFaults() {
            throw new UnsupportedOperationException("fault injection needs the built-in board model, so there is nothing to clear");
        }

        @Override
        public Optional<FabricHealth> nodeHealth() {
            return Optional.empty();
        }

        @Override
        public <R> R measure(BiFunction<FibrePlant, BoardClocks, R> f) {
            throw new UnsupportedOperationException("recalibration measures the fabric's delays and clocks; boards over a link offer"
                    + " no measurement yet");
        }

        @Override
        public void resetCounters() {
            throw new UnsupportedOperationException("boards over a link keep their own totals");
        }
    };
}
