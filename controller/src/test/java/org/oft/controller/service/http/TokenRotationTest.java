package org.oft.controller.service.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oft.controller.service.ControllerApp;
import org.oft.controller.service.ServeConfig;

/** The console token rotated on request: the old one stops working at once, the new one is said only to the caller. */
@Timeout(60)
class TokenRotationTest {
    private static HttpResponse<String> post(ControllerApp app, String path, String token, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.port() + path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            b.header(ConsoleVerticle.TOKEN_HEADER, token);
        }
        return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theOldTokenStopsWorkingAndTheNewOneIsTheCallers() throws Exception {
        try (ControllerApp app = ControllerApp.start(new ServeConfig(3, 1, "127.0.0.1", 0, 10, "sim").withEvents(null))) {
            String old = app.token();
            java.util.List<String> told = new java.util.ArrayList<>();
            app.onTokenRotated(told::add);
            assertEquals(401, post(app, "/api/token/rotate", null, "{}").statusCode(), "a rotation needs the token");
            HttpResponse<String> r = post(app, "/api/token/rotate", old, "{}");
            assertEquals(200, r.statusCode(), r.body());
            String fresh = new JsonObject(r.body()).getString("token");
            assertNotEquals(old, fresh);
            assertEquals(32, fresh.length());
            assertEquals(fresh, app.token());
            assertEquals(java.util.List.of(fresh), told, "the token file is rewritten with it");
            assertEquals(401, post(app, "/api/alerts", old, "{\"drops\": 2}").statusCode(), "the old token opens nothing");
            assertEquals(200, post(app, "/api/alerts", fresh, "{\"drops\": 2}").statusCode());
            Thread.sleep(300); // the change's event is kept a moment after the answer
            String events = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.port()
                    + "/api/events?kind=action")).build(), HttpResponse.BodyHandlers.ofString()).body();
            assertTrue(events.contains("\"part\":\"console token\"") && events.contains("POST /api/token/rotate"), events);
            assertTrue(!events.contains(fresh) && !events.contains(old), "the log never holds a token");
        }
    }
}
