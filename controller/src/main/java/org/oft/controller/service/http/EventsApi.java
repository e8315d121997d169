package org.oft.controller.service.http;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import org.oft.controller.service.Addresses;

/** The event log's and the anomalous ports' routes: JSON pages, or the same rows as a CSV download. */
final class EventsApi {
    private final Vertx vertx;
    private final ApiReplies api;

    EventsApi(Vertx vertx, ApiReplies api) {
        this.vertx = vertx;
        this.api = api;
    }

    /**
     * The event log, newest first: {@code ?after=&limit=&severity=&part=&unacked=true&since=MS} (since: epoch
     * milliseconds, events at or after it), as JSON or
     * {@code format=csv} (a download of the same rows).
     */
    void events(RoutingContext ctx) {
        JsonObject q = api.params(ctx, "after", "limit", "since");
        if (q == null) {
            return;
        }
        for (String k : new String[] {"severity", "part", "kind"}) {
            if (ctx.request().getParam(k) != null) {
                q.put(k, ctx.request().getParam(k));
            }
        }
        q.put("unacked", "true".equals(ctx.request().getParam("unacked")));
        if (!"csv".equals(ctx.request().getParam("format"))) {
            api.request(ctx, Addresses.EVENTS, q);
            return;
        }
        vertx.eventBus().<JsonObject>request(Addresses.EVENTS, q)
                .onSuccess(r -> {
                    StringBuilder b = new StringBuilder("id,time,severity,kind,part,who,outcome,text,acked_by\n");
                    for (Object o : r.body().getJsonArray("events")) {
                        JsonObject e = (JsonObject) o;
                        b.append(e.getLong("id")).append(',').append(java.time.Instant.ofEpochMilli(e.getLong("atMs")));
                        for (String k : new String[] {"severity", "kind", "part", "who", "outcome", "text", "ackedBy"}) {
                            b.append(',').append(csv(e.getString(k)));
                        }
                        b.append('\n');
                    }
                    ctx.response().putHeader("content-type", "text/csv")
                            .putHeader("content-disposition", "attachment; filename=\"events.csv\"").end(b.toString());
                })
                .onFailure(e -> api.replyError(ctx, e));
    }

    /** A CSV field: quoted, its quotes doubled, so that user text cannot add a row or a column. */
    static String csv(String v) {
        return v == null ? "" : "\"" + v.replace("\"", "\"\"") + "\"";
    }

    /** The anomalous ports, the worst first: {@code ?filter=&offset=&limit=}, as JSON or {@code format=csv} (every match). */
    void anomalies(RoutingContext ctx) {
        boolean csv = "csv".equals(ctx.request().getParam("format"));
        JsonObject q = api.params(ctx, "offset", "limit");
        if (q == null) {
            return;
        }
        if (ctx.request().getParam("filter") != null) {
            q.put("filter", ctx.request().getParam("filter"));
        }
        if (csv) {
            q.put("offset", 0L).put("limit", 1000L); // the most a page holds
        }
        vertx.eventBus().<JsonObject>request(Addresses.ANOMALIES, q)
                .onSuccess(r -> {
                    if (!csv) {
                        api.json(ctx, 200, r.body());
                        return;
                    }
                    StringBuilder b = new StringBuilder("severity,board,switch,port,to,link,PortRcvSwitchRelayErrors,PortXmitDiscards,Misdelivered\n");
                    for (Object o : r.body().getJsonArray("anomalies")) {
                        JsonObject a = (JsonObject) o;
                        b.append(a.getString("severity")).append(',').append(a.getString("board")).append(',').append(csv(a.getString("switch")))
                                .append(',').append(a.getValue("port")).append(',').append(csv(a.getString("to"))).append(',')
                                .append(a.getBoolean("linkUp") ? "up" : "down").append(',').append(a.getValue("PortRcvSwitchRelayErrors"))
                                .append(',').append(a.getValue("PortXmitDiscards")).append(',').append(a.getValue("Misdelivered")).append('\n');
                    }
                    ctx.response().putHeader("content-type", "text/csv")
                            .putHeader("content-disposition", "attachment; filename=\"anomalies.csv\"").end(b.toString());
                })
                .onFailure(e -> api.replyError(ctx, e));
    }
}
