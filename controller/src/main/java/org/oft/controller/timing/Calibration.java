package org.oft.controller.timing;

import java.util.ArrayList;
import java.util.List;
import org.oft.sim.optical.BoardClocks;
import org.oft.sim.optical.FibrePlant;
import org.oft.sim.optical.TimedFabric;
import org.oft.sim.optical.TimingParameters;

/**
 * Computes, from the fibre lengths and the boards' declared clocks, each routing node's slot phase
 * and each processor's injection phase so that packets sit centred in their nodes' stable windows.
 *
 * <p>Processors feed the root directly, so their injection phases absorb any length of their own
 * fibre. Below the root, all inputs of a node come from one parent, which passes packets through
 * at the instant they arrive: differences between the input fibres of one node (and whatever
 * spread the packets already carry) can only be absorbed by the slot's slack. The calibration
 * follows the interval of possible packet start times (relative to the slot grid) fibre by fibre
 * from the root down, centres every node's window on the interval of its inputs, and reports the
 * nodes where the interval is wider than the slack.
 */
public final class Calibration {

    /** A fibre into an infeasible node and the change that brings it into the node's window. */
    public record FibreFix(String fibre, double lengthMm, double changeMm) {
    }

    /** A node whose inputs spread more than the slack, by how much, and which fibres to change. */
    public record Infeasible(int level, int node, long spreadPs, long slackPs, List<FibreFix> fixes) {
        public String describe() {
            StringBuilder sb = new StringBuilder("node ").append(node).append(" of level ").append(level)
                    .append(": its input fibres spread packets over ").append(spreadPs).append(" ps, the slack is ")
                    .append(slackPs).append(" ps; ");
            for (int i = 0; i < fixes.size(); i++) {
                FibreFix f = fixes.get(i);
                sb.append(i == 0 ? "" : ", ").append(f.fibre()).append(f.changeMm() > 0 ? " lengthen by " : " shorten by ")
                        .append(String.format(java.util.Locale.ROOT, "%.1f mm", Math.abs(f.changeMm())));
            }
            return sb.toString();
        }
    }

    /**
     * @param nodePhases      [level - 1][node], offset of the node's boundaries from its board clock
     * @param injectionPhases per processor, offset of its injection from its slot boundary
     * @param worstMarginPs   the smallest predicted margin on any side of any packet
     * @param recalibrateSlots slots after which drift may have used up half the worst margin
     *                        (Long.MAX_VALUE without drift)
     * @param maxRelativeDriftPpm the largest drift between two boards a packet passes between
     */
    public record Result(int order, TimingParameters timing, long[][] nodePhases, long[] injectionPhases,
                         long worstMarginPs, List<Infeasible> infeasible, long recalibrateSlots,
                         double maxRelativeDriftPpm) {
        public boolean feasible() {
            return infeasible.isEmpty();
        }

        public double recalibrateSeconds() {
            return recalibrateSlots == Long.MAX_VALUE ? Double.POSITIVE_INFINITY : recalibrateSlots * timing.slotPs() * 1e-12;
        }

        /** Programs the phases into a timed model (a bench does it through its boards). */
        public void applyTo(TimedFabric fabric) {
            BoardClocks c = fabric.clocks();
            for (int level = 1; level <= order; level++) {
                c.setNodePhases(level, nodePhases[level - 1]);
            }
            for (int s = 0; s < injectionPhases.length; s++) {
                c.setInjectionPhase(s, injectionPhases[s]);
            }
        }
    }

    private Calibration() {
    }

