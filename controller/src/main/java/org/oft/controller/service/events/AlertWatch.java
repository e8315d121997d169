package org.oft.controller.service.events;

import io.vertx.core.Vertx;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonObject;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Threshold alerts: a port's utilisation or transmit-wait rate at or above its threshold, a port dropping
 * packets, a level's worst timing margin below its threshold, each raises a warning event naming the part
 * when it crosses and an info event when it is back (one event per crossing, not per reading). The
 * thresholds are set at start ({@code serve --alert}) and from the page or the API ({@code POST /api/alerts});
 * a threshold set to null is off. Fed by the fabric's poller, on any thread.
 */
public final class AlertWatch {
    /** Crossings told as events per round at most; the rest are counted in one more. */
    static final int PER_ROUND = 20;

    /**
     * @param utilisation  flits per cycle out of a port, 0..1
     * @param transmitWait PortXmitWait cycles per cycle on a port, 0..1
     * @param drops        packets a port dropped (no route, or discarded at a dead link) between two readings
     * @param marginPs     a level's worst margin in the last slot, in ps: below it is an alert
     */
    public record Thresholds(Double utilisation, Double transmitWait, Long drops, Long marginPs) {
        public Thresholds {
            check(utilisation, "utilisation", 0, 1);
            check(transmitWait, "transmitWait", 0, 1);
            if (drops != null && drops < 1) {
                throw new IllegalArgumentException("drops must be at least 1 packet between two readings, got " + drops);
            }
            if (marginPs != null && Math.abs(marginPs) > 1_000_000) {
                throw new IllegalArgumentException("marginPs must be within ±1000000 ps, got " + marginPs);
            }
        }

        private static void check(Double v, String name, double lo, double hi) {
            if (v != null && !(v >= lo && v <= hi)) {
                throw new IllegalArgumentException(name + " must be " + lo + ".." + hi + " (per cycle), got " + v);
            }
        }

        /** What a lab wants told: a port near full, hosts waiting half the time, any drop, a margin under 20 ps. */
        public static Thresholds defaults() {
            return new Thresholds(0.95, 0.5, 1L, 20L);
        }

        public JsonObject json() {
            return new JsonObject().put("utilisation", utilisation).put("transmitWait", transmitWait).put("drops", drops)
                    .put("marginPs", marginPs);
        }

        /** {@code name=value}, as {@code serve --alert} takes it (value {@code off} turns it off). */
        public Thresholds with(String setting) {
            int eq = setting.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("--alert takes NAME=VALUE (utilisation, transmitWait, drops, marginPs), got '" + setting + "'");
            }
            JsonObject j = json();
            String name = setting.substring(0, eq).strip();
            String v = setting.substring(eq + 1).strip();
            if (!j.containsKey(name)) {
                throw new IllegalArgumentException("unknown alert '" + name + "' (utilisation, transmitWait, drops, marginPs)");
            }
            try {
                j.put(name, v.equalsIgnoreCase("off") ? null : name.equals("drops") || name.equals("marginPs") ? (Object) Long.parseLong(v)
                        : (Object) Double.parseDouble(v));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--alert " + name + " must be a number or off, got '" + v + "'");
            }
            return of(j, true);
        }

        /** From JSON; {@code partial}: fields left out keep the values of this one. */
        Thresholds of(JsonObject j, boolean partial) {
            JsonObject base = partial ? json() : new JsonObject();
            for (String k : j.fieldNames()) {
                if (!Set.of("utilisation", "transmitWait", "drops", "marginPs").contains(k)) {
                    throw new IllegalArgumentException("unknown alert '" + k + "' (utilisation, transmitWait, drops, marginPs)");
                }
                Object v = j.getValue(k);
                if (v != null && !(v instanceof Number)) {
                    throw new IllegalArgumentException(k + " must be a number, or none to turn it off; got '" + v + "'");
                }
                base.put(k, v);
            }
            return new Thresholds(num(base, "utilisation"), num(base, "transmitWait"), whole(base, "drops"), whole(base, "marginPs"));
        }

