package org.oft.sim.rtl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The RTL's safety properties hold in every reachable state, proved by Yosys's sat by induction
 * (rtl/formal/prove.sh): generations never decrease; staging changes only under the board's
 * generation and never while its commit is scheduled; an active bank changes only at a slot
 * boundary, to a commit due then that named its region; a bit kept beside a counter says what the compare
 * it stands for would; what is fenced (a board's schedule, the slot clock) changes only for the generation's holder.
 */
@Timeout(600)
class RtlPropertiesTest {
    /** Every top lints clean with verilator -Wall, but for rtl/lint.vlt's reasoned waivers. */
    @Test
    void theRtlLintsClean() throws Exception {
        RtlTools.require(RtlBench.buildable(), "Verilator is not installed");
        Process p = new ProcessBuilder("bash", RtlBench.rtlDir().resolve("lint.sh").toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "lint.sh did not finish");
        assertEquals(0, p.exitValue(), out);
        assertEquals("", out.trim(), "verilator -Wall says");
    }

    @Test
    void theBoardsPropertiesAreProved() throws Exception {
        boolean yosys = Files.isExecutable(Paths.get("/usr/bin/yosys"));
        RtlTools.require(yosys, "Yosys is not installed");
        Process p = new ProcessBuilder("bash", RtlBench.rtlDir().resolve("formal/prove.sh").toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(9, TimeUnit.MINUTES), "prove.sh did not finish");
        System.out.print(out);
        assertEquals(0, p.exitValue(), out);
        for (String property : new String[] {"GEN", "STAGING", "ACTIVE", "KEPT"}) {
            assertTrue(out.contains(property + ": proved"), property + " was not proved:\n" + out);
        }
    }
}
