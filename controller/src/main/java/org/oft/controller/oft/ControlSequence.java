package org.oft.controller.oft;

import java.util.Arrays;

/**
 * A cyclic binary control sequence ξ of length 2^r (Honkanen §3.2): in slot t every routing node
 * is in turn state when ξ(t mod 2^r) = 1, else in drop state.
 *
 * <p>Bits are packed little-endian in longs (bit t is {@code words[t >>> 6] >>> (t & 63) & 1}), the
 * layout boards are loaded with.
 */
public final class ControlSequence {
    private final int order;
    private final int length;
    private final long[] words;

    ControlSequence(int order, long[] words) {
        this.order = order;
        this.length = 1 << order;
        if (words.length != wordsFor(length)) {
            throw new IllegalArgumentException("expected " + wordsFor(length) + " words, got " + words.length);
        }
        this.words = words;
    }

    static int wordsFor(int bits) {
        return (bits + 63) >>> 6;
    }

    /** Parses a string of 0 and 1 whose length is 2^r; it need not be a de Bruijn sequence. */
    public static ControlSequence parse(String bits) {
        int len = bits.length();
        if (len < 2 || Integer.bitCount(len) != 1) {
            throw new IllegalArgumentException("a control sequence has 2^r bits (r >= 1), got " + len + " characters");
        }
        long[] w = new long[wordsFor(len)];
        for (int i = 0; i < len; i++) {
            char c = bits.charAt(i);
            if (c == '1') {
                w[i >>> 6] |= 1L << (i & 63);
            } else if (c != '0') {
                throw new IllegalArgumentException("a control sequence holds only 0 and 1, found '" + c + "' at position " + i);
            }
        }
        return new ControlSequence(Integer.numberOfTrailingZeros(len), w);
    }

    public int order() {
        return order;
    }

    public int length() {
        return length;
    }

    /** ξ(t mod 2^r). */
    public int bit(long t) {
        int i = (int) (t & (length - 1));
        return (int) (words[i >>> 6] >>> (i & 63)) & 1;
    }

    /**
     * The r bits ξ(j), ξ(j+1), …, ξ(j+r-1) (cyclic) as an integer whose most significant bit is ξ(j):
     * the routing bits a_0 … a_{r-1} of a packet reaching the root in slot j.
     */
    public int window(long j) {
        int v = 0;
        for (int k = 0; k < order; k++) {
            v = (v << 1) | bit(j + k);
        }
        return v;
    }

    /** A copy of the packed bits. */
    public long[] packedBits() {
        return words.clone();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            sb.append((char) ('0' + bit(i)));
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ControlSequence c && c.order == order && Arrays.equals(c.words, words);
    }

    @Override
    public int hashCode() {
        return 31 * order + Arrays.hashCode(words);
    }
}
