package org.oft.controller.service;

import org.oft.controller.service.boards.BoardsJson;
import org.oft.controller.service.optical.HealthJson;

/** Event-bus addresses of the controller. */
public final class Addresses {
    /** Published: one JSON telemetry record per latch (see {@link TelemetryJson}). */
    public static final String TELEMETRY = "oft.telemetry";
    /** Request/reply: the latest telemetry record, for a console that has just connected. */
    public static final String TELEMETRY_LATEST = "oft.telemetry.latest";
    /** Request/reply: the running configuration (order, latency, sequence, boards). */
    public static final String CONFIG = "oft.config";
    /** Request/reply: a fault to inject into the built-in board model (JSON, see {@link org.oft.controller.service.optical.FaultRequest}). */
    public static final String FAULT = "oft.fault";

    /** Request/reply: the faults now in force, {"faults": [{id, spec, target, description, sinceSlot}]}. */
    public static final String FAULTS_ACTIVE = "oft.faults.active";
    /** Request/reply: {"id": N} undoes that fault, {} undoes all; answered with what was undone. */
    public static final String FAULTS_CLEAR = "oft.faults.clear";
    /** Request/reply (optical fabric): per node and per fibre, where things go wrong (see {@link HealthJson}); also published. */
    public static final String HEALTH = "oft.health";
    /** Request/reply: every board's identity, what it holds and the link's health, asked of the boards now (see {@link BoardsJson}). */
    public static final String BOARDS = "oft.boards";
    /** Request/reply (optical fabric): {"processor": P} answered with P's routing table, row i = the destination of slot i. */
    public static final String OFT_TABLE = "oft.table";
    /** Request/reply: {"running": bool, "slotsPerSecond": X (optional)} starts, stops or re-rates the slot clock. */
    public static final String CLOCK = "oft.clock";
    /** Request/reply (electrical fat tree): {"switch": I} answered with the table the boards run on switch I, by physical port. */
    public static final String LFT = "oft.lft";
    /** Request/reply (electrical fat tree): {"src": S, "dst": D, "path": Q} answered with the hops the deployed tables take. */
    public static final String TRACE = "oft.trace";
    /** Request/reply (electrical fat tree): {"metric","pattern","samples"} starts an analysis, answered with its id. */
    public static final String ANALYSIS_START = "oft.analysis.start";
    /** Request/reply (electrical fat tree): {"from","to","step"} starts a load sweep of the flit model (an analysis job). */
    public static final String SWEEP_START = "oft.sweep.start";
    /** Request/reply (electrical fat tree): {"id": N} answered with the analysis' progress and, when done, its result. */
    public static final String ANALYSIS_STATUS = "oft.analysis.status";
    /** Request/reply (electrical fat tree, up to 1,024 hosts): nodes and cables with utilisation and flows. */
    public static final String TOPOLOGY = "oft.topology";
    /** Request/reply (optical fabric, built-in model): measure delays and clocks, calibrate and deploy the phases at an epoch. */
    public static final String RECALIBRATE = "oft.recalibrate";
    /** Request/reply: totals (and the alarm built on them) restart from zero. */
    public static final String COUNTERS_RESET = "oft.counters.reset";

    /** Request/reply (electrical fat tree): the latest per-port summary (utilisation by level, hottest ports, anomalies). */
    public static final String PORTS = "oft.ports";
    /** Request/reply (electrical fat tree): {"part": NAME} answered with that switch or host drilled into (ports, counters, faults, table). */
    public static final String PART = "oft.part";
    /** Request/reply (electrical fat tree): {"filter", "offset", "limit"} answered with the anomalous ports, the worst first. */
    public static final String ANOMALIES = "oft.anomalies";
    /** Request/reply (electrical fat tree): {"engine": NAME}, answered with the incremental redeploy's report. */
    public static final String ENGINE = "oft.engine";

    /** Request/reply (electrical fat tree): {} puts back the engine and paths the last engine change replaced. */
    public static final String ENGINE_UNDO = "oft.engine.undo";
    /** Request/reply (electrical fat tree): {"fail": SPEC}, answered with the incremental reroute's deploy report. */
    public static final String FAIL = "oft.fail";
    /** Request/reply (electrical fat tree): the declared failures, {"failures": [{id, spec}]}. */
    public static final String FAIL_LIST = "oft.fail.list";
    /** Request/reply (electrical fat tree): {"id": N} repairs that declared failure (the tables rerouted without it, deployed). */
    public static final String FAIL_REPAIR = "oft.fail.repair";

    /** Published: one event (see {@code events.Events}): an operator's action, an alarm, a change of owner. */
    public static final String EVENT = "oft.event";
    /** Request/reply: {"after": ID, "limit": N, "severity": "warning", "part": NAME} answered with the events, newest first. */
    public static final String EVENTS = "oft.events";
    /** Request/reply: {"id": N, "who": TEXT} acknowledges event N, answered with it. */
    public static final String EVENTS_ACK = "oft.events.ack";
    /** Request/reply: {} answers the alert thresholds; {"utilisation": X, ...} sets them (null turns one off). */
    public static final String ALERTS = "oft.alerts";
    /** Request/reply: who owns the boards (this controller's role, id, generation; each board's owner and lease; the standbys). */
    public static final String OWNER = "oft.owner";

    /** Request/reply: the studies of the controller's folder, [{name, points, stored, running, left, state, workers}]. */
    public static final String STUDIES = "oft.studies";
    /** The fabric's metrics in Prometheus' text format: {@code {"text": ...}} (GET /metrics). */
    public static final String METRICS = "oft.metrics";
    /** The event log's counts in Prometheus' text format: {@code {"text": ...}}. */
    public static final String METRICS_EVENTS = "oft.metrics.events";
    /** Acknowledges every event a filter shows: {@code {"severity", "part", "kind", "who"}}, answered {@code {"acknowledged": N}}. */
    public static final String EVENTS_ACK_ALL = "oft.events.ack.all";
    /** Request/reply: {"name": N} answered with the study's state, its flit points' figures and saturation per configuration. */
    public static final String STUDY = "oft.study";
    /** Request/reply: {"name": N, "study": {...}} checks the study and starts it on this controller's cores, answering {name, points}. */
    public static final String STUDY_START = "oft.study.start";
    /** Request/reply: {"name": N, "format": "csv"|"json"} answered with {"content": TEXT}, the export. */
    public static final String STUDY_EXPORT = "oft.study.export";
    /** Request/reply: {"name": N} stops the study running on this controller after the points under way; answered {name, stopping}. */
    public static final String STUDY_STOP = "oft.study.stop";
    /** Request/reply: {} answered with the header's health summary, {ok, items: [{key, count, ok, text, link}]}. */
    public static final String SUMMARY = "oft.summary";

    private Addresses() {
    }
}
