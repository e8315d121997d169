package org.oft.controller.service;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Logger;
import org.oft.controller.fattree.deploy.ElectricalBench;
import org.oft.controller.fattree.deploy.SwitchDeployment;
import org.oft.controller.fattree.routing.ForwardingTables;
import org.oft.controller.fattree.routing.Reroute;
import org.oft.controller.fattree.routing.Routing;
import org.oft.controller.fattree.routing.RoutingEngine;
import org.oft.controller.fattree.routing.RoutingEngines;
import org.oft.controller.fattree.routing.RoutingOptions;
import org.oft.controller.fattree.topology.FabricFaults;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.NodeTypes;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.hal.BoardBus;
import org.oft.hal.BoardConfig;
import org.oft.hal.BoardInfo;
import org.oft.hal.DeployReport;
import org.oft.hal.SwitchPorts;
import org.oft.hal.SwitchTotals;
import org.oft.hal.Telemetry;
import org.oft.hal.wire.WireBoardBus;

/**
 * Owns a bench of electrical switch boards: computes the engine's forwarding tables, deploys them
 * through hal at one epoch, runs the slot clock (the boards' packet model forwards by what they
 * hold), republishes telemetry with rates on {@link Addresses#TELEMETRY}, reads every switch's port
 * counters once a second, and redeploys incrementally when the engine is changed, reporting what
 * the switch-over cost in packets. Board calls and routing run on worker threads.
 */
public final class SwitchFabricVerticle extends VerticleBase {
    private static final Logger LOG = Logger.getLogger("org.oft.fattree");
    /** Ports polled once a second; anomalies listed at most this many at a time. */
    static final long PORTS_PERIOD_MS = 1000;
    static final int MAX_LISTED = 20;
    static final int HOTTEST = 10;
    private static final int HISTORY = 50;

    private final ServeConfig config;
    private final BoardBus bus;
    private final ElectricalBench bench;
    private volatile FatTree tree;
    private volatile PgftTopology topo;
    private volatile NodeTypes types;
    private volatile String portsError;
    private volatile JsonArray missing = new JsonArray(); // the imported fabric's holes: fixed once the tree is read
    private volatile Served served;
    private volatile ForwardingTables plan; // the engine's tables for the whole tree, spread over the boards' addresses
    private volatile Reroute reroute; // the tables around the failures, or null (written by one deploy at a time)
    private final List<String> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
    private volatile JsonObject describe = new JsonObject();
    private BoardControls controls;
    private volatile List<org.oft.hal.BoardInfo> discovered; // as the deploy found them
    private volatile JsonObject latest = new JsonObject();
    private volatile JsonObject ports = new JsonObject();
    private final Deque<JsonObject> history = new ArrayDeque<>();
    private final AnalysisJobs analyses = new AnalysisJobs();
    private final List<JsonObject> modelFaults = new java.util.concurrent.CopyOnWriteArrayList<>(); // injected into the model
    private final java.util.concurrent.atomic.AtomicInteger nextFaultId = new java.util.concurrent.atomic.AtomicInteger(1);
    // counter reset: totals and port counters count from these (the boards' counters run on, as InfiniBand's are read)
    private volatile SwitchTotals baselineTotals;
    private volatile SwitchTotals latestTotals;
    private volatile SwitchPorts[] portBaseline; // a board's baseline counts only while it runs the boot it was taken in
    private final AtomicBoolean deploying = new AtomicBoolean();
    private final AtomicBoolean polling = new AtomicBoolean();
    // the telemetry poller's thread only
    private SwitchTotals previous;
    private long previousNanos;
    // the rates of the last record after which the model had advanced: a large tree takes seconds a slot, and
    // records in between would otherwise show no rates at all
    private JsonObject lastRates = new JsonObject();
    // each board's last reading (its cycle, boot id and counters): written by the port poll's worker only (one at
    // a time); read by a counter reset as its baseline
    private volatile SwitchPorts[] previousPorts;
    // flits per cycle at each switch port (global port index) in the last poll interval: what the topology view colours by
    private volatile double[] xmitRate;
    // per port, transmit-wait cycles per cycle, and per switch the span its rates are over (port poll's worker only)
    private double[] waitRate;
    private long[] ratedSpan;
    private volatile double[] rcvRate;
    private ForwardingTables flowsOf; // the tables flowsPerLink was computed for
    private int[] flowsPerLink;
    private final java.util.Deque<JsonObject> restarts = new java.util.ArrayDeque<>(); // the last boards found restarted, latest first
    private static final int RESTARTS_KEPT = 20;

    public SwitchFabricVerticle(ServeConfig config, BoardBus bus) {
        this.config = config;
        this.bus = bus;
        this.bench = config.fattree().bench();
        this.served = Served.initially(config.fattree().engine(), bench.paths());
    }

