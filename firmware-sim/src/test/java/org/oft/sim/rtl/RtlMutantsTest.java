package org.oft.sim.rtl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;

/**
 * Every standing mutant of the RTL (rtl/mutants/mutants.txt) is killed: applied to a copy of rtl/, the bench, the
 * property or the conformance cases it names fail. A bench or a proof that no mutant fails would pass on anything. The mutants run two at a
 * time (a proof takes one core for a minute or two); each test waits for its own.
 */
@Timeout(3600)
class RtlMutantsTest {
    @TestFactory
    Stream<DynamicTest> everyMutantIsKilledByItsBenchPropertyOrCase() throws IOException {
        Path rtl = RtlBench.rtlDir();
        List<String> lines = Files.readAllLines(rtl.resolve("mutants/mutants.txt"), StandardCharsets.UTF_8);
        List<String> names = lines.stream().filter(l -> l.startsWith("name: ")).map(l -> l.substring(6)).collect(Collectors.toList());
        List<String> kills = lines.stream().filter(l -> l.startsWith("kill: ")).map(l -> l.substring(6)).collect(Collectors.toList());
        assertFalse(names.isEmpty(), "no mutant in rtl/mutants/mutants.txt");
        assertEquals(names.size(), kills.size(), "every mutant names what kills it");
        boolean benches = Files.isExecutable(Paths.get("/usr/bin/iverilog"));
        boolean proofs = Files.isExecutable(Paths.get("/usr/bin/yosys"));
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Future<String>> runs = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            int number = i + 1;
            boolean runnable = kills.get(i).startsWith("prove ") ? proofs : kills.get(i).startsWith("conform ") ? RtlBench.buildable() : benches;
            runs.add(runnable ? pool.submit(() -> check(rtl, number)) : null);
        }
        pool.shutdown();
        return IntStream.range(0, names.size()).mapToObj(i -> DynamicTest.dynamicTest((i + 1) + " " + names.get(i), () -> {
            String tool = kills.get(i).startsWith("prove ") ? "yosys" : kills.get(i).startsWith("conform ") ? "verilator" : "iverilog";
            RtlTools.require(runs.get(i) != null, tool + " is not installed");
            String out = runs.get(i).get(30, TimeUnit.MINUTES);
            assertTrue(out.startsWith("KILLED " + (i + 1) + " "), out);
        }));
    }

    /** check.sh's verdict on mutant {@code number}: its output, "KILLED ..." first when its bench or property failed. */
    private static String check(Path rtl, int number) throws IOException, InterruptedException {
        ProcessBuilder b = new ProcessBuilder("bash", rtl.resolve("mutants/check.sh").toString(), Integer.toString(number))
                .redirectErrorStream(true);
        // a conform kill: the suite's cases on the mutant's model, run by this build's classes
        b.environment().put("OFT_CONFORM", String.join(" ", Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), RtlConformance.class.getName()));
        Process p = b.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            return "check.sh did not finish for mutant " + number;
        }
        return p.exitValue() == 0 ? out : "check.sh failed (exit " + p.exitValue() + "): " + out;
    }
}
