package org.oft.sim.rtl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The real boards' pin files, clock set-up and reset place and route: each target's bench check
 * (rtl/boards/build.sh TARGET bringup, board_bringup.v on the same top as the optical board) becomes a
 * bitstream that meets 48 MHz from the PLL, with every port of the top on a pin of the file (nextpnr refuses an
 * unconstrained one).
 */
@Timeout(900)
class RealBoardImageTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"icebreaker", "upduino"})
    void theBenchCheckBecomesABitstreamAt48MHz(String target) throws Exception {
        RtlTools.require(Files.isExecutable(Paths.get("/usr/bin/nextpnr-ice40")) && Files.isExecutable(Paths.get("/usr/bin/icepack"))
                && Files.isExecutable(Paths.get("/usr/bin/yosys")), "yosys, nextpnr-ice40 or icepack is not installed");
        Path image = dir.resolve(target + ".bin");
        Process p = new ProcessBuilder("bash", RtlBench.rtlDir().resolve("boards/build.sh").toString(), target, "bringup", "3",
                image.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(10, TimeUnit.MINUTES), "build.sh did not finish");
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("engine clock 48 MHz"), out);
        byte[] bits = Files.readAllBytes(image);
        // an iCE40 bitstream: icepack's comment block, then the preamble 7E AA 99 7E
        assertArrayEquals(new byte[] {(byte) 0x7E, (byte) 0xAA, (byte) 0x99, (byte) 0x7E}, Arrays.copyOfRange(bits, 4, 8), "preamble");
        assertTrue(bits.length > 100_000, "a UP5K image is about 104 KB: " + bits.length);
    }
}
