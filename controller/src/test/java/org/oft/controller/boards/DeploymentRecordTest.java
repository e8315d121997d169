package org.oft.controller.boards;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.oft.controller.oft.LyndonPreferOne;
import org.oft.controller.oft.RoutingTables;
import org.oft.controller.timing.Calibration;
import org.oft.hal.BoardInfo;
import org.oft.hal.transport.PipeLink;
import org.oft.hal.wire.WireBoardBus;
import org.oft.sim.optical.FabricWiring;
import org.oft.sim.optical.SlotFabric;
import org.oft.sim.boards.WireBench;

/** A restarted controller checks what the boards run against the record the previous one kept. */
@Timeout(60)
class DeploymentRecordTest {

    /** Boards of an order-{@code order} OFT behind a pipe, the controller's side of it. */
    private record Wired(WireBench bench, WireBoardBus bus) implements AutoCloseable {
        static Wired order(int order) {
            PipeLink[] pipe = PipeLink.pair("rec" + order);
            return new Wired(new WireBench(new SlotFabric(FabricWiring.of(order), 1), pipe[1]),
                    new WireBoardBus(pipe[0], WireBoardBus.Options.defaults()));
        }

        @Override
        public void close() {
            bus.close();
            bench.close();
        }
    }

    /** {@code tables} deployed with the nominal plant's calibration, and the record of it kept in {@code file}. */
    private static BenchDeployment.Deployed deployAndRecord(WireBoardBus bus, RoutingTables tables, Path file) {
        BenchDescription nominal = BenchDescription.of(tables.order(), tables.latency(), null);
        BenchDeployment.Deployed d = BenchDeployment.deploy(bus, tables,
                Calibration.compute(nominal.plant(), nominal.clocks(), tables.latency()));
        DeploymentRecord.of(d.configs(), d.report().epoch()).save(file);
        return d;
    }

    @Test
    void aRestartedControllerFindsWhatChangedBehindItsBack(@TempDir Path dir) {
        Path file = dir.resolve("state/deployed.json");
        try (Wired w = Wired.order(3)) {
            WireBoardBus bus = w.bus();
            RoutingTables tables = new RoutingTables(LyndonPreferOne.generate(3), 1);
            BenchDeployment.Deployed d = deployAndRecord(bus, tables, file);

            DeploymentRecord record = DeploymentRecord.load(file);
            List<BoardInfo> boards = bus.discover();
            for (int a = 0; a < boards.size(); a++) {
                assertEquals(List.of(), record.check(boards.get(a).id(), bus.status(a)), boards.get(a).id());
            }
            assertEquals(d.report().epoch(), record.epoch());

            // Someone loads another table into proc-5 without the controller.
            int[] other = tables.forProcessor(5);
            other[0] ^= 1;
            bus.loadRoutingTable("proc-5", other);
            List<String> diff = record.check("proc-5", bus.status(bus.address("proc-5")));
            assertEquals(1, diff.size());
            assertTrue(diff.get(0).startsWith("proc-5 region 2 runs 16 bytes with CRC "), diff.get(0));
        }
    }

    @Test
    void aRecordOfAnotherFabricIsReportedByCountWithTheFirstDifferences(@TempDir Path dir) {
        Path file = dir.resolve("deployed.json");
        try (Wired w = Wired.order(2)) {
            deployAndRecord(w.bus(), new RoutingTables(LyndonPreferOne.generate(2), 1), file);
        }
        // the next controller serves order 5: of its 37 boards, 31 are not in the record (router-3..5, proc-4..31); the
        // 6 in both (router-1..2, proc-0..3) ran nothing yet, so each of their 2 recorded regions differs: 31 + 12
        try (Wired w = Wired.order(5)) {
            io.vertx.core.json.JsonObject c = DeploymentRecord.compare(file, w.bus());
            assertFalse(c.getBoolean("matches"));
            int differing = c.getInteger("differing");
            assertEquals(43, differing, c.encode());
            assertEquals(DeploymentRecord.LISTED, c.getJsonArray("differences").size());
            String line = DeploymentRecord.summary(c);
            assertTrue(line.endsWith("; and " + (differing - 5) + " more"), line);
            assertTrue(line.contains("in " + differing + " places: "), line);
        }
    }

    @Test
    void noRecordIsNullAndADamagedOneIsAnError(@TempDir Path dir) throws Exception {
        assertNull(DeploymentRecord.load(dir.resolve("none.json")));
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{ not json");
        assertEquals("deployed-configuration file " + bad + " is damaged (delete it to start afresh): it is not JSON",
                assertThrows(IllegalArgumentException.class, () -> DeploymentRecord.load(bad)).getMessage());
        Path region = dir.resolve("region.json");
        Files.writeString(region, "{\"version\":1,\"epoch\":3,\"boards\":{\"proc-1\":{\"2\":{\"length\":16,\"crc\":7}}}}");
        assertEquals("deployed-configuration file " + region + " is damaged (delete it to start afresh): board proc-1 region 2 must be "
                + "{\"length\": bytes, \"crc\": hex}", assertThrows(IllegalArgumentException.class, () -> DeploymentRecord.load(region)).getMessage());
    }
}
