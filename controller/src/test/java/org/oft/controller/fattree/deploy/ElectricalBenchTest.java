package org.oft.controller.fattree.deploy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.oft.controller.fattree.routing.ForwardingTables;
import org.oft.controller.fattree.routing.RoutingEngines;
import org.oft.controller.fattree.routing.RoutingOptions;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.hal.BoardConfig;
import org.oft.hal.Region;
import org.oft.hal.wire.Protocol;
import org.oft.sim.boards.SwitchBoards;
import org.oft.sim.flit.FlitParameters;
import org.oft.sim.flit.FlitSimulator;
import org.oft.controller.fattree.ib.IbnetImportTest;

class ElectricalBenchTest {
    private static final ElectricalBench BENCH = new ElectricalBench("kary:4,3", null, 1, FlitParameters.defaults(),
            FlitSimulator.PathPolicy.HASH, "uniform", 0.6, 7, 200, false);

    /** The fabric-wide totals after {@code slots} slots of the boards' packet model, on {@code threads} threads. */
    private static long[] totalsAfter(int slots, int threads) {
        ElectricalBench bench = BENCH.withThreads(threads);
        FatTree tree = bench.tree();
        ForwardingTables lft = RoutingEngines.byName("dmodk").route(tree.topology(), RoutingOptions.single()).tables();
        List<BoardConfig> configs = SwitchDeployment.configs(tree, lft);
        SwitchBoards boards = bench.boards();
        try {
            for (int i = 0; i < configs.size(); i++) {
                boards.activate(0, i, Protocol.REGION_LFT, configs.get(i).region(Region.LFT));
            }
            for (int s = 0; s < slots; s++) {
                assertTrue(boards.step());
            }
            assertEquals(threads - 1, laneThreads(), "helper threads running the model");
            return boards.counters();
        } finally {
            boards.close();
            org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(10)).until(() -> laneThreads() == 0);
        }
    }

    private static long laneThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("flit-lane-") && t.isAlive()).count();
    }

    @Test
    void theBoardsPacketModelGivesTheSameCountersOnTwoThreadsAsOnOne() {
        long[] one = totalsAfter(10, 1);
        assertEquals(2000, one[0], "cycles");
        assertTrue(one[2] > 10_000, "delivered " + one[2]);
        assertArrayEquals(one, totalsAfter(10, 2));
        assertArrayEquals(one, totalsAfter(10, 3));
    }

    @Test
    void aBenchKeepsTheFabricItsFileDescribedWhenItWasMade(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path file = dir.resolve("fabric.out");
        java.nio.file.Files.copy(IbnetImportTest.fixture("4ary3/ibnetdiscover.out"), file);
        ElectricalBench bench = new ElectricalBench("ibnet:" + file, null, 1, FlitParameters.defaults(), FlitSimulator.PathPolicy.HASH,
                "uniform", 0.5, 1, 10, false);
        java.nio.file.Files.delete(file); // the boards and the tables are of the fabric parsed once, not of what the file holds later
        assertEquals("PGFT(3;4,4,4;1,4,4;1,1,1)", bench.tree().topology().describe());
        SwitchBoards boards = bench.boards();
        boards.close();
        var bad = assertThrows(IllegalArgumentException.class, () -> new ElectricalBench("kary:0,3", null, 1, FlitParameters.defaults(),
                FlitSimulator.PathPolicy.HASH, "uniform", 0.5, 1, 10, false));
        assertEquals("a k-ary n-tree needs k >= 1 and n >= 1 (got k=0, n=3)", bad.getMessage());
    }

    @Test
    void threadsAreOneToTwoHundredFiftySixAndReachTheBoardProcess() {
        var e = assertThrows(IllegalArgumentException.class, () -> BENCH.withThreads(0));
        assertEquals("--threads must be 1..256, got 0", e.getMessage());
        assertEquals(List.of("--threads", "2"), BENCH.withThreads(2).boardSimArgs().subList(BENCH.boardSimArgs().size(),
                BENCH.boardSimArgs().size() + 2));
    }
}
