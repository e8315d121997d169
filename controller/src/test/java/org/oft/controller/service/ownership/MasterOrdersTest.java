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
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.oft.controller.boards.BoardSpec;
import org.oft.hal.transport.SerialLink;
import org.oft.hal.wire.Message;
import org.oft.hal.wire.WireBoardBus;
import org.oft.sim.boards.MasterOrders;

/**
 * A change recorded in ZooKeeper is finished by whichever controller is master next, whatever its history (issue 66):
 * three real controllers of one bench in an order of four masterships, each master killed (SIGKILL) the moment its
 * engine change reaches a board; the next one, new to the bench, master before, or master two turns ago, finishes the
 * change on every board, so the fabric runs one engine's tables, never half of two, and nothing a dead master
 * scheduled lands later. CI runs the order "abac" (A master again after B); {@code -Doft.masterOrders=all} runs all 8.
 */
@Timeout(600)
class MasterOrdersTest {
    @TempDir
    Path dir;

    /** Every order of four masterships of three controllers, A first, none twice running, or the one CI runs. */
    static Stream<String> orders() {
        return "all".equals(System.getProperty("oft.masterOrders")) ? MasterOrders.all().stream() : Stream.of("abac");
    }

    @ParameterizedTest(name = "masters {0}")
    @MethodSource("orders")
    void eachMasterFinishesTheChangeItsPredecessorDiedIn(String order) throws Exception {
        try (HaBench bench = new HaBench(dir, 4)) {
            String watch = bench.ports[3];
            Map<Character, HaBench.OftctlProcess> running = new HashMap<>();
            HaBench.OftctlProcess first = bench.serve("A", 0, "a0.err");
            first.until("oftctl: master at generation 1", 60);
            String token = first.console()[1]; // the bench's one token (a standby that adopted it knows only its hash)
            running.put('a', first);
            String[] engines = {"random", "dmodk"};
            for (int step = 1; step < order.length(); step++) {
                char was = order.charAt(step - 1);
                char next = order.charAt(step);
                String where = order + ", turn " + step + " (" + was + " to " + next + ")";
                HaBench.OftctlProcess standby = running.get(next);
                if (standby == null) { // new to the bench, or back after it was killed
                    standby = bench.serve(name(next), next - 'a', next + "" + step + ".err");
                    standby.until("oftctl: standing by", 60);
                    running.put(next, standby);
                }
                String engine = engines[(step - 1) % 2];
                killMidChange(running.remove(was), token, engine, watch, where);
                standby.until("oftctl: master at generation " + (step + 1), 60);
                String[] console = standby.console();
                JsonObject config = new JsonObject(get(console[0] + "/api/config"));
                assertEquals(engine, config.getString("engine"), where + ": the new master finished the change its predecessor died in");
                String events = get(console[0] + "/api/events?kind=owner&limit=50");
                assertTrue(events.contains(name(was) + "'s last change (engine " + engine + ") was under way when " + name(was) + " stopped")
                        && events.contains("finished on every board"), where + ": it says what it found and did: " + events);
                Map<String, String> now = boards(watch);
                assertEquals(recorded(dir.resolve(name(next) + ".json")), now, where + ": every board runs what the new master recorded");
                Thread.sleep(1500); // past any epoch the dead master may have chosen (its lead is the round trip's)
                assertEquals(now, boards(watch), where + ": nothing the dead master scheduled lands later");
            }
            // the last master changes the fabric itself, whole
            char last = order.charAt(order.length() - 1);
            String engine = engines[(order.length() - 1) % 2];
            HttpResponse<String> r = engine(running.get(last).console()[0], token, engine);
            assertEquals(200, r.statusCode(), r.body());
            assertEquals(recorded(dir.resolve(name(last) + ".json")), boards(watch), order + ": the last master's own change, on every board");
        }
    }

    private static String name(char c) {
        return String.valueOf(Character.toUpperCase(c));
    }

    /** Asks {@code master} for {@code engine} and kills it the moment the change reaches a board: a commit held, or a table switched. */
    private static void killMidChange(HaBench.OftctlProcess master, String token, String engine, String watch, String where)
            throws Exception {
        String url = master.console()[0];
        String[] answer = {"no answer"};
        Thread change = new Thread(() -> {
            try {
                HttpResponse<String> r = engine(url, token, engine);
                answer[0] = r.statusCode() + " " + r.body();
            } catch (Exception e) {
                answer[0] = "killed under it, as meant";
            }
        });
        try (WireBoardBus watcher = new WireBoardBus(SerialLink.open(watch, BoardSpec.DEFAULT_BAUD), WireBoardBus.Options.defaults())) {
            int n = watcher.discover().size();
            List<Integer> all = IntStream.range(0, n).boxed().toList();
            List<Integer> crcs = watcher.statuses(all).values().stream().map(st -> st.activeCrcs()[3]).toList();
            change.start();
            long until = System.nanoTime() + 30_000_000_000L;
            while (true) {
                Map<Integer, Message.Status> now = watcher.statuses(all);
                if (all.stream().anyMatch(x -> now.get(x).pendingEpoch() >= 0 || now.get(x).activeCrcs()[3] != crcs.get(x))) {
                    break;
                }
                assertTrue(System.nanoTime() < until, where + ": the change never reached the boards; the master answered " + answer[0]);
            }
        }
        master.process().destroyForcibly().waitFor();
        change.join(10_000);
    }

    private static HttpResponse<String> engine(String console, String token, String engine) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(console + "/api/engine"))
                .header("X-OFT-Token", token).header("Content-Type", "application/json").timeout(Duration.ofSeconds(60))
                .POST(HttpRequest.BodyPublishers.ofString("{\"engine\":\"" + engine + "\"}")).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String get(String url) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    /** Each board's active table CRC, and whether a commit is pending. */
    private static Map<String, String> boards(String port) {
        Map<String, String> out = new TreeMap<>();
        HaBench.statuses(port).forEach((id, s) -> out.put(id, Integer.toUnsignedString(s.activeCrcs()[3], 16)
                + (s.pendingEpoch() >= 0 ? " pending" : "")));
        return out;
    }

    /** What a controller's state file says it deployed: each board's table CRC. */
    private static Map<String, String> recorded(Path record) throws java.io.IOException {
        JsonObject boards = new JsonObject(Files.readString(record)).getJsonObject("boards");
        Map<String, String> out = new TreeMap<>();
        boards.fieldNames().forEach(b -> out.put(b, boards.getJsonObject(b).getJsonObject("4").getString("crc")));
        return out;
    }
}
