package org.oft.controller.oft;

/**
 * The prefer-one sequence in O(1) amortized time per bit, without the "seen" table.
 *
 * <p>Identity used (checked bit for bit against {@link PreferOne} for orders 1..20 in tests): the
 * lexicographically least de Bruijn sequence L (the concatenation, in lexicographic order, of the
 * binary Lyndon words whose length divides r; Fredricksen–Maiorana) ends in r ones, and
 * prefer-one is its complement rotated to start there: ξ(t) = 1 − L((t − r) mod 2^r).
 * Why: prefer-one is prefer-zero on complemented symbols, and prefer-zero started from 1^r
 * emits L read from its final 1^r onwards.
 *
 * <p>Lyndon words come from Duval's successor (repeat the word to length r, drop trailing ones,
 * increment the last symbol), which takes constant amortized time per word.
 */
public final class LyndonPreferOne {
    private LyndonPreferOne() {
    }

    public static ControlSequence generate(int order) {
        Order.check(order);
        int length = 1 << order;
        int mask = length - 1;
        long[] out = new long[ControlSequence.wordsFor(length)];
        byte[] a = new byte[order];
        int m = 1; // current Lyndon word is a[0..m-1]; starts as "0"
        int j = 0; // position in L
        while (m > 0) {
            if (order % m == 0) {
                for (int i = 0; i < m; i++, j++) {
                    if (a[i] == 0) { // complement
                        int t = (j + order) & mask;
                        out[t >>> 6] |= 1L << (t & 63);
                    }
                }
            }
            for (int i = m; i < order; i++) {
                a[i] = a[i - m];
            }
            m = order;
            while (m > 0 && a[m - 1] == 1) {
                m--;
            }
            if (m > 0) {
                a[m - 1] = 1;
            }
        }
        if (j != length) {
            throw new IllegalStateException("Lyndon words of order " + order + " gave " + j + " bits, expected " + length);
        }
        return new ControlSequence(order, out);
    }
}