    @Override
    public Future<?> start() {
        controls = new BoardControls(bus, config.slotsPerSecond());
        vertx.eventBus().<JsonObject>consumer(Addresses.CONFIG, msg -> msg.reply(configJson()));
        vertx.eventBus().<JsonObject>consumer(Addresses.TELEMETRY_LATEST, msg -> msg.reply(latest));
        vertx.eventBus().<JsonObject>consumer(Addresses.PORTS, msg -> msg.reply(ports));
        deploysOn(Addresses.ENGINE, body -> EngineRequest.parse(body, served, bench.paths()), this::switchEngine);
        deploysOn(Addresses.FAIL, FailRequest::spec, this::fail);
        vertx.eventBus().<JsonObject>consumer(Addresses.FAULT, msg -> {
            org.oft.sim.WireBench model = bus instanceof BoardSpec.BoardProcess p ? p.inProcess() : null;
            if (model == null || model.switches() == null) {
                msg.fail(400, "fault injection needs the built-in switch model (--board sim)");
                return;
            }
            vertx.executeBlocking(() -> SwitchFault.apply(msg.body(), model, topo))
                    .onSuccess(applied -> {
                        LOG.info("fault injected: " + applied);
                        modelFaults.add(new JsonObject().put("id", nextFaultId.getAndIncrement()).put("kind", msg.body().getString("kind"))
                                .put("spec", msg.body()).put("description", applied)
                                .put("sinceCycle", latestTotals == null ? 0 : latestTotals.cycle()).put("undo", msg.body().getString("kind").equals("reboot")
                                        ? "redeploys the tables to the board" : "repairs the cable"));
                        msg.reply(applied);
                    })
                    .onFailure(e -> msg.fail(400, e.getMessage()));
        });
        vertx.eventBus().<JsonObject>consumer(Addresses.FAULTS_ACTIVE, msg -> msg.reply(new JsonObject()
                .put("faults", new JsonArray(new ArrayList<>(modelFaults))).put("failures", new JsonArray(new ArrayList<>(failures)))
                .put("injectable", bus instanceof BoardSpec.BoardProcess p && p.inProcess() != null)));
        deploysOn(Addresses.FAULTS_CLEAR, body -> {
            List<JsonObject> chosen = body.containsKey("id")
                    ? modelFaults.stream().filter(f -> f.getLong("id") == FaultRequest.intField(body, "id")).toList()
                    : List.copyOf(modelFaults);
            if (body.containsKey("id") && chosen.isEmpty()) {
                throw new IllegalArgumentException("no active fault " + body.getValue("id"));
            }
            return chosen;
        }, chosen -> {
            org.oft.sim.WireBench model = bus instanceof BoardSpec.BoardProcess p ? p.inProcess() : null; // where faults were injected
            boolean redeploy = false;
            for (JsonObject f : chosen) {
                if (f.getString("kind").equals("dead-link")) { // the cable is repaired: packets cross it again
                    JsonObject spec = f.getJsonObject("spec");
                    int sw = spec.getInteger("switch");
                    int port = spec.getInteger("port");
                    model.call(() -> {
                        model.switches().reviveLink(sw, port);
                        return null;
                    });
                } else {
                    redeploy = true;
                }
            }
            JsonObject out = new JsonObject().put("cleared", "cleared: " + (chosen.isEmpty() ? "no fault was active"
                    : String.join("; ", chosen.stream().map(f -> f.getString("description")).toList())));
            if (redeploy) { // a rebooted board gets its table back: the deploy sends what differs, i.e. that board's whole table
                out.put("deploy", deployMeasured(served.label(), running()));
            }
            modelFaults.removeAll(chosen);
            return out;
        });
        vertx.eventBus().<JsonObject>consumer(Addresses.COUNTERS_RESET, msg -> {
            baselineTotals = latestTotals;
            portBaseline = previousPorts;
            msg.reply(new JsonObject().put("reset", true));
        });
        controls.register(vertx, () -> discovered);
        vertx.eventBus().<JsonObject>consumer(Addresses.ANALYSIS_START, msg -> {
            AnalysisJobs.Request req;
            try {
                req = AnalysisJobs.Request.parse(msg.body(), topo.hosts());
            } catch (IllegalArgumentException e) {
                msg.fail(400, e.getMessage());
                return;
            }
            if (analyses.busy()) {
                msg.fail(409, "an analysis is running; poll it, and start the next when it is done");
                return;
            }
            int id = analyses.open(req);
            Served now = served;
            // the engine's routes (an analysis is of the routing, not of the failures declared since)
            vertx.executeBlocking(() -> {
                Routing r = routing(now);
                analyses.run(id, req, r, types, bench.seed());
                return null;
            }, false);
            msg.reply(analyses.get(id));
        });
        vertx.eventBus().<JsonObject>consumer(Addresses.SWEEP_START, msg -> {
            AnalysisJobs.Sweep sweep;
            try {
                sweep = AnalysisJobs.Sweep.parse(msg.body());
            } catch (IllegalArgumentException e) {
                msg.fail(400, e.getMessage());
                return;
            }
            if (analyses.busy()) {
                msg.fail(409, "an analysis or sweep is running; poll it, and start the next when it is done");
                return;
            }
            int id = analyses.open(sweep);
            Served now = served;
            vertx.executeBlocking(() -> {
                Routing r = routing(now);
                org.oft.controller.fattree.flit.FlitFabric.Forwarding fw = org.oft.controller.fattree.flit.FlitFabric.forwarding(tree, r);
                org.oft.sim.flit.FlitNetwork net = org.oft.controller.fattree.flit.FlitFabric.network(topo);
                org.oft.sim.flit.FlitSimulator.Traffic tr = org.oft.controller.fattree.flit.FlitFabric.traffic(bench.traffic(), topo.hosts(),
                        topo, types, bench.seed());
                analyses.runSweep(id, sweep, load -> fw.simulator(net, bench.parameters(), now.paths(), bench.policy(), bench.seed(),
                        bench.randomUp(), bench.ageArbitration()).run(load, tr, SWEEP_WARMUP, SWEEP_SAMPLE, SWEEP_DRAIN, 10_000),
                        now.label() + ", " + bench.traffic() + " on " + topo.describe());
                return null;
            }, false);
            msg.reply(analyses.get(id));
        });
        vertx.eventBus().<JsonObject>consumer(Addresses.ANALYSIS_STATUS, msg -> {
            JsonObject j;
            try {
                j = analyses.get(FaultRequest.intField(msg.body(), "id"));
            } catch (IllegalArgumentException e) {
                msg.fail(400, e.getMessage());
                return;
            }
            if (j == null) {
                msg.fail(404, "no analysis " + msg.body().getValue("id") + " (the last " + AnalysisJobs.KEPT + " are kept)");
            } else {
                msg.reply(j);
            }
        });
        vertx.eventBus().<JsonObject>consumer(Addresses.TOPOLOGY, msg -> {
            if (topo.hosts() > TOPOLOGY_MAX_HOSTS) {
                msg.fail(400, "the topology view draws trees of up to " + TOPOLOGY_MAX_HOSTS + " hosts; this one has " + topo.hosts()
                        + ": the per-level heatmaps of the Fat tree view show it");
                return;
            }
            vertx.executeBlocking(this::topologyJson, false).onSuccess(msg::reply).onFailure(e -> msg.fail(500, e.getMessage()));
        });
        // a table or a trace is thousands of entries on a large tree: built on a worker
        vertx.eventBus().<JsonObject>consumer(Addresses.LFT, msg -> vertx.executeBlocking(
                () -> lft(FaultRequest.intField(msg.body(), "switch")), false).onSuccess(msg::reply).onFailure(e -> msg.fail(400, e.getMessage())));
        vertx.eventBus().<JsonObject>consumer(Addresses.TRACE, msg -> vertx.executeBlocking(() -> {
            JsonObject b = msg.body();
            return trace(FaultRequest.intField(b, "src"), FaultRequest.intField(b, "dst"), b.containsKey("path") ? FaultRequest.intField(b, "path") : 0);
        }, false).onSuccess(msg::reply).onFailure(e -> msg.fail(400, e.getMessage())));
        bus.setTelemetryListener(t -> {
            JsonObject j = telemetry(t);
            latest = j;
            vertx.eventBus().publish(Addresses.TELEMETRY, j);
        });
        vertx.setPeriodic(PORTS_PERIOD_MS, id -> {
            if (topo == null || !polling.compareAndSet(false, true)) {
                return; // not deployed yet, or the last poll is still reading
            }
            vertx.executeBlocking(this::readPorts)
                    .onComplete(r -> polling.set(false))
                    .onSuccess(p -> {
                        ports = p;
                        portsError = null;
                        vertx.eventBus().publish(Addresses.TELEMETRY, p);
                    })
                    .onFailure(e -> {
                        if (!String.valueOf(e.getMessage()).equals(portsError)) { // once per distinct reason
                            portsError = String.valueOf(e.getMessage());
                            LOG.warning("port counters not read: " + portsError);
                        }
                    });
        });
        return vertx.executeBlocking(() -> {
            FatTree ft = bench.tree();
            NodeTypes nt = NodeTypes.parse(bench.nodeTypes(), ft.topology());
            Served initial = served;
            Routing r = routing(initial, ft.topology(), nt);
            JsonObject previousRecord = config.state() == null ? null : DeploymentRecord.compare(config.state(), bus);
            if (previousRecord != null && Boolean.FALSE.equals(previousRecord.getBoolean("matches"))) {
                LOG.warning(DeploymentRecord.summary(previousRecord));
            }
            DeployReport rep;
            long t0 = System.nanoTime();
            tree = ft;
            // an imported fabric that lacks cables is routed around its holes from the start
            ForwardingTables spread = r.tables().spreadOver(bench.paths());
            Reroute holes = aroundHoles(spread);
            ForwardingTables first = holes == null ? spread : holes.tables();
            try {
                rep = SwitchDeployment.deploy(bus, ft, first);
            } catch (RuntimeException e) {
                LOG.warning("deploy to the " + config.board() + " switch boards failed: " + e.getMessage());
                throw e;
            }
            topo = ft.topology();
            types = nt;
            plan = spread;
            reroute = holes;
            missing = new JsonArray(FabricFaults.none(ft).described());
            List<BoardConfig> configs = SwitchDeployment.configs(ft, first);
            if (config.state() != null) {
                DeploymentRecord.of(configs, rep.epoch()).save(config.state());
            }
            record(deployJson(initial.label(), rep, System.nanoTime() - t0, null));
            LOG.info("deployed " + initial.label() + " tables of " + topo.describe() + " to " + topo.switches() + " " + config.board()
                    + " switch boards at slot " + rep.epoch() + " (" + rep.bytesWritten() + " bytes)");
            discovered = bus.discover();
            describe = describe(discovered, previousRecord);
            bus.startClock(config.slotsPerSecond());
            return null;
        });
    }

