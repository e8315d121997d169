package org.oft.sim.optical;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class BoardStateTest {

    @Test
    void translatesOfOneTableAreStoredAsKeysAndAnythingElseWhole() {
        BoardState b = new BoardState(FabricWiring.of(3));
        int[] base = {1, 3, 7, 6, 5, 2, 4, 0};
        for (int s = 0; s < 8; s++) {
            int[] rows = new int[8];
            for (int i = 0; i < 8; i++) {
                rows[i] = base[i] ^ s;
            }
            b.loadTable(s, rows);
        }
        assertEquals(0, b.explicitTables());
        int[] corrupt = new int[8];
        for (int i = 0; i < 8; i++) {
            corrupt[i] = base[i] ^ 5;
        }
        corrupt[6] ^= 2;
        b.loadTable(5, corrupt);
        assertEquals(1, b.explicitTables());
        for (int i = 0; i < 8; i++) {
            assertEquals(corrupt[i], b.tableEntry(5, i));
            assertEquals(base[i] ^ 4, b.tableEntry(4, i));
        }
        // Reloading a good table makes it compact again.
        int[] good = new int[8];
        for (int i = 0; i < 8; i++) {
            good[i] = base[i] ^ 5;
        }
        b.loadTable(5, good);
        assertEquals(0, b.explicitTables());
        assertEquals(good[6], b.tableEntry(5, 6));
        assertEquals(good[6], b.tableEntry(5, 6 + 8));
    }
}
