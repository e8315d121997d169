package org.oft.controller.service.http;

import org.oft.controller.service.Addresses;
import org.oft.controller.service.ServeConfig;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.Message;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.ServerWebSocket;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.ext.web.handler.StaticHandler;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Serves the web console (static files of the web-console module), its JSON API and a WebSocket
 * at {@value #WEBSOCKET_PATH} that streams every telemetry record.
 */
public final class ConsoleVerticle extends VerticleBase {
    public static final String WEBSOCKET_PATH = "/ws/telemetry";
    /** Limits: what one browser needs, many times over; far below what would hurt the controller. */
    public static final int MAX_BODY_BYTES = 4096;
    public static final int MAX_CONNECTIONS = 256;
    public static final int MAX_WEBSOCKETS = 128;
    public static final int MAX_WEBSOCKET_MESSAGE_BYTES = 64 * 1024;
    public static final int IDLE_TIMEOUT_SECONDS = 60;
    public static final long HEADER_DEADLINE_MS = 10_000;
    private final AtomicInteger connections = new AtomicInteger();
    /**
     * The telemetry clients, fed by one consumer: a consumer per client, unregistered as its page closed,
     * dropped the records already queued for it with a warning each. Touched on this verticle's event loop only,
     * where the cap on them is checked too.
     */
    private final java.util.Set<ServerWebSocket> telemetryClients = new java.util.LinkedHashSet<>();
    private final Map<HttpConnection, Long> headerDeadlines = new ConcurrentHashMap<>();
    private final RejectionLog rejections = new RejectionLog();
    private ApiReplies api; // made in start(), with this verticle's Vert.x
    /** The header that carries the token on every mutating call. */
    public static final String TOKEN_HEADER = "X-OFT-Token";
    private final String host;
    private final int port;
    private final TokenHolder token;
    /** Rotates the token (a worker; the caller proved the old one, given): the app's, which knows the election. */
    private volatile java.util.function.Function<String, ConsoleToken> rotation;
    private final ServeConfig.Tls tls;
    private HttpServer server;

    /**
     * @param token what every mutating call must carry in {@value #TOKEN_HEADER}
     * @param tls   certificate and key to serve HTTPS with, or null for plain HTTP
     */
    public ConsoleVerticle(String host, int port, ConsoleToken token, ServeConfig.Tls tls) {
        this(host, port, new TokenHolder(token), tls, java.util.List.of());
    }

    /** {@code allowedHosts}: names the console answers to besides loopback and the address it binds. */
    public ConsoleVerticle(String host, int port, TokenHolder token, ServeConfig.Tls tls, java.util.List<String> allowedHosts) {
        this.host = host;
        this.port = port;
        this.token = token;
        this.rotation = old -> token.rotate(t -> { });
        this.tls = tls;
        this.hostNames = new HostNames(host, allowedHosts);
    }

    private final HostNames hostNames;

    /** A browser's request from another site: its Origin is not this server's. Requests without an Origin (curl) pass. */
    private static boolean foreignOrigin(HttpServerRequest req) {
        String origin = req.getHeader(HttpHeaders.ORIGIN);
        if (origin == null) {
            return false;
        }
        String hostHeader = req.getHeader(HttpHeaders.HOST);
        return hostHeader == null || !(origin.equalsIgnoreCase("http://" + hostHeader) || origin.equalsIgnoreCase("https://" + hostHeader));
    }

    private boolean tokenOk(HttpServerRequest req) {
        return token.accepts(req.getHeader(TOKEN_HEADER)); // an empty or short token never passes; the one in force only
    }

    @Override
    public Future<?> start() {
        vertx.eventBus().<JsonObject>consumer(Addresses.TELEMETRY, this::fanOut);
        api = new ApiReplies(vertx, rejections);
        EventsApi events = new EventsApi(vertx, api);
        Router router = Router.router(vertx);
        router.get("/api/config").handler(ctx -> vertx.eventBus().<JsonObject>request(Addresses.CONFIG, new JsonObject())
                .onSuccess(reply -> api.json(ctx, 200, reply.body()))
                .onFailure(e -> api.error(ctx, 503, e.getMessage())));
        router.get("/api/events").handler(events::events);
        router.get("/metrics").handler(new MetricsRoute(vertx)::handle);
        // Who owns the boards: readable from the page of another controller of the same boards (a page
        // whose controller died looks for the new master), so it alone may be read across origins.
        router.get("/api/owner").handler(ctx -> {
            ctx.response().putHeader("Access-Control-Allow-Origin", "*");
            api.request(ctx, Addresses.OWNER, new JsonObject());
        });
        // API bodies are JSON: form and multipart bodies are refused before anything decodes them,
        // and the body handler stores no uploads.
        // every mutating call: from this site (Origin) and with the token
        router.route("/api/*").handler(ctx -> {
            io.vertx.core.http.HttpMethod m = ctx.request().method();
            if (m == io.vertx.core.http.HttpMethod.GET || m == io.vertx.core.http.HttpMethod.HEAD) {
                ctx.next();
                return;
            }
            if (foreignOrigin(ctx.request())) {
                api.error(ctx, 403, "requests from another site are refused (Origin " + ctx.request().getHeader(HttpHeaders.ORIGIN) + ")");
                return;
            }
            if (!tokenOk(ctx.request())) {
                api.error(ctx, 401, "this call needs the controller's token in the " + TOKEN_HEADER + " header (printed at start, "
                        + "and in the token file)");
                return;
            }
            ctx.addBodyEndHandler(v -> action(ctx)); // every change asked, and how it ended, is an event
            ctx.next();
        });
        router.post("/api/*").handler(ctx -> {
            String type = ctx.request().getHeader(HttpHeaders.CONTENT_TYPE);
            if (type != null && !type.toLowerCase(java.util.Locale.ROOT).startsWith("application/json")) {
                api.error(ctx, 415, "the body must be application/json");
                return;
            }
            ctx.next();
        });
        router.post("/api/*").handler(BodyHandler.create(false).setBodyLimit(MAX_BODY_BYTES));
        router.post("/api/faults").handler(ctx -> api.post(ctx, Addresses.FAULT, "applied"));
        router.post("/api/events/:id/ack").handler(ctx -> {
            Long id = api.whole(ctx, "id", ctx.pathParam("id"));
            if (id != null) {
                api.request(ctx, Addresses.EVENTS_ACK, new JsonObject().put("id", id).put("who", who(ctx.request())));
            }
        });
        router.post("/api/events/ack").handler(ctx -> {
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
        });
        router.get("/api/alerts").handler(ctx -> api.request(ctx, Addresses.ALERTS, new JsonObject()));
        router.post("/api/alerts").handler(ctx -> api.post(ctx, Addresses.ALERTS, null));
        router.post("/api/engine").handler(ctx -> api.post(ctx, Addresses.ENGINE, null));
        router.post("/api/engine/undo").handler(ctx -> api.post(ctx, Addresses.ENGINE_UNDO, null));
        router.post("/api/fail").handler(ctx -> api.post(ctx, Addresses.FAIL, null));
        router.get("/api/fail").handler(ctx -> api.request(ctx, Addresses.FAIL_LIST, new JsonObject()));
        router.delete("/api/fail/:id").handler(ctx -> api.byId(ctx, Addresses.FAIL_REPAIR));
        router.post("/api/recalibrate").handler(ctx -> api.post(ctx, Addresses.RECALIBRATE, null));
        router.post("/api/clock").handler(ctx -> api.post(ctx, Addresses.CLOCK, null));
        router.post("/api/counters/reset").handler(ctx -> api.request(ctx, Addresses.COUNTERS_RESET, new JsonObject()));
        router.get("/api/oft/table").handler(ctx -> {
            JsonObject q = api.params(ctx, "processor");
            if (q == null) {
                return;
            }
            boolean csv = "csv".equals(ctx.request().getParam("format"));
            vertx.eventBus().<JsonObject>request(Addresses.OFT_TABLE, q)
                    .onSuccess(r -> {
                        if (!csv) {
                            api.json(ctx, 200, r.body());
                            return;
                        }
                        StringBuilder b = new StringBuilder("slot,destination\n");
                        io.vertx.core.json.JsonArray rows = r.body().getJsonArray("rows");
                        for (int i = 0; i < rows.size(); i++) {
                            b.append(i).append(',').append(rows.getInteger(i)).append('\n');
                        }
                        ctx.response().putHeader("content-type", "text/csv")
                                .putHeader("content-disposition", "attachment; filename=\"processor-" + r.body().getInteger("processor") + ".csv\"").end(b.toString());
                    })
                    .onFailure(e -> api.replyError(ctx, e));
        });
        router.post("/api/sweeps").handler(ctx -> api.post(ctx, Addresses.SWEEP_START, null));
        router.post("/api/analyses").handler(ctx -> api.post(ctx, Addresses.ANALYSIS_START, null));
        router.get("/api/analyses/:id").handler(ctx -> api.byId(ctx, Addresses.ANALYSIS_STATUS));
        router.get("/api/studies").handler(ctx -> api.request(ctx, Addresses.STUDIES, new JsonObject()));
        router.get("/api/studies/:name").handler(ctx -> api.request(ctx, Addresses.STUDY, new JsonObject().put("name", ctx.pathParam("name"))));
        router.get("/api/studies/:name/export").handler(this::exportStudy);
        router.post("/api/studies").handler(ctx -> api.post(ctx, Addresses.STUDY_START, null));
        router.post("/api/studies/:name/stop").handler(ctx -> api.request(ctx, Addresses.STUDY_STOP, new JsonObject().put("name", ctx.pathParam("name"))));
        router.get("/api/topology").handler(ctx -> api.request(ctx, Addresses.TOPOLOGY, new JsonObject()));
        router.get("/api/lft").handler(ctx -> api.query(ctx, Addresses.LFT, "switch"));
        router.get("/api/trace").handler(ctx -> api.query(ctx, Addresses.TRACE, "src", "dst", "path"));
        router.get("/api/parts/:name").handler(ctx -> api.request(ctx, Addresses.PART, new JsonObject().put("part", ctx.pathParam("name"))));
        router.get("/api/anomalies").handler(events::anomalies);
        router.get("/api/boards").handler(ctx -> api.request(ctx, Addresses.BOARDS, new JsonObject()));
        router.get("/api/health").handler(ctx -> api.request(ctx, Addresses.HEALTH, new JsonObject()));
        router.get("/api/summary").handler(ctx -> api.request(ctx, Addresses.SUMMARY, new JsonObject()));
        router.post("/api/token/rotate").handler(this::rotateToken);
        router.get("/api/faults").handler(ctx -> api.request(ctx, Addresses.FAULTS_ACTIVE, new JsonObject()));
        router.delete("/api/faults").handler(ctx -> api.request(ctx, Addresses.FAULTS_CLEAR, new JsonObject()));
        router.delete("/api/faults/:id").handler(ctx -> api.byId(ctx, Addresses.FAULTS_CLEAR));
        router.get("/api/telemetry").handler(ctx -> vertx.eventBus().<JsonObject>request(Addresses.TELEMETRY_LATEST, new JsonObject())
                .onSuccess(reply -> api.json(ctx, 200, reply.body()))
                .onFailure(e -> api.replyError(ctx, e)));
        router.get("/api/ports").handler(ctx -> vertx.eventBus().<JsonObject>request(Addresses.PORTS, new JsonObject())
                .onSuccess(reply -> api.json(ctx, 200, reply.body()))
                .onFailure(e -> api.replyError(ctx, e)));
        router.get(WEBSOCKET_PATH).handler(ctx -> {
            if (!"websocket".equalsIgnoreCase(ctx.request().getHeader(HttpHeaders.UPGRADE))) {
                api.error(ctx, 400, "a WebSocket upgrade is expected here");
                return;
            }
            if (foreignOrigin(ctx.request())) { // Vert.x core does not check a WebSocket's Origin: the handshake is refused here
                api.error(ctx, 403, "telemetry for another site is refused (Origin " + ctx.request().getHeader(HttpHeaders.ORIGIN) + ")");
                return;
            }
            if (telemetryClients.size() >= MAX_WEBSOCKETS) {
                api.error(ctx, 503, "too many telemetry clients (" + MAX_WEBSOCKETS + "); close one and retry");
                return;
            }
            ctx.request().toWebSocket()
                    .onSuccess(this::stream)
                    .onFailure(e -> {
                        if (!ctx.response().ended()) {
                            api.error(ctx, 400, "a WebSocket upgrade is expected here");
                        }
                    });
        });
        // the charting libraries, from their webjars on the class path (versioned paths: cached)
        router.route("/webjars/*").handler(StaticHandler.create("META-INF/resources/webjars").setMaxAgeSeconds(86400));
        router.route("/*").handler(StaticHandler.create("webroot").setCachingEnabled(false));
        router.errorHandler(404, ctx -> api.error(ctx, 404, "not found"));
        router.route().failureHandler(ctx -> {
            int status = ctx.statusCode() > 0 ? ctx.statusCode() : 500;
            String why = switch (status) {
                case 413 -> "the body is larger than " + MAX_BODY_BYTES + " bytes";
                case 404 -> "not found";
                case 400 -> "bad request";
                default -> status >= 500 ? "internal error" : "request refused";
            };
            if (status >= 500 && ctx.failure() != null) {
                why = why + ": " + RejectionLog.oneLine(ctx.failure().getMessage());
            }
            api.error(ctx, status, why);
        });
        // No h2c: with it, a connection is only handed over once its first request is in, so a
        // client that connects and trickles would be neither counted nor timed.
        HttpServerOptions options = new HttpServerOptions()
                .setHttp2ClearTextEnabled(false)
                .setIdleTimeout(IDLE_TIMEOUT_SECONDS)
                .setMaxWebSocketFrameSize(MAX_WEBSOCKET_MESSAGE_BYTES)
                .setMaxWebSocketMessageSize(MAX_WEBSOCKET_MESSAGE_BYTES)
                .setMaxHeaderSize(16 * 1024)
                .setMaxFormAttributeSize(MAX_BODY_BYTES);
        if (tls != null) {
            options.setSsl(true).setKeyCertOptions(new io.vertx.core.net.PemKeyCertOptions()
                    .setCertPath(tls.cert().toString()).setKeyPath(tls.key().toString()));
        }
        server = vertx.createHttpServer(options)
                .connectionHandler(this::admit)
                .requestHandler(req -> {
                    Long deadline = headerDeadlines.remove(req.connection());
                    if (deadline != null) {
                        vertx.cancelTimer(deadline);
                    }
                    String hostHeader = req.getHeader(HttpHeaders.HOST);
                    if (!hostNames.allows(hostHeader)) { // DNS rebinding: a page of another site under this machine's address
                        rejections.rejected(String.valueOf(req.method()), req.uri(), String.valueOf(req.remoteAddress()), 421,
                                "Host " + hostHeader + " is not a name of this console");
                        req.response().setStatusCode(421).putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                                .end(new JsonObject().put("error", "this console answers to " + hostNames.listed()
                                        + ", not to the Host this request names; serve --allowed-host NAME adds a name").encode());
                        return;
                    }
                    router.handle(req);
                })
                .invalidRequestHandler(req -> {
                    rejections.rejected(String.valueOf(req.method()), req.uri(), String.valueOf(req.remoteAddress()), 400,
                            "malformed HTTP request");
                    req.response().setStatusCode(400).putHeader(HttpHeaders.CONNECTION, "close").end();
                });
        return server.listen(port, host);
    }

    /**
     * Admits a connection while fewer than {@value #MAX_CONNECTIONS} are open, and gives it
     * {@value #HEADER_DEADLINE_MS} ms to send its first request (a client that trickles its headers
     * forever is closed; the idle time-out then covers kept-alive connections).
     */
    private void admit(HttpConnection conn) {
        if (connections.incrementAndGet() > MAX_CONNECTIONS) {
            rejections.rejected("CONNECT", "", String.valueOf(conn.remoteAddress()), 503,
                    "connection cap of " + MAX_CONNECTIONS + " reached");
            connections.decrementAndGet();
            conn.close();
            return;
        }
        long timer = vertx.setTimer(HEADER_DEADLINE_MS, id -> {
            if (headerDeadlines.remove(conn) != null) {
                conn.close();
            }
        });
        headerDeadlines.put(conn, timer);
        conn.closeHandler(v -> {
            connections.decrementAndGet();
            Long t = headerDeadlines.remove(conn);
            if (t != null) {
                vertx.cancelTimer(t);
            }
        });
    }

    /** Connections open now (for tests and the console's own health). */
    public int openConnections() {
        return connections.get();
    }

    private void stream(ServerWebSocket ws) {
        ws.handler(b -> { }); // the console sends nothing; frames are capped by the server options
        telemetryClients.add(ws);
        ws.closeHandler(v -> telemetryClients.remove(ws));
        vertx.eventBus().<JsonObject>request(Addresses.TELEMETRY_LATEST, new JsonObject())
                .onSuccess(latest -> ws.writeTextMessage(latest.body().encode()));
    }

    /** One record to every telemetry client, encoded once. */
    private void fanOut(Message<JsonObject> msg) {
        if (telemetryClients.isEmpty()) {
            return;
        }
        String text = msg.body().encode();
        for (ServerWebSocket ws : telemetryClients) {
            if (!ws.writeQueueFull()) { // a slow browser skips records rather than piling them up
                ws.writeTextMessage(text);
            }
        }
    }

    /** How the token is rotated: the app's way, which tells the election (a controller without one rotates it here). */
    public void rotation(java.util.function.Function<String, ConsoleToken> r) {
        this.rotation = r;
    }

    /**
     * {@code POST /api/token/rotate}: a fresh token in place of the one the call carried (checked, as for every change);
     * answered with it, the only place it is said besides the token file. The old token stops working at once.
     */
    private void rotateToken(RoutingContext ctx) {
        String old = ctx.request().getHeader(TOKEN_HEADER);
        ctx.put("part", "console token"); // the change's event names it (never the token)
        vertx.executeBlocking(() -> rotation.apply(old), false).onSuccess(t -> {
            api.json(ctx, 200, new JsonObject().put("token", t.plain()));
        }).onFailure(e -> api.error(ctx, e instanceof IllegalStateException ? 409 : 503, e.getMessage()));
    }

    /** Who asks, as the event log names them. */
    private static String who(HttpServerRequest req) {
        return "console (token holder at " + req.remoteAddress() + ")";
    }

    /** A study's results as a download: {@code ?format=csv} (the default) or {@code json}, named after the study. */
    private void exportStudy(RoutingContext ctx) {
        String name = ctx.pathParam("name");
        String format = ctx.request().getParam("format", "csv");
        vertx.eventBus().<JsonObject>request(Addresses.STUDY_EXPORT, new JsonObject().put("name", name).put("format", format),
                        new io.vertx.core.eventbus.DeliveryOptions().setSendTimeout(120_000))
                .onSuccess(r -> ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, format.equals("json") ? "application/json" : "text/csv")
                        .putHeader("Content-Disposition", "attachment; filename=\"" + name + "." + format + "\"")
                        .end(r.body().getString("content")))
                .onFailure(e -> api.replyError(ctx, e));
    }

    /** A change asked through the console, once answered: what, by whom, and how it ended, as an event. */
    private void action(RoutingContext ctx) {
        HttpServerRequest req = ctx.request();
        int status = ctx.response().getStatusCode();
        String body = ctx.body() != null && ctx.body().length() > 0 ? " " + RejectionLog.oneLine(ctx.body().asString()) : "";
        String error = ctx.get("error");
        String severity = status < 400 ? "info" : status < 500 ? "warning" : "alarm";
        String outcome = status < 400 ? "done" : status < 500 ? "refused" : "failed";
        org.oft.controller.service.events.Events.publish(vertx, org.oft.controller.service.events.Events.of(severity, "action",
                ctx.get("part") != null ? ctx.get("part") : req.path(), who(req),
                outcome + " (" + status + ")",
                req.method().name() + " " + req.path() + (body.length() > 201 ? body.substring(0, 200) + "…" : body)
                        + (error != null ? ": " + error : "")));
    }

    /** The port actually bound (useful with port 0). */
    public int actualPort() {
        return server.actualPort();
    }
}
