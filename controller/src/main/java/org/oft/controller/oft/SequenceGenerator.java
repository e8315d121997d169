package org.oft.controller.oft;

import java.util.Locale;

/** The ways to make the control sequence; both give the same bits. */
public enum SequenceGenerator {
    /** Fredricksen's prefer-one as Honkanen prints it. */
    PREFER_ONE("prefer-one"),
    /** The same sequence from concatenated Lyndon words, O(1) amortized per bit. */
    FAST("fast");

    private final String cliName;

    SequenceGenerator(String cliName) {
        this.cliName = cliName;
    }

    public String cliName() {
        return cliName;
    }

    public ControlSequence generate(int order) {
        return this == PREFER_ONE ? PreferOne.generate(order) : LyndonPreferOne.generate(order);
    }

    public static SequenceGenerator byName(String name) {
        for (SequenceGenerator g : values()) {
            if (g.cliName.equals(name.toLowerCase(Locale.ROOT))) {
                return g;
            }
        }
        throw new IllegalArgumentException("unknown generator '" + name + "' (use prefer-one or fast)");
    }
}
