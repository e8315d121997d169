package org.oft.controller.service;

import org.oft.controller.service.http.ConsoleVerticle;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The real server on a free loopback port, read by a real HTTP and WebSocket client. */
@Timeout(60)
class ControllerAppTest {
    private ControllerApp app;
    private Vertx client;
    private HttpClient http; // one pool per test, not one per call

    @BeforeEach
    void start() {
        app = ControllerApp.start(new ServeConfig(3, 1, "127.0.0.1", 0, 200, "sim"));
        client = Vertx.vertx();
        http = client.createHttpClient();
    }

    @AfterEach
    void stop() throws Exception {
        client.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        app.close();
    }

    private JsonObject http(HttpMethod method, String path, String body) throws Exception {
        // the body is asked for in the callback that gets the response: chained from this thread, the
        // response can have ended (and its body gone) before the next stage is attached
        return http.request(method, app.port(), "127.0.0.1", path)
                .compose(req -> req.putHeader(ConsoleVerticle.TOKEN_HEADER, app.token())
                        .send(body == null ? Buffer.buffer() : Buffer.buffer(body))
                        .compose(resp -> resp.body().map(b -> new JsonObject(b.toString()).put("status", resp.statusCode()))))
                .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void configDescribesTheDeployedFabric() throws Exception {
        JsonObject c = http(HttpMethod.GET, "/api/config", null);
        assertEquals(3, c.getInteger("order"));
        assertEquals("00011101", c.getString("sequence"));
        assertEquals(1, c.getInteger("latency"));
        assertEquals(3 + 8, c.getJsonArray("boards").size());
    }

    @Test
    void telemetryStreamsOverTheWebSocketAndShowsInjectedFaults() throws Exception {
        CopyOnWriteArrayList<JsonObject> records = new CopyOnWriteArrayList<>();
        WebSocket ws = java.net.http.HttpClient.newHttpClient().newWebSocketBuilder()
                .buildAsync(URI.create("ws://127.0.0.1:" + app.port() + ConsoleVerticle.WEBSOCKET_PATH), new WebSocket.Listener() {
                    private final StringBuilder partial = new StringBuilder();

                    @Override
                    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
                        partial.append(data);
                        if (last) {
                            JsonObject m = new JsonObject(partial.toString());
                            if (m.getString("type") == null) { // telemetry; health records carry a type
                                records.add(m);
                            }
                            partial.setLength(0);
                        }
                        webSocket.request(1);
                        return null;
                    }
                }).get(10, TimeUnit.SECONDS);
        await().atMost(Duration.ofSeconds(20)).until(() -> records.size() >= 3
                && records.get(records.size() - 1).getLong("slot") > records.get(0).getLong("slot"));
        JsonObject last = records.get(records.size() - 1);
        assertTrue(last.getBoolean("running"));
        assertEquals(3, last.getJsonArray("levels").size());
        JsonObject total = last.getJsonObject("total");
        assertTrue(total.getLong("injected") > 0);
        assertEquals(0, total.getLong("misdelivered"));
        assertEquals(0, total.getLong("collisions"));

        JsonObject applied = http(HttpMethod.POST, "/api/faults", "{\"kind\":\"stuck\",\"level\":3,\"node\":0,\"state\":\"turn\"}");
        assertEquals(200, applied.getInteger("status"));
        await().atMost(Duration.ofSeconds(20)).until(() -> records.get(records.size() - 1)
                .getJsonObject("total").getLong("misdelivered") > 0);
        assertEquals(1, records.get(records.size() - 1).getJsonArray("levels").getJsonObject(2).getInteger("stuckNodes"));

        http(HttpMethod.POST, "/api/faults", "{\"kind\":\"double-inject\",\"processor\":2}");
        await().atMost(Duration.ofSeconds(20)).until(() -> records.get(records.size() - 1)
                .getJsonObject("total").getLong("collisions") == 1);
        ws.sendClose(WebSocket.NORMAL_CLOSURE, "done").get(10, TimeUnit.SECONDS);
    }