    public static Result compute(FibrePlant plant, BoardClocks clocks, int latency) {
        TimingParameters tp = plant.timing();
        int order = plant.wiring().order();
        int n = 1 << order;
        long period = tp.slotPs();
        long slack = tp.slackPs();
        long centred = tp.centredStartPs();
        long[][] nodePhases = new long[order][];
        long[] inject = new long[n];
        List<Infeasible> infeasible = new ArrayList<>();
        long worst = Long.MAX_VALUE;

        // Packet start times at the current level's inputs, relative to the slot grid: [lo, hi].
        long[] lo = new long[n];
        long[] hi = new long[n];
        boolean[] carries = new boolean[n];
        long root = clocks.routerPhase(order);
        for (int s = 0; s < n; s++) {
            int fibre = plant.index(0, s);
            inject[s] = root + latency * period + centred - clocks.processorPhase(s) - plant.delayPs(fibre);
            lo[s] = hi[s] = root + centred;
            carries[s] = !plant.dead(fibre);
        }
        for (int k = 0; k < order; k++) {
            int level = order - k;
            int ports = 1 << level;
            int half = ports >> 1;
            int nodes = n / ports;
            long board = clocks.routerPhase(level);
            nodePhases[level - 1] = new long[nodes];
            long[] nlo = new long[n];
            long[] nhi = new long[n];
            boolean[] ncarries = new boolean[n];
            for (int j = 0; j < nodes; j++) {
                long min = Long.MAX_VALUE;
                long max = Long.MIN_VALUE;
                for (int q = 0; q < ports; q++) {
                    int link = j * ports + q;
                    if (carries[link]) {
                        min = Math.min(min, lo[link]);
                        max = Math.max(max, hi[link]);
                    }
                }
                if (min == Long.MAX_VALUE) {
                    continue; // nothing reaches this node
                }
                long spread = max - min;
                long margin = Math.floorDiv(slack - spread, 2);
                long start = min - tp.switchingPs() - margin; // the node's slot boundary
                nodePhases[level - 1][j] = start - board;
                worst = Math.min(worst, margin);
                if (spread > slack) {
                    // Report the fix and carry on as if it were made, so that what is reported below
                    // this node is a problem of its own, not this one again.
                    infeasible.add(infeasible(plant, tp, level, j, lo, hi, carries, min, max, slack));
                }
                // Output x carries input x (drop) and input x ^ half (turn).
                for (int x = 0; x < ports; x++) {
                    int out = j * ports + x;
                    int a = j * ports + x;
                    int b = j * ports + (x ^ half);
                    long l = Long.MAX_VALUE;
                    long h = Long.MIN_VALUE;
                    if (carries[a]) {
                        l = lo[a];
                        h = hi[a];
                    }
                    if (carries[b]) {
                        l = Math.min(l, lo[b]);
                        h = Math.max(h, hi[b]);
                    }
                    int fibre = plant.index(k + 1, out);
                    if (l != Long.MAX_VALUE && !plant.dead(fibre)) {
                        ncarries[out] = true;
                        nlo[out] = l + plant.delayPs(fibre) - period;
                        nhi[out] = h + plant.delayPs(fibre) - period;
                    }
                }
            }
            lo = nlo;
            hi = nhi;
            carries = ncarries;
        }
        double drift = maxRelativeDrift(clocks, order);
        long recal = Long.MAX_VALUE;
        if (drift > 0 && worst > 0) {
            // A boundary moves P·δ per slot relative to its neighbour; act at half the margin.
            recal = (long) Math.floor(worst / 2.0 / (period * drift * 1e-6));
        } else if (drift > 0) {
            recal = 0;
        }
        return new Result(order, tp, nodePhases, inject, worst, List.copyOf(infeasible), recal, drift);
    }

    private static Infeasible infeasible(FibrePlant plant, TimingParameters tp, int level, int node, long[] lo, long[] hi,
                                         boolean[] carries, long min, long max, long slack) {
        int ports = 1 << level;
        int stage = plant.wiring().order() - level;
        // Bring every input into a window of the slack's width centred on the spread.
        long windowLo = Math.floorDiv(min + max - slack, 2);
        long windowHi = windowLo + slack;
        List<FibreFix> fixes = new ArrayList<>();
        for (int q = 0; q < ports; q++) {
            int link = node * ports + q;
            if (!carries[link]) {
                continue;
            }
            long change = 0;
            if (lo[link] < windowLo) {
                change = windowLo - lo[link];
            } else if (hi[link] > windowHi) {
                change = windowHi - hi[link];
            }
            if (change != 0) {
                int fibre = plant.index(stage, link);
                fixes.add(new FibreFix(plant.name(fibre), plant.lengthMm(fibre), tp.mmForPs(change)));
                lo[link] += change;
                hi[link] += change;
            }
        }
        return new Infeasible(level, node, max - min, slack, List.copyOf(fixes));
    }

    /** Largest drift difference between boards a packet goes between: processor→root, level→level. */
    static double maxRelativeDrift(BoardClocks clocks, int order) {
        double max = 0;
        double root = clocks.routerDrift(order);
        for (int s = 0; s < (1 << order); s++) {
            max = Math.max(max, Math.abs(clocks.processorDrift(s) - root));
        }
        for (int level = 1; level < order; level++) {
            max = Math.max(max, Math.abs(clocks.routerDrift(level) - clocks.routerDrift(level + 1)));
        }
        return max;
    }
}
