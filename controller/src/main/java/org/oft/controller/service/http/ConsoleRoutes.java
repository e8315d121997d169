package org.oft.controller.service.http;

import org.oft.controller.service.Addresses;

import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.ext.web.handler.StaticHandler;
import java.util.Locale;

/**
 * Which path of the console goes where: the guards every call passes (a change comes from this site and carries
 * the token; a body is JSON and small), then a table of each path, its method and the event-bus address that
 * answers it, the few handlers that do more than relay, the static files, and every failure as JSON.
 */
final class ConsoleRoutes {
    /** What the verticle itself serves: the telemetry WebSocket, the token's rotation, a study's download, a change's event. */
    record Served(Handler<RoutingContext> telemetry, Handler<RoutingContext> rotateToken, Handler<RoutingContext> exportStudy,
                  Handler<RoutingContext> changeEnded) {
    }

    private final Vertx vertx;
    private final ApiReplies api;
    private final TokenHolder token;
    private final Served served;

    ConsoleRoutes(Vertx vertx, ApiReplies api, TokenHolder token, Served served) {
        this.vertx = vertx;
        this.api = api;
        this.token = token;
        this.served = served;
    }

    Router router() {
        EventsApi events = new EventsApi(vertx, api);
        Router r = Router.router(vertx);
        // read before the guards (they pass reads anyway); the owner alone may be read across origins
        r.get("/api/config").handler(this::config);
        r.get("/api/events").handler(events::events);
        r.get("/metrics").handler(new MetricsRoute(vertx)::handle);
        r.get("/api/owner").handler(this::owner);
        // the guards: every mutating call from this site and with the token; API bodies are JSON only (form and
        // multipart bodies are refused before anything decodes them), and the body handler stores no uploads
        r.route("/api/*").handler(this::changeAllowed);
        r.post("/api/*").handler(this::jsonOnly);
        r.post("/api/*").handler(BodyHandler.create(false).setBodyLimit(ConsoleVerticle.MAX_BODY_BYTES));
        // the table
        r.post("/api/faults").handler(api.posts(Addresses.FAULT, "applied"));
        r.post("/api/events/:id/ack").handler(this::ackEvent);
        r.post("/api/events/ack").handler(this::ackEvents);
        r.get("/api/alerts").handler(api.asks(Addresses.ALERTS));
        r.post("/api/alerts").handler(api.posts(Addresses.ALERTS, null));
        r.post("/api/engine").handler(api.posts(Addresses.ENGINE, null));
        r.post("/api/engine/undo").handler(api.posts(Addresses.ENGINE_UNDO, null));
        r.post("/api/fail").handler(api.posts(Addresses.FAIL, null));
        r.get("/api/fail").handler(api.asks(Addresses.FAIL_LIST));
        r.delete("/api/fail/:id").handler(api.byIdTo(Addresses.FAIL_REPAIR));
        r.post("/api/recalibrate").handler(api.posts(Addresses.RECALIBRATE, null));
        r.post("/api/clock").handler(api.posts(Addresses.CLOCK, null));
        r.post("/api/counters/reset").handler(api.asks(Addresses.COUNTERS_RESET));
        r.get("/api/oft/table").handler(this::oftTable);
        r.post("/api/sweeps").handler(api.posts(Addresses.SWEEP_START, null));
        r.post("/api/analyses").handler(api.posts(Addresses.ANALYSIS_START, null));
        r.get("/api/analyses/:id").handler(api.byIdTo(Addresses.ANALYSIS_STATUS));
        r.get("/api/studies").handler(api.asks(Addresses.STUDIES));
        r.get("/api/studies/:name").handler(api.asksFor(Addresses.STUDY, "name", "name"));
        r.get("/api/studies/:name/export").handler(served.exportStudy());
        r.post("/api/studies").handler(api.posts(Addresses.STUDY_START, null));
        r.post("/api/studies/:name/stop").handler(api.asksFor(Addresses.STUDY_STOP, "name", "name"));
        r.get("/api/topology").handler(api.asks(Addresses.TOPOLOGY));
        r.get("/api/lft").handler(api.queries(Addresses.LFT, "switch"));
        r.get("/api/trace").handler(api.queries(Addresses.TRACE, "src", "dst", "path"));
        r.get("/api/parts/:name").handler(api.asksFor(Addresses.PART, "name", "part"));
        r.get("/api/anomalies").handler(events::anomalies);
        r.get("/api/boards").handler(api.asks(Addresses.BOARDS));
        r.get("/api/health").handler(api.asks(Addresses.HEALTH));
        r.get("/api/summary").handler(api.asks(Addresses.SUMMARY));
        r.post("/api/token/rotate").handler(served.rotateToken());
        r.get("/api/faults").handler(api.asks(Addresses.FAULTS_ACTIVE));
        r.delete("/api/faults").handler(api.asks(Addresses.FAULTS_CLEAR));
        r.delete("/api/faults/:id").handler(api.byIdTo(Addresses.FAULTS_CLEAR));
        r.get("/api/telemetry").handler(api.reads(Addresses.TELEMETRY_LATEST));
        r.get("/api/ports").handler(api.reads(Addresses.PORTS));
        r.get(ConsoleVerticle.WEBSOCKET_PATH).handler(served.telemetry());
        // the charting libraries, from their webjars on the class path (versioned paths: cached); then the page
        r.route("/webjars/*").handler(StaticHandler.create("META-INF/resources/webjars").setMaxAgeSeconds(86400));
        r.route("/*").handler(StaticHandler.create("webroot").setCachingEnabled(false));
        r.errorHandler(404, ctx -> api.error(ctx, 404, "not found"));
        r.route().failureHandler(this::failed);
        return r;
    }

