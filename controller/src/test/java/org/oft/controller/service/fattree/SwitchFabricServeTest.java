package org.oft.controller.service.fattree;

import org.oft.controller.service.ControllerApp;
import org.oft.controller.service.ServeConfig;
import org.oft.controller.boards.BoardSpec;
import org.oft.controller.service.http.ConsoleVerticle;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oft.controller.fattree.deploy.ElectricalBench;
import org.oft.sim.flit.FlitParameters;
import org.oft.sim.flit.FlitSimulator;
import org.oft.controller.fattree.ib.IbnetExport;
import org.oft.controller.fattree.topology.FabricFaults;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.TopologySpec;
import org.oft.hal.wire.Protocol;

/**
 * {@code serve --fabric fattree} end to end on the real server: tables deployed through hal to the
 * modelled switch boards, packets forwarded by what the boards hold, port counters read back,
 * an engine change redeployed incrementally with nothing lost or misrouted across the switch-over,
 * and faults located by board and port.
 */
@Timeout(120)
class SwitchFabricServeTest {
    private ControllerApp app;
    private Vertx client;
    private HttpClient http; // one pool per test: a client per call would pile up keep-alive connections

    static ServeConfig config(String board, String topology, double load) {
        ElectricalBench bench = new ElectricalBench(topology, null, 1, FlitParameters.defaults(), FlitSimulator.PathPolicy.HASH,
                "uniform", load, 1, 500, false);
        return ServeConfig.fatTree(new ServeConfig.FatTree(bench, "dmodk"), "127.0.0.1", 0, 50, board, null);
    }

    private void start(ServeConfig config) {
        app = ControllerApp.start(config);
        client = Vertx.vertx();
        http = client.createHttpClient();
    }