    /**
     * A request that redeploys: its body checked first (400), one deploy at a time (409), the work on a
     * worker; a refusal of the boards or the fabric is 502 and leaves them as they were.
     */
    private <T> void deploysOn(String address, java.util.function.Function<JsonObject, T> parse,
                               java.util.function.Function<T, JsonObject> deploy) {
        vertx.eventBus().<JsonObject>consumer(address, msg -> {
            T arg;
            try {
                arg = parse.apply(msg.body());
            } catch (IllegalArgumentException e) {
                msg.fail(400, e.getMessage());
                return;
            }
            if (!deploying.compareAndSet(false, true)) {
                msg.fail(409, "a deploy is under way; retry when it has finished");
                return;
            }
            vertx.executeBlocking(() -> deploy.apply(arg))
                    .onComplete(r -> deploying.set(false))
                    .onSuccess(msg::reply)
                    .onFailure(e -> msg.fail(e instanceof IllegalArgumentException ? 400 : 502, e.getMessage()));
        });
    }

    private JsonObject configJson() {
        JsonArray deploys;
        synchronized (history) {
            deploys = new JsonArray(new ArrayList<>(history));
        }
        return describe.copy().put("slotsPerSecond", controls.slotsPerSecond()).put("engine", served.engine()).put("paths", served.paths()).put("deploys", deploys).put("failures", new JsonArray(new ArrayList<>(failures)))
                .put("missing", missing);
    }

