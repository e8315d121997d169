package org.oft.controller.fattree.ib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.oft.controller.fattree.deploy.RunningFabric;
import org.oft.controller.fattree.routing.RoutingOptions;
import org.oft.controller.fattree.topology.FabricFaults;
import org.oft.controller.fattree.topology.FatTree;

/**
 * A DGX H100 NDR cluster's ibnetdiscover output as it comes (the shape of NVIDIA topograph's example, written here,
 * not copied): 30 Quantum leaves and 9 spines of 65 ports, each leaf joined to each spine by two cables, a SHARP
 * aggregation node on every switch's port 65, 18 GPU HCAs a leaf on ports 1..18 with some not cabled, two leaves
 * with a UFM and a management host on ports 21 and 22, and one leaf that lost both cables to the first spine. Node
 * and port GUIDs at or above 2^63, as NVIDIA's are. It imports as a two-level PGFT with p = 2 and its holes, the
 * aggregation nodes set aside, and its tables round-trip through an LFT file with every GUID as it was.
 */
class QuantumClusterImportTest {
    static final int LEAVES = 30;
    static final int SPINES = 9;

    static long leafGuid(int l) {
        return 0x2c5eab0300b80000L + 0x40L * l;
    }

    static long spineGuid(int s) {
        return 0x2c5eab0300c20000L + 0x40L * s;
    }

    static long hostGuid(int l, int port) {
        return 0xe09d730300800000L + 0x100L * l + 4L * port;
    }

    static boolean cabled(int l, int port) {
        if (port >= 1 && port <= 18) {
            return !(l == 1 && (port == 5 || port == 15));
        }
        return (port == 21 || port == 22) && l >= LEAVES - 2;
    }

    static boolean joined(int l, int s) {
        return !(l == 0 && s == 0);
    }

    static String leafName(int l) {
        return String.format("MF0;A%02d-P1-IBLEAF-%02d-%02d:MQM9701/U1", 9 + l / 8, l % 8 + 1, l / 8 + 1);
    }

    static String hostName(int l, int port) {
        if (port == 21) {
            return "ubuntu mlx5_" + (l % 2);
        }
        if (port == 22) {
            return "B11-P1-CUFM-02 mlx5_" + (l % 2);
        }
        return String.format("a%02d-p1-dgx-%02d-c%02d mlx5_%d", 6 + l / 4, l / 4 + 1, port, l % 8);
    }

    static List<String> file() {
        return file(0);
    }

    /** A Quantum switch's lines before its ports, as ibnetdiscover writes them. */
    private static void switchHeading(List<String> out, long guid, String name, int lid) {
        out.add("vendid=0x2c9");
        out.add("devid=0xd2f2");
        out.add(String.format("sysimgguid=0x%x", guid));
        out.add(String.format("switchguid=0x%x(%x)", guid, guid));
        out.add(String.format("Switch\t65 \"S-%016x\"\t\t# \"%s\" enhanced port 0 lid %d lmc 0", guid, name, lid));
    }

