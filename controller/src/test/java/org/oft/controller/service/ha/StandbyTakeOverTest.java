package org.oft.controller.service.ha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.oft.controller.service.boards.BoardSpec;
import org.oft.hal.BoardOwner;
import org.oft.hal.transport.SerialLink;
import org.oft.hal.wire.Message;
import org.oft.hal.wire.WireBoardBus;

/**
 * Master and standby on loopback, each a real {@code oftctl serve --ha} process, at one bench of switch
 * boards (a board-sim process with a pseudo-terminal per controller), electing through an in-process
 * ZooKeeper: the master is killed with kill -9, the standby owns every board within the bound, runs
 * the master's engine and declared failure without rewriting a table, and the old master, started
 * again, stands by.
 */
@Timeout(180)
class StandbyTakeOverTest {
    @TempDir
    Path dir;
    private final List<Process> processes = new ArrayList<>();
    private TestingServer zk;

    @AfterEach
    void stop() throws Exception {
        for (Process p : processes) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        if (zk != null) {
            zk.close();
        }
    }

    /** A process and the lines it prints. */
    private record Running(Process process, BlockingQueue<String> lines, List<String> seen) {
        String until(String prefix, long seconds) throws InterruptedException {
            long end = System.nanoTime() + seconds * 1_000_000_000L;
            while (System.nanoTime() < end) {
                String l = lines.poll(200, TimeUnit.MILLISECONDS);
                if (l != null) {
                    seen.add(l);
                    if (l.startsWith(prefix)) {
                        return l;
                    }
                }
            }
            throw new AssertionError("no line '" + prefix + "...' within " + seconds + " s; got " + seen);
        }
    }

    private Running serve(String id, String port, Path stderr) throws Exception {
        List<String> cmd = BoardSpec.BoardProcess.oftctl(List.of(), "serve", "--fabric", "fattree", "--topology", "kary:2,2",
                "--board", "serial:" + port, "--ha", zk.getConnectString(), "--controller-id", id, "--port", "0",
                "--state", dir.resolve(id + ".json").toString(), "--token-file", dir.resolve(id + ".token").toString());
        Process p = new ProcessBuilder(cmd).redirectError(stderr.toFile()).start();
        processes.add(p);
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String l; (l = r.readLine()) != null; ) {
                    lines.add(l);
                }
            } catch (java.io.IOException e) {
                // ended
            }
        });
        t.setDaemon(true);
        t.start();
        return new Running(p, lines, new java.util.concurrent.CopyOnWriteArrayList<>());
    }

    @Test
    void theStandbyTakesTheBoardsOverWhenTheMasterIsKilledAndTheOldMasterStandsByWhenItReturns() throws Exception {
        zk = new TestingServer(true);
        BoardSpec.BoardProcess.Spawned boards = BoardSpec.BoardProcess.spawn("--pty", "--ports", "2", "--fattree", "kary:2,2");
        processes.add(boards.process());
        String[] ports = boards.announce().substring(4).trim().split(" ");

        Running a = serve("A", ports[0], dir.resolve("a.err"));
        assertTrue(a.until("oftctl: master at generation 1", 60).contains("the boards are this controller's"));
        String console = a.until("oftctl: ", 30);
        String url = console.substring(console.indexOf("http://"), console.indexOf("/#token="));
        String token = console.substring(console.indexOf("/#token=") + 8, console.indexOf(' ', console.indexOf("/#token=")));
        Running b = serve("B", ports[1], dir.resolve("b.err"));
        b.until("oftctl: standing by", 60);

        // the master changes the fabric: a declared failure, which the standby must carry on
        HttpResponse<String> fail = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url + "/api/fail"))
                .header("X-OFT-Token", token).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"fail\":\"link:switch-0:3\"}")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, fail.statusCode(), fail.body());
        JsonObject record = new JsonObject(Files.readString(dir.resolve("A.json")));
        Thread.sleep(500); // the copy is written as the deploy is published

        long t0 = System.nanoTime();
        a.process().destroyForcibly(); // kill -9
        String took = b.until("oftctl: master at generation 2", 30);
        double seconds = (System.nanoTime() - t0) / 1e9;
        System.out.printf("take-over: %.2f s after kill -9 (%s)%n", seconds, took);
        assertTrue(seconds < 10, "the standby owns the boards within the bound (goal 5 s; ZooKeeper's session is 3 s): " + seconds);
        assertTrue(took.contains("from A's deploy"), took);
        a.process().waitFor(10, TimeUnit.SECONDS);

        // read through the dead master's port: every board B's, under generation 2, running A's tables
        try (WireBoardBus reader = new WireBoardBus(SerialLink.open(ports[0], BoardSpec.DEFAULT_BAUD), WireBoardBus.Options.defaults())) {
            reader.discover();
            for (BoardOwner o : reader.claims().owners()) {
                assertEquals("B", o.controller(), o.toString());
                assertEquals(2, o.generation(), o.toString());
                assertTrue(o.leased(), o.toString());
            }
            JsonObject expected = record.getJsonObject("boards");
            for (String board : expected.fieldNames()) {
                Message.Status s = reader.status(reader.address(board));
                assertEquals(-1, s.pendingEpoch(), board);
                JsonObject lft = expected.getJsonObject(board).getJsonObject("4");
                assertEquals(lft.getString("crc"), Integer.toUnsignedString(s.activeCrcs()[3], 16), board + " runs A's table, with the failure");
            }
        }
        String bLog = Files.readString(dir.resolve("b.err"));
        assertTrue(bLog.contains("(0 bytes)"), "the tables the boards ran were adopted, not rewritten: " + bLog);

        // A comes back: the election has a master, so it stands by and changes nothing
        Running again = serve("A", ports[0], dir.resolve("a2.err"));
        again.until("oftctl: standing by", 60);
        assertTrue(b.process().isAlive());
        assertTrue(b.lines().stream().noneMatch(l -> l.startsWith("oftctl: standing by")), "B is still master: " + b.lines());
    }
}
