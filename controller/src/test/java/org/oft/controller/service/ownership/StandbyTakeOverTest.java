package org.oft.controller.service.ownership;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.oft.controller.boards.BoardSpec;
import org.oft.hal.BoardOwner;
import org.oft.hal.transport.SerialLink;
import org.oft.hal.wire.Message;
import org.oft.hal.wire.WireBoardBus;
import org.oft.hal.BoardInfo;

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

    /**
     * One bench through the changes of master an election makes (a bench each cost a minute of CPU more):
     * the master killed, the standby takes over and the old master returns as standby; the new master
     * paused past its session, the other takes over and the woken one is refused by the boards; a
     * controller of higher priority joins and is handed the boards. Never a table rewritten.
     */
    @Test
    void theBoardsFollowTheElectionThroughAKillAReturnAPauseAndAHigherPriority() throws Exception {
        try (HaBench bench = new HaBench(dir, 4)) { // management ports: A, B, a reader, C
            HaBench.OftctlProcess a = bench.serve("A", 0, "a.err");
            assertTrue(a.until("oftctl: master at generation 1", 60).contains("the boards are this controller's"));
            String[] console = a.console();
            HaBench.OftctlProcess b = bench.serve("B", 1, "b.err");
            b.until("oftctl: standing by", 60);

            // the master changes the fabric: a declared failure, which the standby must carry on
            HttpResponse<String> fail = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(console[0] + "/api/fail"))
                    .header("X-OFT-Token", console[1]).header("Content-Type", "application/json")
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
            try (WireBoardBus reader = new WireBoardBus(SerialLink.open(bench.ports[0], BoardSpec.DEFAULT_BAUD),
                    WireBoardBus.Options.defaults())) {
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
                    assertEquals(lft.getString("crc"), Integer.toUnsignedString(s.activeCrcs()[3], 16),
                            board + " runs A's table, with the failure");
                }
            }
            String bLog = Files.readString(dir.resolve("b.err"));
            assertTrue(bLog.contains("(0 bytes)"), "the tables the boards ran were adopted, not rewritten: " + bLog);

            // A comes back: the election has a master, so it stands by and changes nothing
            HaBench.OftctlProcess again = bench.serve("A", 0, "a2.err");
            again.until("oftctl: standing by", 60);
            assertTrue(b.process().isAlive());
            assertTrue(b.lines().stream().noneMatch(l -> l.startsWith("oftctl: standing by")), "B is still master: " + b.seen());

            // B paused (SIGSTOP) past its session: A takes over; B, woken, is refused by the boards and stands by
            long pid = b.process().pid();
            new ProcessBuilder("kill", "-STOP", Long.toString(pid)).start().waitFor();
            // generations from here on are read, not counted: on a loaded machine a ZooKeeper connection that stalls past
            // its read time-out re-elects the same master at the next generation, which the boards follow as well
            long atA = generationIn(again.until("oftctl: master at generation ", 30));
            assertTrue(atA > 2, "A fences B's generation 2: " + atA);
            new ProcessBuilder("kill", "-CONT", Long.toString(pid)).start().waitFor();
            b.until("oftctl: standing by", 30);
            atA = ownedFrom(bench.ports[2], "A", atA);
            assertEquals(recorded(dir.resolve("B.json")), boards(bench.ports[2]), "A runs what B deployed, not a table rewritten");
            assertTrue(b.process().isAlive() && again.process().isAlive());

            // C, of higher priority, joins: the running master hands the boards over to it, no table rewritten
            java.util.Map<String, String> before = boards(bench.ports[2]);
            long handOverAt = System.currentTimeMillis();
            HaBench.OftctlProcess c = bench.serve("C", 3, "c.err", "--priority", "5");
            String handed = c.until("oftctl: master at generation ", 60);
            assertTrue(handed.contains("'s deploy"), handed);
            long atC = generationIn(handed);
            assertTrue(atC > atA, "C above A's " + atA + ": " + handed);
            again.until("oftctl: standing by: handing the boards over to C, of higher priority", 10);
            atC = ownedFrom(bench.ports[2], "C", atC);
            assertEquals(before, boards(bench.ports[2]), "handed over without a table rewritten");
            // a planned hand-over is news, not trouble: A logs it as info, and no alarm
            Thread.sleep(2000); // the boards tell A, at its next renewal, that C owns them now
            String aConsole = again.console()[0];
            io.vertx.core.json.JsonArray events = new JsonObject(java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest
                    .newBuilder(java.net.URI.create(aConsole + "/api/events?kind=owner&limit=50")).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString()).body()).getJsonArray("events");
            java.util.List<JsonObject> since = events.stream().map(JsonObject.class::cast).filter(e -> e.getLong("atMs") >= handOverAt).toList();
            assertTrue(since.stream().anyMatch(e -> e.getString("text").contains("handing the boards over to C")
                    && e.getString("severity").equals("info")), since.toString());
            assertTrue(since.stream().noneMatch(e -> e.getString("severity").equals("alarm")), "an alarm for a planned hand-over: " + since);

            // C paused past its session: A or B takes over; C, woken, stands in the election again and, being of higher
            // priority, is handed the boards back (its candidate card went with its session)
            java.util.Map<String, String> running = boards(bench.ports[2]);
            long cPid = c.process().pid();
            new ProcessBuilder("kill", "-STOP", Long.toString(cPid)).start().waitFor();
            BoardOwner deputy = ownerAbove(bench.ports[2], atC, 30);
            assertTrue(deputy.controller().equals("A") || deputy.controller().equals("B"), deputy.toString());
            new ProcessBuilder("kill", "-CONT", Long.toString(cPid)).start().waitFor();
            c.until("oftctl: standing by", 30);
            long back = generationIn(c.until("oftctl: master at generation ", 30));
            assertTrue(back > deputy.generation(), "C above its deputy's " + deputy.generation() + ": " + back);
            ownedFrom(bench.ports[2], "C", back);
            assertEquals(running, boards(bench.ports[2]), "through the pause and back, no table rewritten");
        }
    }

    /** Waits until every board is owned by one controller at one generation above {@code generation}; that owner. */
    private static BoardOwner ownerAbove(String port, long generation, int seconds) throws InterruptedException {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        java.util.List<BoardOwner> owners = java.util.List.of();
        while (System.nanoTime() < end) {
            try (WireBoardBus reader = new WireBoardBus(SerialLink.open(port, BoardSpec.DEFAULT_BAUD), WireBoardBus.Options.defaults())) {
                reader.discover();
                owners = reader.claims().owners();
            }
            BoardOwner first = owners.isEmpty() ? null : owners.get(0);
            if (first != null && first.generation() > generation && owners.stream()
                    .allMatch(o -> o.generation() == first.generation() && o.controller().equals(first.controller()))) {
                return first;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("the boards were not owned above generation " + generation + " within " + seconds + " s: " + owners);
    }

    /** The generation in a controller's "oftctl: master at generation N: ..." line. */
    private static long generationIn(String line) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("master at generation (\\d+)").matcher(line);
        assertTrue(m.find(), line);
        return Long.parseLong(m.group(1));
    }

    /**
     * Every board and the backplane, asked through {@code port}, say {@code controller} owns them, all at one generation
     * of at least {@code generation} (the controller's own line says which it took; a re-election of the same master
     * since can only raise it); that generation.
     */
    private static long ownedFrom(String port, String controller, long generation) {
        try (WireBoardBus reader = new WireBoardBus(SerialLink.open(port, BoardSpec.DEFAULT_BAUD), WireBoardBus.Options.defaults())) {
            reader.discover();
            java.util.List<BoardOwner> owners = reader.claims().owners();
            assertTrue(!owners.isEmpty(), "no owner read");
            long at = owners.get(0).generation();
            for (BoardOwner o : owners) {
                assertEquals(controller, o.controller(), o.toString());
                assertEquals(at, o.generation(), "one generation on every board: " + owners);
            }
            assertTrue(at >= generation, "at or above the controller's " + generation + ": " + owners);
            return at;
        }
    }

    /** What every board runs (LFT CRC) and whether a commit is pending, read through a management port nobody else uses. */
    private static java.util.Map<String, String> boards(String port) {
        java.util.Map<String, String> out = new java.util.TreeMap<>();
        HaBench.statuses(port).forEach((id, s) -> out.put(id, Integer.toUnsignedString(s.activeCrcs()[3], 16) + (s.pendingEpoch() >= 0 ? " pending" : "")));
        return out;
    }

    private static java.util.Map<String, String> recorded(Path record) throws java.io.IOException {
        JsonObject boards = new JsonObject(Files.readString(record)).getJsonObject("boards");
        java.util.Map<String, String> out = new java.util.TreeMap<>();
        boards.fieldNames().forEach(b -> out.put(b, boards.getJsonObject(b).getJsonObject("4").getString("crc")));
        return out;
    }

    /**
     * A master killed in the middle of an engine change (its commit on the boards, due or not): the standby that
     * takes over says what it found and finishes the change on every board, so the fabric runs one engine's
     * tables, never half the old and half the new, and nothing the dead master scheduled lands later.
     */
    @Test
    void aMasterKilledInTheMiddleOfAChangeHasItFinishedByTheStandby() throws Exception {
        try (HaBench bench = new HaBench(dir, 3)) {
            HaBench.OftctlProcess[] ab = bench.masterAndStandby();
            HaBench.OftctlProcess a = ab[0];
            HaBench.OftctlProcess b = ab[1];
            String[] console = a.console();
            java.util.Map<String, String> before = boards(bench.ports[2]);
            Thread change = new Thread(() -> {
                try {
                    HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(console[0] + "/api/engine"))
                            .header("X-OFT-Token", console[1]).header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString("{\"engine\":\"random\"}")).build(), HttpResponse.BodyHandlers.ofString());
                } catch (Exception e) {
                    // A died under it, as meant
                }
            });
            change.start();
            // kill A the moment its change reaches a board: a commit held, or a table switched
            try (WireBoardBus watcher = new WireBoardBus(SerialLink.open(bench.ports[2], BoardSpec.DEFAULT_BAUD),
                    WireBoardBus.Options.defaults())) {
                int n = watcher.discover().size();
                java.util.List<Integer> all = java.util.stream.IntStream.range(0, n).boxed().toList();
                java.util.List<Integer> crcs = watcher.statuses(all).values().stream().map(st -> st.activeCrcs()[3]).toList();
                long until = System.nanoTime() + 30_000_000_000L;
                while (true) {
                    java.util.Map<Integer, Message.Status> now = watcher.statuses(all);
                    if (all.stream().anyMatch(x -> now.get(x).pendingEpoch() >= 0 || now.get(x).activeCrcs()[3] != crcs.get(x))) {
                        break;
                    }
                    assertTrue(System.nanoTime() < until, "A's change never reached the boards");
                }
            }
            a.process().destroyForcibly();
            b.until("oftctl: master at generation 2", 30);
            change.join(10_000);
            assertTrue(!Files.readString(dir.resolve("a.err")).contains("deployed random"), "A was killed before its change was done");
            String[] bConsole = b.console();
            JsonObject config = new JsonObject(HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(bConsole[0] + "/api/config"))
                    .build(), HttpResponse.BodyHandlers.ofString()).body());
            assertEquals("random", config.getString("engine"), "B finished A's change");
            String events = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(bConsole[0] + "/api/events?kind=owner&limit=50"))
                    .build(), HttpResponse.BodyHandlers.ofString()).body();
            assertTrue(events.contains("A's last change (engine random) was under way when A stopped: of the ")
                    && events.contains("finished on every board"), "B says what it found and did: " + events);
            // every board runs what B deployed, one configuration, nothing left scheduled: never half A's change
            java.util.Map<String, String> now = boards(bench.ports[2]);
            assertEquals(recorded(dir.resolve("B.json")), now, "boards against B's record: " + now);
            assertTrue(!now.equals(before), "the boards run the new engine's tables");
            Thread.sleep(2000); // past any epoch A may have chosen (its lead is the round trip's)
            assertEquals(now, boards(bench.ports[2]), "nothing A scheduled lands later");
        }
    }

    /** A master stopped cleanly (SIGTERM) hands over at once: its standby owns the boards in about a second, the clock never stopped, no table rewritten. */
    @Test
    void aCleanStopHandsOverWithoutStoppingTheClock() throws Exception {
        try (HaBench bench = new HaBench(dir, 3)) {
            HaBench.OftctlProcess[] ab = bench.masterAndStandby();
            HaBench.OftctlProcess a = ab[0];
            HaBench.OftctlProcess b = ab[1];
            java.util.Map<String, String> before = boards(bench.ports[2]);
            long s0 = HaBench.slot(bench.ports[2]);
            long t0 = System.nanoTime();
            a.process().destroy(); // SIGTERM
            String took = b.until("oftctl: master at generation 2", 30);
            double seconds = (System.nanoTime() - t0) / 1e9;
            System.out.printf("hand-over on SIGTERM: %.2f s (%s)%n", seconds, took);
            assertTrue(seconds < MasterElection.SESSION_MILLIS / 1000.0, "sooner than a session's end: " + seconds + " s");
            assertTrue(a.process().waitFor(10, TimeUnit.SECONDS), "A stopped");
            long s1 = HaBench.slot(bench.ports[2]);
            double elapsed = (System.nanoTime() - t0) / 1e9;
            assertTrue(s1 - s0 >= 20 * (elapsed - 1), "the clock ran on (20 slots/s): slot " + s0 + " then " + s1 + " in " + elapsed + " s");
            assertEquals(before, boards(bench.ports[2]), "B runs A's tables");
            assertTrue(Files.readString(dir.resolve("b.err")).contains("(0 bytes)"), "adopted, not rewritten");
            ownedBy(bench.ports[2], "B", 2);
        }
    }

    @Test
    void anOpticalBenchIsTakenOverAsWell() throws Exception {
        try (HaBench bench = new HaBench(dir, 3, java.util.List.of("--order", "3"), java.util.List.of("--order", "3"))) {
            HaBench.OftctlProcess a = bench.serve("A", 0, "a.err");
            a.until("oftctl: master at generation 1", 60);
            HaBench.OftctlProcess b = bench.serve("B", 1, "b.err");
            b.until("oftctl: standing by", 60);
            java.util.Map<String, String> before = opticalBoards(bench.ports[2]);
            a.process().destroyForcibly();
            b.until("oftctl: master at generation 2", 30);
            assertEquals(before, opticalBoards(bench.ports[2]), "the OFT's sequences, tables and phases as A left them");
            ownedBy(bench.ports[2], "B", 2);
        }
    }

    /** Every region's CRC of every board, and any pending commit. */
    private static java.util.Map<String, String> opticalBoards(String port) {
        java.util.Map<String, String> out = new java.util.TreeMap<>();
        try (WireBoardBus reader = new WireBoardBus(SerialLink.open(port, BoardSpec.DEFAULT_BAUD), WireBoardBus.Options.defaults())) {
            for (BoardInfo b : reader.discover()) {
                Message.Status s = reader.status(reader.address(b.id()));
                out.put(b.id(), java.util.Arrays.toString(s.activeCrcs()) + (s.pendingEpoch() >= 0 ? " pending" : ""));
            }
        }
        return out;
    }

    /** Every board and the backplane, asked through {@code port} (a read, open to anyone), say {@code controller} owns them at {@code generation}. */
    private static void ownedBy(String port, String controller, long generation) {
        assertEquals(generation, ownedFrom(port, controller, generation), "owned at exactly " + generation);
    }
}
