package org.oft.controller.fattree.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oft.controller.cli.LargeRun;

/**
 * A large fabric routed, loaded into the flit model and run in a JVM of its own, as a user runs {@code oftctl
 * flit}: the 12-ary 4-tree (20,736 hosts, 6,912 switches, 143 MB of forwarding tables) within a 3 GB heap.
 * The 18-ary 4-tree (104,976 hosts, 2.45 GB of tables, more than one Java array holds; it needs about 8 GB) runs
 * the same way in {@code oftctl bench --what large}: it took a minute of CI's two cores.
 */
@Timeout(300)
class LargeFabricTest {
    @Test
    void theTwelveAryFourTreeRoutesAndRunsInAThreeGigabyteHeap() {
        LargeRun run = LargeRun.run("kary:12,4", List.of("-Xmx3g"));
        assertEquals("PGFT(4;12,12,12,12;1,12,12,12;1,1,1,1)", run.result().getString("topology"));
        assertEquals(0, run.result().getLong("undelivered"), run.result().encode());
        assertEquals(0.3, run.result().getDouble("accepted"), 0.02, "every host's packets delivered at the offered load");
        assertEquals(0, run.result().getJsonObject("anomalies").getLong("misdelivered"));
        assertTrue(run.peakRssBytes() > 0, "its memory was sampled");
    }
}