    private void record(JsonObject deploy) {
        synchronized (history) {
            history.addLast(deploy);
            while (history.size() > HISTORY) {
                history.removeFirst();
            }
        }
    }

    private JsonObject describe(List<BoardInfo> boards, JsonObject previousRecord) {
        JsonArray levels = new JsonArray();
        for (int l = 1; l <= topo.levels(); l++) {
            levels.add(new JsonObject().put("level", l).put("switches", topo.levelSize(l)).put("downPorts", topo.downPorts(l))
                    .put("upPorts", topo.upPorts(l)));
        }
        JsonObject par = new JsonObject().put("vcs", bench.parameters().vcs()).put("bufferFlits", bench.parameters().bufferFlits())
                .put("packetFlits", bench.parameters().packetFlits()).put("creditDelay", bench.parameters().creditDelay())
                .put("channelLatency", bench.parameters().channelLatency()).put("routerDelay", bench.parameters().routerDelay())
                .put("switching", bench.parameters().cutThrough() ? "virtual cut-through" : "wormhole");
        return new JsonObject()
                .put("fabric", "fattree")
                .put("topology", topo.describe())
                .put("hosts", topo.hosts())
                .put("switches", topo.switches())
                .put("levels", levels)
                .put("addressesPerHost", bench.paths())
                .put("engines", new JsonArray(RoutingEngines.forSwitchBoards().stream().map(RoutingEngine::name).toList()))
                .put("multiPathEngines", new JsonArray(RoutingEngines.forSwitchBoards().stream().filter(RoutingEngine::multiPath)
                        .map(RoutingEngine::name).toList()))
                .put("traffic", bench.traffic())
                .put("load", bench.load())
                .put("randomUp", bench.randomUp())
                .put("parameters", par)
                .put("cyclesPerSlot", bench.cyclesPerSlot())
                .put("slotsPerSecond", config.slotsPerSecond())
                .put("board", config.board())
                .put("boards", boards.size())
                .put("previousDeployment", previousRecord);
    }

    private static JsonObject deployJson(String engine, DeployReport r, long nanos, JsonObject switchOver) {
        return new JsonObject().put("engine", engine).put("epoch", r.epoch()).put("tableBytes", r.payloadBytes())
                .put("blocksWritten", r.blocksWritten()).put("bytesWritten", r.bytesWritten()).put("seconds", nanos / 1e9)
                .put("events", new JsonArray(r.events())).put("switchOver", switchOver);
    }

    /** Telemetry with rates since the previous record (poller thread). */
    private JsonObject telemetry(Telemetry t) {
        JsonObject j = TelemetryJson.of(t).put("fabric", "fattree");
        SwitchTotals raw = t.switches();
        if (raw == null) {
            return j;
        }
        latestTotals = raw;
        SwitchTotals base = baselineTotals;
        SwitchTotals s = base == null ? raw : raw.since(base);
        long now = System.nanoTime();
        JsonObject rates = new JsonObject();
        SwitchTotals p = previous;
        if (p != null && raw.cycle() > p.cycle()) {
            double cycles = raw.cycle() - p.cycle();
            long delivered = raw.delivered() - p.delivered();
            rates.put("cycles", cycles)
                    .put("cyclesPerSecond", cycles / ((now - previousNanos) / 1e9))
                    .put("acceptedFlitsPerHostPerCycle", (raw.ejectedFlits() - p.ejectedFlits()) / (cycles * topo.hosts()))
                    .put("meanLatencyCycles", delivered > 0 ? (double) (raw.latencySum() - p.latencySum()) / delivered : null)
                    .put("transmitWaitPerPortCycle", (raw.transmitWait() - p.transmitWait()) / (cycles * Math.max(1, topo.portCount())))
                    .put("misdelivered", raw.misdelivered() - p.misdelivered()).put("dropped", raw.dropped() - p.dropped())
                    .put("loops", raw.loops() - p.loops());
        }
        if (p == null || raw.cycle() != p.cycle()) {
            previous = raw;
            previousNanos = now;
        }
        if (rates.isEmpty()) {
            rates = lastRates;
        } else {
            lastRates = rates;
        }
        return j.put("switches", new JsonObject()
                .put("cycle", s.cycle()).put("created", s.created()).put("delivered", s.delivered())
                .put("misdelivered", s.misdelivered()).put("loops", s.loops()).put("dropped", s.dropped())
                .put("noRoute", s.noRoute()).put("discardedAtDeadLinks", s.discarded())
                .put("flitsInNetwork", s.flitsInNetwork()).put("transmitWait", s.transmitWait())
                .put("deadLinkWaits", s.deadLinkWaits())
                .put("meanLatencyCycles", s.delivered() > 0 ? (double) s.latencySum() / s.delivered() : null)
                .put("offeredFlitsPerHostPerCycle", bench.load())
                .put("rates", rates));
    }

