package org.oft.controller.service.fattree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oft.controller.service.ConsoleClient;
import org.oft.controller.service.ControllerApp;

/**
 * One declared host cable, one incident: the packets sent to the host that is cut off are dropped at every port that
 * still routes to it, poll after poll, and the event log says so once when it starts and once when the cable is
 * repaired (the crossings of every port meanwhile in the closing event), not a warning and a clear per port.
 */
@Timeout(120)
class AlertIncidentServeTest {
    private ControllerApp app;

    @AfterEach
    void stop() {
        if (app != null) {
            app.close();
        }
    }

    private JsonObject call(String method, String path, String body) throws Exception {
        return new ConsoleClient(app).call(method, path, body);
    }

    private List<JsonObject> alerts() throws Exception {
        JsonArray e = call("GET", "/api/events?kind=alert&limit=1000", null).getJsonArray("events");
        return e.stream().map(JsonObject.class::cast).toList();
    }

    @Test
    void oneDeclaredCableIsOneIncident() throws Exception {
        app = ControllerApp.start(SwitchFabricServeTest.config("sim", "kary:4,3", 0.4));
        call("POST", "/api/fail", "{\"fail\":\"host:9\"}");
        long until = System.nanoTime() + 60_000_000_000L;
        while (alerts().isEmpty() && System.nanoTime() < until) {
            Thread.sleep(500);
        }
        Thread.sleep(8_000); // poll after poll of drops at every port that still routes to host 9
        List<JsonObject> open = alerts();
        assertEquals(List.of("opened"), open.stream().map(e -> e.getString("outcome")).toList(), "one event, not one a port: " + open);
        call("DELETE", "/api/fail/1", ""); // the first failure declared
        until = System.nanoTime() + 60_000_000_000L;
        while (alerts().size() < 2 && System.nanoTime() < until) {
            Thread.sleep(500);
        }
        List<JsonObject> all = alerts();
        assertEquals(List.of("closed", "opened"), all.stream().map(e -> e.getString("outcome")).toList(), all.toString());
        String closed = all.get(0).getString("text");
        assertTrue(closed.matches("threshold alerts over after \\d+ s \\(all back\\): \\d+ parts crossed \\(drop \\d+.*"), closed);
        int parts = Integer.parseInt(closed.replaceAll(".*: (\\d+) parts crossed.*", "$1"));
        assertTrue(parts > 1, "the ports that dropped its packets, in one incident: " + closed);
    }
}
