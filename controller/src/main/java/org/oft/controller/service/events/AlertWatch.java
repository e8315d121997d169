package org.oft.controller.service.events;

import io.vertx.core.Vertx;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.oft.hal.BoardLock;

/**
 * Threshold alerts: a port's utilisation or transmit-wait rate at or above its threshold, a port dropping
 * packets, a level's worst timing margin below its threshold. A part counts as over once it has been over for
 * {@value #RAISE_AFTER} readings running, and as back once it has been clear (for a rate, below
 * {@value #CLEAR_SHARE} of its threshold) for {@value #CLEAR_AFTER} readings running: a port that hovers at its
 * threshold is one crossing, not one a second. Crossings overlapping in time make one incident, whatever their
 * kind: a warning event when the first part crosses, an info event with what it held (how many parts, of which
 * kinds, at most how many at once, for how long) when the last is back; parts that cross while it is open join it
 * without an event of their own (one declared cable that loads twenty ports and drops on two is one incident), and
 * an open incident whose parts changed says what it holds now once a minute at most (updated). The thresholds are set at start ({@code serve --alert}) and from the
 * page or the API ({@code POST /api/alerts}); a threshold set to null is off. Fed by the fabric's poller or
 * telemetry thread while the event loop sets thresholds: both under this watch's lock.
 */
public final class AlertWatch {
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

    /** Readings running over the threshold before a part counts as over. */
    static final int RAISE_AFTER = 3;
    /** Readings running clear before a part counts as back. */
    static final int CLEAR_AFTER = 5;
    /** A rate is clear below this share of its threshold (hysteresis). */
    static final double CLEAR_SHARE = 0.9;
    /** Parts an incident's closing event names. */
    static final int NAMED = 5;
    /** An open incident whose parts changed is updated at most this often. */
    static final long UPDATE_MILLIS = 60_000;

    private final java.util.function.Consumer<JsonObject> events;
    private volatile Thresholds thresholds;
    private final Map<String, Reading> readings = new java.util.HashMap<>(); // under this watch's lock
    private Incident incident; // the one open, or null
    private final java.util.function.LongSupplier clock;

    /** One part's readings of one alert. */
    private static final class Reading {
        int over;
        int clear;
        boolean raised;
    }

    /** Crossings from the first part over to the last part back. */
    private static final class Incident {
        final java.util.Set<String> now = new java.util.LinkedHashSet<>();
        final java.util.Set<String> all = new java.util.LinkedHashSet<>();
        final java.util.Set<String> crossings = new java.util.HashSet<>();
        final Map<String, Integer> byKind = new java.util.TreeMap<>();
        long openedAt;
        long toldAt;
        int most;
        boolean changed;
    }

    public AlertWatch(Vertx vertx, Thresholds initial) {
        this(e -> Events.publish(vertx, e), initial, System::currentTimeMillis);
    }

    /** Events to {@code events}, time from {@code clockMillis}. */
    AlertWatch(java.util.function.Consumer<JsonObject> events, Thresholds initial, java.util.function.LongSupplier clockMillis) {
        this.events = events;
        this.thresholds = initial;
        this.clock = clockMillis;
    }

    public Thresholds thresholds() {
        return thresholds;
    }

    /** {} answers the thresholds; fields set those (null: off), others kept. The one writer of the thresholds. */
    public void handle(Message<JsonObject> msg) {
        try {
            msg.reply(set(msg.body() == null ? new JsonObject() : msg.body()));
        } catch (IllegalArgumentException e) {
            msg.fail(400, e.getMessage());
        }
    }

    /** As {@link #handle}: the thresholds after {@code body}; a bad field changes none. */
    synchronized JsonObject set(JsonObject body) { // the event loop's, beside the poller's readings
        if (!body.isEmpty()) {
            thresholds = thresholds.of(body, true);
            readings.clear(); // measured again against the new thresholds; what was open closes, to open again if still over
            if (incident != null) {
                close(incident, "its thresholds changed");
                incident = null;
            }
        }
        return thresholds.json();
    }

    /**
     * One reading of alert {@code kind} on {@code key} (a part and what is read of it): {@code over} past its
     * threshold, {@code clear} back on the safe side of its hysteresis; {@code text} says the reading.
     */
    public synchronized void observe(String kind, String key, String part, boolean over, boolean clear, String text) {
        Reading r = readings.computeIfAbsent(kind + ":" + key, k -> new Reading());
        if (over) {
            r.over++;
            r.clear = 0;
            if (!r.raised && r.over >= RAISE_AFTER) {
                r.raised = true;
                join(kind, key, part, text);
            }
        } else {
            r.over = 0;
            r.clear = clear ? r.clear + 1 : 0;
            if (r.raised && r.clear >= CLEAR_AFTER) {
                r.raised = false;
                leave(kind, key);
            }
        }
        Incident i = incident;
        if (i != null && i.changed && clock.getAsLong() - i.toldAt >= UPDATE_MILLIS) { // what it holds now, once a minute at most
            i.changed = false;
            i.toldAt = clock.getAsLong();
            long now = partsNow(i);
            events.accept(Events.of("warning", "alert", null, null, "updated", String.format(Locale.ROOT,
                    "threshold alerts open for %.0f s: %d part%s over now, %d crossed so far (%s)", (i.toldAt - i.openedAt) / 1000.0, now,
                    now == 1 ? "" : "s", i.all.size(), kinds(i))));
        }
    }

