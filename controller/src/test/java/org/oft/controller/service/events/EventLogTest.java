package org.oft.controller.service.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.oft.controller.fattree.deploy.ElectricalBench;
import org.oft.controller.service.ControllerApp;
import org.oft.controller.service.ServeConfig;
import org.oft.sim.flit.FlitParameters;
import org.oft.sim.flit.FlitSimulator;

/**
 * The event log: every change asked through the console is an event with who asked and how it ended, kept in
 * an SQLite file that a restarted controller reads on; the history can be filtered by severity and by part.
 */
@Timeout(120)
class EventLogTest {
    private static ServeConfig config(Path events) {
        ElectricalBench bench = new ElectricalBench("kary:2,2", null, 1, FlitParameters.defaults(), FlitSimulator.PathPolicy.HASH,
                "uniform", 0.4, 1, 200, false);
        return ServeConfig.fatTree(new ServeConfig.FatTree(bench, "dmodk"), "127.0.0.1", 0, 40, "sim", null).withEvents(events);
    }

    private static HttpResponse<String> http(ControllerApp app, String method, String path, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.port() + path));
        if (body != null) {
            b.header("X-OFT-Token", app.token()).header("Content-Type", "application/json").method(method,
                    HttpRequest.BodyPublishers.ofString(body));
        }
        return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonArray events(ControllerApp app, String query) throws Exception {
        return new JsonObject(http(app, "GET", "/api/events" + query, null).body()).getJsonArray("events");
    }

    /** Events are kept as they are published, a moment after the answer: waits for the refused change, the last asked. */
    private static void awaitKept(ControllerApp app) throws Exception {
        for (int i = 0; i < 50; i++) {
            if (events(app, "").stream().map(JsonObject.class::cast).anyMatch(x -> x.getString("text").contains("link:switch-0:99"))) {
                return;
            }
            Thread.sleep(100);
        }
    }

    @Test
    void operatorActionsAreKeptWithWhoAndOutcomeAndSurviveARestart(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("events.db");
        try (ControllerApp app = ControllerApp.start(config(file))) {
            assertEquals(200, http(app, "POST", "/api/fail", "{\"fail\":\"link:switch-0:3\"}").statusCode());
            assertEquals(400, http(app, "POST", "/api/fail", "{\"fail\":\"link:switch-0:99\"}").statusCode());
            awaitKept(app);
            JsonArray all = events(app, "");
            // the changes asked, newest first (a failure's drops may raise an alert between them)
            JsonArray actions = events(app, "?kind=action");
            JsonObject refused = actions.getJsonObject(0);
            assertEquals("warning", refused.getString("severity"));
            assertEquals("refused (400)", refused.getString("outcome"));
            assertTrue(refused.getString("text").startsWith("POST /api/fail {\"fail\":\"link:switch-0:99\"}: "), refused.encode());
            assertTrue(refused.getString("who").startsWith("console (token holder at 127.0.0.1"), refused.encode());
            JsonObject done = actions.getJsonObject(1);
            assertEquals("done (200)", done.getString("outcome"));
            assertEquals("info", done.getString("severity"));
            assertTrue(all.stream().map(JsonObject.class::cast).anyMatch(e -> e.getString("kind").equals("start")), all.encode());
        }
        try (ControllerApp again = ControllerApp.start(config(file))) {
            JsonArray history = events(again, "");
            assertTrue(history.stream().map(JsonObject.class::cast).anyMatch(e -> e.getString("text").contains("link:switch-0:3")),
                    "the first run's events are still there: " + history.encode());
            assertEquals(2, history.stream().map(JsonObject.class::cast).filter(e -> e.getString("kind").equals("start")).count(),
                    "one start a run");
            JsonArray warnings = events(again, "?severity=warning&kind=action"); // threshold alerts are warnings of their own kind
            assertTrue(warnings.stream().map(JsonObject.class::cast).allMatch(e -> !e.getString("severity").equals("info")));
            assertEquals(1, warnings.size(), warnings.encode());
            // a change names the part it acted on; a refused one, which acted on nothing, its API path
            assertEquals(1, events(again, "?part=switch-0&kind=action").size());
            assertEquals(1, events(again, "?part=/api/fail").size());
            assertEquals(400, http(again, "GET", "/api/events?severity=loud", null).statusCode());

            // a warning seen by the operator is acknowledged, by whom and when; the not-acknowledged filter drops it
            long id = warnings.getJsonObject(0).getLong("id");
            HttpResponse<String> ack = http(again, "POST", "/api/events/" + id + "/ack", "{}");
            assertEquals(200, ack.statusCode(), ack.body());
            assertTrue(new JsonObject(ack.body()).getString("ackedBy").startsWith("console (token holder at 127.0.0.1"), ack.body());
            assertEquals(0, events(again, "?severity=warning&kind=action&unacked=true").size());
            assertEquals(404, http(again, "POST", "/api/events/999999/ack", "{}").statusCode());
            assertEquals(401, HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + again.port()
                    + "/api/events/" + id + "/ack")).POST(HttpRequest.BodyPublishers.ofString("{}")).header("Content-Type", "application/json")
                    .build(), HttpResponse.BodyHandlers.ofString()).statusCode(), "acknowledging needs the token");
            // the same rows as CSV: user text quoted, so it cannot add a row or a column
            HttpResponse<String> csv = http(again, "GET", "/api/events?format=csv&part=/api/fail", null);
            assertEquals(200, csv.statusCode());
            String[] rows = csv.body().split("\n");
            assertEquals("id,time,severity,kind,part,who,outcome,text,acked_by", rows[0]);
            assertEquals(2, rows.length, csv.body());
            assertTrue(rows[1].contains(",\"warning\",\"action\",\"/api/fail\",") && rows[1].contains("\"\"link:switch-0:99\"\""), rows[1]);

            // alert thresholds: read, changed (a port carrying load crosses a low utilisation threshold: an event
            // naming its switch), refused when out of range
            JsonObject alerts = new JsonObject(http(again, "GET", "/api/alerts", null).body());
            assertEquals(0.95, alerts.getDouble("utilisation"));
            assertEquals(20L, alerts.getLong("marginPs"));
            assertEquals(400, http(again, "POST", "/api/alerts", "{\"utilisation\":2}").statusCode());
            assertEquals(400, http(again, "POST", "/api/alerts", "{\"loudness\":1}").statusCode());
            HttpResponse<String> set = http(again, "POST", "/api/alerts", "{\"utilisation\":0.05,\"drops\":null}");
            assertEquals(200, set.statusCode(), set.body());
            assertEquals(null, new JsonObject(set.body()).getValue("drops"), "null turns an alert off");
            JsonObject raised = null;
            for (int i = 0; i < 100 && raised == null; i++) {
                raised = events(again, "?severity=warning").stream().map(JsonObject.class::cast)
                        .filter(e -> e.getString("kind").equals("alert")).findFirst().orElse(null);
                Thread.sleep(100);
            }
            assertTrue(raised != null, "a port over 0.05 flits per cycle raises an alert");
            assertTrue(events(again, "?kind=alert").stream().map(JsonObject.class::cast).allMatch(e -> e.getString("kind").equals("alert")));
            assertTrue(raised.getString("part").startsWith("switch-") && raised.getString("text").contains(" utilisation ")
                    && raised.getString("outcome").equals("opened"), raised.encode());

            // a time filter: events at or after a time (the page's "in the last ..."), refused when not a time
            long later = System.currentTimeMillis() + 3_600_000L;
            assertEquals(0, events(again, "?since=" + later).size(), "nothing logged an hour from now");
            assertFalse(events(again, "?since=0").isEmpty(), "everything is since 1970");
            assertEquals(400, http(again, "GET", "/api/events?since=yesterday", null).statusCode());
            assertEquals(400, http(again, "GET", "/api/events?since=-5", null).statusCode());
            HttpResponse<String> none = http(again, "POST", "/api/events/ack", "{\"severity\":\"info\",\"since\":" + later + "}");
            assertEquals(0, new JsonObject(none.body()).getInteger("acknowledged"), none.body());
        }
    }

    @Test
    void theLogKeepsTheNewestEventsItIsToldToAndReadsALogWrittenBeforeAcknowledgements(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("old.db");
        try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file); var st = c.createStatement()) {
            st.execute("CREATE TABLE events (id INTEGER PRIMARY KEY AUTOINCREMENT, at_ms INTEGER NOT NULL, severity TEXT NOT NULL, "
                    + "kind TEXT NOT NULL, part TEXT, who TEXT, outcome TEXT, text TEXT NOT NULL, controller TEXT)");
            st.execute("INSERT INTO events (at_ms, severity, kind, text) VALUES (1, 'alarm', 'board', 'from before')");
        }
        try (EventLog log = EventLog.open(file, 5)) {
            assertEquals("from before", log.query(0, 10, "info", null).getJsonObject(0).getString("text"));
            for (int i = 0; i < 30; i++) {
                log.append(Events.of("info", "note", "switch-" + i, null, null, "event " + i));
            }
            JsonArray kept = log.query(0, 100, "info", null);
            assertEquals(5, kept.size(), kept.encode());
            assertEquals("event 29", kept.getJsonObject(0).getString("text"));
            JsonObject acked = log.acknowledge(kept.getJsonObject(1).getLong("id"), "operator");
            assertEquals("operator", acked.getString("ackedBy"));
            assertEquals("operator", log.acknowledge(acked.getLong("id"), "another").getString("ackedBy"), "the first acknowledgement stays");
            assertEquals(4, log.query(0, 100, "info", null, null, true).size());
        }
        assertTrue(org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> EventLog.open(null, 0))
                .getMessage().contains("--events-keep must be at least 1"));
    }
}
