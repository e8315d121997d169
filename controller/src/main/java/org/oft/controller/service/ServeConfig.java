package org.oft.controller.service;

import org.oft.controller.boards.BoardSpec;

import java.nio.file.Path;
import org.oft.controller.fattree.deploy.ElectricalBench;
import org.oft.controller.fattree.routing.RoutingEngines;
import org.oft.controller.oft.Order;
import org.oft.controller.oft.RoutingTables;
import org.oft.sim.optical.FabricWiring;
import org.oft.controller.files.StateDir;
import org.oft.controller.service.events.AlertWatch;
import org.oft.controller.service.events.EventLog;
import org.oft.hal.wire.BoardClaims;

/**
 * What {@code oftctl serve} runs: the OFT of an order (the default), or an electrical fat tree's
 * switch boards when {@code fattree} is given.
 */
public record ServeConfig(int order, int latency, String host, int port, double slotsPerSecond, String board, Path bench,
                          Path state, FatTree fattree, Tls tls, java.util.List<String> allowedHosts, Ownership ownership,
                          EventLogSettings events, Path studies) {
    /**
     * The event log: its file (null: in memory), the newest rows it keeps, the thresholds that raise
     * alerts into it, and who hears of its events beyond the page: the process log and the webhooks (--notify), from
     * {@code notifySeverity} (warning or alarm) up.
     */
    public record EventLogSettings(Path file, long keep, AlertWatch.Thresholds alerts, java.util.List<java.net.URI> webhooks,
                                   String notifySeverity) {
        public EventLogSettings {
            if (keep < 1) {
                throw new IllegalArgumentException("--events-keep must be at least 1 event, got " + keep);
            }
            java.util.Objects.requireNonNull(alerts, "alerts");
            webhooks = java.util.List.copyOf(webhooks);
            if (!java.util.List.of("warning", "alarm").contains(notifySeverity)) {
                throw new IllegalArgumentException("--notify-severity must be warning or alarm, got '" + notifySeverity + "'");
            }
        }

        public EventLogSettings(Path file, long keep, AlertWatch.Thresholds alerts) {
            this(file, keep, alerts, java.util.List.of(), "alarm");
        }

        public static EventLogSettings inMemory() {
            return new EventLogSettings(null, EventLog.KEEP,
                    AlertWatch.Thresholds.defaults());
        }
    }

    /**
     * Who this controller is to the boards (its id, named to any other controller they refuse), how long
     * its claim holds without renewal, whether it takes boards another controller holds, and, with
     * {@code ha} (a ZooKeeper connect string), the election it stands in at {@code priority}.
     */
    public record Ownership(String controllerId, long leaseMillis, boolean takeOver, String ha, int priority) {
        public Ownership {
            new BoardClaims.Claimant(controllerId, leaseMillis, takeOver); // checks id and lease
            if (priority < 0 || priority > 255) {
                throw new IllegalArgumentException("--priority must be 0..255 (as an SM priority), got " + priority);
            }
            if (ha != null && ha.isBlank()) {
                throw new IllegalArgumentException("--ha needs a ZooKeeper connect string, e.g. 127.0.0.1:2181");
            }
        }

        public static Ownership defaults() {
            var c = BoardClaims.Claimant.thisProcess();
            return new Ownership(c.controller(), c.leaseMillis(), false, null, 0);
        }

        public BoardClaims.Claimant claimant() {
            return new BoardClaims.Claimant(controllerId, leaseMillis, takeOver);
        }
    }

    public ServeConfig(int order, int latency, String host, int port, double slotsPerSecond, String board, Path bench,
                       Path state, FatTree fattree, Tls tls, java.util.List<String> allowedHosts) {
        this(order, latency, host, port, slotsPerSecond, board, bench, state, fattree, tls, allowedHosts, Ownership.defaults(),
                EventLogSettings.inMemory(), null);
    }

    /** The console over TLS: a PEM certificate (chain) and its PEM private key. */
    public record Tls(Path cert, Path key) {
        public Tls {
            for (Path p : new Path[] {cert, key}) {
                if (p == null || !java.nio.file.Files.isRegularFile(p) || !java.nio.file.Files.isReadable(p)) {
                    throw new IllegalArgumentException("TLS needs a readable PEM file, got " + p);
                }
            }
        }
    }

    /** Answering to loopback names and the bound address only. */
    public ServeConfig(int order, int latency, String host, int port, double slotsPerSecond, String board, Path bench, Path state,
                       FatTree fattree, Tls tls) {
        this(order, latency, host, port, slotsPerSecond, board, bench, state, fattree, tls, java.util.List.of());
    }

    /** Without TLS. */
    public ServeConfig(int order, int latency, String host, int port, double slotsPerSecond, String board, Path bench, Path state,
                       FatTree fattree) {
        this(order, latency, host, port, slotsPerSecond, board, bench, state, fattree, null);
    }

    /** The same served over TLS. */
    public ServeConfig withTls(Tls t) {
        return new ServeConfig(order, latency, host, port, slotsPerSecond, board, bench, state, fattree, t, allowedHosts, ownership, events, studies);
    }

    /** The same, keeping its event log in {@code file} (null: in memory, for this run only). */
    public ServeConfig withEvents(Path file) {
        return withEventLog(new EventLogSettings(file, events.keep(), events.alerts(), events.webhooks(), events.notifySeverity()));
    }

    /** The same, with this event log. */
    public ServeConfig withEventLog(EventLogSettings e) {
        return new ServeConfig(order, latency, host, port, slotsPerSecond, board, bench, state, fattree, tls, allowedHosts, ownership, e, studies);
    }

    /** The same, with the console's studies in {@code dir} (null: ~/.oftctl/studies). */
    public ServeConfig withStudies(Path dir) {
        return new ServeConfig(order, latency, host, port, slotsPerSecond, board, bench, state, fattree, tls, allowedHosts, ownership, events, dir);
    }

    /** The folder of the console's studies. */
    public Path studiesDir() {
        return studies != null ? studies : StateDir.file("studies");
    }

    /** The same, owning the boards as {@code o} says. */
    public ServeConfig withOwnership(Ownership o) {
        return new ServeConfig(order, latency, host, port, slotsPerSecond, board, bench, state, fattree, tls, allowedHosts, o, events, studies);
    }

    /** The same, answering also to {@code names} (the Host header a browser sends when it reaches the console by them). */
    public ServeConfig withAllowedHosts(java.util.List<String> names) {
        return new ServeConfig(order, latency, host, port, slotsPerSecond, board, bench, state, fattree, tls, names, ownership, events, studies);
    }

    /** The electrical fabric: its bench of switch boards and the engine that computes their tables. */
    public record FatTree(ElectricalBench bench, String engine) {
        public FatTree {
            RoutingEngines.forSwitchBoards(engine); // an unknown name, or one boards cannot hold, fails here with the list
        }
    }

    /** Without a bench file: nominal fibres, clocks in phase. */
    public ServeConfig(int order, int latency, String host, int port, double slotsPerSecond, String board) {
        this(order, latency, host, port, slotsPerSecond, board, null, null, null);
    }

    /** An electrical fat tree on {@code board}. */
    public static ServeConfig fatTree(FatTree fattree, String host, int port, double slotsPerSecond, String board, Path state) {
        return new ServeConfig(1, 1, host, port, slotsPerSecond, board, null, state, fattree);
    }

    public ServeConfig {
        allowedHosts = java.util.List.copyOf(allowedHosts);
        java.util.Objects.requireNonNull(ownership, "ownership");
        java.util.Objects.requireNonNull(events, "events");
        for (String n : allowedHosts) {
            if (n.isBlank() || !n.matches("[A-Za-z0-9.:\\[\\]%_-]+")) {
                throw new IllegalArgumentException("--allowed-host must be a host name or address, got '" + n + "'");
            }
        }
        if (fattree == null) {
            Order.check(order);
            if (order > FabricWiring.MAX_ORDER) {
                throw new IllegalArgumentException("the built-in board model runs orders 1.." + FabricWiring.MAX_ORDER
                        + ", got " + order);
            }
            RoutingTables.checkLatency(latency);
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be between 0 and 65535, got " + port);
        }
        if (!(slotsPerSecond >= 1e-3) || slotsPerSecond > 1e9) {
            throw new IllegalArgumentException("slots per second must be 0.001 to 1e9, got " + slotsPerSecond);
        }
        BoardSpec.parse(board);
    }
}
