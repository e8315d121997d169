package org.oft.controller.service.fattree;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Logger;
import org.oft.controller.fattree.deploy.SwitchDeployment;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.hal.BoardBus;
import org.oft.hal.SwitchPorts;
import org.oft.controller.service.events.AlertWatch;
import org.oft.controller.service.events.Events;
import org.oft.hal.SwitchCounters;
import org.oft.hal.wire.Protocol;

/**
 * Reads every switch board's port counters, once a poll (a worker, one poll at a time), and turns
 * them into what the console shows: utilisation by level and direction, the hottest ports, per-level
 * heatmaps, every port with drops, misdeliveries or a dead link by name, and the boards found
 * restarted. The one writer of the per-port rates, which the topology view reads.
 */
final class PortPoller {
    private static final Logger LOG = Logger.getLogger("org.oft.fattree");
    /** Anomalies listed at most this many at a time; hottest ports listed. */
    static final int MAX_LISTED = 20;
    static final int HOTTEST = 10;
    private static final int RESTARTS_KEPT = 20;

    private final BoardBus bus;
    private final FatTree tree;
    private final PgftTopology topo;
    private final int[][] physicalMap; // per switch, the topology's port behind each physical port number
    private final io.vertx.core.json.JsonArray[] heatColumns; // per level, the heatmap's columns by physical port
    private final AtomicBoolean polling = new AtomicBoolean();
    private volatile JsonObject latest = new JsonObject();
    private volatile String lastError;
    // each board's last reading (its cycle, boot id and counters), and the reading a counter reset counts from: a
    // board's baseline counts only while it runs the boot it was taken in
    private volatile SwitchPorts[] previousPorts;
    private volatile SwitchPorts[] portBaseline;
    // flits per cycle at each switch port (global port index) in the last poll interval: what the topology view colours by
    private final double[] xmitRate;
    private final double[] rcvRate;
    // per port, transmit-wait cycles per cycle, and per switch the span its rates are over
    private final double[] waitRate;
    private final long[] ratedSpan;
    private volatile boolean polledOnce;
    private volatile List<JsonObject> allAnomalies = List.of();
    private final PortHistory history;
    private final java.util.Deque<JsonObject> restarts = new java.util.ArrayDeque<>(); // the last boards found restarted, latest first

    private volatile java.util.function.Consumer<JsonObject> events = e -> { };

    private volatile AlertWatch alerts;

    /** Where each poll's port rates are held against the alert thresholds. */
    void alertOn(AlertWatch alerts) {
        this.alerts = alerts;
    }

    /** Where a board found restarted is reported (an event). */
    void onEvent(java.util.function.Consumer<JsonObject> events) {
        this.events = events;
    }

    PortPoller(BoardBus bus, FatTree tree) {
        this.bus = bus;
        this.tree = tree;
        this.topo = tree.topology();
        this.physicalMap = SwitchDeployment.localOfPhysical(tree);
        this.heatColumns = PortHeat.physicalPorts(tree);
        this.xmitRate = new double[topo.portCount()];
        this.rcvRate = new double[topo.portCount()];
        this.waitRate = new double[topo.portCount()];
        this.ratedSpan = new long[topo.switches()];
        this.history = new PortHistory(topo.portCount());
    }

    /** The last poll's summary ({} before the first). */
    JsonObject latest() {
        return latest;
    }

    /** Answers with the last poll's summary. */
    void reply(io.vertx.core.eventbus.Message<JsonObject> msg) {
        msg.reply(latest);
    }

    /** Claims the next poll: false while the last one is still reading. */
    boolean tryBegin() {
        return polling.compareAndSet(false, true);
    }

    /** A poll has ended: its summary, or null and the reason it failed (logged once per distinct reason). */
    void end(JsonObject summary, Throwable failure) {
        polling.set(false);
        if (summary != null) {
            latest = summary;
            lastError = null;
        } else if (!String.valueOf(failure.getMessage()).equals(lastError)) {
            lastError = String.valueOf(failure.getMessage());
            LOG.warning("port counters not read: " + lastError);
        }
    }

    /** Anomalies count from the last reading on. */
    void reset() {
        portBaseline = previousPorts;
    }

    /** Per port, flits per cycle out of it in the last interval, or null before any rate. */
    double[] xmitRates() {
        return polledOnce ? xmitRate : null;
    }

    /** Per port, flits per cycle into it in the last interval, or null before any rate. */
    double[] rcvRates() {
        return polledOnce ? rcvRate : null;
    }

