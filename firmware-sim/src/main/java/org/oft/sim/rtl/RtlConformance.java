package org.oft.sim.rtl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.oft.hal.conformance.BoardProbe;
import org.oft.hal.conformance.ConformanceBench;
import org.oft.hal.conformance.ConformanceSuite;
import org.oft.hal.transport.SerialLink;

/**
 * The conformance cases whose name holds some words, run on the RTL of one folder (-Doft.rtl.dir or
 * $OFT_RTL_DIR: a mutant's copy, for rtl/mutants/check.sh's "conform" kills), with its reboot and its
 * power switch: {@code RtlConformance TARGET WORDS}, TARGET {@code bench} (the order-4 bench) or a lone
 * order-3 board {@code processor:P} / {@code router:L}. Prints PASS, FAIL or SKIP a case; exits 1 when one
 * failed, 2 on a bad command line, 3 when no case holds the words.
 */
public final class RtlConformance {
    private RtlConformance() {
    }

    public static void main(String[] args) {
        if (args.length != 2) {
            System.err.println("usage: RtlConformance bench|processor:P|router:L WORDS");
            System.exit(2);
        }
        System.exit(run(args[0], args[1]));
    }

    static int run(String target, String words) {
        List<ConformanceSuite.Case> cases = ConformanceSuite.cases().stream()
                .filter(c -> c.name().toLowerCase(Locale.ROOT).contains(words.toLowerCase(Locale.ROOT))).toList();
        if (cases.isEmpty()) {
            System.out.println("no conformance case's name holds '" + words + "'");
            return 3;
        }
        Path trace = null;
        RtlBench rtl;
        try {
            if (target.equals("bench")) {
                rtl = RtlBench.start(4, 1, 1, ProcessBuilder.Redirect.DISCARD);
            } else if (target.startsWith("processor:") || target.startsWith("router:")) {
                trace = Files.createTempFile("oft-conform-", ".trace");
                rtl = RtlBench.startBoard(target, 3, trace, ProcessBuilder.Redirect.DISCARD);
            } else {
                System.err.println("RtlConformance: a target is bench, processor:P or router:L, got '" + target + "'");
                return 2;
            }
        } catch (IOException | RuntimeException e) {
            System.out.println("FAIL the RTL model did not start: " + e.getMessage());
            return 1;
        }
        int failed = 0;
        try (rtl; SerialLink link = SerialLink.open(rtl.ptys().get(0), rtl.baud())) {
            ConformanceBench bench = new ConformanceBench(new BoardProbe(link, 3000), rtl::reboot, rtl::powerCycle);
            for (ConformanceSuite.Case c : cases) {
                try {
                    c.check().run(bench);
                    System.out.println("PASS " + c.name());
                } catch (ConformanceSuite.Skip e) {
                    System.out.println("SKIP " + c.name() + ": " + e.getMessage());
                } catch (AssertionError e) {
                    System.out.println("FAIL " + c.name() + ": " + e.getMessage());
                    failed++;
                }
            }
        } catch (AssertionError | RuntimeException e) {
            System.out.println("FAIL the bench could not be identified: " + e.getMessage());
            failed++;
        } finally {
            if (trace != null) {
                try {
                    Files.deleteIfExists(trace);
                } catch (IOException e) {
                    // a temporary file left behind
                }
            }
        }
        return failed > 0 ? 1 : 0;
    }
}
