package org.oft.sim.clock;

/**
 * A board whose slot clock runs on its own crystal, a slot every {@code period} cycles: the leading board of a bench,
 * or any board with no line to follow (whose slots then slip from the others' as the crystals differ).
 */
public final class FreeRunning extends BoardSlots {
    private final Crystal crystal;
    private final int period;
    private long edge;

    /** Its slot {@code number} begins at the crystal's edge {@code firstEdge}. */
    public FreeRunning(Crystal crystal, int period, long firstEdge, long number) {
        if (period < 2) {
            throw new IllegalArgumentException("a slot is at least 2 cycles, got " + period);
        }
        this.crystal = crystal;
        this.period = period;
        this.edge = firstEdge;
        renumber(number - 1);
    }

    @Override
    protected void advance() {
        emit(crystal.edge(edge), true);
        edge += period;
    }
}
