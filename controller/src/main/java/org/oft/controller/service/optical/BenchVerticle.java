package org.oft.controller.service.optical;

import org.oft.controller.service.JsonFields;
import org.oft.controller.service.Addresses;
import org.oft.controller.service.ServeConfig;
import org.oft.controller.service.TelemetryJson;
import org.oft.controller.service.boards.BoardControls;
import org.oft.controller.service.boards.DeploymentRecord;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.oft.controller.oft.LyndonPreferOne;
import org.oft.controller.oft.RoutingTables;
import org.oft.hal.BoardBus;
import org.oft.controller.timing.Calibration;
import org.oft.hal.BoardInfo;
import org.oft.sim.optical.SimulatedBench;

/**
 * Owns the bench: computes the control sequence and tables, loads them through hal, runs the slot
 * clock and republishes the boards' telemetry on {@link Addresses#TELEMETRY}. All board calls and
 * computation run on worker threads.
 */
public final class BenchVerticle extends VerticleBase {
    private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger("org.oft.bench");
    // accepted faults carry user text: logged like refusals, one line each and capped
    private static final org.oft.controller.service.CappedLog CHANGES = new org.oft.controller.service.CappedLog(
            java.util.logging.Logger.getLogger("org.oft.bench"), "accepted faults");
    private final ServeConfig config;
    private final BoardBus bus;
    private final BenchDescription bench;
    private volatile JsonObject describe = new JsonObject();
    private BoardControls controls;
    private volatile List<org.oft.hal.BoardInfo> discovered; // as the deploy found them
    private volatile JsonObject latest;
    private volatile JsonObject health;
    private volatile RoutingTables oftTables;
    private final java.util.Deque<JsonObject> deploys = new java.util.ArrayDeque<>(); // newest last, at most 50
    private final java.util.concurrent.atomic.AtomicBoolean recalibrating = new java.util.concurrent.atomic.AtomicBoolean();
    /** The faults in force when the phases were last calibrated: their effect is compensated in the deployed phases. */
    private volatile java.util.Set<Long> calibratedWith = java.util.Set.of();
    private final java.util.concurrent.atomic.AtomicBoolean healthPolling = new java.util.concurrent.atomic.AtomicBoolean();
    /** Node and fibre health published twice a second: a fault shows within a second. */
    static final long HEALTH_PERIOD_MS = 500;
    private volatile org.oft.hal.SlotCounters baseline; // totals at the last reset, for boards that cannot reset

    public BenchVerticle(ServeConfig config, BoardBus bus, BenchDescription bench) {
        this.config = config;
        this.bus = bus;
        this.bench = bench;
    }

