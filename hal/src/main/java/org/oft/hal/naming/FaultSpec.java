package org.oft.hal.naming;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * One grammar for every fault and failure of both fabrics: {@code KIND:PART[:ARG...]}, as typed on
 * the command line, sent to the API as {@code {"spec": ...}} and typed in the console. Parts are
 * named by {@link PartName}, ports by their physical (1-based) number. Two kinds of change share it:
 * a <em>fault</em> is injected into a board model (and undone by clearing it); a <em>failure</em> is
 * declared to the controller, which routes around it (and undone by repairing it).
 */
public record FaultSpec(Kind kind, List<String> args) {

    /** The fabric a kind applies to. */
    public enum Fabric { OPTICAL, ELECTRICAL }

    /** Every kind, with its form and what it means. */
    public enum Kind {
        SKEW("skew", Fabric.OPTICAL, false, "skew:BOARD:PS", "a board's clock PS picoseconds off its calibrated phase (router-L or proc-S)"),
        DRIFT("drift", Fabric.OPTICAL, false, "drift:BOARD:PPM", "a board's clock drifting by PPM parts per million"),
        SYNC("sync", Fabric.OPTICAL, false, "sync:BOARD", "a board's slot-reference line cut (sync:all: every board's; boards on clocks of their own, --board sim-lab)"),
        FIBRE("fibre", Fabric.OPTICAL, false, "fibre:FIBRE:MM", "a fibre longer (+MM) or shorter (-MM) than laid (L<level>.<node>.<port> or P<processor>)"),
        STUCK("stuck", Fabric.OPTICAL, false, "stuck:LEVEL:NODE:drop|turn|free", "a routing node stuck in one state (free releases it)"),
        FLIP("flip", Fabric.OPTICAL, false, "flip:PROC:ROW:BIT", "one bit of a processor's routing table flipped"),
        DEAD("dead", null, false, "dead:FIBRE or dead:SWITCH:PORT", "a dead fibre (optical) or a cut cable at a switch's physical port (electrical)"),
        REBOOT("reboot", Fabric.ELECTRICAL, false, "reboot:SWITCH", "a switch board power-cycled: it holds no table until the next deploy"),
        LINK("link", Fabric.ELECTRICAL, true, "link:NODE:PORT", "the cable at NODE's physical port PORT declared failed"),
        SWITCH("switch", Fabric.ELECTRICAL, true, "switch:NODE", "a switch declared failed (all its cables)"),
        HOST("host", Fabric.ELECTRICAL, true, "host:N", "a host declared failed"),
        RANDOM_LINKS("random-links", Fabric.ELECTRICAL, true, "random-links:P%[:SEED]", "P per cent of the switch-to-switch cables, drawn with SEED");

        private final String word;
        private final Fabric fabric; // null: both
        private final boolean failure;
        private final String form;
        private final String meaning;

        Kind(String word, Fabric fabric, boolean failure, String form, String meaning) {
            this.word = word;
            this.fabric = fabric;
            this.failure = failure;
            this.form = form;
            this.meaning = meaning;
        }

        public String word() {
            return word;
        }

        /** Declared to the controller (routed around), rather than injected into a model. */
        public boolean failure() {
            return failure;
        }

        public boolean appliesTo(Fabric f) {
            return fabric == null || fabric == f;
        }

        public String form() {
            return form;
        }

        public String meaning() {
            return meaning;
        }

        static Kind of(String word) {
            String w = word.toLowerCase(Locale.ROOT).equals("fiber") ? "fibre" : word.toLowerCase(Locale.ROOT);
            for (Kind k : values()) {
                if (k.word.equals(w)) {
                    return k;
                }
            }
            return null;
        }
    }

    public FaultSpec {
        args = List.copyOf(args);
    }