    /**
     * The file, each HCA's node GUID {@code nodeBelowPort} under its port GUID: 0 as ConnectX reports them; 1 for
     * ibsim, which gives a CA port the node GUID plus its number whatever the file says.
     */
    static List<String> file(int nodeBelowPort) {
        List<String> out = new ArrayList<>();
        out.add("#");
        out.add("# Topology file: generated on Wed Aug  6 16:11:23 2025");
        out.add("#");
        out.add(String.format("# Initiated from node %016x port %016x", hostGuid(3, 1), hostGuid(3, 1)));
        out.add("");
        int lid = 1;
        for (int l = 0; l < LEAVES; l++) {
            long g = leafGuid(l);
            switchHeading(out, g, leafName(l), lid++);
            for (int p = 1; p <= 22; p++) {
                if (cabled(l, p)) {
                    out.add(String.format("[%d]\t\"H-%016x\"[1](%x) \t\t# \"%s\" lid %d 4xNDR", p, hostGuid(l, p) - nodeBelowPort, hostGuid(l, p),
                            hostName(l, p), 500 + l * 32 + p));
                }
            }
            for (int s = 0; s < SPINES; s++) {
                if (joined(l, s)) {
                    for (int c = 0; c < 2; c++) {
                        out.add(String.format("[%d]\t\"S-%016x\"[%d]\t\t# \"MF0;A10-P1-IBSPINE-%02d:MQM9701/U1\" lid %d 4xNDR", 33 + 2 * s + c,
                                spineGuid(s), 2 * l + 1 + c, s + 1, 300 + s));
                    }
                }
            }
            out.add(String.format("[65]\t\"H-%016x\"[1](%x) \t\t# \"Mellanox Technologies Aggregation Node\" lid %d 4xNDR", g + 0x10, g + 0x10, 900 + l));
            out.add("");
        }
        for (int s = 0; s < SPINES; s++) {
            long g = spineGuid(s);
            switchHeading(out, g, String.format("MF0;A10-P1-IBSPINE-%02d:MQM9701/U1", s + 1), 300 + s);
            for (int l = 0; l < LEAVES; l++) {
                if (joined(l, s)) {
                    for (int c = 0; c < 2; c++) {
                        out.add(String.format("[%d]\t\"S-%016x\"[%d]\t\t# \"%s\" lid %d 4xNDR", 2 * l + 1 + c, leafGuid(l), 33 + 2 * s + c,
                                leafName(l), 1 + l));
                    }
                }
            }
            out.add(String.format("[65]\t\"H-%016x\"[1](%x) \t\t# \"Mellanox Technologies Aggregation Node\" lid %d 4xNDR", g + 0x10, g + 0x10, 950 + s));
            out.add("");
        }
        for (int l = 0; l < LEAVES; l++) {
            for (int p = 1; p <= 22; p++) {
                if (cabled(l, p)) {
                    long h = hostGuid(l, p);
                    out.add("vendid=0x2c9");
                    out.add("devid=0x1021");
                    out.add(String.format("sysimgguid=0x%x", h - 0x10000));
                    out.add(String.format("caguid=0x%x", h - nodeBelowPort));
                    out.add(String.format("Ca\t1 \"H-%016x\"\t\t# \"%s\"", h - nodeBelowPort, hostName(l, p)));
                    out.add(String.format("[1](%x) \t\"S-%016x\"[%d]\t\t# lid %d lmc 0 \"%s\" lid %d 4xNDR", h, leafGuid(l), p, 500 + l * 32 + p,
                            leafName(l), 1 + l));
                    out.add("");
                }
            }
        }
        for (int sw = 0; sw < LEAVES + SPINES; sw++) {
            long g = (sw < LEAVES ? leafGuid(sw) : spineGuid(sw - LEAVES)) + 0x10;
            out.add("vendid=0x2c9");
            out.add("devid=0xcf09");
            out.add(String.format("sysimgguid=0x%x", g - 0x10));
            out.add(String.format("caguid=0x%x", g));
            out.add(String.format("Ca\t1 \"H-%016x\"\t\t# \"Mellanox Technologies Aggregation Node\"", g));
            out.add(String.format("[1](%x) \t\"S-%016x\"[65]\t\t# lid %d lmc 0 \"%s\" lid %d 4xNDR", g, g - 0x10, sw < LEAVES ? 900 + sw : 950 + sw - LEAVES,
                    sw < LEAVES ? leafName(sw) : String.format("MF0;A10-P1-IBSPINE-%02d:MQM9701/U1", sw - LEAVES + 1), sw < LEAVES ? 1 + sw : 300 + sw - LEAVES));
            out.add("");
        }
        return out;
    }

    @Test
    void aDgxClusterImportsWithItsHolesAndItsAggregationNodesSetAside() {
        FatTree t = IbnetImport.parse(file(), "dgx-h100.out");
        assertEquals("PGFT(2;20,30;1,9;1,2)", t.topology().describe());
        assertEquals(LEAVES + SPINES, t.setAside().size(), String.join("\n", t.setAside()));
        assertTrue(t.setAside().stream().allMatch(a -> a.endsWith("SHARP aggregation node")), String.join("\n", t.setAside()));
        List<String> holes = FabricFaults.none(t).described();
        // 27 leaves of 18 hosts and one of 16 have fewer than the 20 the UFM leaves have; leaf 0 lost both cables to spine 1,
        // which its siblings take on ports 33 and 34, and spine 1 on its ports 1 and 2
        assertEquals(2 * 27 + 4, holes.stream().filter(h -> h.startsWith("missing host")).count(), String.join("\n", holes));
        List<String> cables = holes.stream().filter(h -> h.startsWith("missing link")).toList();
        assertEquals(List.of("missing link switch-0 (1,0,0) port 33 - switch-30 (2,0,0) (not in dgx-h100.out)",
                "missing link switch-0 (1,0,0) port 34 - switch-30 (2,0,0) (not in dgx-h100.out)"), cables);
        Set<Long> guids = new HashSet<>();
        for (int h = 0; h < t.topology().hosts(); h++) {
            if (!t.absentNode(h)) {
                guids.add(t.names().portGuid(h, 0));
            }
        }
        Set<Long> expected = new HashSet<>();
        for (int l = 0; l < LEAVES; l++) {
            for (int p = 1; p <= 22; p++) {
                if (cabled(l, p)) {
                    expected.add(hostGuid(l, p));
                }
            }
        }
        assertEquals(expected, guids, "every host's port GUID as the file has it (the top bit set)");
    }

    @Test
    void itsTablesRoundTripThroughAnLftFileWithEveryGuidAsItWas() {
        FatTree t = IbnetImport.parse(file(), "dgx-h100.out");
        RunningFabric running = RunningFabric.of(t, "dmodk", RoutingOptions.single(), List.of());
        // every present host joins every other: the pairs no route joins are those to the 58 host places with no host
        long present = t.topology().hosts() - t.absentNodes().cardinality();
        assertEquals(0, running.reroute().unreachableByRouting());
        assertEquals(present * t.absentNodes().cardinality(), running.reroute().unreachablePairs());
        StringWriter lft = new StringWriter();
        LftFiles.writeOpensm(running, new PrintWriter(lft));
        String text = lft.toString();
        assertTrue(text.contains(String.format("portguid 0x%016x", hostGuid(7, 3))), "host GUIDs written as the file has them");
        assertTrue(running.tables().sameAs(LftFiles.parse(t, text.lines().toList(), "ours")));
    }
}
