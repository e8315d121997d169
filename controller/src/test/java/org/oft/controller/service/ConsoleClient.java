package org.oft.controller.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.oft.controller.service.http.ConsoleVerticle;

/** A test's calls to a running controller's console API, with its token: the answer's JSON, its status checked. */
public final class ConsoleClient {
    private final ControllerApp app;
    private final HttpClient http = HttpClient.newHttpClient();

    public ConsoleClient(ControllerApp app) {
        this.app = app;
    }

    /** {@code method path} with {@code body} (null: a GET), which must answer {@code status}; its JSON. */
    public JsonObject call(String method, String path, String body, int status) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.port() + path))
                .header(ConsoleVerticle.TOKEN_HEADER, app.token());
        b = body == null ? b.GET() : b.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(status, r.statusCode(), method + " " + path + ": " + r.body());
        return new JsonObject(r.body());
    }

    /** The same, answered 200. */
    public JsonObject call(String method, String path, String body) throws Exception {
        return call(method, path, body, 200);
    }
}
