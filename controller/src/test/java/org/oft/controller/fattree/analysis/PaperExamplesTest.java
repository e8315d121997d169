package org.oft.controller.fattree.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oft.controller.fattree.routing.Routing;
import org.oft.controller.fattree.routing.RoutingEngines;
import org.oft.controller.fattree.routing.RoutingOptions;
import org.oft.controller.fattree.topology.NodeTypes;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.controller.fattree.topology.TopologySpec;

/** The worked examples of 003 and 001. */
class PaperExamplesTest {
    @TempDir
    Path dir;

    @Test
    void hoeflerSixteenNodePatternUnderDModK() throws Exception {
        // 003 §2.2.1 / §3.2: 16 nodes, 8-port crossbars (4 leaves, 4 spines), pairs given 1-based.
        PgftTopology t = TopologySpec.parse("pgft:2;4,4;1,4;1,1").topology();
        Path file = dir.resolve("pattern.csv");
        Files.writeString(file, "src,dst\n0,4\n1,8\n2,12\n3,5\n6,7\n9,10\n11,13\n14,15\n");
        Routing r = RoutingEngines.byName("dmodk").route(t, RoutingOptions.single());
        Analysis a = new Analysis(r, TrafficPattern.parse("file:" + file, t.hosts()), null, 1, null);
        assertArrayEquals(new double[]{3, 3, 3, 1, 1, 1, 1, 1}, a.congestions(0, 0));
        JsonObject ebb = a.ebb(1);
        assertEquals((3 * (1 / 3.0) + 5) / 8, ebb.getDouble("mean"), 1e-12);
    }

    private JsonObject c2io(String engine, long seed) {
        PgftTopology t = TopologySpec.parse("pgft:3;8,4,2;1,2,1;1,1,4").topology();
        NodeTypes types = NodeTypes.parse("last:io", t);
        Routing r = RoutingEngines.byName(engine).route(t, new RoutingOptions(1, seed, types));
        return new Analysis(r, TrafficPattern.parse("c2io", t.hosts()), types, seed, null).ctopo(1, 10);
    }

    @Test
    void gliksbergCaseStudyPattern() {
        PgftTopology t = TopologySpec.parse("pgft:3;8,4,2;1,2,1;1,1,4").topology();
        Flows f = new Flows(64);
        TrafficPattern.c2io(t, NodeTypes.parse("last:io", t), f);
        assertEquals(56, f.size());
        for (int i = 0; i < f.size(); i++) {
            if (f.src(i) >= 8 && f.src(i) <= 14) {
                assertEquals(47, f.dst(i)); // "NIDs 8 to 14 send to NID 47"
            }
        }
    }

    @Test
    void gliksbergCaseStudyCtopo() {
        // 001 §III-IV reports Dmodk 4, Smodk 4, Gdmodk 2, Gsmodk 4, Random 3 or 4.
        JsonObject d = c2io("dmodk", 1);
        assertEquals(4, d.getInteger("ctopo"));
        // the two top ports of (2,0,1) in the paper's numbering: our top switch (3,0,1,0), last port to each subgroup
        String worst = d.getJsonArray("worstPorts").toString();
        assertTrue(worst.contains("(3,0,1,0):down6") && worst.contains("(3,0,1,0):down7"), worst);
        assertEquals(4, c2io("smodk", 1).getInteger("ctopo"));
        assertEquals(4, c2io("gsmodk", 1).getInteger("ctopo"));
        // Gdmodk: 1, not the paper's 2 -- under C2IO each leaf's seven sources share one destination, so a leaf
        // up-port never sees the "seven sources and two destinations" the paper counts there.
        assertEquals(1, c2io("gdmodk", 1).getInteger("ctopo"));
        // Random is per switch and destination here: routes from one leaf to one IO node coalesce, so it does better
        // than the paper's per-route draws (3 or 4); it never reaches Dmodk's 4 on these seeds.
        for (long seed = 1; seed <= 10; seed++) {
            int c = c2io("random", seed).getInteger("ctopo");
            assertTrue(c >= 1 && c <= 3, "seed " + seed + ": " + c);
        }
    }

    @Test
    void gsmodkUsesAnEighthUpPortOnTheL2SwitchesSmodkLeftOne() {
        // 001 §IV.B.2: "an eighth up-port is now used in both L2 switches (1,*,1)".
        assertEquals(4 + 3 + 4 + 3, level2UpPortsUsed("smodk"));
        assertEquals(4 * 4, level2UpPortsUsed("gsmodk"));
    }

    private int level2UpPortsUsed(String engine) {
        PgftTopology t = TopologySpec.parse("pgft:3;8,4,2;1,2,1;1,1,4").topology();
        NodeTypes types = NodeTypes.parse("last:io", t);
        Routing r = RoutingEngines.byName(engine).route(t, new RoutingOptions(1, 1, types));
        Flows f = new Flows(64);
        TrafficPattern.c2io(t, types, f);
        java.util.Set<Integer> used = new java.util.HashSet<>();
        int[] ports = new int[6];
        for (int i = 0; i < f.size(); i++) {
            int n = r.walk(f.src(i), f.dst(i), 0, ports);
            int node = f.src(i);
            for (int x = 0; x < n; x++) {
                if (t.level(node) == 2) {
                    used.add(ports[x]);
                }
                node = t.peerNode(ports[x]);
            }
        }
        return (int) used.stream().filter(p -> p - t.portBase(t.nodeOfPort(p)) >= t.downPorts(2)).count();
    }
}
