package org.oft.controller.fattree.ib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.oft.controller.fattree.routing.ForwardingTables;
import org.oft.controller.fattree.routing.Routing;
import org.oft.controller.fattree.routing.RoutingEngines;
import org.oft.controller.fattree.routing.RoutingOptions;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.TopologySpec;
import org.oft.controller.fattree.routing.Reroute;
import org.oft.controller.fattree.topology.FabricFaults;
import org.oft.controller.fattree.topology.PgftTopology;

/** The real OpenSM / infiniband-diags output in ../shared/fixtures/opensm. */
public class IbnetImportTest {
    static final Path FIXTURES = Path.of(System.getProperty("oft.shared", "../../shared"), "fixtures", "opensm");

    public static Path fixture(String name) {
        Path p = FIXTURES.resolve(name);
        if (!Files.exists(p)) {
            p = Path.of("..", "shared", "fixtures", "opensm", name);
        }
        if (!Files.exists(p)) {
            p = Path.of("/work/shared/fixtures/opensm", name);
        }
        return p;
    }

    @Test
    void twoLevelFixtureIsPgft2() {
        FatTree t = IbnetImport.read(fixture("2l-8p-16/ibnetdiscover.out"));
        assertEquals("PGFT(2;4,4;1,4;1,1)", t.topology().describe());
        // hosts in NID order are host-00000.. with their real CA port GUIDs
        for (int d = 0; d < 16; d++) {
            assertEquals(String.format("host-%05d", d), t.names().name(d));
            assertEquals(0x0001000000000001L + 0x10L * d, t.names().portGuid(d, 0));
        }
        assertEquals("sw-L1-0000", t.names().name(16));
        assertEquals(0x0002000100000000L, t.names().nodeGuid(16));
    }

    @Test
    void fourAryThreeTreeFixtureIsTheKaryTree() {
        FatTree a = IbnetImport.read(fixture("4ary3/ibnetdiscover.out"));
        FatTree b = IbnetImport.read(fixture("4ary3/fabric.net"));
        assertEquals(TopologySpec.parse("kary:4,3").topology().describe(), a.topology().describe());
        for (int v = 0; v < a.topology().nodes(); v++) {
            assertEquals(a.names().nodeGuid(v), b.names().nodeGuid(v));
        }
    }

    @Test
    void openSmsDumpAndTheSwitchesReadBackAgree() {
        FatTree t = IbnetImport.read(fixture("2l-8p-16/ibnetdiscover.out"));
        ForwardingTables dumped = LftFiles.read(t, fixture("2l-8p-16/opensm-lfts.dump"));
        ForwardingTables readBack = LftFiles.read(t, fixture("2l-8p-16/dump_fts.out"));
        assertTrue(dumped.sameAs(readBack));
        // OpenSM's ftree on this two-level tree is exactly D-mod-K
        Routing ours = RoutingEngines.byName("dmodk").route(t.topology(), RoutingOptions.single());
        assertTrue(ours.tables().sameAs(dumped));
    }

    @Test
    void exportThenImportGivesTheSameFabricAndTables() {
        FatTree tree = TopologySpec.parse("pgft:3;4,2,4;1,2,2;1,2,2");
        StringWriter net = new StringWriter();
        IbnetExport.write(tree, new PrintWriter(net));
        FatTree back = IbnetImport.parse(net.toString().lines().toList(), "exported");
        assertEquals(tree.topology().describe(), back.topology().describe());
        for (int v = 0; v < tree.topology().nodes(); v++) {
            assertEquals(tree.names().nodeGuid(v), back.names().nodeGuid(v));
            assertEquals(tree.names().name(v), back.names().name(v));
        }
        Routing r = RoutingEngines.byName("dmodk").route(tree.topology(), RoutingOptions.single());
        StringWriter lft = new StringWriter();
        LftFiles.writeOpensm(tree, r.tables(), new PrintWriter(lft));
        assertTrue(r.tables().sameAs(LftFiles.parse(back, lft.toString().lines().toList(), "ours")));
    }

    /**
     * The fixture with every host GUID moved up by 0xe09c << 48 (as NVIDIA's are, 0xe09d...): the top bit set; and
     * host port GUIDs 0x100 further, so a port GUID is not its node's GUID plus the port number.
     */
    static List<String> withHighHostGuids() throws Exception {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(H-|caguid=0x|\\()([0-9a-f]+)")
                .matcher(Files.readString(fixture("2l-8p-16/ibnetdiscover.out")));
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            long g = Long.parseUnsignedLong(m.group(2), 16);
            if (g >>> 48 == 0x0001) {
                g += (0xe09cL << 48) + (m.group(1).equals("(") ? 0x100 : 0);
            }
            m.appendReplacement(sb, m.group(1) + String.format("%016x", g));
        }
        m.appendTail(sb);
        return sb.toString().lines().toList();
    }

