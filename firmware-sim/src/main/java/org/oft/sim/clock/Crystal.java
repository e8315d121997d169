package org.oft.sim.clock;

/**
 * A board's oscillator: its rising edges in picoseconds, each at its ideal time plus a jitter of its own (Gaussian,
 * not accumulating), drawn from the edge's number so that an edge asked for twice is the same edge.
 */
public final class Crystal {
    private final double nominalHz;
    private final double jitterPs;
    private final long seed;
    // the edges in segments of one frequency each, the latest last: segment i's edge n (n >= from[i]) comes at
    // base[i] + (n - from[i]) * cycle[i], before its jitter
    private long[] from = new long[4];
    private double[] base = new double[4];
    private double[] cycle = new double[4];
    private int segments;
    private double ppm;

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
        if (!(jitterPs >= 0) || Double.isInfinite(jitterPs)) {
            throw new IllegalArgumentException("jitter must be a non-negative number of ps, got " + jitterPs);
        }
        this.nominalHz = nominalHz;
        this.jitterPs = jitterPs;
        this.seed = seed;
        from[0] = 0;
        base[0] = originPs;
        cycle[0] = cycleFor(ppm);
        segments = 1;
        this.ppm = ppm;
    }

    private double cycleFor(double ppm) {
        if (!(Math.abs(ppm) <= 1000)) {
            throw new IllegalArgumentException("a crystal is within ±1000 ppm of its nominal frequency, got " + ppm);
        }
        double c = 1e12 / (nominalHz * (1 + ppm * 1e-6));
        if (jitterPs * 8 > c) {
            throw new IllegalArgumentException("jitter of " + jitterPs + " ps RMS is past an eighth of the " + c + " ps cycle");
        }
        return c;
    }

    /** The cycle now. */
    public double cyclePs() {
        return cycle[segments - 1];
    }

    /** How far off nominal it runs now, in ppm. */
    public double ppm() {
        return ppm;
    }

    /** From the first edge at or after {@code atPs} on, it runs {@code ppm} off nominal (warmed, cooled, pulled). */
    public void retune(double ppm, double atPs) {
        double c = cycleFor(ppm);
        long n = firstEdgeFrom(atPs);
        double b = ideal(n);
        if (segments == from.length) {
            from = java.util.Arrays.copyOf(from, 2 * segments);
            base = java.util.Arrays.copyOf(base, 2 * segments);
            cycle = java.util.Arrays.copyOf(cycle, 2 * segments);
        }
        from[segments] = n;
        base[segments] = b;
        cycle[segments] = c;
        segments++;
        this.ppm = ppm;
    }

    private int segmentOf(long n) {
        int i = segments - 1;
        while (i > 0 && n < from[i]) {
            i--;
        }
        return i;
    }

    private double ideal(long n) {
        int i = segmentOf(n);
        return base[i] + (n - from[i]) * cycle[i];
    }

    /** Rising edge {@code n}. */
    public double edge(long n) {
        return ideal(n) + (jitterPs == 0 ? 0 : jitterPs * gaussian(seed, 2 * n));
    }

    /** The falling edge half a cycle before rising edge {@code n}. */
    public double fallingBefore(long n) {
        int i = segmentOf(n);
        return base[i] + (n - from[i] - 0.5) * cycle[i] + (jitterPs == 0 ? 0 : jitterPs * gaussian(seed, 2 * n - 1));
    }

    /** The first rising edge at or after {@code t}. */
    public long firstEdgeFrom(double t) {
        int i = segments - 1;
        while (i > 0 && t < base[i]) {
            i--;
        }
        long n = from[i] + (long) Math.ceil((t - base[i]) / cycle[i]);
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
