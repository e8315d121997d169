package org.oft.controller.service.boards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oft.controller.service.ControllerApp;
import org.oft.controller.service.ServeConfig;
import org.oft.hal.SlotCounters;
import org.oft.hal.Telemetry;

/** The slot clock over its whole documented range (0.001 to 1e9 slots/s): kept, or reported as not kept; never a hang. */
@Timeout(120)
class ClockKeepingTest {
    private static Telemetry at(long slot, boolean running) {
        return new Telemetry(slot, 4, new byte[4], new int[4], SlotCounters.ZERO, SlotCounters.ZERO, 0, running, null);
    }

    @Test
    void aClockThatRunsSlowerThanAskedForTwoSecondsIsBehindAndSaysWhatItKeeps() {
        ClockKeeping k = new ClockKeeping(() -> 100);
        long s = 1_000_000_000L;
        assertFalse(k.of(at(0, true), 0).getBoolean("behind"));
        JsonObject first = k.of(at(50, true), s); // 50 of 100 slots/s
        assertEquals(50.0, first.getDouble("kept"));
        assertFalse(first.getBoolean("behind"), "one slow second is not yet behind");
        JsonObject second = k.of(at(100, true), 2 * s);
        assertTrue(second.getBoolean("behind"));
        assertEquals(100.0, second.getDouble("asked"));
        assertFalse(k.of(at(200, true), 3 * s).getBoolean("behind"), "keeping the rate again");
        assertFalse(k.of(at(200, false), 4 * s).getBoolean("behind"), "a stopped clock is not behind");
    }

    private static HttpResponse<String> http(HttpClient c, String method, String url, String token, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(3));
        if (body != null) {
            b.header("X-OFT-Token", token).header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(body));
        }
        return c.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aRateTheModelCannotKeepIsReportedWhileTheConsoleAnswersAndTheControllerStopsAtOnce() throws Exception {
        ControllerApp app = ControllerApp.start(new ServeConfig(6, 1, "127.0.0.1", 0, 1e9, "sim"));
        HttpClient c = HttpClient.newHttpClient();
        String base = "http://127.0.0.1:" + app.port();
        try {
            long until = System.nanoTime() + 30_000_000_000L;
            JsonObject clock;
            do {
                long t0 = System.nanoTime();
                JsonObject t = new JsonObject(http(c, "GET", base + "/api/telemetry", null, null).body());
                assertTrue(System.nanoTime() - t0 < 2_000_000_000L, "telemetry answers while the model runs flat out");
                clock = t.getJsonObject("clock", new JsonObject());
                Thread.sleep(200);
            } while (!clock.getBoolean("behind", false) && System.nanoTime() < until);
            assertTrue(clock.getBoolean("behind"), clock.encode());
            assertTrue(clock.getDouble("kept") < 1e9 && clock.getDouble("kept") > 0, clock.encode());
            // the clock's range, at both ends
            assertEquals(400, http(c, "POST", base + "/api/clock", app.token(), "{\"running\":true,\"slotsPerSecond\":1e-300}").statusCode());
            HttpResponse<String> r = http(c, "POST", base + "/api/clock", app.token(), "{\"running\":true,\"slotsPerSecond\":2e9}");
            assertEquals(400, r.statusCode());
            assertTrue(r.body().contains("slotsPerSecond must be 0.001 to 1e9"), r.body());
            assertEquals(200, http(c, "POST", base + "/api/clock", app.token(), "{\"running\":true,\"slotsPerSecond\":0.001}").statusCode());
            assertEquals(200, http(c, "POST", base + "/api/clock", app.token(), "{\"running\":true,\"slotsPerSecond\":1e9}").statusCode());
        } finally {
            long t0 = System.nanoTime();
            app.close();
            double s = (System.nanoTime() - t0) / 1e9;
            assertTrue(s < 1, "the controller stops within a second at any rate (SIGTERM runs this): " + s + " s");
        }
    }
}
