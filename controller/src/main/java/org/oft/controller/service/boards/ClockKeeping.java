package org.oft.controller.service.boards;

import io.vertx.core.json.JsonObject;
import java.util.function.DoubleSupplier;
import java.util.logging.Logger;
import org.oft.hal.Telemetry;

/**
 * Whether the boards keep the slot clock they were asked for: slots counted over at least a second of
 * telemetry against the rate set. A model (or a board) that cannot keep the rate runs slower, never
 * faster; that is said in every telemetry record ({@code clock}: asked, kept, behind) and in the log,
 * once when it falls behind and once when it catches up, rather than shown as "running". Behind after
 * two slow windows (under {@value #BEHIND} of the rate); back only after {@value #BACK_WINDOWS} windows
 * at {@value #BACK} of it or more, so that a model that hovers at its limit is one incident, not a flag
 * that flaps every few seconds.
 */
public final class ClockKeeping {
    private static final Logger LOG = Logger.getLogger("org.oft.controller");
    /** Kept below this share of the rate, for two windows running: behind. */
    static final double BEHIND = 0.9;
    /** Back once it keeps this share of the rate ... */
    static final double BACK = 0.95;
    /** ... for this many windows running. */
    static final int BACK_WINDOWS = 5;
    private static final long WINDOW_NANOS = 1_000_000_000L;
    private final DoubleSupplier asked;
    private long windowStartNanos = -1;
    private long windowStartSlot;
    private double kept = Double.NaN;
    private int slowWindows;
    private int goodWindows;
    private boolean behind;
    private long behindSince;
    private double worst;

    public ClockKeeping(DoubleSupplier asked) {
        this.asked = asked;
    }

    /** The clock fields for this telemetry record (the telemetry thread only). */
    public synchronized JsonObject of(Telemetry t, long nowNanos) {
        double rate = asked.getAsDouble();
        if (!t.running()) {
            windowStartNanos = -1;
            kept = Double.NaN;
            slowWindows = 0;
            goodWindows = 0;
            setBehind(false, rate, nowNanos);
            return new JsonObject().put("asked", rate).put("behind", false);
        }
        if (windowStartNanos < 0 || t.slot() < windowStartSlot) {
            windowStartNanos = nowNanos;
            windowStartSlot = t.slot();
        } else if (nowNanos - windowStartNanos >= WINDOW_NANOS) {
            kept = (t.slot() - windowStartSlot) / ((nowNanos - windowStartNanos) / 1e9);
            windowStartNanos = nowNanos;
            windowStartSlot = t.slot();
            slowWindows = kept < BEHIND * rate ? slowWindows + 1 : 0;
            goodWindows = kept >= BACK * rate ? goodWindows + 1 : 0;
            if (behind) {
                worst = Math.min(worst, kept);
            }
            setBehind(behind ? goodWindows < BACK_WINDOWS : slowWindows >= 2, rate, nowNanos);
        }
        JsonObject out = new JsonObject().put("asked", rate).put("behind", behind);
        return Double.isNaN(kept) ? out : out.put("kept", Math.round(kept * 1000) / 1000.0);
    }

    private void setBehind(boolean now, double rate, long nowNanos) {
        if (now && !behind) {
            behindSince = nowNanos;
            worst = kept;
            String text = String.format(java.util.Locale.ROOT, "the boards keep %.3g slots/s of the %.3g asked: the slot clock runs behind "
                    + "(a model of this size cannot run faster here; ask a lower rate)", kept, rate);
            LOG.warning(text);
            changes.accept(true, text);
        } else if (!now && behind) {
            String text = String.format(java.util.Locale.ROOT, "the slot clock keeps its rate again, after %.0f s behind (at worst %.3g slots/s "
                    + "of the %.3g asked)", (nowNanos - behindSince) / 1e9, worst, rate);
            LOG.info(text);
            changes.accept(false, text);
        }
        behind = now;
    }

    private volatile java.util.function.BiConsumer<Boolean, String> changes = (b, t) -> { };

    /** Told when the clock falls behind (true) and when it keeps its rate again (false), with the text. */
    public void onChange(java.util.function.BiConsumer<Boolean, String> listener) {
        this.changes = listener;
    }
}
