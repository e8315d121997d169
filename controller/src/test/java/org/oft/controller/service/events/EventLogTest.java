package org.oft.controller.service.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
        for (int i = 0; ; i++) { // events are kept as they are published: a moment after the answer
            JsonArray e = new JsonObject(http(app, "GET", "/api/events" + query, null).body()).getJsonArray("events");
            if (i == 50 || e.stream().map(JsonObject.class::cast).anyMatch(x -> x.getString("text").contains("link:switch-0:99"))) {
                return e;
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
            JsonArray all = events(app, "");
            JsonObject refused = all.getJsonObject(0);
            assertEquals("warning", refused.getString("severity"));
            assertEquals("refused (400)", refused.getString("outcome"));
            assertTrue(refused.getString("text").startsWith("POST /api/fail {\"fail\":\"link:switch-0:99\"}: "), refused.encode());
            assertTrue(refused.getString("who").startsWith("console (token holder at 127.0.0.1"), refused.encode());
            JsonObject done = all.getJsonObject(1);
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
            JsonArray warnings = events(again, "?severity=warning");
            assertTrue(warnings.stream().map(JsonObject.class::cast).allMatch(e -> !e.getString("severity").equals("info")));
            assertEquals(1, warnings.size(), warnings.encode());
            assertEquals(2, events(again, "?part=/api/fail").size());
            assertEquals(400, http(again, "GET", "/api/events?severity=loud", null).statusCode());
        }
    }
}
