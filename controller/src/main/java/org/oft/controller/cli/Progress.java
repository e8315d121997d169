package org.oft.controller.cli;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Progress of a long run on stderr, with the time left, at most once a second and only when
 * stderr is a terminal: a run in a script or CI stays quiet.
 */
public final class Progress {
    private final PrintWriter err;
    private final String what;
    private final boolean enabled;
    private final long started = System.nanoTime();
    private long lastPrint = started;
    private boolean printed;

    private Progress(PrintWriter err, String what, boolean enabled) {
        this.err = err;
        this.what = what;
        this.enabled = enabled;
    }

    /** Shows progress when the process has a terminal (System.console()), else does nothing. */
    public static Progress of(PrintWriter err, String what) {
        return new Progress(err, what, System.console() != null && System.getenv("CI") == null);
    }

    /** {@code fraction} of the work is done (0..1); {@code detail} says where. */
    public synchronized void update(double fraction, String detail) {
        if (!enabled) {
            return;
        }
        long now = System.nanoTime();
        if (now - lastPrint < 1_000_000_000L) {
            return;
        }
        lastPrint = now;
        double elapsed = (now - started) / 1e9;
        String left = fraction > 0.001 ? "about " + duration(elapsed * (1 - fraction) / fraction) + " left" : "estimating";
        err.printf(Locale.ROOT, "\r%s: %s %3.0f%%, %s   ", what, detail, 100 * fraction, left);
        err.flush();
        printed = true;
    }

    /** Ends the progress line, if one was shown. */
    public synchronized void done() {
        if (printed) {
            err.print("\r" + " ".repeat(78) + "\r");
            err.flush();
        }
    }

    static String duration(double seconds) {
        if (seconds < 90) {
            return Math.round(seconds) + " s";
        }
        if (seconds < 5400) {
            return Math.round(seconds / 60) + " min";
        }
        return String.format(Locale.ROOT, "%.1f h", seconds / 3600);
    }
}
