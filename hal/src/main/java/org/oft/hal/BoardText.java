package org.oft.hal;

/**
 * Text a board supplies (its firmware string), made safe to print: control characters (line breaks, terminal
 * escapes, C1 controls, Unicode line separators) are shown as \\uXXXX, so that no board can move a terminal's
 * cursor, colour it, or add lines to a log or a CSV file. Done once, where the text comes off the wire.
 */
public final class BoardText {
    private BoardText() {
    }

    /** {@code s} with every control character as \\uXXXX (null stays null). */
    public static String printable(String s) {
        if (s == null) {
            return null;
        }
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean control = c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || c == '\u2028' || c == '\u2029';
            if (control && b == null) {
                b = new StringBuilder(s.length() + 8).append(s, 0, i);
            }
            if (b != null) {
                if (control) {
                    b.append(String.format("\\u%04x", (int) c));
                } else {
                    b.append(c);
                }
            }
        }
        return b == null ? s : b.toString();
    }
}
