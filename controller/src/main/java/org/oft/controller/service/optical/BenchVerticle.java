package org.oft.controller.service.optical;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.json.JsonObject;
import org.oft.controller.service.Addresses;
import org.oft.controller.service.ServeConfig;
import org.oft.controller.service.boards.BoardControls;
import org.oft.controller.service.events.AlertWatch;
import org.oft.hal.BoardBus;
import org.oft.sim.optical.OpticalModelPort;
import org.oft.controller.boards.BenchDescription;

/**
 * Serves a bench of optical boards: wires the event-bus addresses to the classes that own each concern, as the fat
 * tree's service does: the {@link OpticalDeployer} (the one writer of what the boards run, and recalibration),
 * {@link OpticalTelemetry} (the boards' records, metrics, counter resets), {@link OpticalFaults} (the model's faults)
 * and {@link OpticalQueries} (tables, drill-downs, health). Whether the boards are the built-in model is decided once,
 * here. All board calls and computation run on worker threads.
 */
public final class BenchVerticle extends VerticleBase {
    private final ServeConfig config;
    private final BoardBus bus;
    private final OpticalModelPort model;
    private final BenchDescription bench;

    /** {@code model}: the built-in model's port (faults, health, measurement), or {@link OpticalModelPort#NONE}. */
    public BenchVerticle(ServeConfig config, BoardBus bus, OpticalModelPort model, BenchDescription bench) {
        this.config = config;
        this.bus = bus;
        this.model = model;
        this.bench = bench;
    }

    @Override
    public Future<?> start() {
        BoardControls controls = new BoardControls(bus, config.slotsPerSecond());
        AlertWatch alerts = new AlertWatch(vertx, config.events().alerts());
        OpticalDeployer deployer = new OpticalDeployer(vertx, config, bus, bench, controls, model);
        OpticalTelemetry telemetry = new OpticalTelemetry(vertx, bus, model, controls, alerts, deployer::deployTotals);
        OpticalFaults faults = new OpticalFaults(vertx, model, deployer);
        OpticalQueries queries = new OpticalQueries(vertx, config.order(), model, deployer, telemetry);

        EventBus eb = vertx.eventBus();
        eb.<JsonObject>consumer(Addresses.CONFIG, deployer::config);
        eb.<JsonObject>consumer(Addresses.RECALIBRATE, deployer::recalibrate);
        eb.<JsonObject>consumer(Addresses.TELEMETRY_LATEST, telemetry::latest);
        eb.<JsonObject>consumer(Addresses.METRICS, telemetry::metrics);
        eb.<JsonObject>consumer(Addresses.COUNTERS_RESET, telemetry::reset);
        eb.<JsonObject>consumer(Addresses.FAULT, faults::inject);
        eb.<JsonObject>consumer(Addresses.FAULTS_ACTIVE, faults::active);
        eb.<JsonObject>consumer(Addresses.FAULTS_CLEAR, faults::clear);
        eb.<JsonObject>consumer(Addresses.OFT_TABLE, queries::table);
        eb.<JsonObject>consumer(Addresses.PART, queries::part);
        eb.<JsonObject>consumer(Addresses.HEALTH, queries::health);
        eb.<JsonObject>consumer(Addresses.ALERTS, alerts::handle);
        controls.register(vertx, deployer::boards);
        queries.pollHealth();
        bus.setTelemetryListener(telemetry::record);
        return vertx.executeBlocking(deployer::deployFirst);
    }

    @Override
    public Future<?> stop() {
        // the boards keep their clock and their tables: a controller that stands by or stops leaves the fabric
        // running, as a subnet runs on without its subnet manager; only an operator's request stops the clock
        return Future.succeededFuture();
    }
}
