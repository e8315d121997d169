package org.oft.controller.service.fattree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oft.controller.service.ControllerApp;
import org.oft.controller.service.http.PrometheusText;

/**
 * A Prometheus scrape of a fat tree's console: well-formed exposition (every family announced once, before its
 * samples), and the port counters, taken at one poll, equal to what the Part view reads for the same board.
 */
@Timeout(120)
public class PortMetricsTest {
    private static final Pattern SAMPLE = Pattern.compile("([a-z_]+)(?:\\{([^}]*)\\})? (\\S+)");
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** serve --metrics: /metrics alone on a bind of its own, the same scrape as the console's, and nothing else there. */
    @Test
    void aBindOfItsOwnServesTheScrapeAndNothingElse() throws Exception {
        ControllerApp app = ControllerApp.start(SwitchFabricServeTest.config("sim", "kary:4,2", 0.4));
        try {
            int port = app.serveMetrics("127.0.0.1", 0);
            assertTrue(port > 0 && port != app.port());
            String base = "http://127.0.0.1:" + port;
            HttpResponse<String> scrape = get(base + "/metrics");
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (!scrape.body().contains("oft_switch_cycle{") && System.nanoTime() < deadline) { // the boards' first poll
                Thread.sleep(200);
                scrape = get(base + "/metrics");
            }
            assertEquals(200, scrape.statusCode());
            assertEquals(PrometheusText.CONTENT_TYPE, scrape.headers().firstValue("Content-Type").orElse(""));
            assertTrue(scrape.body().contains("# TYPE oft_controller_master gauge") && scrape.body().contains("oft_switch_cycle{"), scrape.body());
            for (String other : new String[] {"/", "/api/config", "/api/owner", "/index.html"}) {
                HttpResponse<String> r = get(base + other);
                assertEquals(404, r.statusCode(), other);
                assertEquals("only /metrics is served here\n", r.body(), other);
            }
            IllegalStateException taken = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                    () -> app.serveMetrics("127.0.0.1", app.port()));
            assertTrue(taken.getMessage().startsWith("cannot serve /metrics on 127.0.0.1:" + app.port()), taken.getMessage());
        } finally {
            app.close();
        }
    }

    @Test
    void aScrapeHoldsEveryPortsCountersAsThePartViewReadsThem() throws Exception {
        ControllerApp app = ControllerApp.start(SwitchFabricServeTest.config("sim", "kary:4,2", 0.4));
        try {
            String base = "http://127.0.0.1:" + app.port();
            boolean compared = false;
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (!compared && System.nanoTime() < deadline) {
                HttpResponse<String> scrape = get(base + "/metrics");
                assertEquals(200, scrape.statusCode());
                assertEquals(PrometheusText.CONTENT_TYPE, scrape.headers().firstValue("Content-Type").orElse(""));
                Map<String, Double> samples = parse(scrape.body());
                JsonObject part = new JsonObject(get(base + "/api/parts/switch-3").body());
                Double cycle = samples.get("oft_switch_cycle|switch-3");
                if (cycle == null || part.getValue("cycle") == null || cycle.longValue() != part.getLong("cycle")) {
                    Thread.sleep(200); // not polled yet, or a poll came between the two reads
                    continue;
                }
                JsonArray ports = part.getJsonArray("ports");
                long sent = 0;
                for (int k = 0; k < ports.size(); k++) {
                    JsonObject p = ports.getJsonObject(k);
                    JsonObject c = p.getJsonObject("counters");
                    String port = "switch-3|" + p.getInteger("port");
                    assertEquals(c.getLong("PortXmitData"), samples.get("oft_switch_port_transmit_data_flits_total|" + port).longValue(), port);
                    assertEquals(c.getLong("PortRcvData"), samples.get("oft_switch_port_receive_data_flits_total|" + port).longValue(), port);
                    assertEquals(c.getLong("PortXmitWait"), samples.get("oft_switch_port_transmit_wait_total|" + port).longValue(), port);
                    assertEquals(c.getLong("PortXmitDiscards"), samples.get("oft_switch_port_transmit_discards_total|" + port).longValue(), port);
                    assertEquals(p.getBoolean("linkUp") ? 1.0 : 0.0, samples.get("oft_switch_port_link_up|" + port), port);
                    sent += c.getLong("PortXmitData");
                }
                assertTrue(sent > 0, "the fabric carries traffic");
                assertEquals(1.0, samples.get("oft_controller_master|"), "this controller owns the boards");
                assertEquals(1.0, samples.get("oft_deploys_total|"), "the first deploy");
                assertTrue(samples.get("oft_deploy_written_bytes_total|") > 0, "it wrote the tables");
                assertTrue(Pattern.compile("(?m)^oft_events_total\\{severity=\"info\",kind=\"[a-z-]+\"\\} [1-9]").matcher(scrape.body()).find(),
                        "the events so far by severity and kind: " + scrape.body().lines().filter(l -> l.startsWith("oft_events")).toList());
                assertTrue(scrape.body().contains("oft_events_total{severity=\"alarm\",kind=\"\"} 0"), "no alarm reads 0, not nothing");
                // the controller's own process and JVM, under the client libraries' names (issue 68)
                assertTrue(samples.get("process_cpu_seconds_total|") > 0 && samples.get("process_open_fds|") > 10
                        && samples.get("jvm_threads_current|") > 5 && samples.get("process_start_time_seconds|") > 1.7e9
                        && scrape.body().contains("jvm_memory_bytes_used{area=\"heap\"} ") && scrape.body().contains("jvm_gc_collection_seconds_count{gc="),
                        scrape.body().lines().filter(l -> l.startsWith("process_") || l.startsWith("jvm_")).toList().toString());
                compared = true;
            }
            assertTrue(compared, "no scrape and Part view of one poll within a minute");
        } finally {
            app.close();
        }
    }

    private static HttpResponse<String> get(String url) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Samples by family|switch|port (or family|controller-less key), checking that each family is announced once, before its samples. */
    public static Map<String, Double> parse(String text) {
        Map<String, Double> out = new HashMap<>();
        Set<String> typed = new HashSet<>();
        Set<String> seen = new HashSet<>();
        String current = null;
        for (String line : text.split("\n")) {
            if (line.startsWith("# TYPE ")) {
                current = line.split(" ")[2];
                assertTrue(typed.add(current), "family announced twice: " + current);
                continue;
            }
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            Matcher m = SAMPLE.matcher(line);
            assertTrue(m.matches(), "not a sample: " + line);
            assertTrue(m.group(1).equals(current) || m.group(1).matches(Pattern.quote(current) + "_(count|sum)"),
                    "a sample outside its family: " + line + " (family " + current + ")");
            seen.add(m.group(1));
            Map<String, String> labels = new HashMap<>();
            for (String l : m.group(2) == null ? new String[0] : m.group(2).split(",")) {
                int eq = l.indexOf('=');
                labels.put(l.substring(0, eq), l.substring(eq + 2, l.length() - 1));
            }
            String key = m.group(1) + "|" + (labels.containsKey("switch") ? labels.get("switch") + (labels.containsKey("port") ? "|" + labels.get("port") : "") : "");
            out.put(key, Double.parseDouble(m.group(3)));
        }
        return out;
    }
}
