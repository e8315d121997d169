package org.oft.controller.fattree.analysis;

import java.util.Arrays;

/** One round of traffic: flows (src host, dst host, amount) in flat arrays. Self flows are dropped on add. */
public final class Flows {
    int size;
    int[] src;
    int[] dst;
    double[] amount;

    public Flows(int capacity) {
        src = new int[Math.max(4, capacity)];
        dst = new int[src.length];
        amount = new double[src.length];
    }

    public void clear() {
        size = 0;
    }

    public void add(int s, int d, double a) {
        if (s == d) {
            return;
        }
        if (size == src.length) {
            src = Arrays.copyOf(src, size * 2);
            dst = Arrays.copyOf(dst, size * 2);
            amount = Arrays.copyOf(amount, size * 2);
        }
        src[size] = s;
        dst[size] = d;
        amount[size] = a;
        size++;
    }

    public void add(int s, int d) {
        add(s, d, 1.0);
    }

    public int size() {
        return size;
    }

    public int src(int i) {
        return src[i];
    }

    public int dst(int i) {
        return dst[i];
    }

    public double amount(int i) {
        return amount[i];
    }
}
