package org.oft.controller.service;

import java.util.logging.Logger;

/**
 * A log of lines that carry what a client sent (a refused request, an accepted fault): one line each,
 * control characters folded, at most {@value #LINES_PER_WINDOW} lines per ten seconds; what is held
 * back is counted and said in the next window. A client in a loop cannot flood the log or forge lines.
 */
public final class CappedLog {
    public static final int LINES_PER_WINDOW = 10;
    private static final long WINDOW_NS = 10_000_000_000L;
    private final Logger log;
    private final String what;
    private long windowStart = System.nanoTime();
    private int lines;
    private long suppressed;

    /** {@code what}: the lines' kind, plural, as the suppressed count names it ("rejected requests"). */
    public CappedLog(Logger log, String what) {
        this.log = log;
        this.what = what;
    }

    public synchronized void log(String line) {
        long now = System.nanoTime();
        if (now - windowStart > WINDOW_NS) {
            if (suppressed > 0) {
                log.info(suppressed + " more " + what + " were not logged");
            }
            windowStart = now;
            lines = 0;
            suppressed = 0;
        }
        if (lines >= LINES_PER_WINDOW) {
            suppressed++;
            return;
        }
        lines++;
        log.info(oneLine(line));
    }

    /** Tabs and line breaks folded to a space, at most 200 characters. */
    public static String oneLine(String s) {
        if (s == null) {
            return "";
        }
        String t = s.replaceAll("[\\p{Cntrl}\\u2028\\u2029]+", " ").strip();
        return t.length() > 200 ? t.substring(0, 200) + "…" : t;
    }
}
