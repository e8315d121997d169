package org.oft.controller.fattree.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.oft.controller.fattree.topology.PgftTopology;

/** Routes of K paths spread over boards that give each host more addresses (2^LMC LIDs over fewer paths). */
class ForwardingTablesTest {

    private static void assertSpread(ForwardingTables k, ForwardingTables spread, int perHost) {
        PgftTopology t = k.topology();
        assertEquals(perHost, spread.paths());
        assertEquals(t.hosts() * perHost, spread.addresses());
        for (int node = t.hosts(); node < t.nodes(); node++) {
            for (int d = 0; d < t.hosts(); d++) {
                for (int q = 0; q < perHost; q++) {
                    assertEquals(k.port(node, d * k.paths() + q % k.paths()), spread.port(node, d * perHost + q),
                            "switch " + node + ", host " + d + ", address " + q);
                }
            }
        }
        for (int s = 0; s < t.hosts(); s++) {
            for (int d = 0; d < t.hosts(); d++) {
                for (int q = 0; q < perHost; q++) {
                    assertEquals(k.hostPort(s, d * k.paths() + q % k.paths()), spread.hostPort(s, d * perHost + q));
                }
            }
        }
    }

    @Test
    void addressQTakesPathQModK() {
        PgftTopology t = PgftTopology.xgft(new int[]{4, 4, 4}, new int[]{1, 4, 2});
        ForwardingTables two = RoutingEngines.byName("disjoint").route(t, new RoutingOptions(2, 1, null)).tables();
        assertSpread(two, two.spreadOver(4), 4);
        assertSpread(two, two.spreadOver(8), 8);
        assertSame(two, two.spreadOver(2));
    }

    @Test
    void hostsWithSeveralLinksKeepTheirChoicePerAddress() {
        // w1 = 2: every host has two up-links and rows of its own
        PgftTopology t = PgftTopology.pgft(new int[]{4, 4}, new int[]{2, 2}, new int[]{1, 1});
        ForwardingTables one = RoutingEngines.byName("random").route(t, new RoutingOptions(1, 7, null)).tables();
        int usedSecondLink = 0;
        for (int d = 1; d < t.hosts(); d++) {
            usedSecondLink += one.hostPort(0, d);
        }
        assertTrue(usedSecondLink > 0, "host 0 sends some destinations on its second link");
        assertSpread(one, one.spreadOver(3), 3);
    }

    @Test
    void pathsThatDoNotDivideTheAddressesAreRefused() {
        PgftTopology t = PgftTopology.karyNTree(2, 3);
        ForwardingTables two = RoutingEngines.byName("shift-1").route(t, new RoutingOptions(2, 1, null)).tables();
        assertEquals("2 path(s) cannot be spread evenly over 3 addresses per host: give a divisor of 3",
                assertThrows(IllegalArgumentException.class, () -> two.spreadOver(3)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> two.spreadOver(1));
    }

    @Test
    void aRerouteSeesTheRowsAsOneFlatArrayAndGivesThemBackRowByRow() {
        PgftTopology t = PgftTopology.karyNTree(4, 3);
        ForwardingTables d = RoutingEngines.byName("dmodk").route(t, RoutingOptions.single()).tables();
        byte[] flat = d.switchRows();
        assertEquals((long) t.switches() * t.hosts(), flat.length);
        assertEquals(d.port(t.hosts() + 5, 17), flat[5 * t.hosts() + 17] & 0xff, "row per switch, host per column");
        assertTrue(ForwardingTables.ofFlat(t, 1, flat).sameAs(d));
        flat[0] ^= 1;
        assertTrue(!ForwardingTables.ofFlat(t, 1, flat).sameAs(d), "a flipped entry is a different table");
        assertThrows(IllegalArgumentException.class, () -> ForwardingTables.of(t, 1, new byte[t.switches() - 1][t.hosts()]));
        assertThrows(IllegalArgumentException.class, () -> ForwardingTables.of(t, 1, new byte[t.switches()][t.hosts() + 1]));
    }
}