        private static Double num(JsonObject j, String k) {
            return j.getValue(k) == null ? null : ((Number) j.getValue(k)).doubleValue();
        }

        private static Long whole(JsonObject j, String k) {
            Object v = j.getValue(k);
            if (v == null) {
                return null;
            }
            double d = ((Number) v).doubleValue();
            if (d != Math.rint(d)) {
                throw new IllegalArgumentException(k + " must be a whole number, got " + v);
            }
            return (long) d;
        }
    }

    private final Vertx vertx;
    private volatile Thresholds thresholds;
    private final Map<String, Boolean> raised = new ConcurrentHashMap<>();
    private final AtomicInteger toldThisRound = new AtomicInteger();
    private final AtomicInteger untoldThisRound = new AtomicInteger();

    public AlertWatch(Vertx vertx, Thresholds initial) {
        this.vertx = vertx;
        this.thresholds = initial;
    }

    public Thresholds thresholds() {
        return thresholds;
    }

    /** {} answers the thresholds; fields set those (null: off), others kept. The one writer of the thresholds. */
    public void handle(Message<JsonObject> msg) {
        JsonObject body = msg.body() == null ? new JsonObject() : msg.body();
        if (!body.isEmpty()) {
            try {
                thresholds = thresholds.of(body, true);
            } catch (IllegalArgumentException e) {
                msg.fail(400, e.getMessage());
                return;
            }
            raised.clear(); // measured again against the new thresholds
        }
        msg.reply(thresholds.json());
    }

    /** A round of readings begins (a port poll, a telemetry record): the per-round cap starts again. */
    public void beginRound() {
        toldThisRound.set(0);
        untoldThisRound.set(0);
    }

    /** A round ends: crossings beyond the cap are told as one event. */
    public void endRound() {
        int more = untoldThisRound.getAndSet(0);
        if (more > 0) {
            Events.publish(vertx, Events.of("warning", "alert", null, null, null, more + " more threshold crossings this round (see the anomalies)"));
        }
    }

    /**
     * One reading: {@code over} whether it is past its threshold. A change from the last reading of that
     * {@code key} is an event on {@code part}.
     */
    public void observe(String key, String part, boolean over, String text) {
        Boolean was = raised.get(key);
        if (over == (was != null && was)) {
            return;
        }
        raised.put(key, over);
        if (toldThisRound.incrementAndGet() > PER_ROUND) {
            untoldThisRound.incrementAndGet();
            return;
        }
        Events.publish(vertx, Events.of(over ? "warning" : "info", "alert", part, null, over ? "raised" : "cleared",
                (over ? "" : "back: ") + text));
    }

    static String ratio(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    /** The port-rate checks of one port: utilisation and transmit-wait against their thresholds. */
    public void port(String part, int port, double utilisation, double transmitWait, long drops) {
        Thresholds t = thresholds;
        String where = part + " port " + port;
        if (t.utilisation() != null) {
            observe("u:" + where, part, utilisation >= t.utilisation(),
                    where + " utilisation " + ratio(utilisation) + (utilisation >= t.utilisation() ? " ≥ " : " < ") + t.utilisation());
        }
        if (t.transmitWait() != null) {
            observe("w:" + where, part, transmitWait >= t.transmitWait(),
                    where + " PortXmitWait rate " + ratio(transmitWait) + (transmitWait >= t.transmitWait() ? " ≥ " : " < ") + t.transmitWait());
        }
        if (t.drops() != null) {
            observe("d:" + where, part, drops >= t.drops(), where + " dropped " + drops + " packets since the last reading (threshold "
                    + t.drops() + ")");
        }
    }

    /** A level's worst margin in the last slot against its threshold (Long.MAX_VALUE: no packet, nothing to judge). */
    public void margin(String part, int level, long worstMarginPs) {
        Thresholds t = thresholds;
        if (t.marginPs() == null || worstMarginPs == Long.MAX_VALUE) {
            return;
        }
        observe("m:" + part, part, worstMarginPs < t.marginPs(), "level " + level + " worst margin " + worstMarginPs + " ps (threshold "
                + t.marginPs() + " ps)");
    }
}