    @Test
    void guidsAtOrAbove2To63KeepEveryBitAndTheirOrder() throws Exception {
        List<String> file = withHighHostGuids();
        assertTrue(file.stream().anyMatch(l -> l.contains("(e09d0000000001f1)")), "the fixture was rewritten");
        FatTree t = IbnetImport.parse(file, "high");
        assertEquals("PGFT(2;4,4;1,4;1,1)", t.topology().describe());
        for (int d = 0; d < 16; d++) { // hosts numbered by GUID, each with its own port GUID, not node GUID + port
            assertEquals(0xe09d000000000101L + 0x10L * d, t.names().portGuid(d, 0), "host " + d);
            assertEquals(0xe09d000000000000L + 0x10L * d, t.names().nodeGuid(d), "host " + d);
        }
        // and back out: the export and the LFT dump name the same GUIDs, which read back to the same tables
        StringWriter net = new StringWriter();
        IbnetExport.write(t, new PrintWriter(net));
        assertTrue(net.toString().contains("e09d0000000001f1"), net.toString());
        FatTree back = IbnetImport.parse(net.toString().lines().toList(), "exported");
        for (int v = 0; v < t.topology().nodes(); v++) {
            assertEquals(t.names().nodeGuid(v), back.names().nodeGuid(v));
        }
        for (int d = 0; d < 16; d++) {
            assertEquals(t.names().portGuid(d, 0), back.names().portGuid(d, 0));
        }
        Routing r = RoutingEngines.byName("dmodk").route(t.topology(), RoutingOptions.single());
        StringWriter lft = new StringWriter();
        LftFiles.writeOpensm(t, r.tables(), new PrintWriter(lft));
        assertTrue(r.tables().sameAs(LftFiles.parse(back, lft.toString().lines().toList(), "ours")));
    }

