package org.oft.controller.boards;

import org.oft.controller.service.ConsoleClient;
import org.oft.controller.service.ControllerApp;
import org.oft.controller.service.ServeConfig;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oft.controller.oft.LyndonPreferOne;
import org.oft.controller.oft.RoutingTables;
import org.oft.controller.timing.Calibration;
import org.oft.hal.BoardBus;
import org.oft.hal.BoardConfig;
import org.oft.hal.Telemetry;
import org.oft.hal.transport.MailboxLink;
import org.oft.hal.wire.Message;
import org.oft.hal.wire.Regions;
import org.oft.hal.wire.WireBoardBus;
import org.oft.controller.cli.Oftctl;
import org.oft.hal.transport.LinkException;
import org.oft.hal.wire.BoardReadback;

/**
 * End to end as on a bench: the board model in a process of its own, reached through jssc on a
 * pseudo-terminal, or through a register window mapped with mmap; an order-6 OFT deployed, CRCs
 * read back, slots run without a misdelivery; the process killed by PID at the end.
 */
@Timeout(180)
class BoardProcessTest {

    static void deployOrderSixAndRun(BoardBus bus) {
        RoutingTables tables = new RoutingTables(LyndonPreferOne.generate(6), 1);
        BenchDescription nominal = BenchDescription.of(6, 1, null);
        Calibration.Result cal = Calibration.compute(nominal.plant(), nominal.clocks(), 1);
        BenchDeployment.Deployed d = BenchDeployment.deploy(bus, tables, cal);
        assertEquals(6 + 64, d.boards().size());
        BoardReadback wire = bus.readback().orElseThrow();
        // Every board's active CRCs are those of what was sent.
        for (int a = 0; a < d.configs().size(); a++) {
            BoardConfig c = d.configs().get(a);
            Message.Status s = wire.status(a);
            assertEquals(3, c.regions().size() + 1, c.boardId()); // sequence or table, and phases
            c.regions().forEach((r, bytes) -> assertEquals(Regions.crc(bytes), s.activeCrcs()[r.number() - 1], c.boardId() + " " + r));
        }
        bus.startClock(2000);
        await().atMost(Duration.ofSeconds(30)).until(() -> bus.telemetry().total().delivered() > 64L * 500);
        Telemetry t = bus.telemetry();
        assertEquals(0, t.total().misdelivered());
        assertEquals(0, t.total().lost());
        assertEquals(0, t.total().collisions());
        // the last slot's counters travel too: a full slot of 64 packets in and out once the clock runs
        assertEquals(64, t.lastSlot().injected());
        assertEquals(64, t.lastSlot().delivered());
        assertEquals(6, t.stuckNodes().length);
        bus.stopClock();
    }

