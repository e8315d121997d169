package org.oft.controller.service.http;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import java.util.List;

/**
 * {@code GET /metrics} alone, on an address of its own ({@code serve --metrics HOST:PORT}): a lab's Prometheus on
 * another host scrapes it while the console stays on loopback, and that bind serves nothing else (no page, no API,
 * no change), so it needs no token. It admits as the console does ({@link ConnectionGate}: a cap, a deadline for the
 * first request, the idle time-out), far fewer at once (a scraper or two), and answers only requests that name it
 * as their Host: idle connections by the thousand cannot take the controller's file descriptors, nor a page of
 * another site read it through this machine's address.
 */
public final class MetricsServer extends VerticleBase {
    /** Connections at once: Prometheus keeps one a target; a few scrapers and a curl fit many times over. */
    public static final int MAX_CONNECTIONS = 32;
    private final String host;
    private final int port;
    private final HostNames hostNames;
    private final RejectionLog rejections = new RejectionLog();
    private HttpServer server;
    private ConnectionGate gate;

    /** {@code allowedHosts}: names it answers to besides loopback and the address it binds ({@code serve --allowed-host}). */
    public MetricsServer(String host, int port, List<String> allowedHosts) {
        this.host = host;
        this.port = port;
        this.hostNames = new HostNames(host, allowedHosts);
    }

    @Override
    public Future<?> start() {
        gate = new ConnectionGate(vertx, MAX_CONNECTIONS, rejections);
        Router router = Router.router(vertx);
        router.get("/metrics").handler(new MetricsRoute(vertx)::handle);
        router.route().handler(ctx -> ctx.response().setStatusCode(404).putHeader("Content-Type", "text/plain")
                .end("only /metrics is served here\n"));
        server = vertx.createHttpServer(ConnectionGate.options())
                .connectionHandler(conn -> gate.admit(conn))
                .requestHandler(req -> handle(router, req))
                .invalidRequestHandler(req -> {
                    rejections.rejected(String.valueOf(req.method()), req.uri(), String.valueOf(req.remoteAddress()), 400, "malformed HTTP request");
                    req.response().setStatusCode(400).putHeader(HttpHeaders.CONNECTION, "close").end();
                });
        return server.listen(port, host);
    }

    private void handle(Router router, HttpServerRequest req) {
        gate.requested(req.connection());
        String hostHeader = req.getHeader(HttpHeaders.HOST);
        if (!hostNames.allows(hostHeader)) {
            rejections.rejected(String.valueOf(req.method()), req.uri(), String.valueOf(req.remoteAddress()), 421,
                    "Host " + hostHeader + " is not a name of this /metrics");
            req.response().setStatusCode(421).putHeader("Content-Type", "text/plain")
                    .end("this /metrics answers to " + hostNames.listed() + "; serve --allowed-host NAME adds a name\n");
            return;
        }
        router.handle(req);
    }

    /** The port bound (the one asked, or the one chosen for 0). */
    public int actualPort() {
        return server.actualPort();
    }
}
