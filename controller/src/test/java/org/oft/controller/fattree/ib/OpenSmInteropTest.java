package org.oft.controller.fattree.ib;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
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

    private Process ibsim;

    @AfterEach
    void stopIbsim() throws Exception {
        if (ibsim != null) {
            ibsim.destroy();
            if (!ibsim.waitFor(10, TimeUnit.SECONDS)) {
                ibsim.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            assertFalse(ProcessHandle.of(ibsim.pid()).map(ProcessHandle::isAlive).orElse(false), "ibsim still running");
        }
    }

    private static Path umad2sim() {
        try (Stream<Path> s = Files.list(Path.of("/usr/lib"))) {
            return s.map(p -> p.resolve("umad2sim/libumad2sim.so")).filter(Files::exists).findFirst().orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    private static boolean installed() {
        return Files.isExecutable(Path.of("/usr/bin/ibsim")) && Files.isExecutable(Path.of("/usr/sbin/opensm"))
                && Files.isExecutable(Path.of("/usr/sbin/dump_fts")) && umad2sim() != null;
    }

    private static String oftctl(String... args) {
        OftctlTest.Run r = OftctlTest.run(args);
        assertEquals(0, r.code(), r.err());
        return r.out();
    }

    private String run(List<String> cmd, Path log, long timeoutSeconds) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().put("LD_PRELOAD", umad2sim().toString());
        Process p = pb.start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError(cmd.get(0) + " did not finish within " + timeoutSeconds + " s; log: " + Files.readString(log));
        }
        assertEquals(0, p.exitValue(), cmd.get(0) + " failed: " + Files.readString(log));
        return Files.readString(log);
    }

    @Test
    @Timeout(180)
    void openSmLoadsOurTablesAndTheSwitchesHoldExactlyThem() throws Exception {
        boolean ci = System.getenv("CI") != null;
        assumeTrue(installed() || ci, "opensm, ibsim-utils, libumad2sim0, infiniband-diags not installed; .ci/run installs them");
        assertTrue(installed(), "CI must have opensm, ibsim-utils, libumad2sim0 and infiniband-diags");
        // an RLFT with parallel links, so physical port numbering of bundles is exercised too
        String spec = "pgft:3;4,2,4;1,2,2;1,2,2";
        Path net = dir.resolve("fabric.net");
        Path lfts = dir.resolve("ours.lfts");
        oftctl("fattree", "export", "--topology", spec, "--output", net.toString());
        oftctl("fattree", "lft", "--topology", spec, "--engine", "dmodk", "--format", "opensm", "--output", lfts.toString());

        Path simLog = dir.resolve("ibsim.log");
        ibsim = new ProcessBuilder("/usr/bin/ibsim", "-s", "-n", net.toString()).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(simLog.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
                .until(() -> Files.readString(simLog).contains("MaxMcastCap") || !ibsim.isAlive());
        assertTrue(ibsim.isAlive(), "ibsim exited: " + Files.readString(simLog));

        Path osmLog = dir.resolve("opensm.log");
        List<String> osm = new ArrayList<>(List.of("/usr/sbin/opensm", "-o", "-R", "file", "-U", lfts.toString(),
                "-f", osmLog.toString()));
        run(osm, dir.resolve("opensm.out"), 90);
        String log = Files.readString(osmLog);
        // OpenSM falls back to minhop silently when the file engine fails: insist the file engine configured them.
        assertTrue(log.contains("file tables configured on all switches"), "OpenSM did not use the file engine:\n" + log);
        assertFalse(log.contains("falling back"), log);

        String dumped = run(List.of("/usr/sbin/dump_fts"), dir.resolve("dump_fts.out"), 60);
        FatTree tree = TopologySpec.parse(spec);
        ForwardingTables ours = RoutingEngines.byName("dmodk").route(tree.topology(), RoutingOptions.single()).tables();
        ForwardingTables theirs = LftFiles.parse(tree, dumped.lines().toList(), "dump_fts");
        assertTrue(ours.sameAs(theirs), "switches hold other tables than ours");
        // and the CLI says so too
        assertTrue(oftctl("fattree", "lft", "--topology", spec, "--compare", dir.resolve("dump_fts.out").toString())
                .contains("tables equal: 20 switches x 32 addresses"));
    }
}
