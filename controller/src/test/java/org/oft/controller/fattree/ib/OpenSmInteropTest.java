package org.oft.controller.fattree.ib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.oft.controller.cli.OftctlTest;
import org.oft.controller.fattree.routing.ForwardingTables;
import org.oft.controller.fattree.routing.RoutingEngines;
import org.oft.controller.fattree.routing.RoutingOptions;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.TopologySpec;

/**
 * Round trip through the real peer: ibsim simulates the exported fabric, OpenSM loads our tables with its file
 * engine (through libumad2sim), dump_fts reads the switches back, and the tables must be ours exactly. Runs
 * where Debian's opensm, ibsim-utils, libumad2sim0 and infiniband-diags are installed (.ci/run installs them);
 * skipped elsewhere, failed in CI.
 */
class OpenSmInteropTest {
    @TempDir
    Path dir;

    static String oftctl(String... args) {
        OftctlTest.Run r = OftctlTest.run(args);
        assertEquals(0, r.code(), r.err());
        return r.out();
    }

    @Test
    @Timeout(180)
    void openSmLoadsOurTablesAndTheSwitchesHoldExactlyThem() throws Exception {
        IbSim.require();
        // an RLFT with parallel links, so physical port numbering of bundles is exercised too
        String spec = "pgft:3;4,2,4;1,2,2;1,2,2";
        Path net = dir.resolve("fabric.net");
        Path lfts = dir.resolve("ours.lfts");
        oftctl("fattree", "export", "--topology", spec, "--output", net.toString());
        oftctl("fattree", "lft", "--topology", spec, "--engine", "dmodk", "--format", "opensm", "--output", lfts.toString());

        try (IbSim sim = IbSim.start(dir, net)) {
            String log = sim.opensm("file", "file", "-U", lfts.toString());
            // OpenSM falls back to minhop silently when the file engine fails: insist the file engine configured them.
            assertTrue(log.contains("file tables configured on all switches"), "OpenSM did not use the file engine:\n" + log);
            assertFalse(log.contains("falling back"), log);

            String dumped = sim.dumpFts("file");
            FatTree tree = TopologySpec.parse(spec);
            ForwardingTables ours = RoutingEngines.byName("dmodk").route(tree.topology(), RoutingOptions.single()).tables();
            ForwardingTables theirs = LftFiles.parse(tree, dumped.lines().toList(), "dump_fts");
            assertTrue(ours.sameAs(theirs), "switches hold other tables than ours");
            // and the CLI says so too
            assertTrue(oftctl("fattree", "lft", "--topology", spec, "--compare", dir.resolve("dump_fts-file.out").toString())
                    .contains("tables equal: 20 switches x 32 addresses"));
        }
    }

    /**
     * A DGX H100 cluster's shape (QuantumClusterImportTest: SHARP nodes, p = 2 bundles, a lost bundle, hosts not cabled,
     * port GUIDs at or above 2^63) imported, exported for ibsim, routed around its holes into an LFT file: OpenSM's file
     * engine matches every entry by port GUID, and the switches then hold exactly our tables.
     */
    @Test
    @Timeout(180)
    void aDgxClustersReroutedTablesGoThroughOpenSmsFileEngineByTheirGuids() throws Exception {
        IbSim.require();
        Path file = java.nio.file.Files.write(dir.resolve("dgx-h100.out"), QuantumClusterImportTest.file(1));
        Path net = dir.resolve("dgx.net");
        Path lfts = dir.resolve("dgx.lfts");
        String spec = "ibnet:" + file;
        oftctl("fattree", "export", "--topology", spec, "--output", net.toString());
        oftctl("fattree", "lft", "--topology", spec, "--output", lfts.toString());
        assertTrue(java.nio.file.Files.readString(lfts).contains("portguid 0xe09d730300800004"), "host port GUIDs above 2^63 as they were");
        try (IbSim sim = IbSim.start(dir, net)) {
            String log = sim.opensm("file", "dgx", "-U", lfts.toString());
            assertTrue(log.contains("file tables configured on all switches"), "OpenSM did not use the file engine:\n" + log);
            sim.dumpFts("dgx");
            assertTrue(oftctl("fattree", "lft", "--topology", spec, "--compare", dir.resolve("dump_fts-dgx.out").toString())
                    .contains("tables equal: 39 switches x 600 addresses"));
        }
    }

    /**
     * LMC > 0: OpenSM gives each host 2^LMC LIDs, and dump_fts prints a host's further LIDs as "(path #k out of
     * n: portguid ...)". Those rows are the host's other paths, and a compare of identical tables says so.
     */
    @Test
    @Timeout(180)
    void withTwoLidsPerHostTheSwitchesHoldOurTablesAndDumpFtsReadsBack() throws Exception {
        IbSim.require();
        String spec = "kary:2,3";
        Path net = dir.resolve("lmc.net");
        Path lfts = dir.resolve("lmc.lfts");
        oftctl("fattree", "export", "--topology", spec, "--output", net.toString());
        oftctl("fattree", "lft", "--topology", spec, "--engine", "disjoint", "--paths", "2", "--format", "opensm", "--output",
                lfts.toString());
        try (IbSim sim = IbSim.start(dir, net)) {
            String log = sim.opensm("file", "lmc", "-l", "1", "-U", lfts.toString());
            assertTrue(log.contains("file tables configured on all switches"), "OpenSM did not use the file engine:\n" + log);
            String dumped = sim.dumpFts("lmc");
            assertTrue(dumped.contains("(path #2 out of 2"), "dump_fts prints further LIDs as paths:\n"
                    + dumped.lines().limit(12).collect(java.util.stream.Collectors.joining("\n")));
            FatTree tree = TopologySpec.parse(spec);
            ForwardingTables ours = RoutingEngines.byName("disjoint").route(tree.topology(), new RoutingOptions(2, 1, null)).tables();
            ForwardingTables theirs = LftFiles.parse(tree, dumped.lines().toList(), "dump_fts");
            assertEquals(2, theirs.paths());
            assertTrue(ours.sameAs(theirs), "switches hold other tables than ours");
            assertTrue(oftctl("fattree", "lft", "--topology", spec, "--engine", "disjoint", "--paths", "2", "--compare",
                    dir.resolve("dump_fts-lmc.out").toString()).contains("tables equal"));
        }
    }
}
