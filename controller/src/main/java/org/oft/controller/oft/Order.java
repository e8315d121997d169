package org.oft.controller.oft;

/** The dimension r of an optical fat tree: n = 2^r processors, r levels of routing nodes. */
public final class Order {
    public static final int MIN = 1;
    /** 2^30 bits is the longest sequence a Java array index (and a board table) addresses comfortably. */
    public static final int MAX = 30;

    private Order() {
    }

    /** Returns r or throws an error that says which orders exist. */
    public static int check(int order) {
        if (order < MIN || order > MAX) {
            throw new IllegalArgumentException("order must be between " + MIN + " and " + MAX + ", got " + order);
        }
        return order;
    }
}
