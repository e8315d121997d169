package org.oft.controller.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.net.SelfSignedCertificate;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.oft.controller.service.ControllerApp;
import org.oft.controller.service.ServeConfig;
import org.oft.controller.boards.BoardSpec;
import org.oft.hal.wire.Message;
import org.oft.controller.service.ownership.HaBench;
import org.oft.hal.BoardBus;

/**
 * A second {@code serve} at boards a first controller runs, through a management port of its own
 * (a board-sim process with two pseudo-terminals): whatever makes it fail, it fails with one line
 * naming why and leaves the boards, the deploy record and the token file byte for byte.
 */
@SuppressWarnings("removal") // Vert.x's SelfSignedCertificate: the simplest real certificate pair for a test
@Timeout(180)
class SecondControllerTest {
    @TempDir
    static Path dir;
    static BoardSpec.BoardProcess.Spawned boards;
    static ControllerApp first;
    static String[] ports;
    static Path state;
    static Path token;

    @BeforeAll
    static void aControllerRunsTheBoards() throws Exception {
        boards = BoardSpec.BoardProcess.spawn(HaBench.BRIEF_JVM, "--pty", "--ports", "2", "--order", "3");
        ports = boards.announce().substring(4).trim().split(" ");
        assertEquals(2, ports.length, boards.announce());
        state = dir.resolve("deployed.json");
        token = dir.resolve("token");
        ServeConfig config = new ServeConfig(3, 1, "127.0.0.1", 0, 50, "serial:" + ports[0], null, state, null)
                .withOwnership(new ServeConfig.Ownership("first", 10_000, false, null, 0));
        first = ControllerApp.start(config);
        Files.writeString(token, first.token());
    }

    @AfterAll
    static void stop() {
        if (first != null) {
            first.close();
        }
        if (boards != null) {
            BoardSpec.BoardProcess.kill(boards.process());
        }
    }

    /** What every board runs, by its active CRCs, read through the first controller's link. */
    private static Map<Integer, String> running() {
        BoardBus bus = first.bus();
        List<Integer> all = new ArrayList<>();
        for (int a = 0; a < bus.discover().size(); a++) {
            all.add(a);
        }
        Map<Integer, String> out = new java.util.TreeMap<>();
        for (Map.Entry<Integer, Message.Status> e : bus.readback().orElseThrow().statuses(all).entrySet()) {
            out.put(e.getKey(), java.util.Arrays.toString(e.getValue().activeCrcs()) + " " + e.getValue().pendingEpoch());
        }
        return out;
    }

    private record Run(int code, String err) {
    }

    private static Run serve(String... args) {
        List<String> all = new ArrayList<>(List.of("serve", "--order", "3", "--board", "serial:" + ports[1],
                "--token-file", token.toString(), "--controller-id", "second", "--slots-per-second", "50"));
        all.addAll(List.of(args));
        if (!all.contains("--state")) {
            all.addAll(List.of("--state", state.toString()));
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Oftctl.execute(all.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err));
        return new Run(code, err.toString().trim());
    }

    private static void failsAndChangesNothing(String expected, String... args) throws Exception {
        Map<Integer, String> boardsBefore = running();
        byte[] record = Files.readAllBytes(state);
        byte[] tokenBefore = Files.readAllBytes(token);
        Run r = serve(args);
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().lines().count(), "one line: " + r.err());
        assertTrue(r.err().contains(expected), r.err());
        assertEquals(boardsBefore, running(), "the boards run what they ran");
        assertArrayEquals(record, Files.readAllBytes(state), "the deploy record is untouched");
        assertArrayEquals(tokenBefore, Files.readAllBytes(token), "the token file is untouched");
    }

    @Test
    void aBusyPortIsNamedAndNothingIsTouched() throws Exception {
        failsAndChangesNothing("cannot serve the console on 127.0.0.1:" + first.port() + ": ", "--port", Integer.toString(first.port()));
    }

    @Test
    void aCertificateWithAnotherKeyIsRefusedBeforeAnyBoard() throws Exception {
        SelfSignedCertificate a = SelfSignedCertificate.create("localhost");
        SelfSignedCertificate b = SelfSignedCertificate.create("localhost");
        try {
            failsAndChangesNothing("the TLS key " + b.privateKeyPath() + " is not the key of the certificate " + a.certificatePath(),
                    "--port", "0", "--tls-cert", a.certificatePath(), "--tls-key", b.privateKeyPath());
        } finally {
            a.delete();
            b.delete();
        }
    }

    @Test
    void anUnresolvableHostIsNamed() throws Exception {
        failsAndChangesNothing("cannot resolve --host no-such-host.invalid", "--port", "0", "--host", "no-such-host.invalid");
    }

    @Test
    void anUnwritableStatePathIsNamed() throws Exception {
        Map<Integer, String> boardsBefore = running();
        byte[] tokenBefore = Files.readAllBytes(token);
        Run r = serve("--port", "0", "--state", "/proc/oft-nowhere/deployed.json");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("/proc/oft-nowhere/deployed.json"), r.err());
        assertEquals(boardsBefore, running());
        assertArrayEquals(tokenBefore, Files.readAllBytes(token));
    }

    @Test
    void aSecondControllerIsRefusedByTheBoardsWhileTheFirstOwnsThem() throws Exception {
        failsAndChangesNothing("the boards are not this controller's: router-1 is owned by controller first (generation 1, lease",
                "--port", "0");
        assertTrue(serve("--port", "0").err().endsWith("(serve --take-over claims them anyway)"));
    }
}