    /** A browser's request from another site: its Origin is not this server's. Requests without an Origin (curl) pass. */
    static boolean foreignOrigin(HttpServerRequest req) {
        String origin = req.getHeader(HttpHeaders.ORIGIN);
        if (origin == null) {
            return false;
        }
        String hostHeader = req.getHeader(HttpHeaders.HOST);
        return hostHeader == null || !(origin.equalsIgnoreCase("http://" + hostHeader) || origin.equalsIgnoreCase("https://" + hostHeader));
    }

    /** Who asks, as the event log names them. */
    static String who(HttpServerRequest req) {
        return "console (token holder at " + req.remoteAddress() + ")";
    }

    private void config(RoutingContext ctx) {
        vertx.eventBus().<JsonObject>request(Addresses.CONFIG, new JsonObject())
                .onSuccess(reply -> ApiReplies.json(ctx, 200, reply.body()))
                .onFailure(e -> api.error(ctx, 503, e.getMessage()));
    }

    /** Who owns the boards: readable from the page of another controller of the same boards (a page whose controller died looks for the new master). */
    private void owner(RoutingContext ctx) {
        ctx.response().putHeader("Access-Control-Allow-Origin", "*");
        api.request(ctx, Addresses.OWNER, new JsonObject());
    }

    /** A change (anything but a read) passes only from this site and with the token; how it ended becomes an event. */
    private void changeAllowed(RoutingContext ctx) {
        HttpMethod m = ctx.request().method();
        if (m == HttpMethod.GET || m == HttpMethod.HEAD) {
            ctx.next();
            return;
        }
        if (foreignOrigin(ctx.request())) {
            api.error(ctx, 403, "requests from another site are refused (Origin " + ctx.request().getHeader(HttpHeaders.ORIGIN) + ")");
            return;
        }
        if (!token.accepts(ctx.request().getHeader(ConsoleVerticle.TOKEN_HEADER))) { // an empty or short token never passes
            api.error(ctx, 401, "this call needs the controller's token in the " + ConsoleVerticle.TOKEN_HEADER + " header (printed at start, "
                    + "and in the token file)");
            return;
        }
        ctx.addBodyEndHandler(v -> served.changeEnded().handle(ctx));
        ctx.next();
    }

    private void jsonOnly(RoutingContext ctx) {
        String type = ctx.request().getHeader(HttpHeaders.CONTENT_TYPE);
        if (type != null && !type.toLowerCase(Locale.ROOT).startsWith("application/json")) {
            api.error(ctx, 415, "the body must be application/json");
            return;
        }
        ctx.next();
    }

    private void ackEvent(RoutingContext ctx) {
        Long id = api.whole(ctx, "id", ctx.pathParam("id"));
        if (id != null) {
            api.request(ctx, Addresses.EVENTS_ACK, new JsonObject().put("id", id).put("who", who(ctx.request())));
        }
    }

    private void ackEvents(RoutingContext ctx) {
        JsonObject filter;
        try {
            filter = ctx.body().asJsonObject();
        } catch (DecodeException | ClassCastException e) {
            filter = null;
        }
        if (filter == null) {
            api.error(ctx, 400, "the body must be a JSON object: the filter, e.g. {\"severity\": \"warning\", \"kind\": \"alert\"}");
            return;
        }
        api.request(ctx, Addresses.EVENTS_ACK_ALL, filter.copy().put("who", who(ctx.request())));
    }

    /** A processor's routing table, as JSON or ({@code ?format=csv}) a download of slot,destination rows. */
    private void oftTable(RoutingContext ctx) {
        JsonObject q = api.params(ctx, "processor");
        if (q == null) {
            return;
        }
        boolean csv = "csv".equals(ctx.request().getParam("format"));
        vertx.eventBus().<JsonObject>request(Addresses.OFT_TABLE, q)
                .onSuccess(r -> {
                    if (!csv) {
                        ApiReplies.json(ctx, 200, r.body());
                        return;
                    }
                    StringBuilder b = new StringBuilder("slot,destination\n");
                    JsonArray rows = r.body().getJsonArray("rows");
                    for (int i = 0; i < rows.size(); i++) {
                        b.append(i).append(',').append(rows.getInteger(i)).append('\n');
                    }
                    ctx.response().putHeader("content-type", "text/csv")
                            .putHeader("content-disposition", "attachment; filename=\"processor-" + r.body().getInteger("processor") + ".csv\"")
                            .end(b.toString());
                })
                .onFailure(e -> api.replyError(ctx, e));
    }

    /** Any failure as JSON: its status and why, a 5xx with its cause's first line. */
    private void failed(RoutingContext ctx) {
        int status = ctx.statusCode() > 0 ? ctx.statusCode() : 500;
        String why = switch (status) {
            case 413 -> "the body is larger than " + ConsoleVerticle.MAX_BODY_BYTES + " bytes";
            case 404 -> "not found";
            case 400 -> "bad request";
            default -> status >= 500 ? "internal error" : "request refused";
        };
        if (status >= 500 && ctx.failure() != null) {
            why = why + ": " + RejectionLog.oneLine(ctx.failure().getMessage());
        }
        api.error(ctx, status, why);
    }
}
