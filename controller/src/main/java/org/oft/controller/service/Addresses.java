package org.oft.controller.service;

/** Event-bus addresses of the controller. */
public final class Addresses {
    /** Published: one JSON telemetry record per latch (see {@link TelemetryJson}). */
    public static final String TELEMETRY = "oft.telemetry";
    /** Request/reply: the latest telemetry record, for a console that has just connected. */
    public static final String TELEMETRY_LATEST = "oft.telemetry.latest";
    /** Request/reply: the running configuration (order, latency, sequence, boards). */
    public static final String CONFIG = "oft.config";
    /** Request/reply: a fault to inject into the built-in board model (JSON, see {@link FaultRequest}). */
    public static final String FAULT = "oft.fault";

    private Addresses() {
    }
}
