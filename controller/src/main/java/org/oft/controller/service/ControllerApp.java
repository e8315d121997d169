package org.oft.controller.service;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.concurrent.TimeUnit;
import org.oft.hal.BoardBus;
import org.oft.controller.model.BoardModels;
import org.oft.sim.BoardClocks;
import org.oft.sim.FibrePlant;
import org.oft.sim.SimulatedBench;
import org.oft.sim.TimedFabric;
import org.oft.sim.TimingParameters;
import org.oft.sim.TrafficSource;

/** The running controller: Vert.x, the bench it drives and the console it serves. */
public final class ControllerApp implements AutoCloseable {
    private final Vertx vertx;
    private final BoardBus bus;
    private final ConsoleVerticle console;

    private ControllerApp(Vertx vertx, BoardBus bus, ConsoleVerticle console) {
        this.vertx = vertx;
        this.bus = bus;
        this.console = console;
    }

    /** Starts everything; fails (and cleans up) with the reason when anything does not start. */
    public static ControllerApp start(ServeConfig config) {
        String benchText = config.bench() == null ? null : BoardModels.read(config.bench());
        BenchDescription bench = BenchDescription.of(config.order(), config.latency(), benchText);
        BoardBus bus = builtInBoards(config, benchText);
        Vertx vertx = Vertx.vertx();
        ConsoleVerticle console = new ConsoleVerticle(config.host(), config.port());
        ControllerApp app = new ControllerApp(vertx, bus, console);
        Future<String> started = vertx.deployVerticle(new BenchVerticle(config, bus, bench))
                .compose(id -> vertx.deployVerticle(console));
        try {
            started.toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            app.close();
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new IllegalStateException("controller did not start: " + cause.getMessage(), cause);
        }
        return app;
    }

    /** The built-in board model: the timed fabric, its fibres and clocks as the bench file says. */
    private static BoardBus builtInBoards(ServeConfig config, String benchText) {
        BoardClocks physical = new BoardClocks(config.order(), TimingParameters.defaults().slotPs());
        FibrePlant plant = BoardModels.plant(config.order(), config.latency(), TimingParameters.defaults(), benchText, physical);
        TimedFabric fabric = new TimedFabric(plant, config.latency());
        BoardModels.copyClocks(physical, fabric, config.order());
        return new SimulatedBench(fabric, TrafficSource.SATURATED);
    }

    public int port() {
        return console.actualPort();
    }

    public Vertx vertx() {
        return vertx;
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
