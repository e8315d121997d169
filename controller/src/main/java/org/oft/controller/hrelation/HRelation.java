package org.oft.controller.hrelation;

import java.util.SplittableRandom;

/**
 * An h-relation on n processors (Honkanen §1, §4): every processor sends h packets and receives h.
 * Packet i goes from {@code source(i)} to {@code destination(i)}; packets are grouped by source.
 */
public final class HRelation {
    /** Packets held in flat arrays; beyond this the arrays stop being small. */
    public static final long MAX_PACKETS = 1L << 25;

    private final int processors;
    private final int h;
    private final int[] source;
    private final int[] destination;

    private HRelation(int processors, int h, int[] source, int[] destination) {
        this.processors = processors;
        this.h = h;
        this.source = source;
        this.destination = destination;
    }

    /** The union of h seeded random permutations: an exact h-relation with random targets. */
    public static HRelation random(int processors, int h, long seed) {
        check(processors, h);
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] src = new int[processors * h];
        int[] dst = new int[processors * h];
        int[] perm = identity(processors);
        for (int round = 0; round < h; round++) {
            shuffle(perm, rnd);
            for (int s = 0; s < processors; s++) {
                int i = s * h + round;
                src[i] = s;
                dst[i] = perm[s];
            }
        }
        return new HRelation(processors, h, src, dst);
    }

    /**
     * Every packet of a source goes to one destination, a seeded random permutation of the
     * sources: the direct schedule's worst case, since s reaches π(s) once per 2^r slots.
     */
    public static HRelation adversarial(int processors, int h, long seed) {
        check(processors, h);
        int[] perm = identity(processors);
        shuffle(perm, new SplittableRandom(seed));
        int[] src = new int[processors * h];
        int[] dst = new int[processors * h];
        for (int s = 0; s < processors; s++) {
            for (int k = 0; k < h; k++) {
                src[s * h + k] = s;
                dst[s * h + k] = perm[s];
            }
        }
        return new HRelation(processors, h, src, dst);
    }

    private static void check(int processors, int h) {
        if (h < 1) {
            throw new IllegalArgumentException("h must be at least 1, got " + h);
        }
        if ((long) processors * h > MAX_PACKETS) {
            throw new IllegalArgumentException("n·h = " + ((long) processors * h) + " packets is above the limit of "
                    + MAX_PACKETS);
        }
    }

    private static int[] identity(int n) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        return p;
    }

    private static void shuffle(int[] a, SplittableRandom rnd) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    public int processors() {
        return processors;
    }

    public int h() {
        return h;
    }

    public int packets() {
        return source.length;
    }

    public int source(int packet) {
        return source[packet];
    }

    public int destination(int packet) {
        return destination[packet];
    }
}
