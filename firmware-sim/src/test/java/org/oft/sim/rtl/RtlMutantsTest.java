package org.oft.sim.rtl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;

/**
 * Every standing mutant of the RTL (rtl/mutants/mutants.txt) is killed: applied to a copy of rtl/, the bench or the
 * property it names fails. A bench or a proof that no mutant fails would pass on anything.
 */
@Timeout(3600)
class RtlMutantsTest {
    @TestFactory
    Stream<DynamicTest> everyMutantIsKilledByItsBenchOrProperty() throws IOException {
        Path rtl = RtlBench.rtlDir();
        List<String> lines = Files.readAllLines(rtl.resolve("mutants/mutants.txt"), StandardCharsets.UTF_8);
        List<String> names = lines.stream().filter(l -> l.startsWith("name: ")).map(l -> l.substring(6)).collect(Collectors.toList());
        List<String> kills = lines.stream().filter(l -> l.startsWith("kill: ")).map(l -> l.substring(6)).collect(Collectors.toList());
        assertFalse(names.isEmpty(), "no mutant in rtl/mutants/mutants.txt");
        assertEquals(names.size(), kills.size(), "every mutant names what kills it");
        return IntStream.range(0, names.size()).mapToObj(i -> DynamicTest.dynamicTest((i + 1) + " " + names.get(i), () -> {
            boolean proof = kills.get(i).startsWith("prove ");
            RtlTools.require(Files.isExecutable(Paths.get(proof ? "/usr/bin/yosys" : "/usr/bin/iverilog")),
                    (proof ? "yosys" : "iverilog") + " is not installed");
            Process p = new ProcessBuilder("bash", rtl.resolve("mutants/check.sh").toString(), Integer.toString(i + 1))
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(30, TimeUnit.MINUTES), "check.sh did not finish");
            assertTrue(out.startsWith("KILLED " + (i + 1) + " "), out);
            assertEquals(0, p.exitValue(), out);
        }));
    }
}
