package org.oft.sim.boards;

import java.util.ArrayList;
import java.util.List;

/** The orders of four masterships of three controllers a, b and c that issue 66 asks to test: a first, none twice running. */
public final class MasterOrders {
    private MasterOrders() {
    }

    /** abab, abac, abca, abcb, acab, acac, acba, acbc. */
    public static List<String> all() {
        List<String> out = new ArrayList<>();
        for (char x : "bc".toCharArray()) {
            for (char y : "abc".toCharArray()) {
                for (char z : "abc".toCharArray()) {
                    if (y != x && z != y) {
                        out.add("a" + x + y + z);
                    }
                }
            }
        }
        return out;
    }
}
