package org.oft.controller.oft;

/**
 * Fredricksen's <i>Prefer one</i>, exactly as Honkanen §3.2 prints it: write r zeros; then for each
 * next bit write a one if the r-tuple it closes is new, else a zero if that tuple is new, else stop.
 *
 * <p>It stops after 2^r + r - 1 bits; the last r - 1 are the wrap-around zeros, so the cyclic
 * sequence is the first 2^r bits. Memory: one "seen" bit per r-tuple.
 */
public final class PreferOne {
    private PreferOne() {
    }

    public static ControlSequence generate(int order) {
        Order.check(order);
        int length = 1 << order;
        int mask = length - 1;
        long[] seen = new long[ControlSequence.wordsFor(length)];
        long[] out = new long[ControlSequence.wordsFor(length)];
        // Step 1: r zeros; the tuple 0^r has appeared.
        int window = 0;
        seen[0] |= 1L;
        long written = order;
        while (true) {
            int one = ((window << 1) | 1) & mask;
            int zero = (window << 1) & mask;
            int bit;
            if (!test(seen, one)) {
                bit = 1;
                window = one;
            } else if (!test(seen, zero)) {
                bit = 0;
                window = zero;
            } else {
                break;
            }
            seen[window >>> 6] |= 1L << (window & 63);
            if (bit == 1) {
                // Bits past 2^r can only be the wrap-around zeros; a one there would be a broken algorithm.
                if (written >= length) {
                    throw new IllegalStateException("prefer-one wrote a one past 2^r at order " + order);
                }
                out[(int) written >>> 6] |= 1L << (written & 63);
            }
            written++;
        }
        if (written != (long) length + order - 1) {
            throw new IllegalStateException("prefer-one stopped after " + written + " bits at order " + order
                    + ", expected " + ((long) length + order - 1));
        }
        return new ControlSequence(order, out);
    }

    private static boolean test(long[] bits, int i) {
        return (bits[i >>> 6] >>> (i & 63) & 1) != 0;
    }
}
