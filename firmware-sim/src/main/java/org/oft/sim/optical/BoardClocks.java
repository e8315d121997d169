package org.oft.sim.optical;

import java.math.BigInteger;
import org.oft.sim.clock.BenchClocks;
import org.oft.sim.clock.SlotTimes;

/**
 * Every board's own oscillator and the phases calibration programs into it.
 *
 * <p>A board with phase θ and drift δ (ppm) starts its slot k at θ + k·P + ⌊k·P·δ·10⁻⁶⌋. A
 * router-level board additionally delays each node's slot boundaries by that node's phase; a
 * processor board injects at its slot boundary plus its injection phase.
 */
public final class BoardClocks {
    private final int order;
    private final int n;
    private final long slotPs;
    final long[] routerPhase;     // [k], k = 0 for the root level
    final double[] routerDrift;   // ppm
    final long[] nodePhase;       // [k * n + node]
    final long[] procPhase;
    final double[] procDrift;
    final long[] injectPhase;
    // boards whose slot starts a clock model gives (kept in step by the slot-reference line, or not): null, the
    // phase-and-drift formula above
    final SlotTimes[] routerTimes;  // [k]
    final SlotTimes[] procTimes;
    private BenchClocks separate;

    public BoardClocks(int order, long slotPs) {
        this.order = order;
        this.n = 1 << order;
        this.slotPs = slotPs;
        this.routerPhase = new long[order];
        this.routerDrift = new double[order];
        this.nodePhase = new long[order * n];
        this.procPhase = new long[n];
        this.procDrift = new double[n];
        this.injectPhase = new long[n];
        this.routerTimes = new SlotTimes[order];
        this.procTimes = new SlotTimes[n];
    }

    /**
     * The router-level board of {@code level} starts its slots when {@code times} says (its phase is still added; its
     * drift no longer counts), and switches only in slots it is in step in. Null: back to phase and drift.
     */
    public void setRouterTimes(int level, SlotTimes times) {
        routerTimes[levelIndex(level)] = times;
    }

    /**
     * Every board on a clock of its own, as {@code bench} runs them (the slot-reference line, drifts, cuts): each board's
     * slot starts come from there from now on.
     */
    public void setSeparate(BenchClocks bench) {
        if (bench.order() != order) {
            throw new IllegalArgumentException("clocks of an order-" + bench.order() + " bench for an order-" + order + " fabric");
        }
        if (BenchClocks.slotPs() != slotPs) {
            throw new IllegalArgumentException("boards with " + BenchClocks.slotPs() + " ps slots in a fabric of " + slotPs + " ps slots");
        }
        for (int level = 1; level <= order; level++) {
            setRouterTimes(level, bench.router(level));
        }
        for (int s = 0; s < n; s++) {
            setProcessorTimes(s, bench.processor(s));
        }
        this.separate = bench;
    }

    /** The boards' own clocks, or null when they share one (phase and drift). */
    public BenchClocks separate() {
        return separate;
    }

    /** Processor board {@code processor}'s slots as {@code times} says; it injects only in slots it is in step in. */
    public void setProcessorTimes(int processor, SlotTimes times) {
        checkProcessor(processor);
        procTimes[processor] = times;
    }

    public long slotPs() {
        return slotPs;
    }

    /**
     * A phase in the clock cycles of a board that counts time in them (an FPGA board: rtl/src/board_optics.v),
     * rounded as that board rounds it: |ps| times K = round(clockHz * 2^40 / 10^12), plus 2^39, shifted
     * down 40 bits, the sign put back. Phases beyond ±2^39 ps (0.55 s) are refused, as the board refuses them.
     */
    public static long phaseCycles(long ps, long clockHz) {
        if (ps >= 1L << 39 || ps < -(1L << 39)) {
            throw new IllegalArgumentException("a phase is within ±2^39 ps (0.55 s), got " + ps + " ps");
        }
        BigInteger k = BigInteger.valueOf(clockHz).shiftLeft(28).add(BigInteger.valueOf(122_070_312))
                .divide(BigInteger.valueOf(244_140_625)); // 10^12 = 2^12 * 5^12
        long cycles = BigInteger.valueOf(Math.abs(ps)).multiply(k).add(BigInteger.ONE.shiftLeft(39)).shiftRight(40).longValueExact();
        return ps < 0 ? -cycles : cycles;
    }