    @Override
    public Future<?> start() {
        controls = new BoardControls(bus, config.slotsPerSecond());
        vertx.eventBus().<JsonObject>consumer(Addresses.CONFIG, msg -> msg.reply(describe.isEmpty() ? describe
                : describe.copy().put("slotsPerSecond", controls.slotsPerSecond()).put("deploys", deployHistory())));
        // answered from the last record the bus delivered: reading boards over a link would block the event loop
        vertx.eventBus().<JsonObject>consumer(Addresses.TELEMETRY_LATEST, msg -> {
            JsonObject last = latest;
            if (last != null) {
                msg.reply(last);
                return;
            }
            vertx.executeBlocking(() -> TelemetryJson.of(bus.telemetry()))
                    .onSuccess(msg::reply)
                    .onFailure(e -> msg.fail(503, "no telemetry yet: " + e.getMessage()));
        });
        vertx.eventBus().<JsonObject>consumer(Addresses.METRICS, msg -> msg.reply(new JsonObject().put("text", SlotMetrics.render(latest))));
        vertx.eventBus().<JsonObject>consumer(Addresses.FAULT, msg -> {
            if (!(bus instanceof SimulatedBench sim)) {
                msg.fail(400, "fault injection needs the built-in board model");
                return;
            }
            vertx.executeBlocking(() -> FaultRequest.apply(msg.body(), sim))
                    .onSuccess(applied -> {
                        CHANGES.log("fault injected: " + applied);
                        msg.reply(applied, org.oft.controller.service.events.Events.naming(FaultRequest.part(msg.body())));
                    })
                    .onFailure(e -> msg.fail(400, e.getMessage()));
        });
        vertx.eventBus().<JsonObject>consumer(Addresses.FAULTS_ACTIVE, msg -> {
            JsonArray list = new JsonArray();
            if (bus instanceof SimulatedBench sim) {
                sim.faults().forEach(f -> list.add(new JsonObject().put("id", f.id()).put("spec", f.spec()).put("target", f.target())
                        .put("description", f.description()).put("sinceSlot", f.sinceSlot())));
            }
            msg.reply(new JsonObject().put("faults", list).put("injectable", bus instanceof SimulatedBench));
        });
        vertx.eventBus().<JsonObject>consumer(Addresses.FAULTS_CLEAR, msg -> {
            if (!(bus instanceof SimulatedBench sim)) {
                msg.fail(400, "fault injection needs the built-in board model, so there is nothing to clear");
                return;
            }
            JsonObject body = msg.body();
            vertx.executeBlocking(() -> {
                // a fault the phases were calibrated with is compensated in them: clearing it alone would leave
                // the fabric off by what it was, so the fabric is measured and calibrated again, as it now is
                java.util.Set<Long> before = activeFaultIds(sim);
                JsonObject r = body.containsKey("id")
                        ? new JsonObject().put("cleared", sim.clearFault(JsonFields.intField(body, "id")))
                        : new JsonObject().put("cleared", sim.clearFaults() + " fault(s)");
                before.removeAll(activeFaultIds(sim));
                before.retainAll(calibratedWith);
                if (!before.isEmpty() && oftTables != null) {
                    if (!recalibrating.compareAndSet(false, true)) {
                        r.put("recalibrate", "the phases were calibrated with this fault in force: recalibrate once the recalibration "
                                + "under way ends");
                    } else {
                        try {
                            JsonObject cal = recalibrate(sim, oftTables);
                            r.put("recalibrated", cal).put("cleared", r.getString("cleared")
                                    + "; the phases had been calibrated with it in force, so the fabric was recalibrated (worst margin "
                                    + cal.getLong("worstMarginPs") + " ps, from slot " + cal.getLong("epoch") + ")");
                        } finally {
                            recalibrating.set(false);
                        }
                    }
                }
                return r;
            }).onSuccess(r -> {
                        CHANGES.log("fault " + r.getString("cleared"));
                        msg.reply(r);
                    })
                    .onFailure(e -> msg.fail(e instanceof IllegalArgumentException ? 404 : e instanceof IllegalStateException ? 409 : 400,
                            e.getMessage()));
        });
        vertx.eventBus().<JsonObject>consumer(Addresses.COUNTERS_RESET, msg -> vertx.executeBlocking(() -> {
            if (bus instanceof SimulatedBench sim) {
                sim.resetCounters(); // the model resets its totals, timing extremes included
                baseline = null;
            } else {
                baseline = bus.telemetry().total(); // a board over a link cannot: totals count from here
            }
            return new JsonObject().put("reset", true);
        }).onSuccess(msg::reply).onFailure(e -> msg.fail(503, "counters not reset: " + e.getMessage())));
        vertx.eventBus().<JsonObject>consumer(Addresses.OFT_TABLE, msg -> {
            RoutingTables t = oftTables;
            if (t == null) {
                msg.fail(503, "the tables are not computed yet");
                return;
            }
            int p;
            try {
                p = JsonFields.intField(msg.body(), "processor");
            } catch (IllegalArgumentException e) {
                msg.fail(400, e.getMessage());
                return;
            }
            if (p < 0 || p >= t.processors()) {
                msg.fail(400, "processor must be 0.." + (t.processors() - 1) + ", got " + p);
                return;
            }
            JsonArray rows = new JsonArray();
            for (int d : t.forProcessor(p)) {
                rows.add(d);
            }
            msg.reply(new JsonObject().put("processor", p).put("latency", t.latency()).put("rows", rows));
        });
        vertx.eventBus().<JsonObject>consumer(Addresses.RECALIBRATE, msg -> {
            RoutingTables t = oftTables;
            if (!(bus instanceof SimulatedBench sim) || t == null) {
                msg.fail(400, t == null ? "the tables are not deployed yet"
                        : "recalibration measures the fabric's delays and clocks; boards over a link offer no measurement yet");
                return;
            }
            if (!recalibrating.compareAndSet(false, true)) {
                msg.fail(409, "a recalibration is under way");
                return;
            }
            vertx.executeBlocking(() -> recalibrate(sim, t)).onComplete(r -> recalibrating.set(false)).onSuccess(msg::reply)
                    .onFailure(e -> msg.fail(e instanceof IllegalStateException ? 409 : 502, e.getMessage()));
        });
        vertx.eventBus().<JsonObject>consumer(Addresses.PART, msg -> vertx.executeBlocking(() -> {
            SimulatedBench sim = bus instanceof SimulatedBench b ? b : null;
            return OpticalPart.of(msg.body().getString("part", ""), config.order(), sim == null ? null : sim.health(),
                    sim == null ? List.of() : sim.faults(), latest);
        }, false).onSuccess(msg::reply).onFailure(e -> msg.fail(e instanceof IllegalArgumentException ? 404 : 500, e.getMessage())));
        vertx.eventBus().<JsonObject>consumer(Addresses.HEALTH, msg -> {
            JsonObject h = health;
            if (h != null) {
                msg.reply(h);
            } else {
                msg.fail(404, bus instanceof SimulatedBench ? "no health record yet" : "boards over a link do not report per-node state");
            }
        });
        if (bus instanceof SimulatedBench sim) {
            vertx.setPeriodic(HEALTH_PERIOD_MS, id -> {
                if (!healthPolling.compareAndSet(false, true)) {
                    return;
                }
                vertx.executeBlocking(() -> HealthJson.of(sim.health(), sim.faults()))
                        .onComplete(r -> healthPolling.set(false))
                        .onSuccess(h -> {
                            health = h;
                            vertx.eventBus().publish(Addresses.TELEMETRY, h);
                        });
            });
        }
        controls.register(vertx, () -> discovered);
        org.oft.controller.service.events.AlertWatch alerts = new org.oft.controller.service.events.AlertWatch(vertx, config.events().alerts());
        vertx.eventBus().<JsonObject>consumer(Addresses.ALERTS, alerts::handle);
        FaultIncident faultIncident = new FaultIncident(e -> org.oft.controller.service.events.Events.publish(vertx, e));
        bus.setTelemetryListener(t -> {
            if (t.timing() != null) { // each level's worst margin in the last slot, held against its threshold
                for (org.oft.hal.LevelTiming l : t.timing().lastSlot()) {
                    alerts.margin("router-" + l.level(), l.level(), l.worstMarginPs());
                }
            }
            JsonObject j = TelemetryJson.of(t, baseline).put("clock", controls.clock(t));
            faultIncident.record(j, System.currentTimeMillis());
            latest = j;
            vertx.eventBus().publish(Addresses.TELEMETRY, j);
        });
        return vertx.executeBlocking(() -> new RoutingTables(LyndonPreferOne.generate(config.order()), config.latency()))
                .compose(tables -> vertx.executeBlocking(() -> {
                    Calibration.Result calibration = Calibration.compute(bench.plant(), bench.clocks(), bench.latency());
                    JsonObject previous = checkPrevious();
                    BenchDeployment.Deployed deployed;
                    try {
                        deployed = BenchDeployment.deploy(bus, tables, calibration);
                    } catch (RuntimeException e) {
                        LOG.warning("deploy to the " + config.board() + " boards failed: " + e.getMessage());
                        throw e;
                    }
                    LOG.info("deployed order-" + tables.order() + " tables (latency " + tables.latency() + ") to "
                            + deployed.boards().size() + " " + config.board() + " boards at slot " + deployed.report().epoch()
                            + (deployed.report().events().isEmpty() ? "" : "; " + String.join("; ", deployed.report().events())));
                    if (previous != null && Boolean.FALSE.equals(previous.getBoolean("matches"))) {
                        LOG.warning(DeploymentRecord.summary(previous));
                    }
                    if (config.state() != null) {
                        DeploymentRecord.of(deployed.configs(), deployed.report().epoch()).save(config.state());
                    }
                    discovered = deployed.boards();
                    recordDeploy("order-" + tables.order() + " tables, latency " + tables.latency(), deployed, calibration);
                    oftTables = tables;
                    describe = describe(tables, deployed.boards(), calibration)
                            .put("deployEpoch", deployed.report().epoch())
                            .put("deployEvents", new JsonArray(deployed.report().events()))

                            .put("previousDeployment", previous);
                    bus.startClock(config.slotsPerSecond());
                    return deployed.boards();
                }));
    }