    /**
     * Every switch's port counters (worker): link utilisation by level and direction, the hottest
     * ports, and every port with drops, misdeliveries or a dead link, by name. A port's utilisation
     * is over the cycles its board ran between its last two latches; a board that has not latched
     * anew since the last poll (a large tree runs seconds a slot, and boards latch independently)
     * keeps its ports' last rates.
     */
    private JsonObject readPorts() {
        WireBoardBus wire = BoardSpec.wireOf(bus);
        int levels = topo.levels();
        int h = topo.hosts();
        JsonArray restarted = new JsonArray();
        long cycle = 0;
        SwitchPorts[] now = new SwitchPorts[topo.switches()];
        SwitchPorts[] before = previousPorts;
        SwitchPorts[] baseline = portBaseline;
        JsonArray anomalies = new JsonArray();
        long anomalous = 0;
        int per = org.oft.hal.wire.Protocol.PORT_COUNTERS.size();
        if (xmitRate == null) {
            xmitRate = new double[topo.portCount()];
            rcvRate = new double[topo.portCount()];
            waitRate = new double[topo.portCount()];
            ratedSpan = new long[topo.switches()];
        }
        for (int i = 0; i < topo.switches(); i++) {
            SwitchPorts sp = wire.portCounters("switch-" + i);
            long[] c = sp.counters();
            now[i] = sp;
            cycle = Math.max(cycle, sp.cycle());
            long[] last = before == null ? null : before[i].counters();
            boolean rebooted = last != null && (sp.bootId() != before[i].bootId() || sp.cycle() < before[i].cycle() || wentBack(last, c));
            long span = last == null || rebooted ? 0 : sp.cycle() - before[i].cycle();
            long[] old = span > 0 ? last : null;
            if (rebooted) { // the board restarted and counts from zero again: no rate until its next latch
                ratedSpan[i] = 0;
                restarted.add("switch-" + i);
            } else if (old != null) {
                ratedSpan[i] = span;
            }
            // anomalies count from the counter reset, or from the board's restart since
            long[] base = baseline == null || baseline[i].bootId() != sp.bootId() ? null : baseline[i].counters();
            int v = h + i;
            int[] localOf = physicalMap()[i];
            for (int p = 0; p < sp.ports(); p++) { // p: physical port p + 1
                int local = p + 1 < localOf.length ? localOf[p + 1] : -1;
                if (local < 0) {
                    continue; // a board port with no cable in this fabric
                }
                if (old != null) {
                    int g = topo.portBase(v) + local;
                    xmitRate[g] = (double) (c[p * per] - old[p * per]) / span;
                    rcvRate[g] = (double) (c[p * per + 1] - old[p * per + 1]) / span;
                    waitRate[g] = (double) (c[p * per + 4] - old[p * per + 4]) / span;
                }
                long drops = c[p * per + 5] - (base == null ? 0 : base[p * per + 5]);
                long mis = c[p * per + 6] - (base == null ? 0 : base[p * per + 6]);
                long discards = c[p * per + 7] - (base == null ? 0 : base[p * per + 7]);
                if (drops > 0 || mis > 0 || discards > 0 || !sp.up(p)) {
                    anomalous++;
                    if (anomalies.size() < MAX_LISTED) {
                        anomalies.add(portName(v, local).put("linkUp", sp.up(p)).put("PortRcvSwitchRelayErrors", drops)
                                .put("Misdelivered", mis).put("PortXmitDiscards", discards));
                    }
                }
            }
        }
        previousPorts = now;
        for (Object b : restarted) {
            restarts.addFirst(new JsonObject().put("board", b).put("cycle", cycle));
            if (restarts.size() > RESTARTS_KEPT) {
                restarts.removeLast();
            }
        }
        if (!restarted.isEmpty()) {
            LOG.warning("port counters start again from zero at " + String.join(", ", restarted.stream().map(String::valueOf).toList())
                    + ": the board restarted");
        }

        // aggregated from every port's last rate: by level (a level's links are its switches' down ports), per
        // switch for the heatmaps, and the hottest
        double[] upFlits = new double[levels + 1];
        double[] downFlits = new double[levels + 1];
        double[] waitAt = new double[levels + 1];
        long[] linksAt = new long[levels + 1];
        long[] ratedAt = new long[levels + 1];
        List<double[]> hot = new ArrayList<>(); // {switch, physical port - 1, flits per cycle, the topology's port}
        long span = 0; // the longest span any rate shown is over
        for (int i = 0; i < topo.switches(); i++) {
            int v = h + i;
            int l = topo.level(v);
            int down = topo.downPorts(l);
            int[] localOf = physicalMap()[i];
            boolean rated = ratedSpan[i] > 0;
            span = Math.max(span, ratedSpan[i]);
            for (int p = 0; p + 1 < localOf.length; p++) {
                int local = localOf[p + 1];
                if (local < 0) {
                    continue;
                }
                int g = topo.portBase(v) + local;
                if (local < down) {
                    linksAt[l]++;
                }
                if (!rated) {
                    continue;
                }
                if (local < down) {
                    downFlits[l] += xmitRate[g];
                    upFlits[l] += rcvRate[g];
                    waitAt[l] += waitRate[g];
                    ratedAt[l]++;
                } else if (l < levels) {
                    waitAt[l + 1] += waitRate[g];
                }
                hot.add(new double[] {i, p, xmitRate[g], local});
            }
        }
        JsonArray byLevel = new JsonArray();
        for (int l = 1; l <= levels; l++) {
            boolean ran = ratedAt[l] > 0;
            byLevel.add(new JsonObject().put("level", l).put("links", linksAt[l])
                    .put("upUtilisation", ran ? upFlits[l] / ratedAt[l] : null)
                    .put("downUtilisation", ran ? downFlits[l] / ratedAt[l] : null)
                    .put("transmitWaitPerLinkCycle", ran ? waitAt[l] / (2 * ratedAt[l]) : null));
        }
        JsonArray heat = PortHeat.of(topo, hot);
        hot.sort((a, b) -> Double.compare(b[2], a[2]));
        JsonArray hottest = new JsonArray();
        for (int k = 0; k < Math.min(HOTTEST, hot.size()); k++) {
            double[] x = hot.get(k);
            int i = (int) x[0];
            int p = (int) x[1];
            long[] c = now[i].counters();
            int local = (int) x[3];
            hottest.add(portName(h + i, local).put("utilisation", x[2]).put("PortXmitData", c[p * per])
                    .put("PortXmitPkts", c[p * per + 2]).put("PortXmitWait", c[p * per + 4]));
        }
        return new JsonObject().put("type", "ports").put("cycle", cycle).put("intervalCycles", span)
                .put("intervalEnd", cycle)
                .put("counterNames", new JsonArray(org.oft.hal.wire.Protocol.PORT_COUNTERS)).put("levels", byLevel)
                .put("hottest", hottest).put("anomalousPorts", anomalous).put("anomalies", anomalies).put("restarted", restarted)
                .put("restarts", new JsonArray(new ArrayList<>(restarts))).put("heat", heat);
    }

