package org.oft.controller.cli;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Progress of a long run on stderr, with the time left: on a terminal, one line rewritten at most once a second; in a
 * log or a pipe (a batch job), a plain line after the first half minute and then once a minute, so that a run of
 * minutes is never silent and a short one adds nothing; under CI (the CI variable set), nothing.
 */
public final class Progress {
    private final PrintWriter err;
    private final String what;
    private final boolean enabled;
    private final boolean lines; // not a terminal: whole lines, seldom
    private long firstLineNanos = 30_000_000_000L;
    private long lineEveryNanos = 60_000_000_000L;
    private final long started = System.nanoTime();
    private long lastPrint = started;
    private boolean printed;

    private Progress(PrintWriter err, String what, boolean enabled, boolean lines) {
        this.err = err;
        this.what = what;
        this.enabled = enabled;
        this.lines = lines;
    }

    /** Progress as a terminal shows it (when standard error is one), or as lines in a log; none under CI. */
    public static Progress of(PrintWriter err, String what) {
        boolean ci = System.getenv("CI") != null;
        return new Progress(err, what, !ci, !Terminal.isTerminal(Terminal.STDERR));
    }

    /** Progress written as plain lines (a log), the first after {@code firstNanos}, then every {@code everyNanos}: for tests. */
    static Progress asLines(PrintWriter err, String what, long firstNanos, long everyNanos) {
        Progress p = new Progress(err, what, true, true);
        p.firstLineNanos = firstNanos;
        p.lineEveryNanos = everyNanos;
        return p;
    }

    /** {@code fraction} of the work is done (0..1); {@code detail} says where. */
    public synchronized void update(double fraction, String detail) {
        if (!enabled) {
            return;
        }
        long now = System.nanoTime();
        if (lines ? now - started < firstLineNanos || (printed && now - lastPrint < lineEveryNanos) : now - lastPrint < 1_000_000_000L) {
            return;
        }
        lastPrint = now;
        double elapsed = (now - started) / 1e9;
        String left = fraction > 0.001 ? "about " + duration(elapsed * (1 - fraction) / fraction) + " left" : "estimating";
        if (lines) {
            err.printf(Locale.ROOT, "%s: %s %.0f%%, %s%n", what, detail, 100 * fraction, left);
        } else {
            err.printf(Locale.ROOT, "\r%s: %s %3.0f%%, %s   ", what, detail, 100 * fraction, left);
        }
        err.flush();
        printed = true;
    }

    /** Ends the progress line, if one was shown. */
    public synchronized void done() {
        if (printed && !lines) {
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
