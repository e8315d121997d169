package org.oft.controller.limits;

import java.util.Locale;

/**
 * What a computation will hold in memory, estimated from its inputs before it is built, against what
 * this JVM may use: refused up front with both figures rather than found out as an OutOfMemoryError
 * minutes later. The {@code oftctl} launcher gives the JVM 75 % of the machine; {@code JAVA_OPTS=-Xmx...}
 * sets another limit.
 */
public final class MemoryBudget {
    /** The share of the JVM's limit one computation may plan for: the rest is the JVM's, Vert.x's and the console's. */
    static final double SHARE = 0.8;

    private MemoryBudget() {
    }

    /** The bytes one computation may plan for in this JVM. */
    public static long budget() {
        return (long) (SHARE * Runtime.getRuntime().maxMemory());
    }

    /** Refuses {@code what} when its estimate exceeds the budget; {@code smaller} says what to ask instead. */
    public static void require(String what, double bytes, String smaller) {
        long max = Runtime.getRuntime().maxMemory();
        if (bytes > SHARE * max) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s would take about %s of memory; this JVM may use %s "
                    + "(JAVA_OPTS=-Xmx... raises it, up to the machine's memory): %s", what, size(bytes), size(max), smaller));
        }
    }

    static String size(double bytes) {
        return bytes >= 1 << 30 ? String.format(Locale.ROOT, "%.1f GiB", bytes / (1 << 30))
                : String.format(Locale.ROOT, "%.0f MiB", Math.ceil(bytes / (1 << 20)));
    }
}
