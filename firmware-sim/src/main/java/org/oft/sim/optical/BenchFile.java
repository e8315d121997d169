package org.oft.sim.optical;

import java.util.Locale;

/**
 * The bench description a user edits: measured fibre lengths and the boards' clocks.
 * <pre>
 * # one line per link; unlisted fibres keep their nominal length
 * fibre P3 281.5            (or just: P3 281.5)
 * fibre L2.0.1 279.0
 * dead L1.3.0
 * clock router-3 phase=120 drift=2.5
 * clock proc-5 phase=-30 drift=-1
 * </pre>
 * Lengths in mm, phases in ps, drifts in ppm.
 */
public final class BenchFile {
    private BenchFile() {
    }

    /** Applies the text to the plant and clocks; an error names the line and what is wrong. */
    public static void apply(String text, FibrePlant plant, BoardClocks clocks) {
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            int hash = line.indexOf('#');
            if (hash >= 0) {
                line = line.substring(0, hash);
            }
            line = line.strip();
            if (line.isEmpty()) {
                continue;
            }
            try {
                applyLine(line.split("\\s+"), plant, clocks);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("bench file line " + (i + 1) + ": " + e.getMessage());
            }
        }
    }

    private static void applyLine(String[] w, FibrePlant plant, BoardClocks clocks) {
        switch (w[0].toLowerCase(Locale.ROOT)) {
            case "fibre", "fiber" -> {
                expect(w, 3, "fibre <name> <length-mm>");
                plant.setLength(plant.indexOf(w[1]), number(w[2], "length"));
            }
            case "dead" -> {
                expect(w, 2, "dead <name>");
                plant.setDead(plant.indexOf(w[1]), true);
            }
            case "clock" -> {
                if (w.length < 3) {
                    throw new IllegalArgumentException("expected: clock <router-L|proc-S> phase=<ps> drift=<ppm>");
                }
                long phase = 0;
                double drift = 0;
                for (int k = 2; k < w.length; k++) {
                    String[] kv = w[k].split("=", 2);
                    if (kv.length != 2) {
                        throw new IllegalArgumentException("expected name=value, got '" + w[k] + "'");
                    }
                    switch (kv[0]) {
                        case "phase" -> phase = phasePs(kv[1], "phase");
                        case "drift" -> drift = number(kv[1], "drift");
                        default -> throw new IllegalArgumentException("unknown clock setting '" + kv[0] + "' (phase, drift)");
                    }
                }
                setClock(w[1], phase, drift, clocks);
            }
            default -> {
                expect(w, 2, "fibre <name> <length-mm>");
                plant.setLength(plant.indexOf(w[0]), number(w[1], "length"));
            }
        }
    }

    static void setClock(String board, long phase, double drift, BoardClocks clocks) {
        if (board.startsWith("router-")) {
            clocks.setRouterClock(integer(board.substring(7), "level"), phase, drift);
        } else if (board.startsWith("proc-")) {
            clocks.setProcessorClock(integer(board.substring(5), "processor"), phase, drift);
        } else {
            throw new IllegalArgumentException("unknown board '" + board + "' (router-<level> or proc-<n>)");
        }
    }

    private static void expect(String[] w, int count, String form) {
        if (w.length != count) {
            throw new IllegalArgumentException("expected: " + form);
        }
    }

    static double number(String s, String what) {
        try {
            double v = Double.parseDouble(s);
            if (Double.isNaN(v) || Double.isInfinite(v)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be a number, got '" + s + "'");
        }
    }

    /** A phase or skew in ps, within what a clock can be set to. */
    static long phasePs(String s, String what) {
        double v = number(s, what);
        if (Math.abs(v) > BoardClocks.MAX_PHASE_PS) {
            throw new IllegalArgumentException(what + " must be within ±" + BoardClocks.MAX_PHASE_PS + " ps (1 ms), got " + s);
        }
        return Math.round(v);
    }

    static int integer(String s, String what) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be an integer, got '" + s + "'");
        }
    }
}