    /** What the boards ran before this start, checked against the record a previous controller kept. */
    private JsonObject checkPrevious() {
        return config.state() == null ? null : DeploymentRecord.compare(config.state(), bus);
    }

    private JsonObject describe(RoutingTables tables, List<BoardInfo> boards, Calibration.Result cal) {
        JsonArray list = new JsonArray();
        for (BoardInfo b : boards) {
            list.add(new JsonObject().put("id", b.id()).put("kind", b.kind().name()).put("index", b.index())
                    .put("firmware", b.firmware()));
        }
        return new JsonObject()
                .put("order", tables.order())
                .put("processors", tables.processors())
                .put("latency", tables.latency())
                .put("latencyConvention", "slots from injection until the root switches the packet")
                .put("sequence", tables.sequence().toString())
                .put("slotsPerSecond", config.slotsPerSecond())
                .put("board", config.board())
                .put("boards", list)
                .put("calibration", new JsonObject()
                        .put("feasible", cal.feasible())
                        .put("worstMarginPs", cal.worstMarginPs())
                        .put("slotPs", cal.timing().slotPs())
                        .put("packetPs", cal.timing().packetPs())
                        .put("switchingPs", cal.timing().switchingPs())
                        .put("recalibrateSeconds", Double.isInfinite(cal.recalibrateSeconds()) ? null : cal.recalibrateSeconds())
                        .put("infeasible", new JsonArray(cal.infeasible().stream().map(Calibration.Infeasible::describe).toList())));
    }

