package org.oft.controller.service.events;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import org.oft.controller.service.Addresses;
import org.oft.controller.service.JsonFields;
import org.oft.controller.service.http.PrometheusText;

/**
 * Keeps every event published on {@link Addresses#EVENT} in the {@link EventLog}, in the order published,
 * and answers {@link Addresses#EVENTS} with the history. The log is written on this verticle's worker
 * calls, one at a time (ordered): the one writer.
 */
public final class EventsVerticle extends VerticleBase {
    private final Path file;
    private final long keep;
    private final String controller;
    private EventLog log;

    /**
     * {@code file}: where the log is kept (null: in memory); {@code keep}: the newest rows kept; {@code controller}:
     * this controller's id, on every event.
     */
    public EventsVerticle(Path file, long keep, String controller) {
        this.file = file;
        this.keep = keep;
        this.controller = controller;
    }

    /** Keeping {@link EventLog#KEEP} rows. */
    public EventsVerticle(Path file, String controller) {
        this(file, EventLog.KEEP, controller);
    }

    @Override
    public Future<?> start() {
        return vertx.executeBlocking(() -> {
            log = EventLog.open(file, keep);
            return null;
        }).onSuccess(v -> {
            vertx.eventBus().<JsonObject>consumer(Addresses.EVENT, this::keep);
            vertx.eventBus().<JsonObject>consumer(Addresses.EVENTS, this::history);
            vertx.eventBus().<JsonObject>consumer(Addresses.EVENTS_ACK, this::acknowledge);
            vertx.eventBus().<JsonObject>consumer(Addresses.METRICS_EVENTS, this::metrics);
            vertx.eventBus().<JsonObject>consumer(Addresses.EVENTS_ACK_ALL, this::acknowledgeAll);
        });
    }

    /** Events kept since this controller started, by severity and kind: {@code /metrics}' oft_events_total (event loop). */
    private final java.util.Map<String, Long> counts = new java.util.TreeMap<>();

    private void metrics(Message<JsonObject> msg) {
        PrometheusText p = new PrometheusText();
        p.family("oft_events_total", "counter", "Events this controller logged since it started, by severity and kind.");
        for (String sev : EventLog.SEVERITIES) { // every severity present, zero or not, so that a rate of alarms reads 0, not nothing
            if (counts.keySet().stream().noneMatch(k -> k.startsWith(sev + "|"))) {
                p.sample("oft_events_total", 0, "severity", sev, "kind", "");
            }
        }
        counts.forEach((k, n) -> p.sample("oft_events_total", n, "severity", k.substring(0, k.indexOf('|')), "kind", k.substring(k.indexOf('|') + 1)));
        msg.reply(new JsonObject().put("text", p.toString()));
    }

    private void keep(Message<JsonObject> msg) {
        JsonObject e = msg.body().copy().put("controller", controller);
        counts.merge(e.getString("severity", "info") + "|" + e.getString("kind", ""), 1L, Long::sum);
        vertx.executeBlocking(() -> {
            log.append(e);
            return null;
        }, true);
    }

    private void history(Message<JsonObject> msg) {
        JsonObject q = msg.body();
        long after;
        int limit;
        String severity = q.getString("severity", "info");
        try {
            after = q.containsKey("after") ? JsonFields.intField(q, "after") : 0;
            limit = q.containsKey("limit") ? JsonFields.intField(q, "limit") : 200;
        } catch (IllegalArgumentException e) {
            msg.fail(400, e.getMessage());
            return;
        }
        if (limit < 1 || limit > 10_000 || after < 0) {
            msg.fail(400, "limit must be 1..10000 and after at least 0");
            return;
        }
        if (!EventLog.SEVERITIES.contains(severity)) {
            msg.fail(400, "severity must be one of " + EventLog.SEVERITIES + ", got '" + severity + "'");
            return;
        }
        String part = q.getString("part");
        boolean unacked = q.getBoolean("unacked", false);
        String kind = q.getString("kind");
        Long since = since(q);
        if (since == null && q.containsKey("since")) {
            msg.fail(400, "since must be a time in milliseconds since 1970, at least 0");
            return;
        }
        vertx.executeBlocking(() -> new JsonObject().put("events", log.query(after, limit, severity, part, kind, unacked, since)), true)
                .onSuccess(msg::reply).onFailure(e -> msg.fail(503, e.getMessage()));
    }

    /** {"id": N, "who": TEXT}: an operator has seen event N; answered with it (404 for an event not kept). */
    private void acknowledge(Message<JsonObject> msg) {
        long id = msg.body().getLong("id", -1L);
        String who = msg.body().getString("who", "the console");
        vertx.executeBlocking(() -> log.acknowledge(id, who), true)
                .onSuccess(e -> msg.reply(e, Events.naming("event " + id))) // the acknowledgement's own event names it
                .onFailure(e -> msg.fail(e instanceof java.util.NoSuchElementException ? 404 : 503, e.getMessage()));
    }

    /** {"severity", "part", "kind", "since", "who"}: every event not acknowledged that the filter shows is seen; answered with how many. */
    private void acknowledgeAll(Message<JsonObject> msg) {
        JsonObject b = msg.body();
        String severity = b.getValue("severity") instanceof String s ? s : "info";
        if (!EventLog.SEVERITIES.contains(severity)) {
            msg.fail(400, "severity must be one of " + EventLog.SEVERITIES + ", got '" + severity + "'");
            return;
        }
        String part = b.getValue("part") instanceof String s && !s.isBlank() ? s : null;
        String kind = b.getValue("kind") instanceof String s && !s.isBlank() ? s : null;
        String who = b.getString("who", "the console");
        Long since = since(b);
        if (since == null && b.getValue("since") != null) {
            msg.fail(400, "since must be a time in milliseconds since 1970, at least 0");
            return;
        }
        vertx.executeBlocking(() -> log.acknowledgeAll(severity, part, kind, since, who), true)
                .onSuccess(n -> msg.reply(new JsonObject().put("acknowledged", n), Events.naming("events " + severity + (part == null ? "" : " of "
                        + part) + (kind == null ? "" : " of kind " + kind))))
                .onFailure(e -> msg.fail(503, e.getMessage()));
    }

    /** The filter's {@code since} (epoch ms, events at or after it), or null when absent or not a time. */
    private static Long since(JsonObject q) {
        return q.getValue("since") instanceof Number n && n.longValue() >= 0 && n.doubleValue() == Math.rint(n.doubleValue()) ? n.longValue() : null;
    }

    @Override
    public Future<?> stop() {
        return vertx.executeBlocking(() -> {
            if (log != null) {
                log.close();
            }
            return null;
        }, true);
    }
}
