package org.oft.sim.clock;

/**
 * A board's oscillator: its rising edges in picoseconds, each at its ideal time plus a jitter of its own (Gaussian,
 * not accumulating), drawn from the edge's number so that an edge asked for twice is the same edge.
 */
public final class Crystal {
    private final double cyclePs;
    private final double originPs;
    private final double jitterPs;
    private final long seed;

    /**
     * @param nominalHz the frequency the board is built for (a 12 MHz crystal, 48 MHz from the PLL)
     * @param ppm       how far this one is off it (positive: faster)
     * @param jitterPs  each edge's RMS jitter
     * @param originPs  when edge 0 comes
     */
    public Crystal(double nominalHz, double ppm, double jitterPs, double originPs, long seed) {
        if (!(nominalHz >= 1e3 && nominalHz <= 1e10)) {
            throw new IllegalArgumentException("a board clock is 1 kHz..10 GHz, got " + nominalHz + " Hz");
        }
        if (!(Math.abs(ppm) <= 1000)) {
            throw new IllegalArgumentException("a crystal is within ±1000 ppm of its nominal frequency, got " + ppm);
        }
        if (!(jitterPs >= 0) || Double.isInfinite(jitterPs)) {
            throw new IllegalArgumentException("jitter must be a non-negative number of ps, got " + jitterPs);
        }
        this.cyclePs = 1e12 / (nominalHz * (1 + ppm * 1e-6));
        if (jitterPs * 8 > cyclePs) {
            throw new IllegalArgumentException("jitter of " + jitterPs + " ps RMS is past an eighth of the " + cyclePs + " ps cycle");
        }
        this.originPs = originPs;
        this.jitterPs = jitterPs;
        this.seed = seed;
    }

    public double cyclePs() {
        return cyclePs;
    }

    /** Rising edge {@code n}. */
    public double edge(long n) {
        return originPs + n * cyclePs + (jitterPs == 0 ? 0 : jitterPs * gaussian(seed, 2 * n));
    }

    /** The falling edge half a cycle before rising edge {@code n}. */
    public double fallingBefore(long n) {
        return originPs + (n - 0.5) * cyclePs + (jitterPs == 0 ? 0 : jitterPs * gaussian(seed, 2 * n - 1));
    }

    /** The first rising edge at or after {@code t}. */
    public long firstEdgeFrom(double t) {
        long n = (long) Math.ceil((t - originPs) / cyclePs);
        while (edge(n - 1) >= t) {
            n--;
        }
        while (edge(n) < t) {
            n++;
        }
        return n;
    }

    /** A standard normal variate that is a function of (seed, i): SplitMix64 twice, then Box-Muller. */
    static double gaussian(long seed, long i) {
        long a = mix(seed + i * 0x9E3779B97F4A7C15L);
        long b = mix(a ^ 0xD1B54A32D192ED03L);
        double u1 = ((a >>> 11) + 1) * 0x1.0p-53; // (0, 1]
        double u2 = (b >>> 11) * 0x1.0p-53;
        return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