    @AfterEach
    void stop() throws Exception {
        if (client != null) {
            client.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
        if (app != null) {
            app.close();
        }
    }

    private JsonObject http(HttpMethod method, String path, String body) throws Exception {
        RequestOptions o = new RequestOptions().setMethod(method).setPort(app.port()).setHost("127.0.0.1").setURI(path)
                .putHeader(ConsoleVerticle.TOKEN_HEADER, app.token());
        if (body != null) {
            o.putHeader("content-type", "application/json");
        }
        // the body is asked for in the callback that gets the response: chained from this thread, the
        // response could end (its body unread, so empty) before the next stage was attached
        return http.request(o)
                .compose(req -> req.send(body == null ? Buffer.buffer() : Buffer.buffer(body))
                        .compose(resp -> resp.body().map(b -> new JsonObject(b.toString()).put("status", resp.statusCode()))))
                .toCompletionStage().toCompletableFuture().get(90, TimeUnit.SECONDS);
    }

    private JsonObject latestTelemetry() throws Exception {
        JsonObject c = http(HttpMethod.GET, "/api/ports", null);
        return c;
    }

    @Test
    void theBoardsForwardByTheirTablesAndAnEngineChangeLosesNothing() throws Exception {
        start(config("sim", "kary:4,3", 0.5));
        JsonObject c = http(HttpMethod.GET, "/api/config", null);
        assertEquals("fattree", c.getString("fabric"));
        assertEquals(64, c.getInteger("hosts"));
        assertEquals(48, c.getInteger("boards"));
        assertEquals("dmodk", c.getString("engine"));
        JsonObject first = c.getJsonArray("deploys").getJsonObject(0);
        assertEquals(48, first.getLong("blocksWritten"), "64 hosts: one 64-entry block per switch");

        // the port counters: every host link carries the offered load, within sampling noise
        JsonObject ports = await().atMost(Duration.ofSeconds(30)).until(this::latestTelemetry,
                p -> p.getJsonArray("levels") != null && p.getJsonArray("levels").getJsonObject(0).getValue("upUtilisation") != null);
        JsonObject level1 = ports.getJsonArray("levels").getJsonObject(0);
        assertEquals(64, level1.getInteger("links"));
        assertEquals(0.5, level1.getDouble("upUtilisation"), 0.08, level1.encode());
        assertEquals(0.5, level1.getDouble("downUtilisation"), 0.08, level1.encode());
        assertEquals(0, ports.getLong("anomalousPorts"));
        assertEquals(Protocol.PORT_COUNTERS, ports.getJsonArray("counterNames").getList());

        // D-mod-K -> random: only the blocks that differ, one epoch, nothing lost or misrouted
        JsonObject sw = http(HttpMethod.POST, "/api/engine", "{\"engine\":\"random\"}");
        assertEquals(200, sw.getInteger("status"), sw.encode());
        assertTrue(sw.getLong("blocksWritten") < 48, sw.encode());
        JsonObject over = sw.getJsonObject("switchOver");
        assertTrue(over.getLong("delivered") > 1000, over.encode());
        assertEquals(0, over.getLong("lost"), over.encode());
        assertEquals(0, over.getLong("misrouted"), over.encode());
        assertEquals("random", http(HttpMethod.GET, "/api/config", null).getString("engine"));
        // the same engine again: nothing differs, nothing is sent
        JsonObject again = http(HttpMethod.POST, "/api/engine", "{\"engine\":\"random\"}");
        assertEquals(0, again.getLong("blocksWritten"), again.encode());

        // refused with the reason, and the boards keep what they run
        JsonObject smodk = http(HttpMethod.POST, "/api/engine", "{\"engine\":\"smodk\"}");
        assertEquals(400, smodk.getInteger("status"));
        assertTrue(smodk.getString("error").contains("cannot express"), smodk.encode());
        assertEquals(400, http(HttpMethod.POST, "/api/engine", "{\"engine\":\"nope\"}").getInteger("status"));
        assertEquals(400, http(HttpMethod.POST, "/api/engine", "{\"engine\":\"dmodk\",\"paths\":2}").getInteger("status"));
        assertEquals(400, http(HttpMethod.POST, "/api/engine", "{\"engine\":3}").getInteger("status"));
        assertEquals("random", http(HttpMethod.GET, "/api/config", null).getString("engine"));
    }

    @Test
    void thePathsPerPairChangeWithinTheBoardsAddressesAndNothingIsLost() throws Exception {
        // each host has 4 addresses (LMC 2); D-mod-K at start, then disjoint over 2 paths: address q takes path q mod 2
        ElectricalBench bench = new ElectricalBench("kary:4,3", null, 4, FlitParameters.defaults(), FlitSimulator.PathPolicy.HASH,
                "uniform", 0.5, 1, 500, false);
        start(ServeConfig.fatTree(new ServeConfig.FatTree(bench, "dmodk"), "127.0.0.1", 0, 50, "sim", null));
        JsonObject c = http(HttpMethod.GET, "/api/config", null);
        assertEquals(1, c.getInteger("paths"), "D-mod-K is single-path: its one path over all four addresses");
        assertEquals(4, c.getInteger("addressesPerHost"));

        JsonObject sw = http(HttpMethod.POST, "/api/engine", "{\"engine\":\"disjoint\",\"paths\":2}");
        assertEquals(200, sw.getInteger("status"), sw.encode());
        assertEquals("disjoint over 2 paths", sw.getString("engine"));
        assertEquals(2, sw.getInteger("paths"));
        JsonObject over = sw.getJsonObject("switchOver");
        assertTrue(over.getLong("delivered") > 1000, over.encode());
        assertEquals(0, over.getLong("lost"), over.encode());
        assertEquals(0, over.getLong("misrouted"), over.encode());
        c = http(HttpMethod.GET, "/api/config", null);
        assertEquals("disjoint", c.getString("engine"));
        assertEquals(2, c.getInteger("paths"));
        // every switch: a host's addresses 2 and 3 go where 0 and 1 go, and 0 and 1 part at the leaves' up-ports
        int parted = 0;
        for (int i = 0; i < 48; i++) {
            JsonObject lft = http(HttpMethod.GET, "/api/lft?switch=" + i, null);
            assertEquals(4, lft.getInteger("paths"));
            JsonArray ports = lft.getJsonArray("ports");
            for (int d = 0; d < 64; d++) {
                assertEquals(ports.getValue(4 * d), ports.getValue(4 * d + 2), "switch " + i + ", host " + d);
                assertEquals(ports.getValue(4 * d + 1), ports.getValue(4 * d + 3), "switch " + i + ", host " + d);
                parted += java.util.Objects.equals(ports.getValue(4 * d), ports.getValue(4 * d + 1)) ? 0 : 1;
            }
        }
        assertTrue(parted > 0, "two disjoint paths, not one");

        JsonObject three = http(HttpMethod.POST, "/api/engine", "{\"paths\":3}");
        assertEquals(400, three.getInteger("status"));
        assertEquals("\"paths\" must divide the 4 address(es) the boards give each host (serve --paths sets them), got 3", three.getString("error"));
        for (String bad : new String[] {"{\"paths\":\"2\"}", "{\"paths\":2.5}", "{\"paths\":0}", "{}", "{\"path\":2}"}) {
            JsonObject r = http(HttpMethod.POST, "/api/engine", bad);
            assertEquals(400, r.getInteger("status"), bad + ": " + r.encode());
        }
        assertEquals(2, http(HttpMethod.GET, "/api/config", null).getInteger("paths"), "refusals change nothing");
        JsonObject single = http(HttpMethod.POST, "/api/engine", "{\"engine\":\"dmodk\",\"paths\":2}");
        assertEquals(400, single.getInteger("status"));
        assertTrue(single.getString("error").startsWith("dmodk is single-path"), single.encode());
        JsonObject back = http(HttpMethod.POST, "/api/engine", "{\"paths\":4}");
        assertEquals(200, back.getInteger("status"), back.encode());
        assertEquals("disjoint over 4 paths", back.getString("engine"));
        assertEquals(0, back.getJsonObject("switchOver").getLong("lost"));
    }

    @Test
    void aModelSlowerThanThePollsKeepsShowingItsLastRates() throws Exception {
        // a slot (500 cycles) every 2.5 s, as a large tree runs: most one-second polls find the model where it was
        ElectricalBench bench = new ElectricalBench("kary:2,3", null, 1, FlitParameters.defaults(), FlitSimulator.PathPolicy.HASH,
                "uniform", 0.5, 1, 500, false);
        start(ServeConfig.fatTree(new ServeConfig.FatTree(bench, "dmodk"), "127.0.0.1", 0, 0.4, "sim", null));
        // the counters' interval is whole slots: the epoch-counting start may give a first one of several
        await().atMost(Duration.ofSeconds(30)).until(this::latestTelemetry, p -> p.getLong("intervalCycles", 0L) == 500);
        long end = System.nanoTime() + 5_000_000_000L;
        java.util.Set<Long> cycles = new java.util.HashSet<>();
        while (System.nanoTime() < end) {
            JsonObject p = latestTelemetry();
            cycles.add(p.getLong("cycle"));
            assertEquals(500, p.getLong("intervalCycles"), p.encode());
            // host links carry the offered load: counters and cycles are of one latch
            assertEquals(0.5, p.getJsonArray("levels").getJsonObject(0).getDouble("upUtilisation"), 0.15, p.encode());
            assertEquals(10, p.getJsonArray("hottest").size());
            JsonObject rates = http(HttpMethod.GET, "/api/telemetry", null).getJsonObject("switches").getJsonObject("rates");
            assertEquals(0, rates.getDouble("cycles") % 500, rates.encode());
            assertTrue(rates.getDouble("cycles") > 0, rates.encode());
            Thread.sleep(300);
        }
        assertTrue(cycles.size() >= 2, "the model ran meanwhile: " + cycles);
    }

    @Test
    void faultsAreLocatedByBoardAndPort() throws Exception {
        start(config("sim", "kary:2,3", 0.3));
        // a dead cable at switch-0 (a leaf), port 1: the host link; its port is listed as down, and
        // what the leaf would send down it is discarded there
        JsonObject dead = http(HttpMethod.POST, "/api/faults", "{\"kind\":\"dead-link\",\"switch\":0,\"port\":1}");
        assertEquals(200, dead.getInteger("status"), dead.encode());
        JsonObject ports = await().atMost(Duration.ofSeconds(30)).until(this::latestTelemetry,
                p -> p.getJsonArray("anomalies") != null && !p.getJsonArray("anomalies").isEmpty()
                        && p.getJsonArray("anomalies").getJsonObject(0).getLong("PortXmitDiscards") > 0);
        JsonObject a = ports.getJsonArray("anomalies").getJsonObject(0);
        assertEquals("switch-0", a.getString("board"));
        assertEquals(1, a.getInteger("port"));
        assertEquals(false, a.getBoolean("linkUp"));
        assertEquals("host-0", a.getString("to"));

        // a rebooted top switch holds no table: what reaches it is dropped, counted at its ports
        int top = 8; // kary:2,3 has 4 switches per level; 8..11 are the tops
        assertEquals(200, http(HttpMethod.POST, "/api/faults", "{\"kind\":\"reboot\",\"switch\":" + top + "}").getInteger("status"));
        // its counters start again from zero under a new boot id: named in the first reading after, and
        // no rate is taken across the restart
        JsonObject restart = await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50)).until(this::latestTelemetry,
                p -> p.getJsonArray("restarted") != null && p.getJsonArray("restarted").contains("switch-" + top));
        assertEquals(1, restart.getJsonArray("restarted").size(), restart.getJsonArray("restarted").encode());
        JsonObject after = await().atMost(Duration.ofSeconds(30)).until(this::latestTelemetry, p -> {
            JsonArray an = p.getJsonArray("anomalies");
            return an != null && an.stream().map(JsonObject.class::cast).anyMatch(x -> x.getString("board").equals("switch-" + top)
                    && x.getLong("PortRcvSwitchRelayErrors") > 0);
        });
        assertTrue(after.getLong("anomalousPorts") >= 2);
        // one reboot, one restart: the boot id, cycle and counters a board reports are of one moment
        JsonArray restarts = after.getJsonArray("restarts");
        assertEquals(1, restarts.size(), restarts.encode());
        assertEquals("switch-" + top, restarts.getJsonObject(0).getString("board"));
        assertEquals(400, http(HttpMethod.POST, "/api/faults", "{\"kind\":\"reboot\",\"switch\":12}").getInteger("status"));
        assertEquals(400, http(HttpMethod.POST, "/api/faults", "{\"kind\":\"dead-link\",\"switch\":0,\"port\":5}").getInteger("status"));
        assertEquals(400, http(HttpMethod.POST, "/api/faults", "{\"kind\":\"flip\",\"switch\":0}").getInteger("status"));

