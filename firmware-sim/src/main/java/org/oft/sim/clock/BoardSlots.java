package org.oft.sim.clock;

/**
 * A board's slot starts as its clock makes them, kept for the last {@value #KEPT} slots: the numbers run on by one,
 * until the board takes another number for its running slot (the kept ones are then renamed with it), and each start
 * remembers whether the board was in step when it came. A subclass makes the starts
 * ({@link #advance()}); this answers {@link SlotTimes}' questions from them, making more as they are asked for.
 */
public abstract class BoardSlots implements SlotTimes {
    /** Slots kept: a fabric asks about a few slots around its step, never thousands back. */
    public static final int KEPT = 4096;
    private final double[] starts = new double[KEPT];
    private final boolean[] ready = new boolean[KEPT];
    private long seq;      // starts made so far: the next one's place in the ring
    private int count;     // kept
    private long offset;   // a start's number less its place

    /** Makes at least one more start ({@link #emit}). */
    protected abstract void advance();

    /** A slot start, numbered on from the last; {@code inStep}: the board may inject and switch in it. */
    protected final void emit(double t, boolean inStep) {
        if (count > 0 && !(t > starts[index(seq - 1)])) {
            throw new IllegalStateException("slot starts go forward: " + t + " after " + starts[index(seq - 1)]);
        }
        starts[index(seq)] = t;
        ready[index(seq)] = inStep;
        seq++;
        if (count < KEPT) {
            count++;
        }
    }

    /** The board takes a number for its running slot (the line told it): the latest start is {@code k} now. */
    protected final void renumber(long k) {
        offset = k - (seq - 1);
    }

    private static int index(long place) {
        return (int) Math.floorMod(place, (long) KEPT);
    }

    @Override
    public long start(long k) {
        while (count == 0 || seq + offset <= k) {
            advance();
        }
        long place = k - offset;
        if (place < seq - count) {
            throw new IllegalStateException("slot " + k + " is no longer kept (the oldest is " + (seq - count + offset) + ")");
        }
        return Math.round(starts[index(place)]);
    }

    @Override
    public long slotAt(long t) {
        while (count == 0 || starts[index(seq - 1)] <= t) {
            advance();
        }
        long place = seq - 1;
        while (place >= seq - count && starts[index(place)] > t) {
            place--;
        }
        if (place < seq - count && seq != count) {
            throw new IllegalStateException("time " + t + " ps is before the oldest slot kept");
        }
        return place + offset; // (-1 + offset before the board's first slot: never in step)
    }

    /** The start nearest time {@code t}, whatever its number (a board's phase against another's). */
    public long nearestStart(long t) {
        while (count == 0 || starts[index(seq - 1)] <= t) {
            advance();
        }
        long place = seq - 1; // the first start after t
        while (place > seq - count && starts[index(place - 1)] > t) {
            place--;
        }
        double after = starts[index(place)];
        if (place == seq - count) {
            return Math.round(after);
        }
        double before = starts[index(place - 1)];
        return Math.round(t - before <= after - t ? before : after);
    }

    @Override
    public boolean inStepIn(long k) {
        while (count == 0 || seq + offset <= k) {
            advance();
        }
        long place = k - offset;
        if (place < 0) {
            return false; // a slot before its first: the board was not running yet
        }
        if (place < seq - count) {
            throw new IllegalStateException("slot " + k + " is no longer kept (the oldest is " + (seq - count + offset) + ")");
        }
        return ready[index(place)];
    }

}
