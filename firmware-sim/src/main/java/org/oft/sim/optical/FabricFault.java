package org.oft.sim.optical;

import java.util.Locale;
import org.oft.hal.naming.FaultSpec;
import org.oft.hal.naming.PartName;
import org.oft.sim.clock.BenchClocks;

/**
 * Faults to inject into the timed model, written as on the command line:
 * <pre>
 * skew:router-3:200      a board's clock phase 200 ps off its calibrated phase (also proc-S)
 * drift:router-2:50      a board's clock drifting by 50 ppm (on clocks of their own: its crystal 50 ppm off)
 * sync:proc-3            a board's slot-reference line cut (sync:all: every board's), on clocks of their own
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
     * The target a spec acts on (e.g. {@code stuck:2:1}, {@code skew:router-3}), in the canonical
     * spelling of {@link PartName}, so that what is on it can be undone first and two spellings of one
     * target ({@code router-03}, {@code router-3}) are one; the one name {@link Applied#target()} carries
     * too. A spec that cannot be read has no target: it is refused with its reason when applied.
     */
    public static String target(String spec) {
        try {
            FaultSpec f = FaultSpec.parse(spec, FaultSpec.Fabric.OPTICAL, false);
            return switch (f.kind()) {
                case STUCK -> "stuck:" + PartName.whole(f.arg(0), "level") + ":" + PartName.whole(f.arg(1), "node");
                case FLIP -> "flip:" + PartName.whole(f.arg(0), "processor") + ":" + PartName.whole(f.arg(1), "row") + ":"
                        + PartName.whole(f.arg(2), "bit");
                case SYNC -> "sync:" + (f.arg(0).strip().equals("all") ? "all" : PartName.canonical(f.arg(0)));
                default -> f.kind().word() + ":" + PartName.canonical(f.arg(0));
            };
        } catch (IllegalArgumentException e) {
            return "";
        }
    }

    /**
     * The part a spec acts on, named as everywhere ({@link PartName}): the board ({@code router-L} for
     * a node of level L, {@code proc-S} for a processor's table) or the fibre; null for a spec that
     * cannot be read.
     */
    public static String part(String spec) {
        String target = target(spec);
        if (target.isEmpty()) {
            return null;
        }
        String[] p = target.split(":");
        return switch (p[0]) {
            case "stuck" -> "router-" + p[1];
            case "flip" -> "proc-" + p[1];
            default -> p[1];
        };
    }

    /** Applies the fault and says how to undo it; throws a one-line reason if the spec is wrong. */
    public static Applied applyUndoable(String spec, FabricModel model) {
        FaultSpec f = FaultSpec.parse(spec, FaultSpec.Fabric.OPTICAL, false);
        try {
            TimedFabric fabric = model instanceof TimedFabric t ? t : null;
            if (fabric == null && f.kind() != FaultSpec.Kind.STUCK && f.kind() != FaultSpec.Kind.FLIP) {
                throw new IllegalArgumentException("this fault needs the timed board model (clocks and fibres)");
            }
            switch (f.kind()) {
                case SKEW -> {
                    f.atMost(2);
                    String board = PartName.canonical(f.arg(0));
                    long ps = BenchFile.phasePs(f.arg(1), "skew");
                    Runnable undo = retime(fabric.clocks(), board, ps, null);
                    return new Applied(target(spec), board + " clock skewed by " + ps + " ps", true, undo);
                }
                case DRIFT -> {
                    f.atMost(2);
                    String board = PartName.canonical(f.arg(0));
                    double ppm = BenchFile.number(f.arg(1), "drift");
                    BenchClocks own = fabric.clocks().separate();
                    if (own != null) { // its crystal, followed by the line or not
                        int b = own.index(board);
                        double was = own.ppm(b);
                        own.drift(b, ppm, fabric.slot());
                        return new Applied(target(spec), board + " crystal " + ppm + " ppm off", true, () -> own.drift(b, was, fabric.slot()));
                    }
                    Runnable undo = retime(fabric.clocks(), board, 0, ppm);
                    return new Applied(target(spec), board + " clock drifting " + ppm + " ppm", true, undo);
                }
                case SYNC -> {
                    return cutLine(f, fabric, target(spec));
                }
                case FIBRE -> {
                    f.atMost(2);
                    String name = PartName.canonical(f.arg(0));
                    FibrePlant plant = fabric.plant();
                    int i = plant.indexOf(name);
                    double change = BenchFile.number(f.arg(1), "length change");
                    double laid = plant.lengthMm(i);
                    plant.setLength(i, laid + change);
                    return new Applied(target(spec), "fibre " + name + " now " + String.format(Locale.ROOT, "%.1f", plant.lengthMm(i)) + " mm",
                            true, () -> plant.setLength(i, laid));
                }
                case STUCK -> {
                    f.atMost(3);
                    int state = switch (f.arg(2)) {
                        case "drop" -> 0;
                        case "turn" -> 1;
                        case "free" -> BoardState.NOT_STUCK;
                        default -> throw new IllegalArgumentException("state must be drop, turn or free, got '" + f.arg(2) + "'");
                    };
                    int level = PartName.whole(f.arg(0), "level");
                    int node = PartName.whole(f.arg(1), "node");
                    model.boards().setStuck(level, node, state);
                    String target = target(spec);
                    if (state == BoardState.NOT_STUCK) {
                        return new Applied(target, "level " + level + " node " + node + " released", false, () -> { });
                    }
                    return new Applied(target, "level " + level + " node " + node + " stuck in " + f.arg(2), true,
                            () -> model.boards().setStuck(level, node, BoardState.NOT_STUCK));
                }
                case DEAD -> {
                    if (f.args().size() != 1) {
                        throw new IllegalArgumentException("the optical fabric's dead takes a fibre: dead:FIBRE (L<level>.<node>.<port> or P<processor>)");
                    }
                    String name = PartName.canonical(f.arg(0));
                    FibrePlant plant = fabric.plant();
                    int i = plant.indexOf(name);
                    plant.setDead(i, true);
                    return new Applied(target(spec), "fibre " + name + " dead", true, () -> plant.setDead(i, false));
                }
                case FLIP -> {
                    f.atMost(3);
                    int s = PartName.whole(f.arg(0), "processor");
                    int row = PartName.whole(f.arg(1), "row");
                    int bit = PartName.whole(f.arg(2), "bit");
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
                default -> throw new IllegalArgumentException("not an optical fault (" + FaultSpec.forms(FaultSpec.Fabric.OPTICAL, false) + ")");
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("fault '" + spec.strip() + "': " + e.getMessage());
        }
    }

    /** A board's slot-reference line (or every board's) cut from the next slot, mended by the undo. */
    private static Applied cutLine(FaultSpec f, TimedFabric fabric, String target) {
        f.atMost(1);
        BenchClocks own = fabric.clocks().separate();
        if (own == null || !own.sync()) {
            throw new IllegalArgumentException("these boards have no slot-reference line (it runs boards on clocks of their own, each"
                    + " following it: serve --board sim-lab)");
        }
        boolean all = f.arg(0).strip().equals("all");
        int b = all ? -1 : own.index(PartName.canonical(f.arg(0)));
        if (b == 0) {
            throw new IllegalArgumentException(own.name(0) + " leads the line: it follows none");
        }
        own.cut(b, fabric.slot());
        return new Applied(target, (all ? "every board's" : own.name(b) + "'s") + " slot-reference line cut", true,
                () -> own.mend(b, fabric.slot()));
    }

    /** Moves a board's clock phase by {@code skewPs} and, if given, sets its drift; returns the undo. */
    private static Runnable retime(BoardClocks c, String board, long skewPs, Double drift) {
        if (board.startsWith("router-")) {
            int level = PartName.whole(board.substring(7), "level");
            long phase = c.routerPhase(level);
            double was = c.routerDrift(level);
            c.setRouterClock(level, phase + skewPs, drift != null ? drift : was);
            return () -> c.setRouterClock(level, phase, was);
        } else if (board.startsWith("proc-")) {
            int s = PartName.whole(board.substring(5), "processor");
            long phase = c.processorPhase(s);
            double was = c.processorDrift(s);
            c.setProcessorClock(s, phase + skewPs, drift != null ? drift : was);
            return () -> c.setProcessorClock(s, phase, was);
        } else {
            throw new IllegalArgumentException("unknown board '" + board + "' (router-<level> or proc-<n>)");
        }
    }

}