        // both faults are listed; the cable is repaired by clearing its fault: the port is up again
        JsonArray faults = http(HttpMethod.GET, "/api/faults", null).getJsonArray("faults");
        assertEquals(2, faults.size(), faults.encode());
        JsonObject cable = faults.getJsonObject(0);
        assertEquals("dead", cable.getString("kind"));
        assertEquals("dead:switch-0:1", cable.getString("spec"));
        JsonObject repaired = http(HttpMethod.DELETE, "/api/faults/" + cable.getInteger("id"), null);
        assertEquals(200, repaired.getInteger("status"), repaired.encode());
        assertEquals(null, repaired.getValue("deploy"), "a repaired cable needs no deploy");
        await().atMost(Duration.ofSeconds(30)).until(this::latestTelemetry, p -> p.getJsonArray("anomalies") != null
                && p.getJsonArray("anomalies").stream().map(JsonObject.class::cast)
                .noneMatch(x -> x.getString("board").equals("switch-0") && !x.getBoolean("linkUp")));
        long discards = discardsAt("switch-0", 1);
        long later = freshDiscards("switch-0", 1, latestTelemetry().getLong("cycle") + 2000);
        assertEquals(discards, later, "nothing is discarded at a repaired cable");

        // clearing the reboot gives the rebooted board its table back
        JsonObject redeploy = http(HttpMethod.DELETE, "/api/faults", null);
        assertEquals(200, redeploy.getInteger("status"), redeploy.encode());
        assertTrue(redeploy.getJsonObject("deploy").getLong("blocksWritten") >= 1, "the rebooted board gets its whole table");
        assertEquals(0, http(HttpMethod.GET, "/api/faults", null).getJsonArray("faults").size());
    }

    @Test
    void aBoardProcessBehindAPseudoTerminalRunsTheSameModel() throws Exception {
        start(config("sim-pty", "kary:2,3", 0.4));
        JsonObject ports = await().atMost(Duration.ofSeconds(40)).until(this::latestTelemetry,
                p -> p.getJsonArray("levels") != null && p.getJsonArray("levels").getJsonObject(0).getValue("upUtilisation") != null);
        assertEquals(0.4, ports.getJsonArray("levels").getJsonObject(0).getDouble("upUtilisation"), 0.1);
        JsonObject sw = http(HttpMethod.POST, "/api/engine", "{\"engine\":\"random\"}");
        assertEquals(200, sw.getInteger("status"), sw.encode());
        assertEquals(0, sw.getJsonObject("switchOver").getLong("lost"));
        assertEquals(0, sw.getJsonObject("switchOver").getLong("misrouted"));
        // faults are the built-in model's: refused with the reason here
        JsonObject f = http(HttpMethod.POST, "/api/faults", "{\"kind\":\"reboot\",\"switch\":0}");
        assertEquals(400, f.getInteger("status"));
    }

    @Test
    void boardsBehindARegisterWindowToo(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path window = dir.resolve("switches.win");
        BoardSpec.BoardProcess.Spawned sp = BoardSpec.BoardProcess.spawn("--uio-file", window.toString(), "--fattree", "kary:2,3",
                "--load", "0.4", "--cycles-per-slot", "500");
        try {
            assertEquals("uio " + window, sp.announce());
            start(config("uio:" + window, "kary:2,3", 0.4));
            JsonObject ports = await().atMost(Duration.ofSeconds(40)).until(this::latestTelemetry,
                    p -> p.getJsonArray("levels") != null && p.getJsonArray("levels").getJsonObject(0).getValue("upUtilisation") != null);
            assertEquals(0.4, ports.getJsonArray("levels").getJsonObject(0).getDouble("upUtilisation"), 0.1);
            JsonObject sw = http(HttpMethod.POST, "/api/engine", "{\"engine\":\"random\"}");
            assertEquals(200, sw.getInteger("status"), sw.encode());
            assertEquals(0, sw.getJsonObject("switchOver").getLong("lost"));
        } finally {
            stop();
            app = null;
            client = null;
            BoardSpec.BoardProcess.kill(sp.process());
        }
    }

    /**
     * A listed port's discards as read back after switch cycle {@code cycle} (port counters are read
     * once a second); a reply that carries no port summary is not a reading and is asked again.
     */
    private long freshDiscards(String board, int port, long cycle) throws Exception {
        long[] reading = new long[1];
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            JsonObject p = latestTelemetry();
            if (p.getLong("cycle", 0L) <= cycle) {
                return false;
            }
            reading[0] = discardsIn(p, board, port);
            return reading[0] >= 0;
        });
        return reading[0];
    }

    private long discardsAt(String board, int port) throws Exception {
        return discardsIn(latestTelemetry(), board, port);
    }

    /** The port's discards in a port summary, or -1: not listed, or no summary in the reply. */
    private static long discardsIn(JsonObject ports, String board, int port) {
        JsonArray an = ports.getJsonArray("anomalies");
        if (an == null) {
            if (ports.containsKey("empty")) {
                System.err.println("GET /api/ports answered " + ports.getInteger("status") + " with no body");
            }
            return -1; // no port read yet
        }
        return an.stream().map(JsonObject.class::cast).filter(x -> x.getString("board").equals(board) && x.getInteger("port") == port)
                .mapToLong(x -> x.getLong("PortXmitDiscards")).findFirst().orElse(-1);
    }

    /**
     * A cable breaks (in the model): its leaf discards what it sends up it. Told of the failure, the
     * controller reroutes incrementally and deploys only the changed blocks; the discards stop,
     * nothing is lost for want of a route or misrouted, and an engine change keeps routing around it.
     */
    @Test
    void aFailedCableIsRoutedAroundAndItsDiscardsStop() throws Exception {
        start(config("sim", "kary:4,3", 0.5));
        assertEquals(200, http(HttpMethod.POST, "/api/faults", "{\"kind\":\"dead-link\",\"switch\":0,\"port\":5}").getInteger("status"));
        await().atMost(Duration.ofSeconds(30)).until(() -> discardsAt("switch-0", 5) > 0);
        // the route trace follows the fabric as it is: a pair the tables send over the cut cable is lost there
        JsonObject acrossCut = null;
        for (int d = 4; d < 64 && acrossCut == null; d++) {
            JsonObject tr = http(HttpMethod.GET, "/api/trace?src=0&dst=" + d, null);
            if (tr.getJsonArray("hops").stream().map(JsonObject.class::cast)
                    .anyMatch(hop -> hop.getString("from").equals("switch-0") && hop.getInteger("port") == 5)) {
                acrossCut = tr;
            }
        }
        assertTrue(acrossCut != null, "D-mod-K sends some of host 0's packets up port 5");
        assertTrue(acrossCut.getString("outcome").startsWith("lost at switch-0 port 5: the cable is cut"), acrossCut.encode());

        JsonObject f = http(HttpMethod.POST, "/api/fail", "{\"fail\":\"link:switch-0:5\"}");
        assertEquals(200, f.getInteger("status"), f.encode());
        assertTrue(f.getLong("entriesChanged") > 0 && f.getLong("blocksWritten") > 0 && f.getLong("blocksWritten") < 48, f.encode());
        assertEquals(0, f.getLong("unreachablePairs"));
        assertEquals(0, f.getJsonObject("switchOver").getLong("misrouted"), f.encode());
        // packets already on their way down to the switch that lost its cable die either way (under the
        // old tables at the dead cable, under the new for want of a route there); no others
        assertTrue(f.getJsonObject("switchOver").getLong("lost") <= f.getJsonObject("switchOver").getLong("flitsInNetworkBefore"),
                f.encode());
        // after the switch-over nothing is dropped any more, and nothing goes to the dead cable
        JsonObject t0 = http(HttpMethod.GET, "/api/telemetry", null).getJsonObject("switches");
        long settled = freshDiscards("switch-0", 5, t0.getLong("cycle"));
        Thread.sleep(2_500);
        JsonObject t1 = http(HttpMethod.GET, "/api/telemetry", null).getJsonObject("switches");
        assertEquals(settled, freshDiscards("switch-0", 5, t1.getLong("cycle")), "discards after the reroute");
        assertTrue(t1.getLong("delivered") > t0.getLong("delivered"));
        assertEquals(t0.getLong("dropped"), t1.getLong("dropped"), "drops after the reroute");
        assertEquals(List.of("link:switch-0:5"), http(HttpMethod.GET, "/api/config", null).getJsonArray("failures").getList());
        String rerouted = http(HttpMethod.GET, "/api/trace?src=0&dst=" + acrossCut.getInteger("dst"), null).getString("outcome");
        assertEquals("delivered", rerouted, "declared failed, the tables go around the cable");

        assertEquals(400, http(HttpMethod.POST, "/api/fail", "{\"fail\":\"link:switch-0:99\"}").getInteger("status"));
        assertEquals(400, http(HttpMethod.POST, "/api/fail", "{\"fail\":3}").getInteger("status"));
        assertEquals(400, http(HttpMethod.POST, "/api/fail", "{\"fail\":\"host:1\",\"x\":1}").getInteger("status"));

        JsonObject sw = http(HttpMethod.POST, "/api/engine", "{\"engine\":\"random\"}");
        assertEquals(200, sw.getInteger("status"), sw.encode());
        assertEquals(0, sw.getLong("unreachablePairs"));
        assertEquals(0, sw.getJsonObject("switchOver").getLong("discardedAtDeadLinks"), "the new engine's tables avoid the cable too");
        assertEquals(0, sw.getJsonObject("switchOver").getLong("lost"));

        // the engine change undone: what it replaced is deployed again, still around the failure; then nothing is left to undo
        assertEquals(new JsonObject().put("engine", "dmodk").put("paths", 1),
                http(HttpMethod.GET, "/api/config", null).getJsonObject("engineBefore"));
        JsonObject undo = http(HttpMethod.POST, "/api/engine/undo", "{}");
        assertEquals(200, undo.getInteger("status"), undo.encode());
        assertEquals(true, undo.getBoolean("undid"));
        assertEquals(0, undo.getJsonObject("switchOver").getLong("discardedAtDeadLinks"), undo.encode());
        JsonObject config = http(HttpMethod.GET, "/api/config", null);
        assertEquals("dmodk", config.getString("engine"));
        assertEquals(null, config.getValue("engineBefore"));
        assertEquals(List.of("link:switch-0:5"), config.getJsonArray("failures").getList());
        JsonObject again = http(HttpMethod.POST, "/api/engine/undo", "{}");
        assertEquals(404, again.getInteger("status"), again.encode());
        assertTrue(again.getString("error").startsWith("no engine change to undo"), again.encode());
    }

    /**
     * Faults are written in the one grammar (a spec, or its fields; the first API's form still read), one per
     * target whichever spelling or cable end names it; a failure typed where a fault belongs says what to write.
     * A part is drilled into by any of its names: its ports, the cut cable, the faults and failures on it, its
     * table; the anomalous ports are listed the worst first, filtered; the changes' events name the part.
     */
    @Test
    void faultsAreWrittenInOneGrammarAndAPartIsDrilledInto() throws Exception {
        start(config("sim", "kary:4,3", 0.3));
        JsonObject cut = http(HttpMethod.POST, "/api/faults", "{\"spec\":\"dead:switch-0:5\"}");
        assertEquals(200, cut.getInteger("status"), cut.encode());
        JsonObject part = http(HttpMethod.GET, "/api/parts/switch-0", null);
        assertEquals(200, part.getInteger("status"), part.encode());
        JsonObject port5 = part.getJsonArray("ports").getJsonObject(4);
        assertEquals(5, port5.getInteger("port"));
        assertEquals("up", port5.getString("direction"));
        assertEquals("cut (a fault in the model)", port5.getString("state"));
        // the same cable named from its other end, the fields of the spec, another spelling: the fault in force
        String otherEnd = "dead:" + port5.getString("to") + ":" + port5.getInteger("toPort");
        for (String body : List.of("{\"spec\":\"" + otherEnd + "\"}", "{\"kind\":\"dead\",\"part\":\"switch-0\",\"port\":5}",
                "{\"spec\":\"dead:SWITCH-00:5\"}", "{\"kind\":\"dead-link\",\"switch\":0,\"port\":5}",
                "{\"spec\":\"dead:" + part.getString("tuple") + ":5\"}")) {
            JsonObject again = http(HttpMethod.POST, "/api/faults", body);
            assertEquals(409, again.getInteger("status"), body + " " + again.encode());
            assertTrue(again.getString("error").endsWith("is already in force as fault 1 (dead:switch-0:5); clear it first"), again.encode());
        }
        // a packet coming down the cut cable is lost at its upper end (the trace checks the cable's far end too)
        JsonObject downCut = null;
        for (int src = 4; src < 64 && downCut == null; src++) {
            JsonObject tr = http(HttpMethod.GET, "/api/trace?src=" + src + "&dst=0", null);
            if (tr.getString("outcome").startsWith("lost at " + port5.getString("to") + " port " + port5.getInteger("toPort"))) {
                downCut = tr;
            }
        }
        assertTrue(downCut != null, "some packet to host 0 comes down the cut cable");
        assertTrue(downCut.getString("outcome").endsWith("the cable is cut (a fault in force in the model)"), downCut.encode());
        JsonObject wrongBox = http(HttpMethod.POST, "/api/faults", "{\"spec\":\"link:switch-0:5\"}");
        assertEquals(400, wrongBox.getInteger("status"));
        assertTrue(wrongBox.getString("error").contains("declares a failure") && wrongBox.getString("error").contains("dead:switch-0:5"),
                wrongBox.encode());
        assertEquals(400, http(HttpMethod.POST, "/api/faults", "{\"spec\":\"dead:switch-0\"}").getInteger("status"));
        assertEquals(400, http(HttpMethod.POST, "/api/faults", "{\"spec\":\"dead:switch-+0:5\"}").getInteger("status"));
        assertEquals(400, http(HttpMethod.POST, "/api/faults", "{\"spec\":\"reboot:host-3\"}").getInteger("status"));
        assertEquals(1, http(HttpMethod.GET, "/api/faults", null).getJsonArray("faults").size());

        // drilled into by its tuple as by its board name: 8 ports, the fault on it, its table's spread
        JsonObject byTuple = http(HttpMethod.GET, "/api/parts/" + java.net.URLEncoder.encode(part.getString("tuple"),
                java.nio.charset.StandardCharsets.UTF_8), null);
        assertEquals("switch-0", byTuple.getString("part"), byTuple.encode());
        assertEquals(8, part.getJsonArray("ports").size());
        assertEquals("host-0", part.getJsonArray("ports").getJsonObject(0).getString("to"));
        assertEquals("dead:switch-0:5", part.getJsonArray("faults").getJsonObject(0).getString("spec"));
        JsonObject table = part.getJsonObject("table");
        assertEquals(64, table.getInteger("addresses"));
        assertEquals(64, table.getJsonArray("byPort").stream().mapToInt(o -> ((JsonObject) o).getInteger("addresses")).sum());
        assertEquals(404, http(HttpMethod.GET, "/api/parts/switch-48", null).getInteger("status"));
        // the counters as the board reports them, and their rates over the polls
        JsonObject polled = await().atMost(Duration.ofSeconds(30)).until(() -> http(HttpMethod.GET, "/api/parts/switch-0", null),
                p -> p.getJsonObject("history").getJsonArray("cycles").size() >= 2
                        && p.getJsonArray("ports").getJsonObject(4).getBoolean("linkUp") == Boolean.FALSE);
        assertTrue(polled.getJsonArray("ports").getJsonObject(0).getJsonObject("counters").getLong("PortXmitData") > 0, polled.encode());
        assertEquals(8, polled.getJsonObject("history").getJsonArray("ports").size());

        // the anomalous ports, the worst first: the cut cable before any drop elsewhere; filtered
        JsonObject an = await().atMost(Duration.ofSeconds(30)).until(() -> http(HttpMethod.GET, "/api/anomalies?filter=down", null),
                a -> a.getLong("matched") >= 1);
        JsonObject worst = an.getJsonArray("anomalies").getJsonObject(0);
        assertEquals("alarm", worst.getString("severity"));
        assertTrue(worst.getString("board").equals("switch-0") || worst.getString("toPart").equals("switch-0"), an.encode());
        assertEquals(400, http(HttpMethod.GET, "/api/anomalies?limit=0", null).getInteger("status"));

        // declared failures: another spelling of one declared is refused, not stacked
        assertEquals(200, http(HttpMethod.POST, "/api/fail", "{\"fail\":\"link:switch-0:5\"}").getInteger("status"));
        JsonObject twice = http(HttpMethod.POST, "/api/fail", "{\"fail\":\"link:SWITCH-00:5\"}");
        assertEquals(400, twice.getInteger("status"), twice.encode());
        assertTrue(twice.getString("error").contains("takes out nothing that is not out already"), twice.encode());
        JsonObject failed = http(HttpMethod.GET, "/api/parts/switch-0", null);
        assertEquals(1, failed.getJsonArray("failures").size(), failed.encode());
        assertEquals("declared failed", failed.getJsonArray("ports").getJsonObject(4).getString("state"));
        // the events of the changes name the part they acted on
        JsonArray events = await().atMost(Duration.ofSeconds(10)).until(
                () -> http(HttpMethod.GET, "/api/events?part=switch-0&limit=50", null).getJsonArray("events"), e -> e.size() >= 2);
        assertTrue(events.stream().map(JsonObject.class::cast).anyMatch(e -> e.getString("text").startsWith("POST /api/fail")), events.encode());
        assertTrue(events.stream().map(JsonObject.class::cast).anyMatch(e -> e.getString("text").startsWith("POST /api/faults")
                && e.getString("outcome").equals("done (200)")), events.encode());
    }

    /**
     * A failure declared by mistake is undone: listed with its id, repaired by DELETE (the tables rerouted
     * without it, deployed at one epoch), and gone from the configuration; an id that names nothing is 404.
     */
    @Test
    void aDeclaredFailureIsListedAndRepaired() throws Exception {
        start(config("sim", "kary:4,3", 0.3));
        JsonObject f = http(HttpMethod.POST, "/api/fail", "{\"fail\":\"link:switch-0:1\"}"); // a mistyped port: host 0 cut off
        assertEquals(200, f.getInteger("status"), f.encode());
        assertEquals(126, f.getLong("unreachablePairs"), "host 0 cut off: 63 pairs each way");
        JsonArray declared = http(HttpMethod.GET, "/api/fail", null).getJsonArray("failures");
        assertEquals(1, declared.size());
        assertEquals("link:switch-0:1", declared.getJsonObject(0).getString("spec"));
        long id = declared.getJsonObject(0).getLong("id");

        JsonObject r = http(HttpMethod.DELETE, "/api/fail/" + id, null);
        assertEquals(200, r.getInteger("status"), r.encode());
        assertEquals("link:switch-0:1", r.getString("repaired"));
        assertEquals(0, r.getLong("unreachablePairs"));
        assertTrue(r.getLong("blocksWritten") > 0, r.encode());
        assertEquals(0, r.getJsonObject("switchOver").getLong("misrouted"), r.encode());
        assertEquals(List.of(), http(HttpMethod.GET, "/api/config", null).getJsonArray("failures").getList());
        assertEquals(0, http(HttpMethod.GET, "/api/fail", null).getJsonArray("failures").size());
        JsonObject again = http(HttpMethod.DELETE, "/api/fail/" + id, null);
        assertEquals(404, again.getInteger("status"), again.encode());
        assertTrue(again.getString("error").contains("none is declared"), again.encode());
        assertEquals(400, http(HttpMethod.DELETE, "/api/fail/x", null).getInteger("status"));
    }

    /**
     * An imported fabric that lacks cables (ibnetdiscover output with holes): served as the intended
     * tree, routed around its holes from the first deploy; the model lacks those cables too, and
     * nothing is dropped or misdelivered.
     */
    @Test
    void anImportedFabricWithHolesIsRoutedAroundThemFromTheStart(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        FatTree whole = TopologySpec.parse("pgft:3;4,2,4;1,2,2;1,2,2");
        java.nio.file.Path net = dir.resolve("holes.net");
        try (java.io.PrintWriter w = new java.io.PrintWriter(java.nio.file.Files.newBufferedWriter(net))) {
            IbnetExport.write(whole, FabricFaults.parse(whole,
                    List.of("link:(1,0,1,0):5", "link:(2,1,1,0):7")), w);
        }
        start(config("sim", "ibnet:" + net, 0.5));
        assertEquals(2, http(HttpMethod.GET, "/api/config", null).getJsonArray("missing").size());
        JsonObject ports = await().atMost(Duration.ofSeconds(30)).until(this::latestTelemetry,
                p -> p.getJsonArray("levels") != null && p.getJsonArray("levels").getJsonObject(0).getValue("upUtilisation") != null);
        assertEquals(4, ports.getLong("anomalousPorts"), "the two missing cables' four ends are down: " + ports.encode());
        JsonObject t = http(HttpMethod.GET, "/api/telemetry", null).getJsonObject("switches");
        assertTrue(t.getLong("delivered") > 10_000, t.encode());
        assertEquals(0, t.getLong("dropped"), t.encode());
        assertEquals(0, t.getLong("misdelivered"), t.encode());
    }
}