    /** One deploy in the history the Boards view shows. */
    /**
     * Measures the fabric's delays and clocks as they are (faults included), calibrates, and deploys the phases at one
     * epoch; the faults in force are remembered as calibrated in. On a worker, one at a time (the caller holds
     * {@code recalibrating}).
     */
    private JsonObject recalibrate(SimulatedBench sim, RoutingTables t) {
        Calibration.Result cal = sim.measure((plant, clocks) -> Calibration.compute(plant, clocks, t.latency()));
        if (!cal.feasible()) {
            throw new IllegalStateException("no calibration fits what was measured: "
                    + String.join("; ", cal.infeasible().stream().map(Calibration.Infeasible::describe).toList()));
        }
        java.util.Set<Long> inForce = activeFaultIds(sim);
        BenchDeployment.Deployed d = BenchDeployment.deploy(bus, t, cal);
        calibratedWith = inForce;
        JsonObject old = describe;
        recordDeploy("recalibration", d, cal);
        describe = describe(t, d.boards(), cal).put("deployEpoch", d.report().epoch())
                .put("deployEvents", new JsonArray(d.report().events())).put("previousDeployment", old.getValue("previousDeployment"));
        if (config.state() != null) {
            DeploymentRecord.of(d.configs(), d.report().epoch()).save(config.state());
        }
        LOG.info("recalibrated from measured delays and clocks: phases deployed at slot " + d.report().epoch()
                + ", predicted worst margin " + cal.worstMarginPs() + " ps");
        return new JsonObject().put("epoch", d.report().epoch()).put("worstMarginPs", cal.worstMarginPs());
    }

    private static java.util.Set<Long> activeFaultIds(SimulatedBench sim) {
        java.util.Set<Long> ids = new java.util.HashSet<>();
        sim.faults().forEach(f -> ids.add((long) f.id()));
        return ids;
    }

    private void recordDeploy(String what, BenchDeployment.Deployed d, Calibration.Result cal) {
        synchronized (deploys) {
            deploys.addLast(new JsonObject().put("what", what).put("epoch", d.report().epoch()).put("tableBytes", d.report().payloadBytes())
                    .put("blocksWritten", d.report().blocksWritten()).put("bytesWritten", d.report().bytesWritten())
                    .put("worstMarginPs", cal.worstMarginPs()).put("events", new JsonArray(d.report().events())));
            while (deploys.size() > 50) {
                deploys.removeFirst();
            }
        }
    }

    private JsonArray deployHistory() {
        synchronized (deploys) {
            return new JsonArray(new java.util.ArrayList<>(deploys));
        }
    }

    @Override
    public Future<?> stop() {
        // the boards keep their clock and their tables: a controller that stands by or stops leaves the fabric
        // running, as a subnet runs on without its subnet manager; only an operator's request stops the clock
        return Future.succeededFuture();
    }
}
