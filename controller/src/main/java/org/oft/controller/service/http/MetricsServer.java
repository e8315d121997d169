package org.oft.controller.service.http;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;

/**
 * {@code GET /metrics} alone, on an address of its own ({@code serve --metrics HOST:PORT}): a lab's Prometheus on
 * another host scrapes it while the console stays on loopback, and that bind serves nothing else (no page, no API,
 * no change), so it needs no token.
 */
public final class MetricsServer extends VerticleBase {
    private final String host;
    private final int port;
    private HttpServer server;

    public MetricsServer(String host, int port) {
        this.host = host;
        this.port = port;
    }

    @Override
    public Future<?> start() {
        Router router = Router.router(vertx);
        router.get("/metrics").handler(new MetricsRoute(vertx)::handle);
        router.route().handler(ctx -> ctx.response().setStatusCode(404).putHeader("Content-Type", "text/plain")
                .end("only /metrics is served here\n"));
        server = vertx.createHttpServer().requestHandler(router);
        return server.listen(port, host);
    }

    /** The port bound (the one asked, or the one chosen for 0). */
    public int actualPort() {
        return server.actualPort();
    }
}
