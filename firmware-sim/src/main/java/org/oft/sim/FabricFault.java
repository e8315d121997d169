package org.oft.sim;

import java.util.Locale;

/**
 * Faults to inject into the timed model, written as on the command line:
 * <pre>
 * skew:router-3:200      a board's clock phase moved by 200 ps (also proc-S)
 * drift:router-2:50      a board's clock drifting by 50 ppm
 * fibre:L3.0.2:+30       a fibre 30 mm longer (or -30: shorter)
 * stuck:2:1:turn         node 1 of level 2 stuck in turn (or drop)
 * dead:L2.1.0            a dead fibre
 * flip:5:12:2            bit 2 of row 12 of processor 5's routing table flipped
 * </pre>
 */
public final class FabricFault {
    private FabricFault() {
    }

    /** Applies the fault; returns what was done; throws a one-line reason if the spec is wrong. */
    public static String apply(String spec, TimedFabric fabric) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException("a fault spec is needed (skew, drift, fibre, stuck, dead, flip)");
        }
        String[] p = spec.strip().split(":", -1);
        String kind = p[0].toLowerCase(Locale.ROOT);
        try {
            switch (kind) {
                case "skew" -> {
                    need(p, 3, "skew:<board>:<ps>");
                    long ps = BenchFile.phasePs(p[2], "skew");
                    retime(fabric.clocks(), p[1], ps, null);
                    return p[1] + " clock skewed by " + ps + " ps";
                }
                case "drift" -> {
                    need(p, 3, "drift:<board>:<ppm>");
                    double ppm = BenchFile.number(p[2], "drift");
                    retime(fabric.clocks(), p[1], 0, ppm);
                    return p[1] + " clock drifting " + ppm + " ppm";
                }
                case "fibre", "fiber" -> {
                    need(p, 3, "fibre:<name>:<+/-mm>");
                    FibrePlant plant = fabric.plant();
                    int i = plant.indexOf(p[1]);
                    double change = BenchFile.number(p[2], "length change");
                    plant.setLength(i, plant.lengthMm(i) + change);
                    return "fibre " + p[1] + " now " + String.format(Locale.ROOT, "%.1f", plant.lengthMm(i)) + " mm";
                }
                case "stuck" -> {
                    need(p, 4, "stuck:<level>:<node>:drop|turn");
                    int state = switch (p[3]) {
                        case "drop" -> 0;
                        case "turn" -> 1;
                        default -> throw new IllegalArgumentException("state must be drop or turn, got '" + p[3] + "'");
                    };
                    fabric.boards().setStuck(BenchFile.integer(p[1], "level"), BenchFile.integer(p[2], "node"), state);
                    return "level " + p[1] + " node " + p[2] + " stuck in " + p[3];
                }
                case "dead" -> {
                    need(p, 2, "dead:<fibre>");
                    fabric.plant().setDead(fabric.plant().indexOf(p[1]), true);
                    return "fibre " + p[1] + " dead";
                }
                case "flip" -> {
                    need(p, 4, "flip:<processor>:<row>:<bit>");
                    int s = BenchFile.integer(p[1], "processor");
                    int row = BenchFile.integer(p[2], "row");
                    int bit = BenchFile.integer(p[3], "bit");
                    int n = fabric.processors();
                    if (s < 0 || s >= n || row < 0 || row >= n || bit < 0 || bit >= fabric.order()) {
                        throw new IllegalArgumentException("processor and row must be 0.." + (n - 1) + " and bit 0.." + (fabric.order() - 1));
                    }
                    int[] rows = new int[n];
                    for (int i = 0; i < n; i++) {
                        rows[i] = fabric.boards().tableEntry(s, i);
                    }
                    rows[row] ^= 1 << bit;
                    fabric.boards().loadTable(s, rows);
                    return "processor " + s + " row " + row + " bit " + bit + " flipped";
                }
                default -> throw new IllegalArgumentException((p[0].isEmpty() ? "no fault kind" : "unknown fault '" + p[0] + "'")
                        + " (skew, drift, fibre, stuck, dead, flip)");
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("fault '" + spec + "': " + e.getMessage());
        }
    }

    /** Moves a board's clock phase by {@code skewPs} and, if given, sets its drift. */
    private static void retime(BoardClocks c, String board, long skewPs, Double drift) {
        if (board.startsWith("router-")) {
            int level = BenchFile.integer(board.substring(7), "level");
            c.setRouterClock(level, c.routerPhase(level) + skewPs, drift != null ? drift : c.routerDrift(level));
        } else if (board.startsWith("proc-")) {
            int s = BenchFile.integer(board.substring(5), "processor");
            c.setProcessorClock(s, c.processorPhase(s) + skewPs, drift != null ? drift : c.processorDrift(s));
        } else {
            throw new IllegalArgumentException("unknown board '" + board + "' (router-<level> or proc-<n>)");
        }
    }

    private static void need(String[] p, int count, String form) {
        if (p.length != count) {
            throw new IllegalArgumentException("expected " + form);
        }
    }
}