    /** Whether a cumulative counter is below its last reading. */
    private static boolean wentBack(long[] before, long[] now) {
        for (int k = 0; k < Math.min(before.length, now.length); k++) {
            if (now[k] < before[k]) {
                return true;
            }
        }
        return false;
    }

    /** A switch port by name: the board, its tuple, the physical port and what is at the other end. */
    private JsonObject portName(int v, int local) {
        int g = topo.portBase(v) + local;
        int peer = topo.peerNode(g);
        String to = peer < topo.hosts() ? "host " + peer : "switch-" + (peer - topo.hosts()) + " " + topo.tuple(peer);
        return new JsonObject().put("board", "switch-" + (v - topo.hosts())).put("switch", topo.tuple(v))
                .put("port", tree.names().physicalPort(v, local)).put("to", to);
    }

    private int[][] physicalMap;

    /** Cycles of each load of a sweep run from the console: warm-up, measured sample, drain (at most). */
    static final long SWEEP_WARMUP = 1000;
    static final long SWEEP_SAMPLE = 5000;
    static final long SWEEP_DRAIN = 10_000;

    /** Largest tree the topology view draws (one element per node and cable). */
    static final int TOPOLOGY_MAX_HOSTS = 1024;

    /**
     * Every node and cable, each cable with its utilisation both ways in the last port poll and the
     * most flows it carries over all shift permutations by the tables the boards run (worker).
     */
    private synchronized JsonObject topologyJson() {
        ForwardingTables t = running();
        if (t != flowsOf) {
            int[] worst = new int[2 * topo.portCount()];
            new org.oft.controller.fattree.analysis.PermutationLoad(t, holes())
                    .maxOverShifts(worst);
            flowsPerLink = worst;
            flowsOf = t;
        }
        int h = topo.hosts();
        JsonArray nodes = new JsonArray();
        int[] seen = new int[topo.levels() + 1];
        for (int v = 0; v < topo.nodes(); v++) {
            int l = v < h ? 0 : topo.level(v);
            nodes.add(new JsonArray().add(v < h ? "host " + v : "switch-" + (v - h)).add(l).add(seen[l]++)
                    .add(v < h ? "" : topo.tuple(v)));
        }
        JsonArray links = new JsonArray();
        double[] x = xmitRate;
        double[] r = rcvRate;
        for (int v = h; v < topo.nodes(); v++) { // every cable once, from its upper end's down ports
            int down = topo.downPorts(topo.level(v));
            for (int lp = 0; lp < down; lp++) {
                int g = topo.portBase(v) + lp;
                int peer = topo.peerNode(g);
                int upPort = topo.peerPort(g);
                links.add(new JsonArray().add(peer).add(v)
                        .add(r == null ? null : Math.round(r[g] * 1000) / 1000.0)   // up: into v's port
                        .add(x == null ? null : Math.round(x[g] * 1000) / 1000.0)   // down: out of v's port
                        .add(flowsPerLink[upPort]).add(flowsPerLink[g]));
            }
        }
        return new JsonObject().put("levels", topo.levels()).put("levelSizes", new JsonArray(java.util.Arrays.stream(seen).boxed().toList()))
                .put("nodes", nodes).put("linkFields", new JsonArray(List.of("lower", "upper", "upUtilisation", "downUtilisation",
                        "upFlows", "downFlows"))).put("links", links)
                .put("flowsOver", "all shift permutations, by the tables the boards run");
    }

    /** The holes the tree came with and the failures declared since, or null for a whole fabric. */
    private FabricFaults holes() {
        return failures.isEmpty() && !tree.degraded() ? null : FabricFaults.parse(tree, failures);
    }

    /** {@code tables} rerouted around {@link #holes()}, or null when there are none. */
    private Reroute aroundHoles(ForwardingTables tables) {
        FabricFaults f = holes();
        return f == null ? null : Reroute.route(tables, f);
    }

    /** The tables the boards run now: the engine's, or those rerouted around failures. */
    private ForwardingTables running() {
        Reroute rr = reroute;
        return rr == null ? plan : rr.tables();
    }

    /** Switch {@code i}'s table as deployed: per address (host d, path q), the physical port, or none. */
    private JsonObject lft(int i) {
        ForwardingTables t = running();
        if (t == null) {
            throw new IllegalArgumentException("no tables deployed yet");
        }
        if (i < 0 || i >= topo.switches()) {
            throw new IllegalArgumentException("switch must be 0.." + (topo.switches() - 1) + ", got " + i);
        }
        int v = topo.hosts() + i;
        JsonArray ports = new JsonArray();
        JsonArray to = new JsonArray();
        for (int a = 0; a < t.addresses(); a++) {
            int local = t.port(v, a);
            if (local == Reroute.NONE) {
                ports.addNull();
                to.addNull();
            } else {
                ports.add(tree.names().physicalPort(v, local));
                int peer = topo.peerNode(topo.portBase(v) + local);
                to.add(peer < topo.hosts() ? "host " + peer : "switch-" + (peer - topo.hosts()));
            }
        }
        return new JsonObject().put("board", "switch-" + i).put("switch", topo.tuple(v)).put("level", topo.level(v))
                .put("paths", t.paths()).put("ports", ports).put("to", to);
    }