    /**
     * Every switch's port counters (worker): link utilisation by level and direction, the hottest
     * ports, and every port with drops, misdeliveries or a dead link, by name. A port's utilisation
     * is over the cycles its board ran between its last two latches; a board that has not latched
     * anew since the last poll (a large tree runs seconds a slot, and boards latch independently)
     * keeps its ports' last rates.
     */
    JsonObject read() {
        SwitchCounters wire = BoardBus.required(bus.switchCounters(), "reading port counters");
        int levels = topo.levels();
        int h = topo.hosts();
        JsonArray restarted = new JsonArray();
        long cycle = 0;
        SwitchPorts[] now = new SwitchPorts[topo.switches()];
        SwitchPorts[] before = previousPorts;
        SwitchPorts[] baseline = portBaseline;
        List<JsonObject> anomalies = new ArrayList<>();
        int per = Protocol.PORT_COUNTERS.size();
        AlertWatch watch = alerts;
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
            int[] localOf = physicalMap[i];
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
                    if (watch != null) {
                        long dropped = c[p * per + 5] - old[p * per + 5] + c[p * per + 7] - old[p * per + 7];
                        watch.port("switch-" + i, p + 1, xmitRate[g], waitRate[g], dropped);
                    }
                }
                long drops = c[p * per + 5] - (base == null ? 0 : base[p * per + 5]);
                long mis = c[p * per + 6] - (base == null ? 0 : base[p * per + 6]);
                long discards = c[p * per + 7] - (base == null ? 0 : base[p * per + 7]);
                if (drops > 0 || mis > 0 || discards > 0 || !sp.up(p)) {
                    anomalies.add(portName(v, local).put("linkUp", sp.up(p)).put("PortRcvSwitchRelayErrors", drops)
                            .put("Misdelivered", mis).put("PortXmitDiscards", discards)
                            .put("severity", !sp.up(p) ? "alarm" : mis > 0 ? "error" : "warning"));
                }
            }
        }
        previousPorts = now;
        polledOnce = true;
        anomalies.sort(PortPoller::bySeverity);
        allAnomalies = List.copyOf(anomalies);
        history.record(cycle, xmitRate, waitRate);
        for (Object b : restarted) {
            restarts.addFirst(new JsonObject().put("board", b).put("cycle", cycle));
            if (restarts.size() > RESTARTS_KEPT) {
                restarts.removeLast();
            }
        }
        if (!restarted.isEmpty()) {
            LOG.warning("port counters start again from zero at " + String.join(", ", restarted.stream().map(String::valueOf).toList())
                    + ": the board restarted");
            for (Object b : restarted) {
                events.accept(Events.of("alarm", "board", String.valueOf(b), null, null,
                        b + " restarted: its counters start again from zero (the deploy that follows reloads its table)"));
            }
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
            int[] localOf = physicalMap[i];
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
        JsonArray heat = PortHeat.of(topo, heatColumns, hot);
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
                .put("counterNames", new JsonArray(Protocol.PORT_COUNTERS)).put("levels", byLevel)
                .put("hottest", hottest).put("anomalousPorts", anomalies.size())
                .put("anomalies", new JsonArray(new ArrayList<>(anomalies.subList(0, Math.min(MAX_LISTED, anomalies.size())))))
                .put("restarted", restarted)
                .put("restarts", new JsonArray(new ArrayList<>(restarts))).put("heat", heat);
    }

    private static final List<String> SEVERITIES = List.of("warning", "error", "alarm");

    /** The worst first: a link down, then misdeliveries, then drops; within one, the most packets first, then by name. */
    private static int bySeverity(JsonObject a, JsonObject b) {
        int c = Integer.compare(SEVERITIES.indexOf(b.getString("severity")), SEVERITIES.indexOf(a.getString("severity")));
        if (c != 0) {
            return c;
        }
        c = Long.compare(packets(b), packets(a));
        return c != 0 ? c : Integer.compare(a.getInteger("index") * 1000 + a.getInteger("port"), b.getInteger("index") * 1000 + b.getInteger("port"));
    }

    private static long packets(JsonObject a) {
        return a.getLong("PortRcvSwitchRelayErrors") + a.getLong("Misdelivered") + a.getLong("PortXmitDiscards");
    }

    /** Every port with an anomaly at the last poll, the worst first. */
    List<JsonObject> anomalies() {
        return allAnomalies;
    }

    /** Switch {@code i}'s last reading, or null before the first poll. */
    SwitchPorts reading(int i) {
        SwitchPorts[] r = previousPorts;
        return r == null ? null : r[i];
    }

    /** Per-port rates over the last polls. */
    PortHistory history() {
        return history;
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
        String to = tree.partName(peer) + (peer < topo.hosts() ? "" : " " + topo.tuple(peer));
        String toPart = tree.partName(peer);
        return new JsonObject().put("board", "switch-" + (v - topo.hosts())).put("index", v - topo.hosts()).put("switch", topo.tuple(v))
                .put("port", tree.names().physicalPort(v, local)).put("to", to).put("toPart", toPart);
    }

}
