package org.oft.controller.service;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.ServerWebSocket;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.ext.web.handler.StaticHandler;

/**
 * Serves the web console (static files of the web-console module), its JSON API and a WebSocket
 * at {@value #WEBSOCKET_PATH} that streams every telemetry record.
 */
public final class ConsoleVerticle extends VerticleBase {
    public static final String WEBSOCKET_PATH = "/ws/telemetry";
    private final String host;
    private final int port;
    private HttpServer server;

    public ConsoleVerticle(String host, int port) {
        this.host = host;
        this.port = port;
    }

    @Override
    public Future<?> start() {
        Router router = Router.router(vertx);
        router.get("/api/config").handler(ctx -> vertx.eventBus().<JsonObject>request(Addresses.CONFIG, new JsonObject())
                .onSuccess(reply -> json(ctx, 200, reply.body()))
                .onFailure(e -> json(ctx, 503, new JsonObject().put("error", e.getMessage()))));
        router.post("/api/faults").handler(BodyHandler.create().setBodyLimit(4096));
        router.post("/api/faults").handler(this::fault);
        router.get(WEBSOCKET_PATH).handler(ctx -> ctx.request().toWebSocket()
                .onSuccess(this::stream)
                .onFailure(e -> {
                    if (!ctx.response().ended()) {
                        ctx.response().setStatusCode(400).end("a WebSocket upgrade is expected here");
                    }
                }));
        router.route("/*").handler(StaticHandler.create("webroot").setCachingEnabled(false));
        server = vertx.createHttpServer().requestHandler(router);
        return server.listen(port, host);
    }

    private void stream(ServerWebSocket ws) {
        MessageConsumer<JsonObject> consumer = vertx.eventBus().consumer(Addresses.TELEMETRY, msg -> {
            if (!ws.writeQueueFull()) { // a slow browser skips records rather than piling them up
                ws.writeTextMessage(msg.body().encode());
            }
        });
        ws.closeHandler(v -> consumer.unregister());
        vertx.eventBus().<JsonObject>request(Addresses.TELEMETRY_LATEST, new JsonObject())
                .onSuccess(latest -> ws.writeTextMessage(latest.body().encode()));
    }

    private void fault(RoutingContext ctx) {
        JsonObject body;
        try {
            body = ctx.body().asJsonObject();
        } catch (DecodeException | ClassCastException e) {
            json(ctx, 400, new JsonObject().put("error", "body must be a JSON object"));
            return;
        }
        if (body == null) {
            json(ctx, 400, new JsonObject().put("error", "body must be a JSON object"));
            return;
        }
        vertx.eventBus().<String>request(Addresses.FAULT, body)
                .onSuccess(r -> json(ctx, 200, new JsonObject().put("applied", r.body())))
                .onFailure(e -> json(ctx, e instanceof ReplyException re && re.failureCode() == 400 ? 400 : 503,
                        new JsonObject().put("error", e.getMessage())));
    }

    private static void json(RoutingContext ctx, int status, JsonObject body) {
        ctx.response().setStatusCode(status).putHeader("content-type", "application/json").end(body.encode());
    }

    /** The port actually bound (useful with port 0). */
    public int actualPort() {
        return server.actualPort();
    }
}
