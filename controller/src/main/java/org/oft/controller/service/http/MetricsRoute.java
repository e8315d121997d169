package org.oft.controller.service.http;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import org.oft.controller.service.Addresses;

/**
 * {@code GET /metrics}: what a lab's Prometheus scrapes (and Grafana draws, docs/console/grafana-dashboard.json): the
 * fabric's own metrics (its service answers {@link Addresses#METRICS}; the switch boards' port counters for a fat
 * tree, the slot counters for the optical one), who owns the boards, the events logged by severity and kind, and the
 * controller's own process and JVM (ProcessMetrics). A read, open as the console's other reads are; bind the console where the
 * scraper reaches it.
 */
final class MetricsRoute {
    private static final DeliveryOptions QUICK = new DeliveryOptions().setSendTimeout(10_000);
    private final Vertx vertx;

    MetricsRoute(Vertx vertx) {
        this.vertx = vertx;
    }

    void handle(RoutingContext ctx) {
        Future<String> fabric = vertx.eventBus().<JsonObject>request(Addresses.METRICS, new JsonObject(), QUICK)
                .map(m -> m.body().getString("text", "")).otherwise(""); // a fabric without metrics of its own
        Future<JsonObject> owner = vertx.eventBus().<JsonObject>request(Addresses.OWNER, new JsonObject(), QUICK)
                .map(Message::body).otherwise((JsonObject) null);
        Future<String> events = vertx.eventBus().<JsonObject>request(Addresses.METRICS_EVENTS, new JsonObject(), QUICK)
                .map(m -> m.body().getString("text", "")).otherwise("");
        Future.join(fabric, owner, events).onComplete(ar -> {
            PrometheusText p = new PrometheusText().append(fabric.result() == null ? "" : fabric.result());
            owner(p, owner.result());
            p.append(events.result() == null ? "" : events.result());
            ProcessMetrics.write(p);
            ctx.response().putHeader("Content-Type", PrometheusText.CONTENT_TYPE).end(p.toString());
        });
    }

    private static void owner(PrometheusText p, JsonObject o) {
        if (o == null) {
            return;
        }
        String controller = o.getString("controller", "");
        p.family("oft_controller_master", "gauge", "1 while this controller owns the boards (master), 0 otherwise.");
        p.sample("oft_controller_master", "master".equals(o.getString("role")) ? 1 : 0, "controller", controller);
        if (o.getValue("generation") instanceof Number g) {
            p.family("oft_controller_generation", "gauge", "The ownership generation this controller holds the boards at.");
            p.sample("oft_controller_generation", g.doubleValue(), "controller", controller);
        }
        if (o.getValue("boards") instanceof JsonArray boards && !boards.isEmpty()) {
            p.family("oft_board_generation", "gauge", "The ownership generation each board was last claimed at.");
            for (int k = 0; k < boards.size(); k++) {
                if (boards.getValue(k) instanceof JsonObject b && b.getValue("generation") instanceof Number bg) {
                    p.sample("oft_board_generation", bg.doubleValue(), "board", String.valueOf(b.getValue("board")), "controller",
                            String.valueOf(b.getValue("controller")));
                }
            }
        }
    }
}
