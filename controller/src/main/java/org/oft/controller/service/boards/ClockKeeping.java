package org.oft.controller.service.boards;

import io.vertx.core.json.JsonObject;
import java.util.function.DoubleSupplier;
import java.util.logging.Logger;
import org.oft.hal.Telemetry;

/**
 * Whether the boards keep the slot clock they were asked for: slots counted over at least a second of
 * telemetry against the rate set. A model (or a board) that cannot keep the rate runs slower, never
 * faster; that is said in every telemetry record ({@code clock}: asked, kept, behind) and in the log,
 * once when it falls behind and once when it catches up, rather than shown as "running".
 */
public final class ClockKeeping {
    private static final Logger LOG = Logger.getLogger("org.oft.controller");
    /** Kept below this share of the rate, for two windows running: behind. */
    static final double BEHIND = 0.9;
    private static final long WINDOW_NANOS = 1_000_000_000L;
    private final DoubleSupplier asked;
    private long windowStartNanos = -1;
    private long windowStartSlot;
    private double kept = Double.NaN;
    private int slowWindows;
    private boolean behind;

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
            setBehind(false, rate);
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
            setBehind(slowWindows >= 2, rate);
        }
        JsonObject out = new JsonObject().put("asked", rate).put("behind", behind);
        return Double.isNaN(kept) ? out : out.put("kept", Math.round(kept * 1000) / 1000.0);
    }

    private void setBehind(boolean now, double rate) {
        if (now && !behind) {
            String text = String.format(java.util.Locale.ROOT, "the boards keep %.3g slots/s of the %.3g asked: the slot clock runs behind "
                    + "(a model of this size cannot run faster here; ask a lower rate)", kept, rate);
            LOG.warning(text);
            changes.accept(true, text);
        } else if (!now && behind) {
            LOG.info("the slot clock keeps its rate again");
            changes.accept(false, "the slot clock keeps its rate again");
        }
        behind = now;
    }

    private volatile java.util.function.BiConsumer<Boolean, String> changes = (b, t) -> { };

    /** Told when the clock falls behind (true) and when it keeps its rate again (false), with the text. */
    public void onChange(java.util.function.BiConsumer<Boolean, String> listener) {
        this.changes = listener;
    }
}
