package org.oft.controller.service.optical;

import io.vertx.core.Vertx;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.concurrent.atomic.AtomicBoolean;
import org.oft.controller.oft.RoutingTables;
import org.oft.controller.service.Addresses;
import org.oft.controller.service.JsonFields;
import org.oft.sim.optical.OpticalModelPort;

/**
 * Reads of the optical fabric: a processor's routing table, a board's drill-down, and the nodes' and fibres' health
 * (the model's, polled twice a second and published, so that a fault shows within a second; boards over a link report
 * none). The one writer of the health record.
 */
final class OpticalQueries {
    /** Node and fibre health published twice a second: a fault shows within a second. */
    static final long HEALTH_PERIOD_MS = 500;
    private final Vertx vertx;
    private final int order;
    private final OpticalModelPort model;
    private final OpticalDeployer deployer;
    private final OpticalTelemetry telemetry;
    private final AtomicBoolean polling = new AtomicBoolean();
    private volatile JsonObject health;

    /** {@code model}: the built-in model, or {@link OpticalModelPort#NONE} for boards over a link. */
    OpticalQueries(Vertx vertx, int order, OpticalModelPort model, OpticalDeployer deployer, OpticalTelemetry telemetry) {
        this.vertx = vertx;
        this.order = order;
        this.model = model;
        this.deployer = deployer;
        this.telemetry = telemetry;
    }

    /** {"processor": P}: its routing table, a row per slot of the cycle. */
    void table(Message<JsonObject> msg) {
        RoutingTables t = deployer.tables();
        if (t == null) {
            msg.fail(503, "the tables are not computed yet");
            return;
        }
        int p;
        try {
            p = JsonFields.intField(msg.body(), "processor");
        } catch (IllegalArgumentException e) {
            msg.fail(400, e.getMessage());
            return;
        }
        if (p < 0 || p >= t.processors()) {
            msg.fail(400, "processor must be 0.." + (t.processors() - 1) + ", got " + p);
            return;
        }
        JsonArray rows = new JsonArray();
        for (int d : t.forProcessor(p)) {
            rows.add(d);
        }
        msg.reply(new JsonObject().put("processor", p).put("latency", t.latency()).put("rows", rows));
    }

    /** {"part": NAME}: a board's drill-down (worker). */
    void part(Message<JsonObject> msg) {
        vertx.executeBlocking(() -> OpticalPart.of(msg.body().getString("part", ""), order, model.nodeHealth(),
                model.faults(), telemetry.latest()), false)
                .onSuccess(msg::reply).onFailure(e -> msg.fail(e instanceof IllegalArgumentException ? 404 : 500, e.getMessage()));
    }

    void health(Message<JsonObject> msg) {
        JsonObject h = health;
        if (h != null) {
            msg.reply(h);
        } else {
            msg.fail(404, model.modelled() ? "no health record yet" : "boards over a link do not report per-node state");
        }
    }

    /** Polls the model's health every {@value #HEALTH_PERIOD_MS} ms (one poll at a time, on a worker) and publishes it. */
    void pollHealth() {
        if (!model.modelled()) {
            return;
        }
        vertx.setPeriodic(HEALTH_PERIOD_MS, id -> {
            if (!polling.compareAndSet(false, true)) {
                return;
            }
            vertx.executeBlocking(() -> HealthJson.of(model.nodeHealth().orElseThrow(), model.faults()))
                    .onComplete(r -> polling.set(false))
                    .onSuccess(h -> {
                        health = h;
                        vertx.eventBus().publish(Addresses.TELEMETRY, h);
                    });
        });
    }
}
