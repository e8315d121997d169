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
        java.util.List<String> said = new java.util.ArrayList<>();
        k.onChange((behind, text) -> said.add(behind + " " + text));
        long slot = 100;
        for (int w = 3; w < 3 + ClockKeeping.BACK_WINDOWS - 1; w++) {
            slot += 100;
            assertTrue(k.of(at(slot, true), w * s).getBoolean("behind"), "back only after " + ClockKeeping.BACK_WINDOWS + " windows kept");
        }
        slot += 92; // 92 of 100: not slow enough to be behind, not enough to be back
        assertTrue(k.of(at(slot, true), (2 + ClockKeeping.BACK_WINDOWS) * s).getBoolean("behind"), "a window at 92 % keeps it behind");
        for (int w = 0; w < ClockKeeping.BACK_WINDOWS; w++) {
            slot += 100;
            k.of(at(slot, true), (3 + ClockKeeping.BACK_WINDOWS + w) * s);
        }
        assertEquals(java.util.List.of("false the slot clock keeps its rate again, after 10 s behind (at worst 50.0 slots/s of the 100 asked)"), said);
        assertFalse(k.of(at(slot, false), 20 * s).getBoolean("behind"), "a stopped clock is not behind");
    }

    @Test
    void aClockHoveringAtItsLimitIsOneIncidentNotAFlagThatFlaps() {
        ClockKeeping k = new ClockKeeping(() -> 100);
        java.util.List<Boolean> changes = new java.util.ArrayList<>();
        k.onChange((behind, text) -> changes.add(behind));
        long s = 1_000_000_000L;
        long slot = 0;
        k.of(at(slot, true), 0);
        for (int w = 1; w <= 60; w++) { // a minute alternating 85 and 96 slots/s, then two slow seconds now and then
            slot += w % 2 == 0 ? 85 : 96;
            k.of(at(slot, true), w * s);
        }
        assertEquals(java.util.List.of(), changes, "85 then 96 never two slow windows running");
        for (int w = 61; w <= 120; w++) {
            slot += w % 3 == 0 ? 96 : 85;
            k.of(at(slot, true), w * s);
        }
        assertEquals(java.util.List.of(true), changes, "behind once, and not back while it hovers");
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
