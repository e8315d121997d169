package org.oft.controller.service.http;

import java.util.logging.Logger;
import org.oft.controller.service.CappedLog;

/**
 * Logs rejected requests one line each, capped as every line a client's text reaches is
 * ({@link CappedLog}): a client that sends garbage in a loop cannot flood the log, and a client error
 * never writes a stack trace.
 */
final class RejectionLog {
    static final int LINES_PER_WINDOW = CappedLog.LINES_PER_WINDOW;
    private final CappedLog log = new CappedLog(Logger.getLogger("org.oft.console"), "rejected requests");

    void rejected(String method, String path, String remote, int status, String why) {
        String p = path == null ? "" : path.length() > 120 ? path.substring(0, 120) + "…" : path;
        log.log("rejected " + method + " " + oneLine(p) + " from " + remote + ": " + status + " " + oneLine(why));
    }

    static String oneLine(String s) {
        return CappedLog.oneLine(s);
    }
}
