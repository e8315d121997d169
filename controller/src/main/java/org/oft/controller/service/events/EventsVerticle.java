package org.oft.controller.service.events;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import org.oft.controller.service.Addresses;
import org.oft.controller.service.JsonFields;

/**
 * Keeps every event published on {@link Addresses#EVENT} in the {@link EventLog}, in the order published,
 * and answers {@link Addresses#EVENTS} with the history. The log is written on this verticle's worker
 * calls, one at a time (ordered): the one writer.
 */
public final class EventsVerticle extends VerticleBase {
    private final Path file;
    private final String controller;
    private EventLog log;

    /** {@code file}: where the log is kept (null: in memory); {@code controller}: this controller's id, on every event. */
    public EventsVerticle(Path file, String controller) {
        this.file = file;
        this.controller = controller;
    }

    @Override
    public Future<?> start() {
        return vertx.executeBlocking(() -> {
            log = EventLog.open(file);
            return null;
        }).onSuccess(v -> {
            vertx.eventBus().<JsonObject>consumer(Addresses.EVENT, this::keep);
            vertx.eventBus().<JsonObject>consumer(Addresses.EVENTS, this::history);
        });
    }

    private void keep(Message<JsonObject> msg) {
        JsonObject e = msg.body().copy().put("controller", controller);
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
        vertx.executeBlocking(() -> new JsonObject().put("events", log.query(after, limit, severity, part)), true)
                .onSuccess(msg::reply).onFailure(e -> msg.fail(503, e.getMessage()));
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
