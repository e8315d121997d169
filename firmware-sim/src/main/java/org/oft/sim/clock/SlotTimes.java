package org.oft.sim.clock;

/**
 * When a board's slots begin, by the number the board gives them: what the timed fabric asks of a board's clock.
 * Asked in order of time (a fabric model's steps), within {@link BoardSlots#KEPT} slots of the latest answer.
 */
public interface SlotTimes {
    /** When this board's slot {@code k} begins, in ps. */
    long start(long k);

    /** The slot this board is in at time {@code t} (ps); before its first slot, the number before that one. */
    long slotAt(long t);

    /** Whether the board injects and switches in its slot {@code k} (false for a slot before its first). */
    boolean inStepIn(long k);
}
