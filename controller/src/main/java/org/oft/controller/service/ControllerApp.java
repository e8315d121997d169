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

    /** Starts everything; fails (and cleans up) with the reason when anything does not start. */
    public static ControllerApp start(ServeConfig config) {
        if (config.fattree() != null) {
            return startFatTree(config);
        }
        String benchText = config.bench() == null ? null : BoardModels.read(config.bench());
        BenchDescription bench = BenchDescription.of(config.order(), config.latency(), benchText);
        if (config.state() != null) {
            DeploymentRecord.checkWritable(config.state()); // before any board is touched
        }
        BoardBus bus = BoardSpec.parse(config.board()).open(config.order(), config.latency(), benchText);
        Vertx vertx = Vertx.vertx();
        return run(vertx, bus, new BenchVerticle(config, bus, bench), config);
    }

    /** An electrical fat tree: its switch boards, the verticle that routes and deploys them, the console. */
    private static ControllerApp startFatTree(ServeConfig config) {
        if (config.state() != null) {
            DeploymentRecord.checkWritable(config.state());
        }
        BoardSpec.SwitchBench bench = BoardSpec.parse(config.board()).openSwitchBench(config.fattree().bench());
        return run(Vertx.vertx(), bench.bus(), new org.oft.controller.service.fattree.SwitchFabricVerticle(config, bench.bus(), bench.faults()),
                config);
    }

    private static ControllerApp run(Vertx vertx, BoardBus bus, io.vertx.core.Deployable fabric, ServeConfig config) {
        String token = newToken();
        ConsoleVerticle console = new ConsoleVerticle(config.host(), config.port(), token, config.tls(), config.allowedHosts());
        ControllerApp app = new ControllerApp(vertx, bus, console, token);
        Future<String> started = vertx.deployVerticle(fabric).compose(id -> vertx.deployVerticle(console));
        try {
            started.toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            app.close();
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new IllegalStateException("controller did not start: " + cause.getMessage(), cause);
        }
        return app;
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
