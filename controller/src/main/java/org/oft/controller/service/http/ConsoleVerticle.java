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
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import org.oft.controller.service.events.Events;

/**
 * Serves the web console (static files of the web-console module), its JSON API and a WebSocket
 * at {@value #WEBSOCKET_PATH} that streams every telemetry record. Which path goes where is {@link ConsoleRoutes}'
 * table; here are the server's own limits (connections admitted and timed, the Host it answers to) and what only
 * it holds: the telemetry clients, the token's rotation, a change's event.
 */
public final class ConsoleVerticle extends VerticleBase {
    public static final String WEBSOCKET_PATH = "/ws/telemetry";
    /** Limits: what one browser needs, many times over; far below what would hurt the controller. */
    public static final int MAX_BODY_BYTES = 4096;
    public static final int MAX_CONNECTIONS = 256;
    public static final int MAX_WEBSOCKETS = 128;
    public static final int MAX_WEBSOCKET_MESSAGE_BYTES = 64 * 1024;
    public static final int IDLE_TIMEOUT_SECONDS = ConnectionGate.IDLE_TIMEOUT_SECONDS;
    public static final long HEADER_DEADLINE_MS = ConnectionGate.HEADER_DEADLINE_MS;
    /**
     * The telemetry clients, fed by one consumer: a consumer per client, unregistered as its page closed,
     * dropped the records already queued for it with a warning each. Touched on this verticle's event loop only,
     * where the cap on them is checked too.
     */
    private final java.util.Set<ServerWebSocket> telemetryClients = new java.util.LinkedHashSet<>();
    private final RejectionLog rejections = new RejectionLog();
    private ConnectionGate gate; // made in start(), with this verticle's Vert.x
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

    @Override
    public Future<?> start() {
        vertx.eventBus().<JsonObject>consumer(Addresses.TELEMETRY, this::fanOut);
        api = new ApiReplies(vertx, rejections);
        gate = new ConnectionGate(vertx, MAX_CONNECTIONS, rejections);
        Router router = new ConsoleRoutes(vertx, api, token,
                new ConsoleRoutes.Served(this::upgrade, this::rotateToken, this::exportStudy, this::action)).router();
        server = vertx.createHttpServer(serverOptions())
                .connectionHandler(conn -> gate.admit(conn))
                .requestHandler(req -> handle(router, req))
                .invalidRequestHandler(this::invalid);
        return server.listen(port, host);
    }

    /** The gate's options (no h2c, idle time-out, header size), and the console's own message sizes. */
    private HttpServerOptions serverOptions() {
        HttpServerOptions options = ConnectionGate.options()
                .setMaxWebSocketFrameSize(MAX_WEBSOCKET_MESSAGE_BYTES)
                .setMaxWebSocketMessageSize(MAX_WEBSOCKET_MESSAGE_BYTES)
                .setMaxFormAttributeSize(MAX_BODY_BYTES);
        if (tls != null) {
            options.setSsl(true).setKeyCertOptions(new io.vertx.core.net.PemKeyCertOptions()
                    .setCertPath(tls.cert().toString()).setKeyPath(tls.key().toString()));
        }
        return options;
    }

    /** A request, once its connection sent it in time, to the routes, if it names this console as its Host. */
    private void handle(Router router, HttpServerRequest req) {
        gate.requested(req.connection());
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
    }

    private void invalid(HttpServerRequest req) {
        rejections.rejected(String.valueOf(req.method()), req.uri(), String.valueOf(req.remoteAddress()), 400, "malformed HTTP request");
        req.response().setStatusCode(400).putHeader(HttpHeaders.CONNECTION, "close").end();
    }

    /** {@value #WEBSOCKET_PATH}: a telemetry client, from this site, while fewer than {@value #MAX_WEBSOCKETS} are. */
    private void upgrade(RoutingContext ctx) {
        if (!"websocket".equalsIgnoreCase(ctx.request().getHeader(HttpHeaders.UPGRADE))) {
            api.error(ctx, 400, "a WebSocket upgrade is expected here");
            return;
        }
        if (ConsoleRoutes.foreignOrigin(ctx.request())) { // Vert.x core does not check a WebSocket's Origin: the handshake is refused here
            api.error(ctx, 403, "telemetry for another site is refused (Origin " + ctx.request().getHeader(HttpHeaders.ORIGIN) + ")");
            return;
        }
        if (telemetryClients.size() >= MAX_WEBSOCKETS) {
            api.error(ctx, 503, "too many telemetry clients (" + MAX_WEBSOCKETS + "); close one and retry");
            return;
        }
        HttpConnection conn = ctx.request().connection();
        ctx.request().toWebSocket()
                .onSuccess(ws -> stream(ws, conn))
                .onFailure(e -> {
                    if (!ctx.response().ended()) {
                        api.error(ctx, 400, "a WebSocket upgrade is expected here");
                    }
                });
    }

    /** Connections open now (for tests and the console's own health). */
    public int openConnections() {
        return gate.open();
    }

    private void stream(ServerWebSocket ws, HttpConnection conn) {
        ws.handler(b -> { }); // the console sends nothing; frames are capped by the server options
        telemetryClients.add(ws);
        ws.closeHandler(v -> {
            telemetryClients.remove(ws);
            gate.release(conn);
        });
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
        Events.publish(vertx, Events.of(severity, "action",
                ctx.get("part") != null ? ctx.get("part") : req.path(), ConsoleRoutes.who(req),
                outcome + " (" + status + ")",
                req.method().name() + " " + req.path() + (body.length() > 201 ? body.substring(0, 200) + "…" : body)
                        + (error != null ? ": " + error : "")));
    }

    /** The port actually bound (useful with port 0). */
    public int actualPort() {
        return server.actualPort();
    }
}
