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
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;

/**
 * Every unit of the boards' RTL that has a bench (rtl/bench/NAME_tb.v) passes it under Icarus Verilog: the unit
 * against the bench's own model, ending in "PASS NAME".
 */
@Timeout(600)
class RtlUnitBenchTest {
    @TestFactory
    Stream<DynamicTest> everyUnitPassesItsBench() throws IOException {
        Path benches = RtlBench.rtlDir().resolve("bench");
        List<String> names;
        try (Stream<Path> files = Files.list(benches)) {
            names = files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith("_tb.v"))
                    .map(f -> f.substring(0, f.length() - "_tb.v".length())).sorted().collect(Collectors.toList());
        }
        assertFalse(names.isEmpty(), "no bench in " + benches);
        return names.stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            RtlTools.require(Files.isExecutable(Paths.get("/usr/bin/iverilog")), "iverilog is not installed");
            Process p = new ProcessBuilder("bash", benches.resolve("run.sh").toString(), name).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(5, TimeUnit.MINUTES), name + "'s bench did not finish");
            assertEquals(0, p.exitValue(), out);
            assertTrue(out.contains("PASS " + name + ":"), out);
        }));
    }
}