    /** The parts over now (a part over in two kinds counts once). */
    private static int partsNow(Incident i) {
        return (int) i.now.stream().map(k -> k.substring(k.indexOf(':') + 1)).distinct().count();
    }

    private static String kinds(Incident i) {
        StringBuilder kinds = new StringBuilder();
        i.byKind.forEach((k, n) -> kinds.append(kinds.length() > 0 ? ", " : "").append(k).append(' ').append(n));
        return kinds.toString();
    }

    private void join(String kind, String key, String part, String text) {
        boolean opens = incident == null;
        if (opens) {
            incident = new Incident();
            incident.openedAt = clock.getAsLong();
            incident.toldAt = incident.openedAt;
            events.accept(Events.of("warning", "alert", part, null, "opened", text + " (threshold alerts: parts that cross while this is "
                    + "open join it, without an event each, until all are back)"));
        }
        incident.all.add(key);
        if (incident.now.add(kind + ":" + key) && incident.crossings.add(kind + ":" + key)) {
            incident.byKind.merge(kind, 1, Integer::sum);
        }
        incident.most = Math.max(incident.most, partsNow(incident));
        incident.changed |= !opens; // the opening event said the first
    }

    private void leave(String kind, String key) {
        if (incident == null) {
            return;
        }
        incident.now.remove(kind + ":" + key);
        incident.changed = true;
        if (incident.now.isEmpty()) {
            close(incident, "all back");
            incident = null;
        }
    }

    private void close(Incident i, String why) {
        List<String> named = i.all.stream().limit(NAMED).toList();
        String kinds = kinds(i);
        events.accept(Events.of("info", "alert", i.all.size() == 1 ? part(named.get(0)) : null, null, "closed", String.format(Locale.ROOT,
                "threshold alerts over after %.0f s (%s): %d part%s crossed (%s), at most %d at once: %s%s", (clock.getAsLong() - i.openedAt) / 1000.0,
                why, i.all.size(), i.all.size() == 1 ? "" : "s", kinds, i.most, String.join(", ", named),
                i.all.size() > named.size() ? " and " + (i.all.size() - named.size()) + " more" : "")));
    }

    /** The part of a key ("switch-3 port 2" is on switch-3). */
    private static String part(String key) {
        int sp = key.indexOf(' ');
        return sp < 0 ? key : key.substring(0, sp);
    }

    static String ratio(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    /** The port-rate checks of one port: utilisation and transmit-wait against their thresholds, and drops. */
    public void port(String part, int port, double utilisation, double transmitWait, long drops) {
        Thresholds t = thresholds;
        String where = part + " port " + port;
        if (t.utilisation() != null) {
            observe("utilisation", where, part, utilisation >= t.utilisation(), utilisation < CLEAR_SHARE * t.utilisation(),
                    where + " utilisation " + ratio(utilisation) + " ≥ " + t.utilisation());
        }
        if (t.transmitWait() != null) {
            observe("transmit-wait", where, part, transmitWait >= t.transmitWait(), transmitWait < CLEAR_SHARE * t.transmitWait(),
                    where + " PortXmitWait rate " + ratio(transmitWait) + " ≥ " + t.transmitWait());
        }
        if (t.drops() != null) {
            observe("drop", where, part, drops >= t.drops(), drops == 0, where + " dropped " + drops + " packets since the last reading (threshold "
                    + t.drops() + ")");
        }
    }

    /**
     * A board's slot clock: out of step with the leader's (unlocked, or not yet told the slot numbers), it neither
     * injects nor switches; always watched, there is no threshold to set.
     */
    public void slotLock(BoardLock l) {
        observe("slot-lock", l.board(), l.board(), !l.inStep(), l.inStep(), l.board() + " out of slot lock"
                + (l.lineCut() ? " (its slot-reference line carries no pulse)" : "") + ": its slot starts "
                + String.format(Locale.ROOT, "%.2f", l.phaseErrorCycles()) + " cycles from the leader's; it injects and switches nothing");
    }

    /** A level's worst margin in the last slot against its threshold (Long.MAX_VALUE: no packet, nothing to judge). */
    public void margin(String part, int level, long worstMarginPs) {
        Thresholds t = thresholds;
        if (t.marginPs() == null || worstMarginPs == Long.MAX_VALUE) {
            return;
        }
        observe("timing-margin", part, part, worstMarginPs < t.marginPs(), worstMarginPs >= t.marginPs(), "level " + level + " worst margin "
                + worstMarginPs + " ps (threshold " + t.marginPs() + " ps)");
    }
}
