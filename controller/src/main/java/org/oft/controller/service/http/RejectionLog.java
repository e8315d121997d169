package org.oft.controller.service.http;

import java.util.logging.Logger;

/**
 * Logs rejected requests one line each, at most {@value #LINES_PER_WINDOW} lines per ten seconds;
 * what is held back is counted and said in the next window. A client that sends garbage in a loop
 * cannot flood the log, and a client error never writes a stack trace.
 */
final class RejectionLog {
    static final int LINES_PER_WINDOW = 10;
    private static final long WINDOW_NS = 10_000_000_000L;
    private static final Logger LOG = Logger.getLogger("org.oft.console");
    private long windowStart = System.nanoTime();
    private int lines;
    private long suppressed;

    synchronized void rejected(String method, String path, String remote, int status, String why) {
        long now = System.nanoTime();
        if (now - windowStart > WINDOW_NS) {
            if (suppressed > 0) {
                LOG.info(suppressed + " more rejected requests were not logged");
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
        String p = oneLine(path == null ? "" : path.length() > 120 ? path.substring(0, 120) + "…" : path);
        LOG.info("rejected " + method + " " + p + " from " + remote + ": " + status + " " + oneLine(why));
    }

    static String oneLine(String s) {
        if (s == null) {
            return "";
        }
        String t = s.replaceAll("[\\r\\n\\t]+", " ").strip();
        return t.length() > 200 ? t.substring(0, 200) + "…" : t;
    }
}