    /**
     * Reads a spec. Throws a one-line reason when it is not one: an unknown kind (with the kinds this
     * fabric takes), a fault where a failure is expected or the reverse (saying which to write), or a
     * kind of the other fabric. Arguments are checked by what applies the spec.
     */
    public static FaultSpec parse(String text, Fabric fabric, boolean failure) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("a " + noun(failure) + " is needed: " + forms(fabric, failure));
        }
        String s = text.strip();
        String[] p = fields(s);
        Kind k = Kind.of(p[0]);
        if (p[0].isBlank()) {
            throw new IllegalArgumentException("'" + s + "': no " + noun(failure) + " kind (" + forms(fabric, failure) + ")");
        }
        if (k == null) {
            throw new IllegalArgumentException("'" + s + "': unknown " + noun(failure) + " '" + p[0] + "' (" + forms(fabric, failure) + ")");
        }
        if (!k.appliesTo(fabric)) {
            throw new IllegalArgumentException("'" + s + "': " + k.word + " is a " + noun(k.failure) + " of the "
                    + (fabric == Fabric.OPTICAL ? "electrical" : "optical") + " fabric (" + forms(fabric, failure) + ")");
        }
        if (k.failure != failure) {
            throw new IllegalArgumentException("'" + s + "': " + k.word + ":... " + (k.failure
                    ? "declares a failure the controller routes around; declare it (POST /api/fail, the Declare box), or write "
                    + cutFor(p) + " to cut the cable in the model"
                    : "injects a fault into the model; inject it (POST /api/faults, the Fault box), or write "
                    + failFor(k, p) + " to declare it failed"));
        }
        List<String> args = new ArrayList<>(Arrays.asList(p).subList(1, p.length));
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).isBlank()) {
                throw new IllegalArgumentException("'" + s + "': " + (i == 0 ? "no part named" : "empty field " + (i + 2))
                        + " (form " + k.form + ")");
            }
            args.set(i, args.get(i).strip());
        }
        return new FaultSpec(k, args);
    }

    /** The fields between ':', a field in double quotes taken whole ({@code switch:"MF0;ib7:SX6036/U1"}), its quotes kept. */
    static String[] fields(String s) {
        List<String> out = new ArrayList<>();
        StringBuilder f = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            }
            if (c == ':' && !quoted) {
                out.add(f.toString());
                f.setLength(0);
            } else {
                f.append(c);
            }
        }
        if (quoted) {
            throw new IllegalArgumentException("'" + s + "': a quoted name is not closed");
        }
        out.add(f.toString());
        return out.toArray(String[]::new);
    }

    private static String cutFor(String[] p) {
        return p.length == 3 ? "dead:" + p[1] + ":" + p[2] : "dead:SWITCH:PORT";
    }

    private static String failFor(Kind k, String[] p) {
        return k == Kind.DEAD && p.length == 3 ? "link:" + p[1] + ":" + p[2] : k == Kind.REBOOT && p.length == 2 ? "switch:" + p[1] : "link:NODE:PORT";
    }

    private static String noun(boolean failure) {
        return failure ? "failure" : "fault";
    }

    /** The forms this fabric takes for faults or for failures, for help and errors. */
    public static String forms(Fabric fabric, boolean failure) {
        return Arrays.stream(Kind.values()).filter(k -> k.appliesTo(fabric) && k.failure == failure)
                .map(k -> k == Kind.DEAD ? (fabric == Fabric.OPTICAL ? "dead:FIBRE" : "dead:SWITCH:PORT") : k.form)
                .collect(Collectors.joining(", "));
    }

    /** Argument {@code i} (0 = the part), or a reason naming the form when it is missing. */
    public String arg(int i) {
        if (i >= args.size()) {
            throw new IllegalArgumentException("'" + text() + "': too few fields (form " + kind.form + ")");
        }
        return args.get(i);
    }

    /** Refuses more than {@code n} arguments. */
    public FaultSpec atMost(int n) {
        if (args.size() > n) {
            throw new IllegalArgumentException("'" + text() + "': too many fields (form " + kind.form + ")");
        }
        return this;
    }

    public String text() {
        return kind.word + (args.isEmpty() ? "" : ":" + String.join(":", args));
    }
}
