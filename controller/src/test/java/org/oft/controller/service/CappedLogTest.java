package org.oft.controller.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/** Lines that carry a client's text are one line each and capped, whatever the client sends. */
class CappedLogTest {
    @Test
    void aClientInALoopGetsTenLinesAWindowAndCannotForgeOne() {
        Logger logger = Logger.getLogger("org.oft.test.capped");
        logger.setUseParentHandlers(false);
        List<String> seen = new ArrayList<>();
        logger.addHandler(new Handler() {
            @Override
            public void publish(LogRecord r) {
                seen.add(r.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        });
        CappedLog log = new CappedLog(logger, "accepted faults");
        for (int k = 0; k < 25; k++) {
            log.log("fault injected: skew:router-3:" + k + "\nINFO: forged line\r\u001b[2J");
        }
        assertEquals(CappedLog.LINES_PER_WINDOW, seen.size());
        for (String line : seen) {
            assertFalse(line.contains("\n") || line.contains("\r") || line.contains("\u001b"), line);
        }
        assertEquals("fault injected: skew:router-3:0 INFO: forged line [2J", seen.get(0));
    }
}
