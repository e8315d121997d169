package org.oft.controller.service.fattree;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import org.oft.hal.DeployReport;

/** The last {@value #KEPT} deploys' reports, oldest first, as the console's configuration lists them. */
final class DeployHistory {
    static final int KEPT = 50;
    private final Deque<JsonObject> deploys = new ArrayDeque<>();

    private long count;
    private long bytesWritten;

    synchronized void add(JsonObject deploy) {
        count++;
        bytesWritten += deploy.getLong("bytesWritten", 0L);
        deploys.addLast(deploy);
        while (deploys.size() > KEPT) {
            deploys.removeFirst();
        }
    }

    /** Deploys since this controller started, and the table bytes they wrote to boards: {count, bytes}. */
    synchronized long[] totals() {
        return new long[] {count, bytesWritten};
    }

    synchronized JsonArray list() {
        return new JsonArray(new ArrayList<>(deploys));
    }

    /** A deploy's report: what was written, when it took effect, and what the switch-over cost (null for the first). */
    static JsonObject report(String label, DeployReport r, long nanos, JsonObject switchOver) {
        return new JsonObject().put("engine", label).put("epoch", r.epoch()).put("tableBytes", r.payloadBytes())
                .put("blocksWritten", r.blocksWritten()).put("bytesWritten", r.bytesWritten()).put("seconds", nanos / 1e9)
                .put("events", new JsonArray(r.events())).put("switchOver", switchOver);
    }
}
