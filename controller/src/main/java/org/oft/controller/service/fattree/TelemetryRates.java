package org.oft.controller.service.fattree;

import io.vertx.core.json.JsonObject;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.controller.service.TelemetryJson;
import org.oft.hal.SwitchTotals;
import org.oft.hal.Telemetry;

/**
 * The boards' telemetry as the console shows it: totals since the last counter reset, and rates
 * since the previous record after which the model had advanced. Written by the telemetry poller's
 * thread only; the reset is the one call from elsewhere.
 */
final class TelemetryRates {
    private final PgftTopology topo;
    private final double offeredLoad;
    // counter reset: totals count from this (the boards' counters run on, as InfiniBand's are read)
    private volatile SwitchTotals baseline;
    private volatile SwitchTotals latest;
    private SwitchTotals previous;
    private long previousNanos;
    // the rates of the last record after which the model had advanced: a large tree takes seconds a slot, and
    // records in between would otherwise show no rates at all
    private JsonObject lastRates = new JsonObject();

    TelemetryRates(PgftTopology topo, double offeredLoad) {
        this.topo = topo;
        this.offeredLoad = offeredLoad;
    }

    /** Totals count from now on. */
    void reset() {
        baseline = latest;
    }

    /** The cycle of the latest record, or 0 before the first. */
    long cycle() {
        SwitchTotals t = latest;
        return t == null ? 0 : t.cycle();
    }

    /** One telemetry record, with rates since the previous one (poller thread). */
    JsonObject of(Telemetry t) {
        JsonObject j = TelemetryJson.of(t).put("fabric", "fattree");
        SwitchTotals raw = t.switches();
        if (raw == null) {
            return j;
        }
        latest = raw;
        SwitchTotals base = baseline;
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
                .put("offeredFlitsPerHostPerCycle", offeredLoad)
                .put("rates", rates));
    }
}
