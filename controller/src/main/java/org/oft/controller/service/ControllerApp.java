package org.oft.controller.service;

import org.oft.controller.service.boards.BoardSpec;
import org.oft.controller.service.boards.DeploymentRecord;
import org.oft.controller.service.http.ConsoleVerticle;
import org.oft.controller.service.optical.BenchDescription;
import org.oft.controller.service.optical.BenchVerticle;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.concurrent.TimeUnit;
import org.oft.controller.model.BoardModels;
import org.oft.hal.BoardBus;

/** The running controller: Vert.x, the bench it drives and the console it serves. */
public final class ControllerApp implements AutoCloseable {
    private final Vertx vertx;
    private final BoardBus bus;
    private final ConsoleVerticle console;
    private final String token;

    private ControllerApp(Vertx vertx, BoardBus bus, ConsoleVerticle console, String token) {
        this.vertx = vertx;
        this.bus = bus;
        this.console = console;
        this.token = token;
    }

    /** A fresh token for the mutating calls: 128 random bits, hex. */
    static String newToken() {
        byte[] b = new byte[16];
        new java.security.SecureRandom().nextBytes(b);
        StringBuilder sb = new StringBuilder(32);
        for (byte x : b) {
            sb.append(String.format("%02x", x));
        }
        return sb.toString();
    }

    /** What every mutating call of the console's API must carry in {@link ConsoleVerticle#TOKEN_HEADER}. */
    public String token() {
        return token;
    }

    /**
     * Starts everything; fails (and cleans up) with the reason when anything does not start. Everything
     * that needs no board is checked first (the state file, the TLS pair, the host, the port, bound): a
     * failure there changes no board and no file.
     */
    public static ControllerApp start(ServeConfig config) {
        String benchText = config.fattree() == null && config.bench() != null ? BoardModels.read(config.bench()) : null;
        BenchDescription bench = config.fattree() == null ? BenchDescription.of(config.order(), config.latency(), benchText) : null;
        if (config.state() != null) {
            DeploymentRecord.checkWritable(config.state());
        }
        Vertx vertx = Vertx.vertx();
        String token = newToken();
        ConsoleVerticle console = new ConsoleVerticle(config.host(), config.port(), token, config.tls(), config.allowedHosts());
        try {
            if (config.tls() != null) {
                org.oft.controller.service.http.TlsPair.check(vertx, config.tls());
            }
            try {
                java.net.InetAddress.getByName(config.host());
            } catch (java.net.UnknownHostException e) {
                throw new IllegalStateException("cannot resolve --host " + config.host());
            }
            await(vertx.deployVerticle(console), "cannot serve the console on " + config.host() + ":" + config.port());
        } catch (RuntimeException e) {
            close(vertx);
            throw e instanceof IllegalArgumentException ? new IllegalStateException(e.getMessage()) : e;
        }
        // only now the boards
        BoardBus bus;
        io.vertx.core.Deployable fabric;
        try {
            if (config.fattree() != null) {
                BoardSpec.SwitchBench sb = BoardSpec.parse(config.board()).openSwitchBench(config.fattree().bench());
                bus = sb.bus();
                fabric = new org.oft.controller.service.fattree.SwitchFabricVerticle(config, bus, sb.faults());
            } else {
                bus = BoardSpec.parse(config.board()).open(config.order(), config.latency(), benchText);
                fabric = new BenchVerticle(config, bus, bench);
            }
        } catch (RuntimeException e) {
            close(vertx);
            throw e;
        }
        ControllerApp app = new ControllerApp(vertx, bus, console, token);
        try {
            BoardOwnership.claim(bus, config.ownership());
            BoardOwnership.onFenced(bus, why -> java.util.logging.Logger.getLogger("org.oft.controller").warning(
                    "another controller took the boards over: " + why + "; this controller no longer changes them"));
            await(vertx.deployVerticle(fabric), "controller did not start");
        } catch (RuntimeException e) {
            app.close();
            throw e;
        }
        return app;
    }

    private static void await(Future<?> f, String what) {
        try {
            f.toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            String why = cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
            throw new IllegalStateException(what + ": " + why, cause);
        }
    }

    private static void close(Vertx vertx) {
        try {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            // closing anyway
        }
    }

    public int port() {
        return console.actualPort();
    }

    /** HTTP connections the console holds open now. */
    public int consoleConnections() {
        return console.openConnections();
    }

    public BoardBus bus() {
        return bus;
    }

    @Override
    public void close() {
        try {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            // closing anyway
        } finally {
            bus.close();
        }
    }
}
