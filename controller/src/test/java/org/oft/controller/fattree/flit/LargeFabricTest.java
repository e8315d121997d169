package org.oft.controller.fattree.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oft.controller.service.boards.BoardSpec;

/**
 * A fabric past 100k hosts, whose forwarding tables (2.45 GB) are more than one Java array holds: the 18-ary 4-tree
 * (104,976 hosts, 23,328 switches) is routed, loaded into the flit model and run, in a JVM of its own (it needs
 * about 8 GB). Was refused ("too large for one array") when the tables were one flat array.
 */
@Timeout(300)
class LargeFabricTest {
    @Test
    void theEighteenAryFourTreeRoutesAndRuns() throws Exception {
        if (totalMemoryGiB() < 14) {
            org.junit.jupiter.api.Assumptions.abort("needs a machine of at least 14 GiB, this one has " + totalMemoryGiB());
        }
        // transparent huge pages: 8 GB touched in 2 MB pages, not 4 kB ones (22 s of the kernel's time became 5)
        Process p = new ProcessBuilder(BoardSpec.BoardProcess.oftctl(List.of("-Xmx12g", "-XX:-UseCompressedOops",
                "-XX:+UseTransparentHugePages"), "flit",
                "--topology", "kary:18,4", "--load", "0.3", "--warmup", "50", "--sample", "100", "--drain", "2000", "--json"))
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(240, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        JsonObject r = new JsonObject(out.substring(out.indexOf('{')));
        assertEquals("PGFT(4;18,18,18,18;1,18,18,18;1,1,1,1)", r.getString("topology"));
        assertEquals(0, r.getLong("undelivered"), out);
        assertEquals(0.3, r.getDouble("accepted"), 0.02, "every host's packets delivered at the offered load");
        assertEquals(0, r.getJsonObject("anomalies").getLong("misdelivered"));
    }

    private static long totalMemoryGiB() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getTotalMemorySize() >> 30;
    }
}
