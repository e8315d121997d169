package org.oft.sim.optical;

import java.util.SplittableRandom;

/**
 * Length and state of every fibre of the fabric. Stage 0 holds processor s's fibre to the root
 * ({@code P<s>}); stage k+1 the output fibres of level L = r-k, output port x of node j being
 * {@code L<L>.<j>.<x>} (link j·2^L + x of {@link FabricWiring}), level 1's leading to processors.
 */
public final class FibrePlant {
    private final FabricWiring wiring;
    private final TimingParameters timing;
    private final int order;
    private final int n;
    private final double[] lengthMm;
    private final long[] delayPs;
    private final boolean[] dead;

    private FibrePlant(FabricWiring wiring, TimingParameters timing) {
        this.wiring = wiring;
        this.timing = timing;
        this.order = wiring.order();
        this.n = wiring.processors();
        this.lengthMm = new double[(order + 1) * n];
        this.delayPs = new long[(order + 1) * n];
        this.dead = new boolean[(order + 1) * n];
    }

    /** Every inter-level fibre one slot long, each processor's fibre {@code latency} slots long. */
    public static FibrePlant nominal(FabricWiring wiring, TimingParameters timing, int latency) {
        FibrePlant p = new FibrePlant(wiring, timing);
        double slot = timing.slotFibreMm();
        for (int i = 0; i < p.lengthMm.length; i++) {
            p.setLength(i, i < p.n ? slot * latency : slot);
        }
        return p;
    }

    public FabricWiring wiring() {
        return wiring;
    }

    public TimingParameters timing() {
        return timing;
    }

    /** Adds a seeded uniform error in [-mm, +mm] to every fibre. */
    public FibrePlant jitter(double mm, long seed) {
        if (!(mm >= 0) || Double.isInfinite(mm)) {
            throw new IllegalArgumentException("fibre jitter must be a non-negative number of mm, got " + mm);
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < lengthMm.length; i++) {
            setLength(i, Math.max(0, lengthMm[i] + (rnd.nextDouble() * 2 - 1) * mm));
        }
        return this;
    }

    public int links() {
        return lengthMm.length;
    }

    /** Flat index of a fibre: stage * 2^r + link. */
    public int index(int stage, int link) {
        return stage * n + link;
    }

    public double lengthMm(int index) {
        return lengthMm[index];
    }

    public long delayPs(int index) {
        return delayPs[index];
    }

    public boolean dead(int index) {
        return dead[index];
    }

    /** Longer than any bench fibre; keeps delays far inside a long. */
    public static final double MAX_LENGTH_MM = 1e7;

    public void setLength(int index, double mm) {
        if (!(mm >= 0) || mm > MAX_LENGTH_MM) {
            throw new IllegalArgumentException("fibre " + name(index) + ": length must be between 0 and " + (long) MAX_LENGTH_MM
                    + " mm (10 km), got " + mm);
        }
        lengthMm[index] = mm;
        delayPs[index] = timing.psForMm(mm);
    }

    public void setDead(int index, boolean isDead) {
        dead[index] = isDead;
    }

    /** The fibre's name as written in a bench file. */
    public String name(int index) {
        return name(order, index);
    }

    /** The name of fibre {@code index} of an order-r fabric, as written in a bench file (P3, L2.1.0). */
    public static String name(int order, int index) {
        int n = 1 << order;
        int stage = index / n;
        int link = index % n;
        if (stage == 0) {
            return "P" + link;
        }
        int level = order - (stage - 1);
        return "L" + level + "." + (link >> level) + "." + (link & ((1 << level) - 1));
    }

    /** Parses a fibre name; the error says which names exist. */
    public int indexOf(String name) {
        String s = name.trim();
        try {
            if (s.startsWith("P")) {
                int p = Integer.parseInt(s.substring(1));
                if (p >= 0 && p < n) {
                    return p;
                }
            } else if (s.startsWith("L")) {
                String[] parts = s.substring(1).split("\\.");
                if (parts.length == 3) {
                    int level = Integer.parseInt(parts[0]);
                    int node = Integer.parseInt(parts[1]);
                    int port = Integer.parseInt(parts[2]);
                    if (level >= 1 && level <= order && node >= 0 && node < (1 << (order - level)) && port >= 0
                            && port < (1 << level)) {
                        return index(order - level + 1, (node << level) | port);
                    }
                }
            }
        } catch (NumberFormatException e) {
            // falls through to the error below
        }
        throw new IllegalArgumentException("no fibre '" + name + "' in an order-" + order
                + " fabric (processor fibres P0..P" + (n - 1) + ", router outputs L<level>.<node>.<port>)");
    }

    /** The live arrays, for the timed model's hot loop (changes to the plant show at once). */
    long[] delayArray() {
        return delayPs;
    }

    boolean[] deadArray() {
        return dead;
    }
}
