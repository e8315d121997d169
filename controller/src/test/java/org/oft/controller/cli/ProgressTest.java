package org.oft.controller.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.oft.hal.transport.PosixPty;

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
    /**
     * Progress follows standard error, whatever standard input and output are: {@code oftctl ... 2> log} typed on a
     * terminal writes a log of whole lines (none in a run this short), and with standard error on a terminal the
     * line is rewritten in place.
     */
    @Test
    void theModeIsStandardErrorsNotTheConsoles(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        try (PosixPty pty = PosixPty.open()) {
            java.io.File tty = new java.io.File(pty.slavePath());
            java.nio.file.Path log = dir.resolve("log");
            Process toLog = child(tty).redirectOutput(tty).redirectError(log.toFile()).start();
            drain(pty, toLog);
            assertEquals(0, toLog.waitFor());
            assertFalse(java.nio.file.Files.readString(log).contains("\r"), "a terminal's rewritten line in a log: "
                    + java.nio.file.Files.readString(log));
            Process toTerminal = child(tty).redirectOutput(dir.resolve("out").toFile()).redirectError(tty).start();
            String seen = drain(pty, toTerminal);
            assertEquals(0, toTerminal.waitFor());
            assertTrue(seen.contains("\rbench debruijn: "), "the progress line on the terminal: " + seen);
        }
    }

    /** oftctl running a few seconds' benchmark, its standard input the terminal, outside CI (progress is off there). */
    private static ProcessBuilder child(java.io.File tty) {
        ProcessBuilder pb = new ProcessBuilder(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Oftctl.class.getName(), "bench", "--what", "debruijn", "--min-order", "20",
                "--max-order", "26", "--runs", "5").redirectInput(tty);
        pb.environment().remove("CI");
        return pb;
    }

    /** What the terminal shows until the process ends. */
    private static String drain(PosixPty pty, Process p) throws InterruptedException {
        StringBuilder seen = new StringBuilder();
        byte[] buf = new byte[4096];
        while (p.isAlive()) {
            int n = pty.read(buf, 100);
            if (n > 0) {
                seen.append(new String(buf, 0, n, java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        int n;
        while ((n = pty.read(buf, 100)) > 0) {
            seen.append(new String(buf, 0, n, java.nio.charset.StandardCharsets.UTF_8));
        }
        return seen.toString();
    }
}