    /** The hops a packet from {@code src} to {@code dst} (path q) takes by the deployed tables. */
    private JsonObject trace(int src, int dst, int path) {
        ForwardingTables t = running();
        if (t == null) {
            throw new IllegalArgumentException("no tables deployed yet");
        }
        int h = topo.hosts();
        if (src < 0 || src >= h || dst < 0 || dst >= h) {
            throw new IllegalArgumentException("hosts are 0.." + (h - 1) + ", got " + src + " and " + dst);
        }
        if (path < 0 || path >= t.paths()) {
            throw new IllegalArgumentException("path must be 0.." + (t.paths() - 1) + ", got " + path);
        }
        int addr = dst * t.paths() + path;
        JsonArray hops = new JsonArray();
        int node = src;
        int local = t.hostPort(src, addr);
        String outcome = "delivered";
        for (int n = 0; node != dst; n++) {
            if (node >= h) {
                local = t.port(node, addr);
            }
            if (local == Reroute.NONE) {
                outcome = "no route at " + "switch-" + (node - h);
                break;
            }
            if (n > 2 * topo.levels()) {
                outcome = "loop: past the tree's diameter";
                break;
            }
            int g = topo.portBase(node) + local;
            int peer = topo.peerNode(g);
            JsonObject hop = new JsonObject().put("from", node < h ? "host " + node : "switch-" + (node - h))
                    .put("tuple", topo.tuple(node)).put("to", peer < h ? "host " + peer : "switch-" + (peer - h));
            if (node >= h) {
                hop.put("port", tree.names().physicalPort(node, local))
                        .put("direction", local < topo.downPorts(topo.level(node)) ? "down" : "up");
            }
            hops.add(hop);
            if (peer < h && peer != dst) {
                outcome = "misdelivered to host " + peer;
                break;
            }
            node = peer;
        }
        return new JsonObject().put("src", src).put("dst", dst).put("path", path).put("hops", hops).put("outcome", outcome);
    }

    /** Per switch, the topology's port behind each physical port number (the boards count by physical port). */
    private int[][] physicalMap() {
        if (physicalMap == null) {
            physicalMap = SwitchDeployment.localOfPhysical(tree);
        }
        return physicalMap;
    }

    /**
     * Replaces the tables by {@code name}'s (worker): only the blocks that differ are sent, all
     * boards switch at one epoch; then waits for the switch-over and the packets in flight through
     * it, and reports what was lost (dropped for want of a route) or misrouted (misdelivered or
     * looping) across it. Packets discarded at dead links are a fault of the fabric, not of the
     * switch-over, and are reported apart.
     */
    private JsonObject switchEngine(Served next) {
        ForwardingTables newPlan = routing(next).tables().spreadOver(bench.paths());
        Reroute rr = aroundHoles(newPlan);
        JsonObject d = deployMeasured(next.label(), rr == null ? newPlan : rr.tables()).put("paths", next.paths());
        plan = newPlan;
        reroute = rr;
        served = next;
        if (rr != null) {
            d.put("unreachablePairs", rr.unreachablePairs()).put("unreachableByRouting", rr.unreachableByRouting());
        }
        return d;
    }

    /**
     * A part of the fabric is out (worker): the tables are rerouted around it incrementally, only the
     * blocks that change are deployed at one epoch, and the switch-over is measured as for an engine
     * change. A failure the boards' deploy refuses leaves the failures as they were.
     */
    private JsonObject fail(String spec) {
        FabricFaults.parse(tree, List.of(spec)); // a bad spec is refused before anything changes
        ForwardingTables before = running();
        long t0 = System.nanoTime();
        Reroute rr = reroute;
        if (rr == null) {
            rr = Reroute.route(plan, FabricFaults.parse(tree, List.of(spec)));
        } else {
            rr.fail(spec);
        }
        double rerouteSeconds = (System.nanoTime() - t0) / 1e9;
        int changed = rr.diff(before).size();
        JsonObject d;
        try {
            d = deployMeasured(served.label() + " rerouted", rr.tables());
        } catch (RuntimeException e) {
            reroute = aroundHoles(plan); // as the boards hold
            throw e;
        }
        failures.add(spec);
        reroute = rr;
        d.put("failed", spec).put("failures", new JsonArray(rr.faults().described())).put("entriesChanged", changed)
                .put("rerouteSeconds", rerouteSeconds).put("unreachablePairs", rr.unreachablePairs())
                .put("unreachableByRouting", rr.unreachableByRouting())
                .put("unreachableExamples", new JsonArray(rr.unreachableExamples()));
        LOG.info("rerouted around " + spec + ": " + changed + " entries, " + d.getLong("blocksWritten") + " blocks; "
                + rr.unreachablePairs() + " pairs unreachable" + (rr.unreachableByRouting() == 0 ? ""
                : " (" + rr.unreachableByRouting() + " of them joined by cables, but only down then up)"));
        return d;
    }

