package org.oft.controller.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class ProgressTest {

    /** In a log (not a terminal), a long run says how far it is in whole lines, seldom, and never rewrites a line. */
    @Test
    void aLogGetsWholeLinesSeldom() throws InterruptedException {
        StringWriter w = new StringWriter();
        Progress p = Progress.asLines(new PrintWriter(w), "analyze", 0, 2_000_000_000L); // 50 updates take far less than 2 s, even on a busy machine
        for (int i = 0; i < 50; i++) {
            p.update(0.01 * i, "sample " + i);
        }
        Thread.sleep(2_100);
        p.update(0.6, "sample 60");
        p.done();
        String[] lines = w.toString().split("\n");
        assertEquals(2, lines.length, w.toString());
        assertTrue(lines[0].startsWith("analyze: sample 0 0%, estimating"), lines[0]);
        assertTrue(lines[1].matches("analyze: sample 60 60%, about \\d+ s left"), lines[1]);
        assertFalse(w.toString().contains("\r"), "no carriage return in a log");
    }
}
