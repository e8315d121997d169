package org.oft.controller.hrelation;

import java.util.Locale;

/** How packets are put into send buffers b(s, x). */
public enum Schedule {
    /** Honkanen §3.3: each packet waits in b(s, d) for the slot whose table row names d. */
    DIRECT("direct"),
    /**
     * Two phases, pipelined: each source spreads its packets evenly over all processors as
     * intermediates (round robin over its packets sorted by destination), and an intermediate
     * forwards a packet from b(m, d) as soon as its table reaches d.
     */
    TWO_PHASE("two-phase");

    private final String cliName;

    Schedule(String cliName) {
        this.cliName = cliName;
    }

    public String cliName() {
        return cliName;
    }

    public static Schedule byName(String name) {
        for (Schedule s : values()) {
            if (s.cliName.equals(name.toLowerCase(Locale.ROOT))) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown schedule '" + name + "' (use direct or two-phase)");
    }
}