    /**
     * Deploys {@code tables} (worker): only the blocks that differ are sent, all boards switch at one
     * epoch; then waits for the switch-over and the packets in flight through it, and reports what
     * was lost (dropped for want of a route) or misrouted (misdelivered or looping) across it.
     * Packets discarded at dead links are a fault of the fabric, not of the switch-over, and are
     * reported apart.
     */
    private JsonObject deployMeasured(String label, ForwardingTables tables) {
        SwitchTotals before = bus.telemetry().switches();
        long t0 = System.nanoTime();
        DeployReport rep = SwitchDeployment.deploy(bus, tree, tables);
        long nanos = System.nanoTime() - t0;
        // the switch-over: the epoch, then enough cycles for every packet in flight through it to land
        long settle = Math.max(2, (4L * topo.levels() * 64 + bench.cyclesPerSlot() - 1) / bench.cyclesPerSlot()) + 8;
        long deadline = System.nanoTime() + 30_000_000_000L;
        Telemetry t = bus.telemetry();
        while (t.slot() < rep.epoch() + settle) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the boards did not reach slot " + (rep.epoch() + settle) + " within 30 s");
            }
            sleep(20);
            t = bus.telemetry();
        }
        sleep(50); // the fabric's snapshot trails the firmware's slot counter by at most a few slots
        SwitchTotals after = bus.telemetry().switches();
        JsonObject switchOver = new JsonObject()
                .put("cycles", after.cycle() - before.cycle())
                .put("created", after.created() - before.created())
                .put("delivered", after.delivered() - before.delivered())
                .put("lost", after.noRoute() - before.noRoute())
                .put("discardedAtDeadLinks", after.discarded() - before.discarded())
                .put("misrouted", (after.misdelivered() - before.misdelivered()) + (after.loops() - before.loops()))
                .put("flitsInNetworkBefore", before.flitsInNetwork())
                .put("flitsInNetworkAfter", after.flitsInNetwork());
        JsonObject d = deployJson(label, rep, nanos, switchOver);
        record(d);
        if (config.state() != null) {
            DeploymentRecord.of(SwitchDeployment.configs(tree, tables), rep.epoch()).save(config.state());
        }
        LOG.info("deployed " + label + " at slot " + rep.epoch() + ": " + rep.blocksWritten() + " blocks, " + rep.bytesWritten()
                + " bytes; across the switch-over " + switchOver.getLong("lost") + " lost, " + switchOver.getLong("misrouted")
                + " misrouted, " + switchOver.getLong("discardedAtDeadLinks") + " discarded at dead links");
        return d;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted");
        }
    }

    @Override
    public Future<?> stop() {
        return vertx.executeBlocking(() -> {
            bus.stopClock();
            return null;
        });
    }

    /** The body of a failure: {"fail": SPEC}, nothing else (SPEC as {@code fattree reroute --fail}). */
    static final class FailRequest {
        private FailRequest() {
        }

        static String spec(JsonObject body) {
            if (body == null) {
                throw new IllegalArgumentException("the body must be a JSON object with \"fail\"");
            }
            for (String k : body.fieldNames()) {
                if (!k.equals("fail")) {
                    throw new IllegalArgumentException("unknown field '" + k + "' (only \"fail\")");
                }
            }
            Object f = body.getValue("fail");
            if (!(f instanceof String s) || s.isBlank()) {
                throw new IllegalArgumentException("\"fail\" must be a failure: link:NODE:PORT, switch:NODE or host:N");
            }
            return s;
        }
    }

    /** What a fabric whose boards give each host {@code addressesPerHost} addresses starts with, as its log and start-up line say it. */
    public static String startingLabel(String engine, int addressesPerHost) {
        return Served.initially(engine, addressesPerHost).label();
    }

    /** {@code c}'s routes on the served tree: its engine's, over its number of paths. */
    private Routing routing(Served c) {
        return routing(c, topo, types);
    }

    private Routing routing(Served c, PgftTopology t, NodeTypes nt) {
        return RoutingEngines.byName(c.engine()).route(t, new RoutingOptions(c.paths(), bench.seed(), nt));
    }

    /**
     * What the boards run: an engine and K, its paths per pair, spread over the addresses the boards
     * give each host (K divides them).
     */
    record Served(String engine, int paths) {
        /** A multi-path engine over all of a host's addresses, a single-path one over one path. */
        static Served initially(String engine, int addressesPerHost) {
            return new Served(engine, RoutingEngines.byName(engine).multiPath() ? addressesPerHost : 1);
        }

        String label() {
            return paths == 1 ? engine : engine + " over " + paths + " paths";
        }
    }

    /**
     * The body of an engine change: {"engine": NAME, "paths": K}, nothing else. Without paths, a
     * newly named engine takes as many as {@link Served#initially} gives it; without an engine, the
     * one served keeps running over K paths.
     */
    static final class EngineRequest {
        private EngineRequest() {
        }

        static Served parse(JsonObject body, Served now, int addressesPerHost) {
            if (body == null || body.isEmpty()) {
                throw new IllegalArgumentException("the body must be a JSON object with \"engine\", \"paths\" or both");
            }
            for (String k : body.fieldNames()) {
                if (!Set.of("engine", "paths").contains(k)) {
                    throw new IllegalArgumentException("unknown field '" + k + "' (\"engine\", \"paths\")");
                }
            }
            String name = now.engine();
            boolean engineGiven = body.containsKey("engine");
            if (engineGiven) {
                Object e = body.getValue("engine");
                if (!(e instanceof String s) || s.isBlank()) {
                    throw new IllegalArgumentException("\"engine\" must be an engine name");
                }
                RoutingEngines.forSwitchBoards(s);
                name = s;
            }
            int k = engineGiven ? Served.initially(name, addressesPerHost).paths() : now.paths();
            if (body.containsKey("paths")) {
                Object p = body.getValue("paths");
                if (!(p instanceof Integer || p instanceof Long) || ((Number) p).longValue() < 1
                        || ((Number) p).longValue() > addressesPerHost || addressesPerHost % ((Number) p).longValue() != 0) {
                    throw new IllegalArgumentException("\"paths\" must divide the " + addressesPerHost + " address(es) the boards give each host"
                            + " (serve --paths sets them), got " + p);
                }
                k = ((Number) p).intValue();
                if (k > 1 && !RoutingEngines.byName(name).multiPath()) {
                    throw new IllegalArgumentException(name + " is single-path: \"paths\" must be 1 ("
                            + RoutingEngines.multiPathNames() + " route over several)");
                }
            }
            return new Served(name, k);
        }
    }
}
