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
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The real InfiniBand peers for tests: ibsim simulating a net file, OpenSM and dump_fts reaching it
 * through libumad2sim. Tests that need them call {@link #require()}: skipped where Debian's opensm,
 * ibsim-utils, libumad2sim0 and infiniband-diags are not installed, failed in CI.
 */
final class IbSim implements AutoCloseable {
    private final Path dir;
    private final Process ibsim;

    private IbSim(Path dir, Process ibsim) {
        this.dir = dir;
        this.ibsim = ibsim;
    }

    static Path umad2sim() {
        try (Stream<Path> s = Files.list(Path.of("/usr/lib"))) {
            return s.map(p -> p.resolve("umad2sim/libumad2sim.so")).filter(Files::exists).findFirst().orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    private static final java.util.concurrent.atomic.AtomicInteger SOCKETS = new java.util.concurrent.atomic.AtomicInteger();
    private String socket;

    static boolean installed() {
        return Files.isExecutable(Path.of("/usr/bin/ibsim")) && Files.isExecutable(Path.of("/usr/sbin/opensm"))
                && Files.isExecutable(Path.of("/usr/sbin/dump_fts")) && umad2sim() != null;
    }

    static void require() {
        assumeTrue(installed() || System.getenv("CI") != null,
                "opensm, ibsim-utils, libumad2sim0, infiniband-diags not installed; .ci/run installs them");
        assertTrue(installed(), "CI must have opensm, ibsim-utils, libumad2sim0 and infiniband-diags");
    }

    /** Starts ibsim on {@code net}, in {@code dir}, and waits until it serves. */
    static IbSim start(Path dir, Path net) throws Exception {
        Path simLog = dir.resolve("ibsim.log");
        // a socket of its own: two test runs on one machine (a CI run and a developer's) never reach each other's ibsim
        String socket = "oft-ibsim-" + ProcessHandle.current().pid() + "-" + SOCKETS.incrementAndGet();
        ProcessBuilder pb = new ProcessBuilder("/usr/bin/ibsim", "-s", "-n", net.toString()).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(simLog.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().put("IBSIM_SOCKNAME", socket);
        Process p = pb.start();
        IbSim sim = new IbSim(dir, p);
        sim.socket = socket;
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
                .until(() -> Files.readString(simLog).contains("MaxMcastCap") || !p.isAlive());
        assertTrue(p.isAlive(), "ibsim exited: " + Files.readString(simLog));
        return sim;
    }

    /** Runs a tool against the simulated fabric (LD_PRELOAD libumad2sim) and returns its output. */
    String run(List<String> cmd, String logName, long timeoutSeconds) throws Exception {
        Path log = dir.resolve(logName);
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().put("LD_PRELOAD", umad2sim().toString());
        pb.environment().put("IBSIM_SOCKNAME", socket);
        // and OpenSM's cache (guid2lid, neighbors) of its own: a cache left by another fabric or LMC changes its LIDs
        pb.environment().put("OSM_CACHE_DIR", dir.toString());
        pb.environment().put("OSM_TMP_DIR", dir.toString());
        Process p = pb.start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError(cmd.get(0) + " did not finish within " + timeoutSeconds + " s; log: " + Files.readString(log));
        }
        assertEquals(0, p.exitValue(), cmd.get(0) + " failed: " + Files.readString(log));
        return Files.readString(log);
    }

    /** OpenSM once with routing engine {@code engine} (extra arguments after it); returns its log. */
    String opensm(String engine, String tag, String... extra) throws Exception {
        Path osmLog = dir.resolve("opensm-" + tag + ".log");
        List<String> cmd = new java.util.ArrayList<>(List.of("/usr/sbin/opensm", "-o", "-R", engine, "-f", osmLog.toString()));
        cmd.addAll(List.of(extra));
        run(cmd, "opensm-" + tag + ".out", 90);
        return Files.readString(osmLog);
    }

    /** What the switches hold now, as dump_fts prints it. */
    String dumpFts(String tag) throws Exception {
        return run(List.of("/usr/sbin/dump_fts"), "dump_fts-" + tag + ".out", 60);
    }

    Path dir() {
        return dir;
    }

    @Override
    public void close() {
        ibsim.destroy();
        try {
            if (!ibsim.waitFor(10, TimeUnit.SECONDS)) {
                ibsim.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ibsim.destroyForcibly();
        }
        assertFalse(ProcessHandle.of(ibsim.pid()).map(ProcessHandle::isAlive).orElse(false), "ibsim still running");
    }
}
