package org.oft.controller.cli;

import java.io.PrintWriter;
import java.util.function.IntConsumer;
import org.oft.controller.boards.BoardSpec;
import org.oft.hal.conformance.BoardProbe;
import org.oft.hal.conformance.ConformanceSuite;
import org.oft.hal.transport.ByteLink;
import org.oft.hal.transport.MailboxLink;
import org.oft.hal.transport.SerialLink;
import org.oft.sim.rtl.RtlBench;
import org.oft.controller.boards.BenchPorts;
import org.oft.hal.conformance.ConformanceBench;

/** {@code oftctl boards conform}: the protocol's conformance suite against a bench, a case a line, as a lab runs it on a board. */
final class BoardConformance {
    private final PrintWriter out;

    BoardConformance(PrintWriter out) {
        this.out = out;
    }

    int run(BoardSpec s, boolean takeOver) {
        ByteLink link;
        IntConsumer reboot = null;
        Runnable powerCycle = null;
        AutoCloseable owner = null;
        if (s.kind().equals("bench")) {
            return bench(BenchPorts.read(java.nio.file.Path.of(s.path())), takeOver);
        }
        switch (s.kind()) {
            case "serial", "uio" -> {
                if (!takeOver) {
                    throw new IllegalArgumentException("conform claims every board with take-over (a controller running them is fenced)"
                            + " and rewrites their staging, commits and slot clock: add --take-over to run it on " + s.kind() + ":" + s.path());
                }
                link = s.kind().equals("serial") ? SerialLink.open(s.path(), s.baud()) : MailboxLink.open(s.path(), false);
            }
            case "rtl-pty" -> {
                RtlBench rtl = RtlBench.start(4, 1, 1, ProcessBuilder.Redirect.DISCARD);
                link = SerialLink.open(rtl.ptys().get(0), rtl.baud());
                reboot = rtl::reboot;
                powerCycle = rtl::powerCycle; // (the model's power: its flash keeps what a board's would)
                owner = rtl;
            }
            case "sim-pty" -> {
                // the model's own log (its take-over warnings, provoked here on purpose) is not the suite's
                BoardSpec.BoardProcess.Spawned sp = BoardSpec.BoardProcess.spawn(BoardSpec.BoardProcess.MODEL_JVM_OPTIONS,
                        ProcessBuilder.Redirect.DISCARD, "--pty", "--order", "4");
                link = SerialLink.open(sp.announce().substring(4).trim(), BoardSpec.DEFAULT_BAUD);
                owner = () -> BoardSpec.BoardProcess.kill(sp.process());
            }
            default -> throw new IllegalArgumentException("conform reaches boards over a link: use serial:..., uio:..., bench:FILE, sim-pty"
                    + " or rtl-pty");
        }
        int[] tally = suite(link, reboot, powerCycle, owner);
        out.println("conformance: " + tally[0] + " cases passed, " + tally[1] + " failed, " + tally[2] + " skipped");
        return tally[1] == 0 ? 0 : 1;
    }

    /** A lab's separate boards, each taken through the suite on its own port in turn (each answers there as a bench of one). */
    private int bench(BenchPorts ports, boolean takeOver) {
        if (!takeOver) {
            throw new IllegalArgumentException("conform claims every board with take-over (a controller running them is fenced) and rewrites"
                    + " their staging, commits and slot clock: add --take-over to run it on the bench's " + ports.ports().size() + " boards");
        }
        int[] all = new int[3];
        for (BenchPorts.Port p : ports.ports()) {
            out.println("board on " + p.path() + ":");
            int[] t = suite(SerialLink.open(p.path(), p.baud()), null, null, null);
            for (int i = 0; i < 3; i++) {
                all[i] += t[i];
            }
        }
        out.println("conformance: " + all[0] + " cases passed, " + all[1] + " failed, " + all[2] + " skipped on " + ports.ports().size()
                + " boards");
        return all[1] == 0 ? 0 : 1;
    }

    /** Runs every case over {@code link} (closed after, with {@code owner}); returns passed, failed, skipped. */
    private int[] suite(ByteLink link, IntConsumer reboot, Runnable powerCycle, AutoCloseable owner) {
        int passed = 0;
        int failed = 0;
        int skipped = 0;
        try {
            ConformanceBench bench = new ConformanceBench(new BoardProbe(link, 3000), reboot,
                    powerCycle);
            for (ConformanceSuite.Case c : ConformanceSuite.cases()) {
                if (c.needsPowerCycle() && powerCycle == null) {
                    out.println("SKIP " + c.name() + ": switch the bench's power off and on by hand, then claim a board below and above"
                            + " the generation it had (docs/rtl.md, the generation in flash)");
                    skipped++;
                    continue;
                }
                if (c.needsReboot() && reboot == null) {
                    out.println("SKIP " + c.name() + ": nobody here can power-cycle a board (power-cycle one by hand and watch for Rebooted)");
                    skipped++;
                    continue;
                }
                try {
                    c.check().run(bench);
                    out.println("PASS " + c.name());
                    passed++;
                } catch (ConformanceSuite.Skip e) {
                    out.println("SKIP " + c.name() + ": " + e.getMessage());
                    skipped++;
                } catch (AssertionError e) {
                    out.println("FAIL " + c.name() + ": " + e.getMessage());
                    failed++;
                }
                out.flush();
            }
        } catch (AssertionError e) {
            out.println("FAIL the bench could not be identified: " + e.getMessage());
            failed++;
        } finally {
            link.close();
            if (owner != null) {
                try {
                    owner.close();
                } catch (Exception e) {
                    // the model process ends with us anyway
                }
            }
        }
        return new int[] {passed, failed, skipped};
    }
}
