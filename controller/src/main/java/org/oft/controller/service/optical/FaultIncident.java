package org.oft.controller.service.optical;

import java.util.function.Consumer;
import io.vertx.core.json.JsonObject;
import org.oft.controller.service.events.Events;

/**
 * The optical fabric's fault as one incident in the event log: opened (an alarm) when packets start to be misdelivered,
 * collide or get lost, closed (info, with what it cost) once none has for {@link #QUIET_MILLIS}; what the page's
 * FABRIC FAULT banner shows, kept. One writer: the telemetry listener, record after record.
 */
final class FaultIncident {
    /** An incident closes after this long without a new anomaly (the page's banner goes after the same). */
    static final long QUIET_MILLIS = 10_000;
    private static final String[] COUNTED = {"misdelivered", "collisions", "lost"};
    private final Consumer<JsonObject> events;
    private long[] previous;
    private long[] atOpen;
    private long openedAt;
    private long lastAnomaly;

    FaultIncident(Consumer<JsonObject> events) {
        this.events = events;
    }

    /** One telemetry record (as TelemetryJson writes it), at {@code nowMillis}. */
    void record(JsonObject t, long nowMillis) {
        JsonObject total = t.getJsonObject("total", new JsonObject());
        long[] now = new long[COUNTED.length];
        for (int k = 0; k < COUNTED.length; k++) {
            now[k] = total.getLong(COUNTED[k], 0L);
        }
        long[] before = previous;
        previous = now;
        if (before == null) {
            return;
        }
        boolean fresh = false;
        for (int k = 0; k < now.length; k++) {
            fresh |= now[k] > before[k]; // a counter reset (now below before) is not an anomaly
        }
        if (fresh) {
            lastAnomaly = nowMillis;
            if (atOpen == null) {
                atOpen = before;
                openedAt = nowMillis;
                events.accept(Events.of("alarm", "fabric", "fabric", null, "opened", "FABRIC FAULT: packets "
                        + what(before, now) + " in slot " + t.getLong("slot", 0L)));
            }
        } else if (atOpen != null && nowMillis - lastAnomaly >= QUIET_MILLIS) {
            events.accept(Events.of("info", "fabric", "fabric", null, "closed", String.format(java.util.Locale.ROOT,
                    "fabric fault over after %.1f s: %s in it", (lastAnomaly - openedAt) / 1000.0, what(atOpen, now))));
            atOpen = null;
        }
    }

    private static String what(long[] from, long[] to) {
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < COUNTED.length; k++) {
            long d = Math.max(0, to[k] - from[k]);
            if (d > 0) {
                b.append(b.length() > 0 ? ", " : "").append(d).append(' ').append(COUNTED[k]);
            }
        }
        return b.toString();
    }
}