    static long boundary(long phase, double ppm, long slot, long period) {
        long b = phase + slot * period;
        return ppm == 0 ? b : b + (long) Math.floor(slot * (double) period * ppm * 1e-6);
    }

    /** The slot of a clock (phase, drift) that contains {@code time}. */
    static long slotAt(long phase, double ppm, long time, long period) {
        if (ppm == 0) {
            return Math.floorDiv(time - phase, period);
        }
        long k = (long) Math.floor((time - phase) / (period * (1 + ppm * 1e-6)));
        while (boundary(phase, ppm, k, period) > time) {
            k--;
        }
        while (boundary(phase, ppm, k + 1, period) <= time) {
            k++;
        }
        return k;
    }

    public void setRouterClock(int level, long phasePs, double driftPpm) {
        int k = levelIndex(level);
        routerPhase[k] = checkPhase(phasePs);
        routerDrift[k] = checkDrift(driftPpm);
    }

    public void setProcessorClock(int processor, long phasePs, double driftPpm) {
        checkProcessor(processor);
        procPhase[processor] = checkPhase(phasePs);
        procDrift[processor] = checkDrift(driftPpm);
    }

    public long routerPhase(int level) {
        return routerPhase[levelIndex(level)];
    }

    public double routerDrift(int level) {
        return routerDrift[levelIndex(level)];
    }

    public long processorPhase(int processor) {
        checkProcessor(processor);
        return procPhase[processor];
    }

    public double processorDrift(int processor) {
        checkProcessor(processor);
        return procDrift[processor];
    }

    /** Per-node phases of the router-level board of {@code level} (2^(r-level) of them). */
    public void setNodePhases(int level, long[] phasesPs) {
        int k = levelIndex(level);
        int nodes = 1 << (order - level);
        if (phasesPs.length != nodes) {
            throw new IllegalArgumentException("router-" + level + " has " + nodes + " nodes, offered " + phasesPs.length + " phases");
        }
        System.arraycopy(phasesPs, 0, nodePhase, k * n, nodes);
    }

    public long nodePhase(int level, int node) {
        return nodePhase[levelIndex(level) * n + node];
    }

    public void setInjectionPhase(int processor, long phasePs) {
        checkProcessor(processor);
        injectPhase[processor] = phasePs;
    }

    public long injectionPhase(int processor) {
        checkProcessor(processor);
        return injectPhase[processor];
    }

    /** Phases are offsets within a few slots; a millisecond is far past anything calibration could mean. */
    public static final long MAX_PHASE_PS = 1_000_000_000L;

    private static long checkPhase(long ps) {
        if (ps < -MAX_PHASE_PS || ps > MAX_PHASE_PS) {
            throw new IllegalArgumentException("clock phase must be within ±" + MAX_PHASE_PS + " ps (1 ms), got " + ps);
        }
        return ps;
    }

    private static double checkDrift(double ppm) {
        if (!(Math.abs(ppm) <= 1000)) {
            throw new IllegalArgumentException("clock drift must be within ±1000 ppm, got " + ppm);
        }
        return ppm;
    }

    private int levelIndex(int level) {
        if (level < 1 || level > order) {
            throw new IllegalArgumentException("level must be between 1 and " + order + ", got " + level);
        }
        return order - level;
    }

    private void checkProcessor(int p) {
        if (p < 0 || p >= n) {
            throw new IllegalArgumentException("processor must be between 0 and " + (n - 1) + ", got " + p);
        }
    }
}
