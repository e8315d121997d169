package org.oft.controller.service.fattree;

import io.vertx.core.Future;
import java.util.List;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonObject;
import java.util.function.Function;
import org.oft.controller.fattree.deploy.ElectricalBench;
import org.oft.controller.service.Addresses;
import org.oft.controller.service.JsonFields;
import org.oft.controller.service.boards.BoardControls;
import org.oft.controller.service.ServeConfig;
import org.oft.hal.BoardBus;
import org.oft.sim.boards.SwitchFaultPort;
import org.oft.controller.service.events.AlertWatch;
import org.oft.controller.service.events.Events;
import org.oft.hal.Telemetry;

/**
 * Serves a bench of electrical switch boards: deploys the engine's tables at start, runs the slot
 * clock, and wires the event-bus addresses to the classes that own each concern: the
 * {@link FabricDeployer} (the one writer of what the boards run), {@link FabricQueries} and
 * {@link TopologyView} (read-only, on its snapshots), {@link TelemetryRates} and {@link PortPoller}
 * (what the boards count), {@link ModelFaults} (the model's fault port) and {@link FabricAnalyses}.
 */
public final class SwitchFabricVerticle extends VerticleBase {
    /** Ports polled once a second. */
    static final long PORTS_PERIOD_MS = 1000;

    private final ServeConfig config;
    private final BoardBus bus;
    private final ElectricalBench bench;
    private final SwitchFaultPort modelFaults;
    private final FabricDeployer deployer;

    /** {@code modelFaults}: the modelled boards' fault port, or null for boards that have none. */
    public SwitchFabricVerticle(ServeConfig config, BoardBus bus, SwitchFaultPort modelFaults) {
        this.config = config;
        this.bus = bus;
        this.bench = config.fattree().bench();
        this.modelFaults = modelFaults;
        this.deployer = new FabricDeployer(bus, bench, config.state(), config.board());
    }

    private JsonObject previousMaster;

    /**
     * Starts from what another controller deployed ({@link #replica}; null: from this one's options): the
     * same engine, paths and declared failures, so the tables come out as the boards already run them.
     */
    public void takeOver(JsonObject deployed) {
        this.previousMaster = deployed;
    }

    /**
     * Told of what the boards run after every deploy, as {@link #replica} gives it: the standbys' copy; and,
     * before a change is deployed, of the same with the change under way ({@code change}), so that a standby
     * taking over in the middle of it finishes it.
     */
    public void onPublish(java.util.function.Consumer<JsonObject> listener) {
        deployer.onPublish(s -> listener.accept(replica(s)));
        deployer.onChange(c -> listener.accept(replica(deployer.snapshot()).put("change", new JsonObject()
                .put("engine", c.served().engine()).put("paths", c.served().paths())
                .put("failures", new io.vertx.core.json.JsonArray(c.failures())).put("what", c.what()))));
    }

    /** What a standby needs to compute the same tables: engine, paths, declared failures. */
    static JsonObject replica(FabricSnapshot s) {
        return new JsonObject().put("engine", s.served().engine()).put("paths", s.served().paths())
                .put("failures", new io.vertx.core.json.JsonArray(s.failureSpecs()));
    }

    /** The engine and paths of a replica (or of its change), this bench's paths if it names none. */
    private Served served(JsonObject r) {
        return new Served(r.getString("engine"), r.getInteger("paths", bench.paths()));
    }

    private static List<String> failures(JsonObject r) {
        List<String> out = new java.util.ArrayList<>();
        if (r.getJsonArray("failures") != null) {
            r.getJsonArray("failures").forEach(f -> out.add(String.valueOf(f)));
        }
        return out;
    }

    @Override
    public Future<?> start() {
        BoardControls controls = new BoardControls(bus, config.slotsPerSecond());
        JsonObject prev = previousMaster;
        Served initial = prev != null && prev.getString("engine") != null ? served(prev)
                : Served.initially(config.fattree().engine(), bench.paths());
        List<String> failures = prev == null ? List.of() : failures(prev);
        JsonObject change = prev == null ? null : prev.getJsonObject("change");
        String master = prev == null ? null : prev.getString("master", "the last master");
        return vertx.executeBlocking(() -> {
            FabricDeployer.Started s = change != null && change.getString("engine") != null
                    ? deployer.finishChange(master, initial, failures,
                            new FabricDeployer.Change(served(change), failures(change), change.getString("what", "a change")))
                    : prev != null && prev.getString("engine") != null ? deployer.takeOver(master, initial, failures)
                    : deployer.deployFirst(initial, failures);
            bus.startClock(config.slotsPerSecond());
            return s;
        }).onSuccess(s -> wire(s, controls));
    }

