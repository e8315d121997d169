package org.oft.controller.service.optical;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oft.controller.service.ControllerApp;
import org.oft.controller.service.ServeConfig;
import org.oft.controller.service.fattree.PortMetricsTest;

/** A scrape of the optical fabric's console: its slot counters as the telemetry of the same slot reads them. */
@Timeout(120)
class SlotMetricsTest {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void aScrapeHoldsTheSlotCountersOfTheTelemetry() throws Exception {
        ControllerApp app = ControllerApp.start(new ServeConfig(3, 1, "127.0.0.1", 0, 50, "sim"));
        try {
            String base = "http://127.0.0.1:" + app.port();
            boolean compared = false;
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (!compared && System.nanoTime() < deadline) {
                Map<String, Double> m = PortMetricsTest.parse(get(base + "/metrics"));
                JsonObject t = new JsonObject(get(base + "/api/telemetry"));
                Double slot = m.get("oft_slot|");
                if (slot == null || slot.longValue() != t.getLong("slot") || t.getJsonObject("total").getLong("injected") == 0) {
                    Thread.sleep(50); // the clock moved between the two reads
                    continue;
                }
                JsonObject total = t.getJsonObject("total");
                assertEquals(total.getLong("injected"), m.get("oft_slot_packets_injected_total|").longValue());
                assertEquals(total.getLong("delivered"), m.get("oft_slot_packets_delivered_total|").longValue());
                assertEquals(total.getLong("collisions"), m.get("oft_slot_collisions_total|").longValue());
                assertEquals(1.0, m.get("oft_slot_clock_running|"));
                io.vertx.core.json.JsonArray history = new JsonObject(get(base + "/api/config")).getJsonArray("deploys");
                assertEquals(history.size(), m.get("oft_deploys_total|").longValue(), "every deploy, as the Boards view lists them");
                assertEquals(history.getJsonObject(0).getLong("bytesWritten"), m.get("oft_deploy_written_bytes_total|").longValue());
                compared = true;
            }
            assertTrue(compared, "no scrape and telemetry of one slot within a minute");
        } finally {
            app.close();
        }
    }

    private static String get(String url) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString()).body();
    }
}