    @Test
    void overAPseudoTerminalToAProcessOfItsOwn() {
        long pid;
        try (BoardBus bus = BoardSpec.parse("sim-pty").open(6, 1, null)) {
            pid = ((BoardSpec.BoardProcess) bus).pid();
            assertTrue(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
            deployOrderSixAndRun(bus);
        }
        Optional<ProcessHandle> h = ProcessHandle.of(pid);
        assertFalse(h.isPresent() && h.get().isAlive(), "the board process must be gone");
    }

    @Test
    void throughARegisterWindowMappedFromAFile() throws Exception {
        Path window = Files.createTempFile(Path.of("/dev/shm").toFile().isDirectory() ? Path.of("/dev/shm") : null,
                "oft-uio-", ".win");
        BoardSpec.BoardProcess.Spawned sp = BoardSpec.BoardProcess.spawn("--uio-file", window.toString(), "--order", "6");
        Process p = sp.process();
        try {
            assertEquals("uio " + window, sp.announce());
            try (BoardBus bus = new WireBoardBus(MailboxLink.open(window.toString(), false), WireBoardBus.Options.defaults())) {
                deployOrderSixAndRun(bus);
            }
        } finally {
            BoardSpec.BoardProcess.kill(p);
            Files.deleteIfExists(window);
        }
        assertFalse(p.isAlive());
    }

    /**
     * A register window board-sim serves cannot be shrunk under the mappings (it is sealed memory; a
     * truncated window used to kill both JVMs with SIGBUS), and it is held: one board model serves it,
     * one controller reaches it.
     */
    @Test
    void aServedWindowCannotBeTruncatedAndIsHeldByOneModelAndOneController() throws Exception {
        Path window = Path.of(Path.of("/dev/shm").toFile().isDirectory() ? "/dev/shm" : System.getProperty("java.io.tmpdir"),
                "oft-held-" + ProcessHandle.current().pid() + ".win");
        BoardSpec.BoardProcess.Spawned sp = BoardSpec.BoardProcess.spawn("--uio-file", window.toString(), "--order", "6");
        try (BoardBus bus = new WireBoardBus(MailboxLink.open(window.toString(), false), WireBoardBus.Options.defaults())) {
            try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(window.toFile(), "rw")) {
                java.io.IOException e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class, () -> f.setLength(0));
                assertTrue(String.valueOf(e.getMessage()).contains("Operation not permitted"), e.getMessage());
            }
            assertEquals(135168L, Files.size(window), "the window keeps its size");
            LinkException twice = org.junit.jupiter.api.Assertions.assertThrows(
                    LinkException.class, () -> MailboxLink.open(window.toString(), false));
            assertEquals("register window " + window + " is reached by another controller already: one at a time", twice.getMessage());
            java.io.StringWriter err = new java.io.StringWriter();
            int code = Oftctl.execute(new String[] {"board-sim", "--uio-file", window.toString()},
                    new java.io.PrintWriter(new java.io.StringWriter()), new java.io.PrintWriter(err));
            assertTrue(code != 0 && err.toString().contains("register window " + window + " is served by another board model already"),
                    code + " " + err);
            deployOrderSixAndRun(bus); // the link still works after all that
        } finally {
            BoardSpec.BoardProcess.kill(sp.process());
        }
        assertFalse(Files.exists(window, java.nio.file.LinkOption.NOFOLLOW_LINKS), "the board model removes its window when it stops");
    }

    @Test
    void theControllerServesTheConsoleOverTheSerialPath() throws Exception {
        try (ControllerApp app = ControllerApp.start(new ServeConfig(3, 1, "127.0.0.1", 0, 200, "sim-pty"))) {
            await().atMost(Duration.ofSeconds(30)).until(() -> app.bus().telemetry().total().delivered() > 100);
            assertEquals(0, app.bus().telemetry().total().misdelivered());
            List<String> ids = app.bus().discover().stream().map(b -> b.id()).toList();
            assertEquals(3 + 8, ids.size());
            // boards over a link have no model port: the console says what it cannot do there, and why
            assertEquals(false, consoleCall(app, "GET", "/api/faults", null, 200).getBoolean("injectable"));
            assertEquals("fault injection needs the built-in board model",
                    consoleCall(app, "POST", "/api/faults", "{\"kind\":\"double-inject\",\"processor\":1}", 400).getString("error"));
            assertTrue(consoleCall(app, "POST", "/api/recalibrate", "{}", 400).getString("error").contains("no measurement"));
        }
    }

    private static JsonObject consoleCall(ControllerApp app, String method, String path, String body, int status) throws Exception {
        return new ConsoleClient(app).call(method, path, body, status);
    }

    /**
     * A controller killed with kill -9 runs no shutdown hook: the board-sim it spawned notices its
     * parent is gone and stops, instead of spinning on at 100 % of a core.
     */
    @Test
    void aModelProcessDiesWithTheControllerThatStartedIt() throws Exception {
        List<String> cmd = BoardSpec.BoardProcess.oftctl(BoardSpec.BoardProcess.MODEL_JVM_OPTIONS, "serve", "--board", "sim-pty",
                "--order", "3", "--port", "0", "--token-file", Files.createTempFile("token", "").toString());
        Process serve = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        List<ProcessHandle> children = List.of();
        try {
            String line = new java.io.BufferedReader(new java.io.InputStreamReader(serve.getInputStream())).readLine();
            assertTrue(line != null && line.contains("console at"), "serve started: " + line);
            children = serve.descendants().toList();
            assertFalse(children.isEmpty(), "serve --board sim-pty runs the model in a process of its own");
            serve.destroyForcibly().waitFor(); // SIGKILL: no shutdown hook runs
            List<ProcessHandle> spawned = children;
            await().atMost(Duration.ofSeconds(10)).until(() -> spawned.stream().noneMatch(ProcessHandle::isAlive));
        } finally {
            serve.destroyForcibly();
            children.forEach(ProcessHandle::destroyForcibly); // none is left behind if the check fails
        }
    }

    /**
     * A controller killed with kill -9 while it starts, before the board-sim it spawned has a JVM running: the model
     * still follows it (it was named the controller's pid), rather than follow init, which never ends.
     */
    @Test
    void aModelProcessDiesWithAControllerKilledWhileItStarts() throws Exception {
        List<String> cmd = BoardSpec.BoardProcess.oftctl(BoardSpec.BoardProcess.MODEL_JVM_OPTIONS, "serve", "--board", "sim-pty",
                "--order", "3", "--port", "0", "--token-file", Files.createTempFile("token", "").toString());
        Process serve = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        List<ProcessHandle> children = List.of();
        try {
            long until = System.nanoTime() + 60_000_000_000L;
            while (children.isEmpty() && System.nanoTime() < until) { // the model's process forked, its JVM not yet up
                children = serve.descendants().filter(BoardProcessTest::isBoardSim).toList();
            }
            assertFalse(children.isEmpty(), "serve --board sim-pty runs the model in a process of its own");
            serve.destroyForcibly().waitFor();
            List<ProcessHandle> spawned = children;
            await().atMost(Duration.ofSeconds(20)).until(() -> spawned.stream().noneMatch(ProcessHandle::isAlive));
        } finally {
            serve.destroyForcibly();
            children.forEach(ProcessHandle::destroyForcibly);
        }
    }

    /**
     * A board-sim started by hand from a shell serves on when that shell exits (issue 66: it followed its parent, the
     * shell, and stopped with it, taking the boards from the controllers): it follows only a spawner that names itself.
     */
    @Test
    void aModelStartedByHandOutlivesTheShellThatStartedIt() throws Exception {
        java.nio.file.Path out = Files.createTempFile("board-sim", ".out");
        String line = String.join(" ", BoardSpec.BoardProcess.oftctl(BoardSpec.BoardProcess.MODEL_JVM_OPTIONS, "board-sim", "--pty",
                "--order", "3").stream().map(a -> "'" + a.replace("'", "'\\''") + "'").toList());
        // the shell stays until the model serves (so that the model's parent is that shell), then exits
        Process shell = new ProcessBuilder("bash", "-c", line + " > '" + out + "' 2>/dev/null < /dev/null & echo $!; "
                + "for i in $(seq 600); do grep -q '^pty ' '" + out + "' && exit 0; sleep 0.1; done; exit 1")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        long pid = Long.parseLong(new String(shell.getInputStream().readAllBytes()).trim());
        ProcessHandle sim = ProcessHandle.of(pid).orElseThrow();
        try {
            assertTrue(shell.waitFor(90, java.util.concurrent.TimeUnit.SECONDS) && shell.exitValue() == 0, "the model served, the shell left");
            Thread.sleep(1500); // three of board-sim's looks at a parent it follows
            assertTrue(running(pid), "the hand-started model serves on after its shell exited");
        } finally {
            sim.destroyForcibly();
            Files.deleteIfExists(out);
        }
    }

    /** The process runs and is no zombie (one whose parent is gone may wait long to be reaped, and ProcessHandle takes it for alive). */
    private static boolean running(long pid) {
        try {
            String stat = Files.readString(java.nio.file.Path.of("/proc", Long.toString(pid), "stat"));
            char state = stat.charAt(stat.lastIndexOf(')') + 2);
            return state != 'Z' && state != 'X';
        } catch (java.io.IOException e) {
            return false; // gone
        }
    }

    /** The process runs oftctl board-sim (its whole command line: ProcessHandle's is cut short at a long class path). */
    private static boolean isBoardSim(ProcessHandle p) {
        try {
            return new String(Files.readAllBytes(java.nio.file.Path.of("/proc", Long.toString(p.pid()), "cmdline")),
                    java.nio.charset.StandardCharsets.UTF_8).contains("\0board-sim\0");
        } catch (java.io.IOException e) {
            return false; // gone
        }
    }

    /** A model process that dies under a running controller is reported in the log, once, with what to do. */
    @Test
    void aModelProcessThatDiesUnderTheControllerIsReported() throws Exception {
        java.util.logging.Logger log = java.util.logging.Logger.getLogger("org.oft.boards");
        List<String> warnings = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.logging.Handler h = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord r) {
                warnings.add(r.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        log.addHandler(h);
        try (BoardBus bus = BoardSpec.parse("sim-pty").open(3, 1, null)) {
            long pid = ((BoardSpec.BoardProcess) bus).pid();
            assertTrue(pid != ProcessHandle.current().pid(), "the model runs in a process of its own");
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            await().atMost(Duration.ofSeconds(10)).until(() -> warnings.stream().anyMatch(w -> w.contains("board model process")
                    && w.contains("restart the controller")));
        } finally {
            log.removeHandler(h);
        }
        assertEquals(1, warnings.stream().filter(w -> w.contains("board model process")).count(), "said once; closing says nothing");
    }
}
