package org.oft.sim.optical;

import java.util.Locale;

/**
 * Faults to inject into the timed model, written as on the command line:
 * <pre>
 * skew:router-3:200      a board's clock phase 200 ps off its calibrated phase (also proc-S)
 * drift:router-2:50      a board's clock drifting by 50 ppm
 * fibre:L3.0.2:+30       a fibre 30 mm longer than laid (or -30: shorter)
 * stuck:2:1:turn         node 1 of level 2 stuck in turn (or drop; free releases it)
 * dead:L2.1.0            a dead fibre
 * flip:5:12:2            bit 2 of row 12 of processor 5's routing table flipped
 * </pre>
 * Every fault has a target (a board's clock, a fibre, a node, a table bit) and can be undone.
 * Offsets are absolute, from the state before the first fault on that target: a second skew
 * of the same board replaces the first, it does not add to it (the caller undoes the first).
 */
public final class FabricFault {
    private FabricFault() {
    }

    /**
     * An applied fault.
     *
     * @param target what it acts on, e.g. {@code skew:router-3}; one active fault per target
     * @param active false for a release ({@code stuck:…:free}), which leaves nothing to undo
     * @param undo   puts the target back as it was before the fault
     */
    public record Applied(String target, String description, boolean active, Runnable undo) {
    }

    /** Applies the fault; returns what was done; throws a one-line reason if the spec is wrong. */
    public static String apply(String spec, TimedFabric fabric) {
        return applyUndoable(spec, fabric).description();
    }

    /**
     * The target a spec acts on (e.g. {@code stuck:2:1}), read off its form only, so that what is on it
     * can be undone first; the one name {@link Applied#target()} carries too. Numbers are read as
     * numbers ({@code stuck:02:1} is {@code stuck:2:1}).
     */
    public static String target(String spec) {
        String[] p = spec == null ? new String[0] : spec.strip().split(":", -1);
        if (p.length < 2) {
            return "";
        }
        String kind = p[0].toLowerCase(Locale.ROOT).replace("fiber", "fibre");
        return switch (kind) {
            case "stuck" -> p.length > 2 ? kind + ":" + number(p[1]) + ":" + number(p[2]) : "";
            case "flip" -> p.length > 3 ? kind + ":" + number(p[1]) + ":" + number(p[2]) + ":" + number(p[3]) : "";
            default -> kind + ":" + p[1];
        };
    }

    private static String number(String s) {
        try {
            return Integer.toString(Integer.parseInt(s.strip()));
        } catch (NumberFormatException e) {
            return s; // refused with its reason when applied
        }
    }