    @Test
    void faultsAreListedReplacedByTargetClearedOneByOneOrAllAndCountersReset() throws Exception {
        assertEquals(0, http(HttpMethod.GET, "/api/faults", null).getJsonArray("faults").size());
        assertEquals(200, http(HttpMethod.POST, "/api/faults", "{\"kind\":\"stuck\",\"level\":3,\"node\":0,\"state\":\"turn\"}")
                .getInteger("status"));
        // the same node again: the fault is replaced, not stacked
        assertEquals(200, http(HttpMethod.POST, "/api/faults", "{\"spec\":\"stuck:3:0:drop\"}").getInteger("status"));
        assertEquals(200, http(HttpMethod.POST, "/api/faults", "{\"spec\":\"dead:L1.0.0\"}").getInteger("status"));
        JsonObject list = http(HttpMethod.GET, "/api/faults", null);
        assertEquals(2, list.getJsonArray("faults").size(), list.encode());
        JsonObject stuck = list.getJsonArray("faults").getJsonObject(0);
        assertEquals("stuck:3:0", stuck.getString("target"));
        assertEquals("stuck:3:0:drop", stuck.getString("spec"));
        await().atMost(Duration.ofSeconds(20)).until(() -> http(HttpMethod.GET, "/api/telemetry", null)
                .getJsonObject("total").getLong("lost") + http(HttpMethod.GET, "/api/telemetry", null).getJsonObject("total").getLong("misdelivered") > 0);

        assertEquals(404, http(HttpMethod.DELETE, "/api/faults/999", null).getInteger("status"));
        assertEquals(400, http(HttpMethod.DELETE, "/api/faults/abc", null).getInteger("status"));
        JsonObject one = http(HttpMethod.DELETE, "/api/faults/" + stuck.getInteger("id"), null);
        assertEquals(200, one.getInteger("status"), one.encode());
        assertTrue(one.getString("cleared").contains("level 3 node 0"), one.encode());
        assertEquals(1, http(HttpMethod.GET, "/api/faults", null).getJsonArray("faults").size());
        assertEquals(200, http(HttpMethod.DELETE, "/api/faults", null).getInteger("status"));
        assertEquals(0, http(HttpMethod.GET, "/api/faults", null).getJsonArray("faults").size());

        // a clean fabric again (once the packets sent under the faults have drained): after a reset
        // the totals count from zero and stay clean
        long cleared = http(HttpMethod.GET, "/api/telemetry", null).getLong("slot");
        await().atMost(Duration.ofSeconds(20)).until(() -> http(HttpMethod.GET, "/api/telemetry", null).getLong("slot") > cleared + 10);
        assertEquals(200, http(HttpMethod.POST, "/api/counters/reset", "{}").getInteger("status"));
        long slot = http(HttpMethod.GET, "/api/telemetry", null).getLong("slot");
        await().atMost(Duration.ofSeconds(20)).until(() -> http(HttpMethod.GET, "/api/telemetry", null).getLong("slot") > slot + 20);
        JsonObject total = http(HttpMethod.GET, "/api/telemetry", null).getJsonObject("total");
        assertTrue(total.getLong("delivered") > 0, total.encode());
        assertEquals(0, total.getLong("lost") + total.getLong("misdelivered") + total.getLong("collisions"), total.encode());
    }

    @Test
    void boardsTablesHealthAndTheClockAreServed() throws Exception {
        JsonObject boards = http(HttpMethod.GET, "/api/boards", null);
        assertEquals(3 + 8, boards.getJsonArray("boards").size(), boards.encode());
        assertEquals("in process", boards.getJsonObject("link").getString("kind"));

        JsonObject table = http(HttpMethod.GET, "/api/oft/table?processor=5", null);
        assertEquals(8, table.getJsonArray("rows").size());
        // row i of processor s is s XOR the sequence window at i + latency (Honkanen's rolling window)
        for (int i = 0; i < 8; i++) {
            int d = table.getJsonArray("rows").getInteger(i);
            assertTrue(d >= 0 && d < 8);
        }
        assertEquals(8, table.getJsonArray("rows").stream().collect(java.util.stream.Collectors.toSet()).size(), "every destination once per cycle");
        assertEquals(400, http(HttpMethod.GET, "/api/oft/table?processor=8", null).getInteger("status"));
        assertEquals(400, http(HttpMethod.GET, "/api/oft/table?processor=x", null).getInteger("status"));

        // a stuck node shows in the health record at its level and node
        http(HttpMethod.POST, "/api/faults", "{\"spec\":\"stuck:2:1:turn\"}");
        JsonObject spot = await().atMost(Duration.ofSeconds(10)).until(() -> {
            JsonObject h = http(HttpMethod.GET, "/api/health", null);
            return h.getJsonArray("spots") == null ? null : h.getJsonArray("spots").stream().map(JsonObject.class::cast)
                    .filter(x -> "level 2 node 1".equals(x.getString("name"))).findFirst().orElse(null);
        }, java.util.Objects::nonNull);
        assertEquals("stuck in turn", spot.getString("state"));
        assertEquals(2, spot.getInteger("level"));
        // a fibre laid longer costs nothing within the margin, and is named all the same
        http(HttpMethod.POST, "/api/faults", "{\"spec\":\"fibre:L2.1.0:+3\"}");
        JsonObject fibre = await().atMost(Duration.ofSeconds(10)).until(() -> http(HttpMethod.GET, "/api/health", null)
                .getJsonArray("spots").stream().map(JsonObject.class::cast).filter(x -> "L2.1.0".equals(x.getString("name")))
                .findFirst().orElse(null), java.util.Objects::nonNull);
        assertTrue(fibre.getString("state").matches("fibre L2.1.0 now [0-9.]+ mm"), fibre.encode());

        JsonObject stopped = http(HttpMethod.POST, "/api/clock", "{\"running\":false}");
        assertEquals(200, stopped.getInteger("status"), stopped.encode());
        await().atMost(Duration.ofSeconds(10)).until(() -> !http(HttpMethod.GET, "/api/telemetry", null).getBoolean("running"));
        assertEquals(400, http(HttpMethod.POST, "/api/clock", "{\"running\":true,\"slotsPerSecond\":-1}").getInteger("status"));
        assertEquals(200, http(HttpMethod.POST, "/api/clock", "{\"running\":true,\"slotsPerSecond\":100}").getInteger("status"));
        assertEquals(100.0, http(HttpMethod.GET, "/api/config", null).getDouble("slotsPerSecond"));
    }

