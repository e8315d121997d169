package org.oft.controller.oft;

/**
 * Says whether a bit string is a binary de Bruijn sequence of order r: cyclic, length 2^r, every
 * r-bit window exactly once; and if not, why (the first window that repeats and where).
 */
public final class DeBruijnCheck {

    /** The verdict; {@code firstAt}/{@code repeatAt} are -1 when no window repeats. */
    public record Result(boolean valid, int order, String reason, int window, int firstAt, int repeatAt) {
        public String describe() {
            return valid ? "valid de Bruijn sequence of order " + order : "not a de Bruijn sequence: " + reason;
        }
    }

    private DeBruijnCheck() {
    }

    public static Result check(String bits) {
        int len = bits.length();
        if (len < 2 || Integer.bitCount(len) != 1) {
            return new Result(false, -1, "length " + len + " is not 2^r for any r >= 1", -1, -1, -1);
        }
        int order = Integer.numberOfTrailingZeros(len);
        if (order > Order.MAX) {
            return new Result(false, order, "order " + order + " is above " + Order.MAX, -1, -1, -1);
        }
        for (int i = 0; i < len; i++) {
            char c = bits.charAt(i);
            if (c != '0' && c != '1') {
                return new Result(false, order, "character '" + c + "' at position " + i + " is not 0 or 1", -1, -1, -1);
            }
        }
        return check(ControlSequence.parse(bits));
    }

    public static Result check(ControlSequence seq) {
        int order = seq.order();
        int len = seq.length();
        int mask = len - 1;
        long[] seen = new long[ControlSequence.wordsFor(len)];
        int w = seq.window(0);
        for (int j = 0; j < len; j++) {
            if (j > 0) {
                w = ((w << 1) | seq.bit(j + order - 1)) & mask;
            }
            if ((seen[w >>> 6] >>> (w & 63) & 1) != 0) {
                int first = firstOccurrence(seq, w);
                return new Result(false, order, "window " + pad(w, order) + " appears at positions " + first
                        + " and " + j, w, first, j);
            }
            seen[w >>> 6] |= 1L << (w & 63);
        }
        return new Result(true, order, "", -1, -1, -1);
    }

    private static int firstOccurrence(ControlSequence seq, int window) {
        for (int j = 0; j < seq.length(); j++) {
            if (seq.window(j) == window) {
                return j;
            }
        }
        throw new IllegalStateException("window vanished");
    }

    static String pad(int value, int width) {
        StringBuilder sb = new StringBuilder(Integer.toBinaryString(value));
        while (sb.length() < width) {
            sb.insert(0, '0');
        }
        return sb.toString();
    }
}
