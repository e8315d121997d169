package org.oft.sim.optical;

import java.util.Arrays;

/**
 * The routing tables held by the processor boards, 2^r rows each.
 *
 * <p>Stored compactly without losing anything: a table that is a XOR-translate of the first one
 * loaded (row i = base(i) XOR key, as correct OFT tables are) costs one int; any other table, a
 * corrupted one included, is kept whole. So an order-16 fabric does not need 2^32 entries.
 */
final class ProcessorTables {
    private final int n;
    private int[] base;
    private final int[] key;
    private final int[][] explicit;
    private final boolean[] loaded;
    private int loadedCount;

    ProcessorTables(int processors) {
        this.n = processors;
        this.key = new int[processors];
        this.explicit = new int[processors][];
        this.loaded = new boolean[processors];
    }

    static void check(int processor, int[] rows, int n) {
        if (rows.length != n) {
            throw new IllegalArgumentException("processor " + processor + " holds " + n + " table rows, offered " + rows.length);
        }
        for (int i = 0; i < n; i++) {
            if (rows[i] < 0 || rows[i] >= n) {
                throw new IllegalArgumentException("processor " + processor + " table row " + i
                        + " names destination " + rows[i] + ", outside 0.." + (n - 1));
            }
        }
    }

    void load(int processor, int[] rows) {
        check(processor, rows, n);
        if (base == null) {
            base = rows.clone();
        }
        int k = rows[0] ^ base[0];
        boolean translate = true;
        for (int i = 1; i < n && translate; i++) {
            translate = (rows[i] ^ k) == base[i];
        }
        key[processor] = k;
        explicit[processor] = translate ? null : rows.clone();
        if (!loaded[processor]) {
            loaded[processor] = true;
            loadedCount++;
        }
    }

    /** The board lost its table (it rebooted). */
    void unload(int processor) {
        if (loaded[processor]) {
            loaded[processor] = false;
            loadedCount--;
        }
        explicit[processor] = null;
        key[processor] = 0;
    }

    /** Row {@code row} of processor {@code s}; hot loop. */
    int entry(int s, int row) {
        int[] e = explicit[s];
        return e != null ? e[row] : base[row] ^ key[s];
    }

    boolean loaded(int processor) {
        return loaded[processor];
    }

    int loadedCount() {
        return loadedCount;
    }

    int firstMissing() {
        for (int p = 0; p < n; p++) {
            if (!loaded[p]) {
                return p;
            }
        }
        return -1;
    }

    /** Tables kept whole because they are not a translate of the first: for tests and diagnostics. */
    int explicitCount() {
        return (int) Arrays.stream(explicit).filter(e -> e != null).count();
    }
}
