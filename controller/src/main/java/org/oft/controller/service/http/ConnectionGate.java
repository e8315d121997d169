package org.oft.controller.service.http;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerOptions;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What a server of the controller's admits, whatever it serves (the console, {@code /metrics}): at most
 * {@link #maxConnections} connections at once, each given {@link #HEADER_DEADLINE_MS} to send its first request (a client
 * that trickles its headers forever is closed) and then the idle time-out; the rest are closed, one rate-limited log
 * line each. Each connection counted is released once, by its close or, when it became a WebSocket (whose upgraded
 * connection never fires its close handler), by {@link #release} from the socket's.
 */
final class ConnectionGate {
    public static final long HEADER_DEADLINE_MS = 10_000;
    public static final int IDLE_TIMEOUT_SECONDS = 60;
    private final Vertx vertx;
    private final int maxConnections;
    private final RejectionLog rejections;
    private final AtomicInteger connections = new AtomicInteger();
    private final Set<HttpConnection> counted = ConcurrentHashMap.newKeySet();
    private final Map<HttpConnection, Long> headerDeadlines = new ConcurrentHashMap<>();

    ConnectionGate(Vertx vertx, int maxConnections, RejectionLog rejections) {
        this.vertx = vertx;
        this.maxConnections = maxConnections;
        this.rejections = rejections;
    }

    /**
     * The options every such server starts from: its idle time-out and header size, and no h2c (with it, a connection is
     * handed over only once its first request is in, so a client that connects and trickles is neither counted nor timed).
     */
    static HttpServerOptions options() {
        return new HttpServerOptions().setHttp2ClearTextEnabled(false).setIdleTimeout(IDLE_TIMEOUT_SECONDS).setMaxHeaderSize(16 * 1024);
    }

    /** A connection opened (the server's connection handler): admitted and timed, or closed past the cap. */
    void admit(HttpConnection conn) {
        if (connections.incrementAndGet() > maxConnections) {
            rejections.rejected("CONNECT", "", String.valueOf(conn.remoteAddress()), 503, "connection cap of " + maxConnections + " reached");
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
        counted.add(conn);
        conn.closeHandler(v -> release(conn));
    }

    /** Its first request came in time: the header deadline no longer applies. */
    void requested(HttpConnection conn) {
        Long deadline = headerDeadlines.remove(conn);
        if (deadline != null) {
            vertx.cancelTimer(deadline);
        }
    }

    /** A connection gone (closed, or its WebSocket closed): its place under the cap freed, once. */
    void release(HttpConnection conn) {
        if (counted.remove(conn)) {
            connections.decrementAndGet();
        }
        requested(conn);
    }

    /** Connections open now. */
    int open() {
        return connections.get();
    }
}