    @Test
    void groupingHeadingsAndTheToolsOwnWarningsAreNotTheFabric() throws Exception {
        List<String> plain = Files.readAllLines(fixture("2l-8p-16/ibnetdiscover.out"));
        List<String> grouped = new ArrayList<>(List.of(
                "ibwarn: [4711] mad_rpc_open_port: client_register for mgmt 1 failed",
                "ibnetdiscover: iberror: failed: discover failed on one port; partial topology follows"));
        boolean headed = false;
        for (String l : plain) {
            if (!headed && l.startsWith("switchguid=")) { // ibnetdiscover -g: a chassis heading before the first switch
                grouped.add("Chassis 1 (guid 0x2000100000000)");
                grouped.add("");
                headed = true;
            }
            if (l.startsWith("caguid=") && !grouped.contains("Non-Chassis Nodes")) {
                grouped.add("Non-Chassis Nodes");
                grouped.add("");
            }
            grouped.add(l);
        }
        FatTree a = IbnetImport.parse(plain, "plain");
        FatTree b = IbnetImport.parse(grouped, "grouped");
        assertEquals(a.topology().describe(), b.topology().describe());
        for (int v = 0; v < a.topology().nodes(); v++) {
            assertEquals(a.names().nodeGuid(v), b.names().nodeGuid(v));
        }
        // anything else that is not ibnetdiscover output is still refused, with its line
        List<String> bad = new ArrayList<>(plain);
        bad.add(3, "Chassis of the rack");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> IbnetImport.parse(bad, "bad"));
        assertTrue(e.getMessage().startsWith("bad:4: not ibnetdiscover output"), e.getMessage());
    }

    /** An ibsim net file as ibsim's net-examples are written: names, "Hca" nodes, no GUID lines. */
    static final String IBSIM_TREE = """
            # ibsim: node names, no GUIDs (ibsim gives them)
            Switch	4 "Leaf1"
            [1]	"Hca1"[1]
            [2]	"Hca2"[1]
            [3]	"Spine1"[1]
            [4]	"Spine2"[1]

            Switch 4 "Leaf2"
            [1]	"Hca3"[1]
            [2]	"Hca4"[1]
            [3]	"Spine1"[2]
            [4]	"Spine2"[2]

            Switch	2 "Spine1"
            [1]	"Leaf1"[3]
            [2]	"Leaf2"[3]

            Switch	2 "Spine2"
            [1]	"Leaf1"[4]
            [2]	"Leaf2"[4]

            Hca	2 "Hca1"
            [1]	"Leaf1"[1]

            Hca	2 "Hca2"
            [1]	"Leaf1"[2]

            Hca 	2 "Hca3"
            [1]	"Leaf2"[1]

            Hca	2 "Hca4"
            [1]	"Leaf2"[2]
            """;

    @Test
    void anIbsimFileWithoutGuidsGetsTheGuidsIbsimGivesIt() {
        FatTree t = IbnetImport.parse(IBSIM_TREE.lines().toList(), "net.ibsim");
        assertEquals("PGFT(2;2,2;1,2;1,1)", t.topology().describe());
        // ibsim (sim_net.c): CAs from 0x100000, each taking one GUID and one per port; switches from 0x200000, one each
        for (int d = 0; d < 4; d++) {
            assertEquals("Hca" + (d + 1), t.names().name(d));
            assertEquals(0x100000L + 3 * d, t.names().nodeGuid(d));
            assertEquals(0x100000L + 3 * d + 1, t.names().portGuid(d, 0));
        }
        java.util.Set<Long> switches = new java.util.TreeSet<>();
        for (int v = 4; v < t.topology().nodes(); v++) {
            switches.add(t.names().nodeGuid(v));
        }
        assertEquals(java.util.Set.of(0x200000L, 0x200001L, 0x200002L, 0x200003L), switches);
        // a GUID base line moves the next ones, as in ibsim
        List<String> based = new ArrayList<>(List.of("switchguid=0x5000", "caguid=0x9000"));
        based.addAll(IBSIM_TREE.lines().toList());
        FatTree b = IbnetImport.parse(based, "based");
        assertEquals(0x9000L + 3, b.names().nodeGuid(1));
        assertTrue(b.names().name(4).startsWith("Leaf") && (b.names().nodeGuid(4) & ~3L) == 0x5000L, b.names().name(4));
    }

    @Test
    void ibsimsOwnTwoSwitchExampleIsRefusedForItsShapeNotItsGuids() {
        String example = """
                Switch	8 "Switch1"
                [1]	"Hca1"[1]
                [2]	"Hca3"[1]
                [3]	"Switch2"[3]
                [5]	"Switch2"[5]

                Switch 8 "Switch2"
                [1]	"Hca2"[1]
                [2]	"Hca4"[1]
                [3]	"Switch1"[3]
                [5]	"Switch1"[5]

                Hca	2 "Hca1"
                [1]	"Switch1"[1]

                Hca	2 "Hca2"
                [1]	"Switch2"[1]

                Hca	2 "Hca3"
                [1]	"Switch1"[2]

                Hca 	2 "Hca4"
                [1]	"Switch2"[2]
                """;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> IbnetImport.parse(example.lines().toList(), "net.2sw2path4hca"));
        assertTrue(!e.getMessage().contains("GUID") && e.getMessage().contains("Switch1") && e.getMessage().contains("Switch2"), e.getMessage());
    }

    /**
     * An exported tree as a Quantum fabric shows it (NVIDIA topograph's DGX H100 example has this shape): every
     * switch's last port holds its SHARP aggregation node, a CA; and two storage hosts hang off the first spine.
     */
    static List<String> asQuantumFabric(FatTree tree) {
        StringWriter net = new StringWriter();
        IbnetExport.write(tree, new PrintWriter(net));
        java.util.regex.Pattern sw = java.util.regex.Pattern.compile("^Switch\t(\\d+) \"S-([0-9a-f]+)\"(.*)$");
        List<String> out = new ArrayList<>();
        List<String> extra = new ArrayList<>();
        String open = null; // the switch whose port lines are being copied, and its extra ports
        List<String> openPorts = new ArrayList<>();
        boolean firstSpine = true;
        for (String l : net.toString().lines().toList()) {
            java.util.regex.Matcher m = sw.matcher(l);
            if (m.matches()) {
                int ports = Integer.parseInt(m.group(1));
                long g = Long.parseUnsignedLong(m.group(2), 16);
                int added = firstSpine ? 3 : 1;
                out.add("Switch\t" + (ports + added) + " \"S-" + m.group(2) + "\"" + m.group(3));
                long an = g + 0x10;
                openPorts.add(String.format("[%d]\t\"H-%016x\"[1](%x) \t\t# \"Mellanox Technologies Aggregation Node\"", ports + added, an, an));
                extra.add(String.format("caguid=0x%x", an));
                extra.add(String.format("Ca\t1 \"H-%016x\"\t\t# \"Mellanox Technologies Aggregation Node\"", an));
                extra.add(String.format("[1](%x) \t\"S-%s\"[%d]\t\t# \"spine\"", an, m.group(2), ports + added));
                extra.add("");
                if (firstSpine) {
                    for (int k = 1; k <= 2; k++) {
                        long st = 0x0003000000000000L + 0x10L * k;
                        openPorts.add(String.format("[%d]\t\"H-%016x\"[1](%x) \t\t# \"storage-%d mlx5_0\"", ports + k, st, st + 1, k));
                        extra.add(String.format("caguid=0x%x", st));
                        extra.add(String.format("Ca\t1 \"H-%016x\"\t\t# \"storage-%d mlx5_0\"", st, k));
                        extra.add(String.format("[1](%x) \t\"S-%s\"[%d]\t\t# \"spine\"", st + 1, m.group(2), ports + k));
                        extra.add("");
                    }
                    firstSpine = false;
                }
                open = m.group(2);
                continue;
            }
            if (open != null && l.isBlank()) {
                out.addAll(openPorts);
                openPorts.clear();
                open = null;
            }
            out.add(l);
        }
        out.addAll(extra);
        return out;
    }

    /**
     * The three host orders on one file: kary:2,2 exported, the first leaf's two hosts swapped between its ports 1
     * and 2, the CA blocks listed last host first. By GUID the hosts keep their numbers; by file they number as
     * listed; by tuple the host on the first leaf's port 1 (host-00001 now) is host 0.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"guid, host-00000 host-00001 host-00002 host-00003",
            "file, host-00003 host-00002 host-00001 host-00000", "tuple, host-00001 host-00000 host-00002 host-00003"})
    void hostsAreNumberedInTheOrderAsked(String order, String expected) {
        StringWriter net = new StringWriter();
        IbnetExport.write(TopologySpec.parse("kary:2,2"), new PrintWriter(net));
        String text = net.toString()
                .replace("[1]\t\"H-0001000000000000\"", "[9]\t\"H-0001000000000000\"")
                .replace("[2]\t\"H-0001000000000010\"", "[1]\t\"H-0001000000000010\"")
                .replace("[9]\t\"H-0001000000000000\"", "[2]\t\"H-0001000000000000\"")
                .replace("\"S-0002000100000000\"[1]\t\t# \"sw-L1-0000\"\n\ncaguid=0x1000000000010", "\"S-0002000100000000\"[2]\t\t# \"sw-L1-0000\"\n\ncaguid=0x1000000000010")
                .replace("(1000000000011) \t\"S-0002000100000000\"[2]", "(1000000000011) \t\"S-0002000100000000\"[1]");
        int firstCa = text.indexOf("caguid=");
        List<String> cas = new ArrayList<>(List.of(text.substring(firstCa).split("\n\n")));
        java.util.Collections.reverse(cas);
        List<String> lines = (text.substring(0, firstCa) + String.join("\n\n", cas)).lines().toList();
        assertEquals(2, lines.stream().filter(l -> l.contains("\"S-0002000100000000\"[1]") || l.contains("\"S-0002000100000000\"[2]")).count(), text);

        FatTree t = IbnetImport.parse(lines, "swapped.net", HostOrder.byName(order));
        List<String> names = new ArrayList<>();
        for (int v = 0; v < t.topology().hosts(); v++) {
            names.add(t.names().name(v));
        }
        assertEquals(expected, String.join(" ", names));
        assertTrue(!t.degraded());
    }

    @Test
    void anUnknownHostOrderIsNamedWithTheOrdersThereAre() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HostOrder.byName("lid"));
        assertEquals("--host-order: expected one of guid, file, tuple, got 'lid'", e.getMessage());
    }

    /**
     * The 2014 cluster's shape: a three-level tree whose first spine (a top switch, neighbours without hosts) carries
     * two storage hosts. Its neighbours lead down to separate pods, where a leaf's lead to the same leaves: the
     * storage hosts are set aside, and no leaf's hosts are.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"kary:4,3", "xgft:3;4,3,2;1,2,2"})
    void storageHostsOnASpineOfAThreeLevelTreeAreSetAside(String spec) {
        FatTree tree = TopologySpec.parse(spec);
        FatTree t = IbnetImport.parse(asQuantumFabric(tree), "cluster-2014.out");
        assertEquals(tree.topology().describe(), t.topology().describe());
        assertTrue(!t.degraded(), "nothing of the tree is missing");
        for (int v = 0; v < tree.topology().nodes(); v++) {
            assertEquals(tree.names().nodeGuid(v), t.names().nodeGuid(v));
        }
        List<String> storage = t.setAside().stream().filter(a -> a.contains("storage")).toList();
        assertEquals(2, storage.size(), String.join("\n", t.setAside()));
        assertTrue(storage.get(0).contains("a spine (its neighbours lead to separate leaves with more hosts)"), storage.get(0));
    }

    @Test
    void aggregationNodesAndHostsOnASpineAreSetAsideAndNamed() {
        FatTree tree = TopologySpec.parse("pgft:2;4,4;1,4;1,1");
        List<String> file = asQuantumFabric(tree);
        FatTree t = IbnetImport.parse(file, "quantum.out");
        assertEquals(tree.topology().describe(), t.topology().describe());
        assertTrue(!t.degraded(), "nothing of the tree is missing");
        for (int v = 0; v < tree.topology().nodes(); v++) {
            assertEquals(tree.names().nodeGuid(v), t.names().nodeGuid(v));
        }
        assertEquals(tree.topology().switches() + 2, t.setAside().size(), String.join("\n", t.setAside()));
        assertEquals(tree.topology().switches(), t.setAside().stream().filter(a -> a.endsWith("SHARP aggregation node")).count());
        assertTrue(t.setAside().stream().anyMatch(a -> a.startsWith("'storage-1 mlx5_0' on port 5 of 'sw-L2-0000'")), String.join("\n", t.setAside()));
        // the tables name only the tree's ports: an aggregation node's port is no route's
        Routing r = RoutingEngines.byName("dmodk").route(t.topology(), RoutingOptions.single());
        StringWriter lft = new StringWriter();
        LftFiles.writeOpensm(t, r.tables(), new PrintWriter(lft));
        assertTrue(r.tables().sameAs(LftFiles.parse(t, lft.toString().lines().toList(), "ours")));
    }

    @Test
    void multiPathTablesRoundTripWithLmc() {
        FatTree tree = TopologySpec.parse("xgft:3;4,4,4;1,4,2");
        Routing r = RoutingEngines.byName("disjoint").route(tree.topology(), new RoutingOptions(4, 1, null));
        StringWriter lft = new StringWriter();
        LftFiles.writeOpensm(tree, r.tables(), new PrintWriter(lft));
        assertTrue(r.tables().sameAs(LftFiles.parse(tree, lft.toString().lines().toList(), "ours")));
    }

    @Test
    void aDanglingLinkIsNamed() throws Exception {
        List<String> lines = new ArrayList<>(Files.readAllLines(fixture("2l-8p-16/ibnetdiscover.out")));
        lines.replaceAll(l -> l.replace("\"S-0002000200000003\"[4]", "\"S-00020002000000ff\"[4]"));
        String msg = assertThrows(IllegalArgumentException.class, () -> IbnetImport.parse(lines, "f")).getMessage();
        assertTrue(msg.contains("dangling link") && msg.contains("S-00020002000000ff"), msg);
    }

    /**
     * A fabric file is read a line at a time (never held whole): the same fabric as from its lines, and a file
     * that is not text is refused naming the line, not read on.
     */
    @Test
    void aFileIsReadALineAtATimeToTheSameFabric(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path f = fixture("4ary3/ibnetdiscover.out");
        FatTree streamed = IbnetImport.read(f);
        FatTree whole = IbnetImport.parse(Files.readAllLines(f), f.toString());
        assertEquals(whole.topology().toString(), streamed.topology().toString());
        assertEquals(whole.absentPorts(), streamed.absentPorts());
        for (int v = 0; v < whole.topology().nodes(); v++) {
            assertEquals(whole.names().nodeGuid(v), streamed.names().nodeGuid(v));
        }
        List<String> lines = new ArrayList<>(Files.readAllLines(f));
        Path nul = dir.resolve("nul.net");
        lines.set(3, lines.get(3) + "\0");
        Files.write(nul, lines);
        String msg = assertThrows(IllegalArgumentException.class, () -> IbnetImport.read(nul)).getMessage();
        assertEquals("fabric file " + nul + " is not text (a NUL byte on line 4)", msg);
        Path latin1 = dir.resolve("latin1.net");
        Files.write(latin1, new byte[] {'#', ' ', (byte) 0xe9, '\n'});
        msg = assertThrows(IllegalArgumentException.class, () -> IbnetImport.read(latin1)).getMessage();
        assertTrue(msg.startsWith("fabric file " + latin1 + " is not UTF-8 text"), msg);
    }

    @Test
    void twoNodesWithOneGuidAreRefusedWithTheLine() throws Exception {
        List<String> lines = new ArrayList<>(Files.readAllLines(fixture("2l-8p-16/ibnetdiscover.out")));
        int first = -1;
        int second = -1;
        for (int k = 0; k < lines.size() && second < 0; k++) {
            if (lines.get(k).startsWith("switchguid=")) {
                if (first < 0) {
                    first = k;
                } else {
                    second = k;
                }
            }
        }
        lines.set(second, lines.get(first)); // the second switch announces the first one's GUID
        String msg = assertThrows(IllegalArgumentException.class, () -> IbnetImport.parse(lines, "f")).getMessage();
        assertTrue(msg.startsWith("f:" + (second + 2) + ": ") && msg.contains("has GUID") && msg.contains("has already"), msg);
    }

    /** Two host ports with one port GUID would be one address twice in every table: refused, both lines named (issue 64). */
    @Test
    void twoPortsWithOnePortGuidAreRefusedWithBothLines() throws Exception {
        List<String> lines = new ArrayList<>(Files.readAllLines(fixture("2l-8p-16/ibnetdiscover.out")));
        int first = -1;
        int second = -1;
        for (int k = 0; k < lines.size() && second < 0; k++) {
            if (lines.get(k).startsWith("[1](")) {
                if (first < 0) {
                    first = k;
                } else {
                    second = k;
                }
            }
        }
        String guid = lines.get(first).substring(4, lines.get(first).indexOf(')'));
        lines.set(second, "[1](" + guid + lines.get(second).substring(lines.get(second).indexOf(')')));
        String msg = assertThrows(IllegalArgumentException.class, () -> IbnetImport.parse(lines, "f")).getMessage();
        assertTrue(msg.startsWith("f:" + (second + 1) + ": port 1 of ") && msg.contains("has port GUID 0x" + guid)
                && msg.contains("which line " + (first + 1) + " gave already"), msg);
    }

    /** A switch of more ports than a table's byte can name is refused at its line, not written as port 300 mod 256 (issue 64). */
    @Test
    void aSwitchOfMorePortsThanATableNamesIsRefusedAtItsLine() {
        String net = String.join("\n", "Switch 300 \"S-01\" # \"big\"", "[1] \"H-11\"[1]", "");
        String msg = assertThrows(IllegalArgumentException.class, () -> IbnetImport.parse(net.lines().toList(), "f")).getMessage();
        assertTrue(msg.startsWith("f:1: switch S-01 has 300 ports") && msg.contains("at most 254"), msg);
    }

    /** Another library's warning at the head of a capture (umad's, from stderr) is skipped, and counted in the log (issue 64). */
    @Test
    void anotherToolsWarningLineIsSkipped() throws Exception {
        List<String> plain = Files.readAllLines(fixture("2l-8p-16/ibnetdiscover.out"));
        List<String> warned = new ArrayList<>(List.of("src/query_smp.c:195; umad (DR path slid 0; dlid 0; 0,1,7) bad status 110; "
                + "Connection timed out"));
        warned.addAll(plain);
        assertEquals(IbnetImport.parse(plain, "plain").topology().describe(), IbnetImport.parse(warned, "warned").topology().describe());
    }

    /** A switch whose name holds ':' and ';' (Mellanox's "MF0;ib7:SX6036/U1") can be named in --fail quoted, or by GUID (issue 64). */
    @Test
    void aSwitchNamedWithColonsCanBeFailedByName() {
        FatTree t = IbnetImport.parse(IBSIM_TREE.replace("Spine1", "MF0;ib7:SX6036/U1").lines().toList(), "net.ibsim");
        int spine = t.node("\"MF0;ib7:SX6036/U1\"");
        for (String spec : List.of("switch:\"MF0;ib7:SX6036/U1\"", "switch:0x" + Long.toHexString(t.names().nodeGuid(spine)))) {
            FabricFaults f = FabricFaults.parse(t, List.of(spec));
            assertTrue(f.described().get(0).startsWith("switch switch-" + (spine - t.topology().hosts())), spec + ": " + f.described());
        }
        // bare, its ':' cannot be told from the spec's own: refused, saying to quote it
        String msg = assertThrows(IllegalArgumentException.class, () -> FabricFaults.parse(t,
                List.of("switch:MF0;ib7:SX6036/U1"))).getMessage();
        assertTrue(msg.contains("quote a name that has them"), msg);
        FabricFaults link = FabricFaults.parse(t,
                List.of("link:\"MF0;ib7:SX6036/U1\":1"));
        assertTrue(link.described().get(0).startsWith("link switch-" + (spine - t.topology().hosts())), link.described().toString());
    }

    @Test
    void aNumberTooLargeForItsFieldIsNamedWithItsLine() {
        String net = String.join("\n", "Switch 99999999999 \"S-01\" # \"a\"", "[1] \"H-11\"[1]", "");
        String msg = assertThrows(IllegalArgumentException.class, () -> IbnetImport.parse(net.lines().toList(), "f")).getMessage();
        assertEquals("f:1: port count 99999999999 is out of range", msg);
        String guid = String.join("\n", "switchguid=0x1234567890abcdef01", "Switch 3 \"S-01\" # \"a\"", "");
        msg = assertThrows(IllegalArgumentException.class, () -> IbnetImport.parse(guid.lines().toList(), "f")).getMessage();
        assertEquals("f:1: GUID 0x1234567890abcdef01 is longer than 64 bits", msg);
    }

    @Test
    void aLinkBetweenTwoLeavesIsNotAFatTree() {
        String net = String.join("\n",
                "Switch 3 \"S-01\" # \"a\"", "[1] \"H-11\"[1]", "[2] \"S-02\"[2]", "",
                "Switch 3 \"S-02\" # \"b\"", "[1] \"H-12\"[1]", "[2] \"S-01\"[2]", "",
                "Ca 1 \"H-11\" # \"h1\"", "[1](11) \"S-01\"[1]", "",
                "Ca 1 \"H-12\" # \"h2\"", "[1](21) \"S-02\"[1]", ""); // every node a GUID of its own, as InfiniBand's are
        String msg = assertThrows(IllegalArgumentException.class, () -> IbnetImport.parse(net.lines().toList(), "f")).getMessage();
        assertTrue(msg.contains("not a fat tree") && msg.contains("both at level 1"), msg);
    }

    /**
     * Real ibnetdiscover output of the 4-ary 3-tree with one cable pulled (both its port lines gone):
     * the intended tree is inferred, the cable is named as missing, and the engines route around it.
     */
    @Test
    void aFabricMissingACableImportsAsTheIntendedTreeWithItsHole() throws Exception {
        List<String> whole = Files.readAllLines(fixture("4ary3/ibnetdiscover.out"));
        List<String> lines = new ArrayList<>(whole);
        // sw-L1-0015 port 5 <-> sw-L2-0012 port 4
        assertTrue(lines.removeIf(l -> l.startsWith("[5]\t\"S-000200020000000c\"[4]")));
        assertTrue(lines.removeIf(l -> l.startsWith("[4]\t\"S-000200010000000f\"[5]")));
        FatTree complete = IbnetImport.parse(whole, "whole");
        FatTree broken = IbnetImport.parse(lines, "pulled");
        assertEquals(complete.topology().describe(), broken.topology().describe());
        assertTrue(broken.degraded() && !complete.degraded());
        FabricFaults holes = FabricFaults.none(broken);
        assertEquals(1, holes.deadCables());
        int leaf = -1;
        for (int v = 0; v < broken.topology().nodes(); v++) {
            if (broken.names().name(v).equals("sw-L1-0015")) {
                leaf = v;
            }
        }
        String expected = "missing link switch-" + (leaf - broken.topology().hosts()) + " " + broken.topology().tuple(leaf) + " port 5 - ";
        assertTrue(holes.described().get(0).startsWith(expected) && holes.described().get(0).endsWith("(not in pulled)"),
                holes.described().toString());
        Reroute r = Reroute.route(
                RoutingEngines.byName("dmodk").route(broken.topology(),
                        RoutingOptions.single()).tables(), holes);
        assertEquals(0, r.unreachablePairs());
        assertTrue(r.changedEntries() > 0);
    }

    /** A fabric exported with failures for ibsim imports back with exactly those cables missing, by the same names. */
    @Test
    void anExportWithFailuresImportsBackWithThoseHoles(@org.junit.jupiter.api.io.TempDir Path dir) {
        String spec = "pgft:3;4,2,4;1,2,2;1,2,2";
        List<String> failed = List.of("link:(1,0,1,0):5", "link:(2,1,1,0):7", "link:(2,0,1,0):8");
        FatTree generated = TopologySpec.parse(spec);
        FabricFaults f = FabricFaults.parse(generated, failed);
        java.io.StringWriter sw = new java.io.StringWriter();
        IbnetExport.write(generated, f, new java.io.PrintWriter(sw));
        FatTree back = IbnetImport.parse(sw.toString().lines().toList(), "exported");
        assertEquals(generated.topology().describe(), back.topology().describe());
        // by name and physical port (within a bundle of parallel links, which model index is missing is not
        // in the file: the present link takes the first)
        List<String> missing = FabricFaults.none(back).described().stream()
                .map(x -> x.replace("missing link ", "link ").replace(" (not in exported)", "")).sorted().toList();
        assertEquals(f.described().stream().sorted().toList(), missing);
        assertEquals(3, FabricFaults.none(back).deadCables());
    }

    /** What the project exports for {@code spec} without the {@code failed} cables, imported back. */
    static FatTree exportedWithout(String spec, List<String> failed) {
        FatTree generated = TopologySpec.parse(spec);
        FabricFaults f = FabricFaults.parse(generated, failed);
        StringWriter sw = new StringWriter();
        IbnetExport.write(generated, f, new PrintWriter(sw));
        return IbnetImport.parse(sw.toString().lines().toList(), "exported");
    }

    /**
     * Every top switch lost a cable (leaf i's to spine i): no node shows the intended degree, yet the
     * subtrees do (4 leaves under the top, 4 spines over them), so the tree imports whole with its 4 holes;
     * so does the 648-host tree with 18 such cables out, which OpenSM's updn routes.
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.CsvSource({"'kary:4,2', 4, 4", "'xgft:2;18,36;1,18', 18, 36"})
    void aTreeWhereEveryTopSwitchLostACableImportsWhole(String spec, int spines, int ports) {
        List<String> failed = new ArrayList<>();
        int up = TopologySpec.parse(spec).topology().downPorts(1);
        for (int i = 0; i < spines; i++) {
            failed.add("link:sw-L1-" + String.format("%04d", i) + ":" + (up + 1 + i));
        }
        FatTree back = exportedWithout(spec, failed);
        assertEquals(TopologySpec.parse(spec).topology().describe(), back.topology().describe());
        assertEquals(spines, FabricFaults.none(back).deadCables());
    }

    /** A leaf whose every cable up is out is a hole in the tree it belongs to, not a refusal: in 2 levels and in 3. */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"kary:4,2", "kary:4,3"})
    void aLeafWithNoCableUpImportsAsAHole(String spec) {
        List<String> failed = List.of("link:sw-L1-0000:5", "link:sw-L1-0000:6", "link:sw-L1-0000:7", "link:sw-L1-0000:8");
        FatTree back = exportedWithout(spec, failed);
        assertEquals(TopologySpec.parse(spec).topology().describe(), back.topology().describe());
        assertEquals(4, FabricFaults.none(back).deadCables());
        assertEquals("sw-L1-0000", back.names().name(back.topology().levelBase(1)), "the leaf keeps its place");
        assertEquals("sw-L1-0001", back.names().name(back.topology().levelBase(1) + 1));
    }

    /** The file without these nodes: their blocks and every line that names them (what ibnetdiscover shows when they are not cabled or are out). */
    static List<String> without(List<String> lines, String... ids) {
        List<String> out = new ArrayList<>(lines);
        for (String id : ids) {
            List<String> kept = new ArrayList<>();
            boolean skipping = false;
            for (String l : out) {
                if (l.startsWith("Switch") || l.startsWith("Ca")) {
                    skipping = l.contains("\"" + id + "\"");
                } else if (l.isBlank()) {
                    skipping = false;
                }
                if (!skipping && !l.contains("\"" + id + "\"")) {
                    kept.add(l);
                }
            }
            out = kept;
        }
        return out;
    }

    /** The real 4-ary 3-tree output without these nodes, imported: read as the intended (whole) tree. */
    private static FatTree importedWithout(String source, String... ids) throws Exception {
        List<String> whole = Files.readAllLines(fixture("4ary3/ibnetdiscover.out"));
        FatTree broken = IbnetImport.parse(without(whole, ids), source);
        assertEquals(IbnetImport.parse(whole, "whole").topology().describe(), broken.topology().describe());
        return broken;
    }

    private static Reroute dmodkAround(FatTree tree) {
        return Reroute.route(RoutingEngines.byName("dmodk")
                .route(tree.topology(), RoutingOptions.single()).tables(),
                FabricFaults.none(tree));
    }

    /** A host not in the file (its only cable out): the intended tree is inferred, the host kept as missing, the others all joined. */
    @Test
    void aFabricMissingAHostImportsWithTheHostMissing() throws Exception {
        FatTree broken = importedWithout("no-host", "H-00010000000003c0");
        assertEquals(1, broken.absentNodes().cardinality());
        int missing = broken.absentNodes().nextSetBit(0);
        assertEquals(0, broken.topology().level(missing));
        // under the leaf that lost it: the leaf's other three hosts are its neighbours in the model
        int leaf = broken.topology().peerNode(broken.topology().portBase(missing));
        assertEquals("sw-L1-0015", broken.names().name(leaf));
        List<String> holes = FabricFaults.none(broken).described();
        assertEquals(List.of("missing host " + missing + " (not in no-host)"), holes);
        // as for a failed host: the pairs to it are reported (every other host to it), every other pair is joined
        Reroute r = dmodkAround(broken);
        assertEquals(63, r.unreachablePairs(), r.unreachableExamples().toString());
        assertTrue(r.unreachableExamples().stream().allMatch(x -> x.endsWith("-> host " + missing)), r.unreachableExamples().toString());
    }

    /** A top switch not in the file: kept as missing at its place, and every pair still joined through the others. */
    @Test
    void aFabricMissingASwitchImportsWithTheSwitchMissing() throws Exception {
        FatTree broken = importedWithout("no-switch", "S-0002000300000000");
        assertEquals(1, broken.absentNodes().cardinality());
        int missing = broken.absentNodes().nextSetBit(0);
        assertEquals(3, broken.topology().level(missing));
        assertTrue(broken.names().name(missing).startsWith("missing switch"), broken.names().name(missing));
        Reroute r = dmodkAround(broken);
        assertEquals(0, r.unreachablePairs(), r.unreachableExamples().toString());
        assertTrue(r.changedEntries() > 0);
        // a leaf gone takes its hosts with it (they are not discovered either)
        FatTree leafless = importedWithout("no-leaf", "S-000200010000000f",
                "H-00010000000003c0", "H-00010000000003d0", "H-00010000000003e0", "H-00010000000003f0");
        assertEquals(5, leafless.absentNodes().cardinality());
        assertEquals(60 * 4, dmodkAround(leafless).unreachablePairs(), "only the pairs to the four missing hosts");
    }

    /** An export for ibsim with a switch and a host failed imports back with a switch of that level and a host of that leaf missing. */
    @Test
    void anExportWithFailedNodesImportsBackWithThemMissing() {
        String spec = "pgft:3;4,2,4;1,2,2;1,2,2";
        FatTree generated = TopologySpec.parse(spec);
        FabricFaults f = FabricFaults.parse(generated,
                List.of("switch:(2,1,1,0)", "host:9"));
        java.io.StringWriter sw = new java.io.StringWriter();
        IbnetExport.write(generated, f, new java.io.PrintWriter(sw));
        FatTree back = IbnetImport.parse(sw.toString().lines().toList(), "exported");
        assertEquals(generated.topology().describe(), back.topology().describe());
        java.util.BitSet gone = back.absentNodes();
        assertEquals(2, gone.cardinality());
        PgftTopology t = back.topology();
        int host = gone.nextSetBit(0);
        int sw2 = gone.nextSetBit(host + 1);
        assertEquals(0, t.level(host));
        assertEquals(9 / 4, host / 4, "a host of the same leaf");
        assertEquals(2, t.level(sw2));
        assertEquals(t.hosts() - 1, dmodkAround(back).unreachablePairs(), "only the pairs to the missing host");
    }
}