    /** Applies the fault and says how to undo it; throws a one-line reason if the spec is wrong. */
    public static Applied applyUndoable(String spec, FabricModel model) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException("a fault spec is needed (skew, drift, fibre, stuck, dead, flip)");
        }
        String[] p = spec.strip().split(":", -1);
        String kind = p[0].toLowerCase(Locale.ROOT);
        try {
            TimedFabric fabric = model instanceof TimedFabric t ? t : null;
            if (fabric == null && !kind.equals("stuck") && !kind.equals("flip")) {
                throw new IllegalArgumentException("this fault needs the timed board model (clocks and fibres)");
            }
            switch (kind) {
                case "skew" -> {
                    need(p, 3, "skew:<board>:<ps>");
                    long ps = BenchFile.phasePs(p[2], "skew");
                    Runnable undo = retime(fabric.clocks(), p[1], ps, null);
                    return new Applied(target(spec), p[1] + " clock skewed by " + ps + " ps", true, undo);
                }
                case "drift" -> {
                    need(p, 3, "drift:<board>:<ppm>");
                    double ppm = BenchFile.number(p[2], "drift");
                    Runnable undo = retime(fabric.clocks(), p[1], 0, ppm);
                    return new Applied(target(spec), p[1] + " clock drifting " + ppm + " ppm", true, undo);
                }
                case "fibre", "fiber" -> {
                    need(p, 3, "fibre:<name>:<+/-mm>");
                    FibrePlant plant = fabric.plant();
                    int i = plant.indexOf(p[1]);
                    double change = BenchFile.number(p[2], "length change");
                    double laid = plant.lengthMm(i);
                    plant.setLength(i, laid + change);
                    return new Applied(target(spec), "fibre " + p[1] + " now " + String.format(Locale.ROOT, "%.1f", plant.lengthMm(i)) + " mm",
                            true, () -> plant.setLength(i, laid));
                }
                case "stuck" -> {
                    need(p, 4, "stuck:<level>:<node>:drop|turn|free");
                    int state = switch (p[3]) {
                        case "drop" -> 0;
                        case "turn" -> 1;
                        case "free" -> BoardState.NOT_STUCK;
                        default -> throw new IllegalArgumentException("state must be drop, turn or free, got '" + p[3] + "'");
                    };
                    int level = BenchFile.integer(p[1], "level");
                    int node = BenchFile.integer(p[2], "node");
                    model.boards().setStuck(level, node, state);
                    String target = target(spec);
                    if (state == BoardState.NOT_STUCK) {
                        return new Applied(target, "level " + level + " node " + node + " released", false, () -> { });
                    }
                    return new Applied(target, "level " + level + " node " + node + " stuck in " + p[3], true,
                            () -> model.boards().setStuck(level, node, BoardState.NOT_STUCK));
                }
                case "dead" -> {
                    need(p, 2, "dead:<fibre>");
                    FibrePlant plant = fabric.plant();
                    int i = plant.indexOf(p[1]);
                    plant.setDead(i, true);
                    return new Applied(target(spec), "fibre " + p[1] + " dead", true, () -> plant.setDead(i, false));
                }
                case "flip" -> {
                    need(p, 4, "flip:<processor>:<row>:<bit>");
                    int s = BenchFile.integer(p[1], "processor");
                    int row = BenchFile.integer(p[2], "row");
                    int bit = BenchFile.integer(p[3], "bit");
                    int n = model.processors();
                    if (s < 0 || s >= n || row < 0 || row >= n || bit < 0 || bit >= model.order()) {
                        throw new IllegalArgumentException("processor and row must be 0.." + (n - 1) + " and bit 0.." + (model.order() - 1));
                    }
                    int[] rows = new int[n];
                    for (int i = 0; i < n; i++) {
                        rows[i] = model.boards().tableEntry(s, i);
                    }
                    int before = rows[row];
                    rows[row] ^= 1 << bit;
                    int flipped = rows[row];
                    model.boards().loadTable(s, rows);
                    return new Applied(target(spec), "processor " + s + " row " + row + " bit " + bit + " flipped", true,
                            () -> { // unless a deploy has already put the row back
                                if (model.boards().tableEntry(s, row) == flipped) {
                                    int[] now = new int[n];
                                    for (int i = 0; i < n; i++) {
                                        now[i] = model.boards().tableEntry(s, i);
                                    }
                                    now[row] = before;
                                    model.boards().loadTable(s, now);
                                }
                            });
                }
                default -> throw new IllegalArgumentException((p[0].isEmpty() ? "no fault kind" : "unknown fault '" + p[0] + "'")
                        + " (skew, drift, fibre, stuck, dead, flip)");
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("fault '" + spec + "': " + e.getMessage());
        }
    }

    /** Moves a board's clock phase by {@code skewPs} and, if given, sets its drift; returns the undo. */
    private static Runnable retime(BoardClocks c, String board, long skewPs, Double drift) {
        if (board.startsWith("router-")) {
            int level = BenchFile.integer(board.substring(7), "level");
            long phase = c.routerPhase(level);
            double was = c.routerDrift(level);
            c.setRouterClock(level, phase + skewPs, drift != null ? drift : was);
            return () -> c.setRouterClock(level, phase, was);
        } else if (board.startsWith("proc-")) {
            int s = BenchFile.integer(board.substring(5), "processor");
            long phase = c.processorPhase(s);
            double was = c.processorDrift(s);
            c.setProcessorClock(s, phase + skewPs, drift != null ? drift : was);
            return () -> c.setProcessorClock(s, phase, was);
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
