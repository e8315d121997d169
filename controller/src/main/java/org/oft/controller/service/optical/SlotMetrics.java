package org.oft.controller.service.optical;

import io.vertx.core.json.JsonObject;
import org.oft.controller.service.http.PrometheusText;

/**
 * The optical fabric's slot counters for {@code /metrics}, from the last telemetry record: the slot, whether the
 * clock runs, and the packets injected, delivered, misdelivered, lost and the collisions since the counters were
 * last reset (a reset in the console reads to Prometheus as a counter reset); and the deploys since the controller
 * started, named as the fat tree's.
 */
final class SlotMetrics {
    private static final String[][] TOTALS = {
        {"injected", "oft_slot_packets_injected_total", "Packets the processors injected."},
        {"delivered", "oft_slot_packets_delivered_total", "Packets that reached the processor they were for."},
        {"misdelivered", "oft_slot_packets_misdelivered_total", "Packets that reached another processor than theirs."},
        {"lost", "oft_slot_packets_lost_total", "Packets that reached no processor."},
        {"collisions", "oft_slot_collisions_total", "Collisions: two packets at one router output in one slot."}};

    private SlotMetrics() {
    }

    /** The text for telemetry record {@code t} (as TelemetryJson writes it) and the deploys' {count, bytes}; empty before the first record. */
    static String render(JsonObject t, long[] deploys) {
        if (t == null) {
            return "";
        }
        PrometheusText p = new PrometheusText();
        p.family("oft_slot", "gauge", "The slot the fabric is in.").sample("oft_slot", t.getLong("slot", 0L));
        p.family("oft_slot_clock_running", "gauge", "1 while the slot clock runs.").sample("oft_slot_clock_running",
                t.getBoolean("running", false) ? 1 : 0);
        JsonObject total = t.getJsonObject("total", new JsonObject());
        for (String[] f : TOTALS) {
            p.family(f[1], "counter", f[2] + " Since the counters were last reset.").sample(f[1], total.getLong(f[0], 0L));
        }
        p.family("oft_deploys_total", "counter", "Deploys of sequences, tables and phases to the boards since this controller started.")
                .sample("oft_deploys_total", deploys[0]);
        p.family("oft_deploy_written_bytes_total", "counter", "Bytes those deploys wrote to the boards (unchanged blocks are not written).")
                .sample("oft_deploy_written_bytes_total", deploys[1]);
        return p.toString();
    }
}
