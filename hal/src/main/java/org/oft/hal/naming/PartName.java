package org.oft.hal.naming;

import java.util.Locale;

/**
 * The one way a part of either fabric is named, in specs, tables, events and the console: boards
 * {@code router-L}, {@code proc-S}, {@code switch-N}, hosts {@code host-N}, optical fibres
 * {@code L<level>.<node>.<port>} and {@code P<processor>}, switch tuples {@code (l,a_h,...,a_1)},
 * GUIDs {@code 0x...}; any other name is a name the fabric file gives a node and is kept as written.
 * Ports are the physical, 1-based numbers of the tables and OpenSM's dumps.
 *
 * <p>Aliases of one part are normalised ({@code router-03} is {@code router-3}, {@code SWITCH-5} is
 * {@code switch-5}); a number written with a sign or with digits other than 0-9 is refused, so two
 * spellings of one target can never stand as two faults.
 */
public final class PartName {
    private static final String[] BOARDS = {"router-", "proc-", "switch-", "host-"};

    private PartName() {
    }

    /** The canonical spelling of {@code name}; throws with the reason when a number in it is malformed. */
    public static String canonical(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a part must be named");
        }
        String s = name.strip();
        String lower = s.toLowerCase(Locale.ROOT);
        for (String prefix : BOARDS) {
            if (lower.startsWith(prefix)) {
                return prefix + whole(s.substring(prefix.length()), prefix.substring(0, prefix.length() - 1) + " number");
            }
        }
        if (s.startsWith("(") && s.endsWith(")")) {
            String[] d = s.substring(1, s.length() - 1).split(",", -1);
            StringBuilder b = new StringBuilder("(");
            for (int i = 0; i < d.length; i++) {
                b.append(i == 0 ? "" : ",").append(whole(d[i].strip(), "a tuple's digit"));
            }
            return b.append(')').toString();
        }
        if (lower.startsWith("0x")) {
            String hex = s.substring(2);
            if (hex.isEmpty() || hex.length() > 16 || !hex.chars().allMatch(c -> c < 128 && Character.digit(c, 16) >= 0)) {
                throw new IllegalArgumentException("a GUID is 0x and 1 to 16 hex digits, got '" + s + "'");
            }
            return "0x" + Long.toHexString(Long.parseUnsignedLong(hex, 16));
        }
        if (s.length() > 1 && (s.charAt(0) == 'L' || s.charAt(0) == 'l') && s.indexOf('.') > 0) {
            String[] d = s.substring(1).split("\\.", -1);
            if (d.length == 3 && d[0].chars().allMatch(PartName::asciiDigit)) {
                return "L" + whole(d[0], "a fibre's level") + "." + whole(d[1], "a fibre's node") + "." + whole(d[2], "a fibre's port");
            }
        }
        if (s.length() > 1 && (s.charAt(0) == 'P' || s.charAt(0) == 'p') && s.substring(1).chars().allMatch(PartName::asciiDigit)) {
            return "P" + whole(s.substring(1), "a processor fibre's number");
        }
        if (s.length() >= 2 && s.charAt(0) == '"' && s.charAt(s.length() - 1) == '"') {
            // a name as a fabric file gives it, quoted: ':' and spaces allowed inside (Mellanox's "MF0;ib7:SX6036/U1")
            String inner = s.substring(1, s.length() - 1);
            if (inner.isEmpty() || inner.chars().anyMatch(c -> c < ' ' || c == '"' || c > 126)) {
                throw new IllegalArgumentException(s + " is not a part name (a quoted name is printable ASCII without '\"')");
            }
            return s;
        }
        if (s.chars().anyMatch(c -> c <= ' ' || c == ':' || c > 126)) {
            throw new IllegalArgumentException("'" + s + "' is not a part name (names are printable ASCII without spaces or ':';"
                    + " quote a name that has them, \"MF0;ib7:SX6036/U1\", or name the node by its GUID 0x...)");
        }
        return s;
    }

    /**
     * A whole number written in the digits 0-9 only (leading zeros allowed and dropped), up to
     * {@link Integer#MAX_VALUE}; a sign, a space or another script's digits are refused.
     */
    public static int whole(String s, String what) {
        if (s == null || s.isEmpty() || !s.chars().allMatch(PartName::asciiDigit)) {
            throw new IllegalArgumentException(what + " must be written in the digits 0-9, got '" + s + "'");
        }
        String digits = s.replaceFirst("^0+(?=.)", "");
        if (digits.length() > 10 || Long.parseLong(digits) > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(what + " must be at most " + Integer.MAX_VALUE + ", got " + s);
        }
        return Integer.parseInt(digits);
    }

    private static boolean asciiDigit(int c) {
        return c >= '0' && c <= '9';
    }
}