    private long truncated() throws Exception {
        return http(HttpMethod.GET, "/api/telemetry", null).getJsonObject("timing").getJsonArray("total").stream()
                .mapToLong(l -> ((JsonObject) l).getLong("truncated")).sum();
    }

    private void slotsPass(long slots) throws Exception {
        long slot = http(HttpMethod.GET, "/api/telemetry", null).getLong("slot");
        await().atMost(Duration.ofSeconds(20)).until(() -> http(HttpMethod.GET, "/api/telemetry", null).getLong("slot") > slot + slots);
    }

    /** Once the last deploy is 10 slots old, 30 slots from a counter reset pass with no packet truncated, lost, misdelivered or colliding. */
    private void assertRunsClean() throws Exception {
        slotsPass(10);
        http(HttpMethod.POST, "/api/counters/reset", "{}");
        slotsPass(30);
        assertEquals(0, truncated());
        JsonObject t = http(HttpMethod.GET, "/api/telemetry", null).getJsonObject("total");
        assertEquals(0, t.getLong("lost") + t.getLong("misdelivered") + t.getLong("collisions"), t.encode());
    }

    @Test
    void recalibrationMeasuresASkewedClockAndTheFabricRunsCleanAgain() throws Exception {
        assertEquals(200, http(HttpMethod.POST, "/api/faults", "{\"spec\":\"skew:router-2:700\"}").getInteger("status"));
        await().atMost(Duration.ofSeconds(20)).until(() -> truncated() > 0);
        JsonObject r = http(HttpMethod.POST, "/api/recalibrate", "{}");
        assertEquals(200, r.getInteger("status"), r.encode());
        assertEquals(54, r.getLong("worstMarginPs"), "the full margin again: the skew is measured and compensated");
        assertEquals(r.getLong("epoch"), http(HttpMethod.GET, "/api/config", null).getLong("deployEpoch"));
        assertRunsClean();
    }

    @Test
    void clearingAFaultTheFabricWasCalibratedWithRecalibratesSoTheFabricRunsCleanAgain() throws Exception {
        assertEquals(200, http(HttpMethod.POST, "/api/faults", "{\"spec\":\"skew:router-2:700\"}").getInteger("status"));
        assertEquals(200, http(HttpMethod.POST, "/api/recalibrate", "{}").getInteger("status"));
        assertRunsClean(); // calibrated with the skew
        // clearing the skew alone would leave the phases compensating a skew that is gone: every packet truncated
        JsonObject r = http(HttpMethod.DELETE, "/api/faults", null);
        assertEquals(200, r.getInteger("status"), r.encode());
        assertTrue(r.getString("cleared").startsWith("1 fault(s); the phases had been calibrated with it in force, so the fabric was "
                + "recalibrated (worst margin 54 ps, from slot "), r.encode());
        assertRunsClean();
        // a fault injected after the calibration is cleared as before: nothing to recalibrate
        assertEquals(200, http(HttpMethod.POST, "/api/faults", "{\"spec\":\"stuck:2:1:turn\"}").getInteger("status"));
        r = http(HttpMethod.DELETE, "/api/faults", null);
        assertEquals("1 fault(s)", r.getString("cleared"), r.encode());
    }

    @Test
    void badFaultsAreRefusedWithTheReason() throws Exception {
        JsonObject r = http(HttpMethod.POST, "/api/faults", "{\"kind\":\"stuck\",\"level\":7,\"node\":0,\"state\":\"turn\"}");
        assertEquals(400, r.getInteger("status"));
        assertTrue(r.getString("error").endsWith("level must be between 1 and 3, got 7"), r.getString("error"));
        JsonObject notJson = http(HttpMethod.POST, "/api/faults", "{{{");
        assertEquals(400, notJson.getInteger("status"));
        JsonObject unknown = http(HttpMethod.POST, "/api/faults", "{\"kind\":\"meteor\"}");
        assertEquals("unknown fault kind 'meteor' (use stuck, double-inject, or {\"spec\": ...})", unknown.getString("error"));
    }
}