    /** Every address to its handler, once the first deploy has given the fabric a snapshot (event loop). */
    private void wire(FabricDeployer.Started started, BoardControls controls) {
        FabricSnapshot first = started.snapshot();
        if (started.tookOver() != null) { // what the last master left on the boards, and what was done about it: never silently
            Events.publish(vertx, Events.of("warning", "owner", "boards",
                    null, "taken over", started.tookOver()));
            java.util.logging.Logger.getLogger("org.oft.fattree").warning(started.tookOver());
        }
        TelemetryRates telemetry = new TelemetryRates(first.topology(), bench.load());
        PortPoller ports = new PortPoller(bus, first.tree());
        ports.onEvent(e -> Events.publish(vertx, e));
        AlertWatch alerts = new AlertWatch(vertx, config.events().alerts());
        ports.alertOn(alerts);
        ModelFaults faults = new ModelFaults(vertx, modelFaults, deployer, telemetry);
        FabricQueries queries = new FabricQueries(vertx, deployer, faults::cut);
        TopologyView topology = new TopologyView(vertx, deployer, ports, faults::cut);
        FabricAnalyses analyses = new FabricAnalyses(vertx, deployer, bench);
        FabricConfiguration configuration = new FabricConfiguration(
                FabricConfiguration.describe(first.topology(), bench, config, started.boards(), started.previousRecord()), deployer, controls);
        LatestTelemetry latest = new LatestTelemetry(telemetry, controls);

        EventBus eb = vertx.eventBus();
        eb.<JsonObject>consumer(Addresses.CONFIG, configuration::config);
        eb.<JsonObject>consumer(Addresses.TELEMETRY_LATEST, latest::reply);
        eb.<JsonObject>consumer(Addresses.PORTS, ports::reply);
        eb.<JsonObject>consumer(Addresses.METRICS, new PortMetrics(first.tree(), ports, deployer)::reply);
        eb.<JsonObject>consumer(Addresses.ALERTS, alerts::handle);
        deploysOn(Addresses.ENGINE, body -> EngineRequest.parse(body, deployer.snapshot().served(), bench.paths()), deployer::switchEngine);
        deploysOn(Addresses.ENGINE_UNDO, body -> deployer.engineBefore(), deployer::undoEngine);
        deploysOn(Addresses.FAIL, FailRequest::spec, deployer::fail);
        eb.<JsonObject>consumer(Addresses.FAIL_LIST, configuration::failures);
        deploysOn(Addresses.FAIL_REPAIR, body -> deployer.snapshot().failure(JsonFields.intField(body, "id")), deployer::repair);
        eb.<JsonObject>consumer(Addresses.FAULT, faults::inject);
        eb.<JsonObject>consumer(Addresses.FAULTS_ACTIVE, faults::active);
        deploysOn(Addresses.FAULTS_CLEAR, faults::chosen, faults::clear);
        eb.<JsonObject>consumer(Addresses.COUNTERS_RESET, msg -> msg.reply(resetCounters(telemetry, ports)));
        controls.register(vertx, started::boards);
        eb.<JsonObject>consumer(Addresses.ANALYSIS_START, analyses::start);
        eb.<JsonObject>consumer(Addresses.SWEEP_START, analyses::sweep);
        eb.<JsonObject>consumer(Addresses.ANALYSIS_STATUS, analyses::status);
        eb.<JsonObject>consumer(Addresses.TOPOLOGY, topology::topology);
        eb.<JsonObject>consumer(Addresses.LFT, queries::lft);
        eb.<JsonObject>consumer(Addresses.TRACE, queries::trace);
        PartDetail parts = new PartDetail(vertx, deployer, ports, faults);
        eb.<JsonObject>consumer(Addresses.PART, parts::part);
        eb.<JsonObject>consumer(Addresses.ANOMALIES, parts::anomalies);
        bus.setTelemetryListener(latest::publish);
        vertx.setPeriodic(PORTS_PERIOD_MS, id -> pollPorts(ports));
    }

    /** Totals and port anomalies count from now (the boards' own counters run on, as InfiniBand's are read). */
    private static JsonObject resetCounters(TelemetryRates telemetry, PortPoller ports) {
        telemetry.reset();
        ports.reset();
        return new JsonObject().put("reset", true);
    }

    /** One port poll on a worker, unless the last is still reading; its summary published. */
    private void pollPorts(PortPoller ports) {
        if (!ports.tryBegin()) {
            return;
        }
        vertx.executeBlocking(ports::read)
                .onSuccess(p -> {
                    ports.end(p, null);
                    vertx.eventBus().publish(Addresses.TELEMETRY, p);
                })
                .onFailure(e -> ports.end(null, e));
    }

    /**
     * A request that redeploys: its body checked first (400), one deploy at a time (409), the work on a
     * worker; a body naming nothing there is (a failure id) is 404; a refusal of the boards or the fabric is 502 and leaves them, and the snapshot, as they were.
     */
    private <T> void deploysOn(String address, Function<JsonObject, T> parse, Function<T, JsonObject> deploy) {
        vertx.eventBus().<JsonObject>consumer(address, msg -> {
            T arg;
            try {
                arg = parse.apply(msg.body());
            } catch (IllegalArgumentException e) {
                msg.fail(400, e.getMessage());
                return;
            } catch (java.util.NoSuchElementException e) {
                msg.fail(404, e.getMessage());
                return;
            }
            if (!deployer.tryBegin()) {
                msg.fail(409, "a deploy is under way; retry when it has finished");
                return;
            }
            vertx.executeBlocking(() -> deploy.apply(arg))
                    .onComplete(r -> deployer.end())
                    .onSuccess(msg::reply)
                    .onFailure(e -> msg.fail(e instanceof IllegalArgumentException ? 400 : 502, e.getMessage()));
        });
    }

    @Override
    public Future<?> stop() {
        // the boards keep their clock and their tables: a controller that stands by or stops leaves the fabric
        // running, as a subnet runs on without its subnet manager; only an operator's request stops the clock
        return Future.succeededFuture();
    }

    /** The latest telemetry record: written by the boards' telemetry thread, published, and given to a console that connects. */
    private final class LatestTelemetry {
        private final TelemetryRates rates;
        private volatile JsonObject latest = new JsonObject();

        private final BoardControls controls;

        LatestTelemetry(TelemetryRates rates, BoardControls controls) {
            this.rates = rates;
            this.controls = controls;
        }

        void publish(Telemetry t) {
            JsonObject j = rates.of(t).put("clock", controls.clock(t));
            latest = j;
            vertx.eventBus().publish(Addresses.TELEMETRY, j);
        }

        void reply(Message<JsonObject> msg) {
            msg.reply(latest);
        }
    }
}
