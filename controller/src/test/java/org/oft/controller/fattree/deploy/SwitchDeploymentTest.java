package org.oft.controller.fattree.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oft.controller.cli.OftctlTest;
import org.oft.controller.fattree.routing.ForwardingTables;
import org.oft.controller.fattree.routing.RoutingEngines;
import org.oft.controller.fattree.routing.RoutingOptions;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.controller.fattree.topology.TopologySpec;
import org.oft.hal.DeployReport;
import org.oft.hal.transport.PipeLink;
import org.oft.hal.wire.WireBoardBus;
import org.oft.sim.boards.SwitchBoards;
import org.oft.sim.boards.WireBench;

/** Forwarding tables computed by the engines reach modelled switch boards through hal, entry for entry. */
@Timeout(60)
class SwitchDeploymentTest {

    @Test
    void everySwitchBoardHoldsExactlyTheEnginesTable() {
        FatTree tree = TopologySpec.parse("pgft:3;4,2,4;1,2,2;1,2,2");
        PgftTopology t = tree.topology();
        ForwardingTables lft = RoutingEngines.byName("disjoint").route(t, new RoutingOptions(2, 1, null)).tables();
        SwitchBoards model = SwitchDeployment.boardsFor(tree, 2);
        PipeLink[] pipe = PipeLink.pair("switches");
        try (WireBench bench = new WireBench(model, pipe[1]);
             WireBoardBus bus = new WireBoardBus(pipe[0], WireBoardBus.Options.defaults())) {
            DeployReport r = SwitchDeployment.deploy(bus, tree, lft);
            assertEquals((long) t.switches() * lft.addresses(), r.bytesWritten());
            for (int v = t.hosts(); v < t.nodes(); v++) {
                int sw = v - t.hosts();
                for (int a = 0; a < lft.addresses(); a++) {
                    int s = sw;
                    int addr = a;
                    assertEquals(tree.names().physicalPort(v, lft.port(v, a)), (int) bench.call(() -> model.port(s, addr)),
                            t.tuple(v) + " address " + a);
                }
            }
            assertEquals(0, bus.channel().retransmits());
        }
    }

    @Test
    void theCliDeploysAndRedeploysAnotherEngineIncrementally() {
        OftctlTest.Run r = OftctlTest.run("fattree", "deploy", "--topology", "kary:4,3", "--engine", "dmodk", "--then", "random",
                "--json");
        assertEquals(0, r.code(), r.err());
        JsonObject j = new JsonObject(r.out());
        assertEquals(48, j.getInteger("switches"));
        assertEquals(48L * 64, j.getJsonObject("deploy").getLong("bytesWritten"));
        long changed = j.getJsonObject("then").getLong("bytesWritten");
        assertTrue(changed > 0 && changed < 48L * 64, j.encode());
        assertEquals(0, j.getLong("retransmits"));

        OftctlTest.Run again = OftctlTest.run("fattree", "deploy", "--topology", "kary:4,3", "--engine", "dmodk", "--then", "dmodk",
                "--json");
        assertEquals(0, new JsonObject(again.out()).getJsonObject("then").getLong("bytesWritten"), "the same tables again: nothing to send");
    }

    @Test
    void aBoardProcessBehindAPseudoTerminalTakesTheTablesToo() {
        OftctlTest.Run r = OftctlTest.run("fattree", "deploy", "--topology", "kary:2,3", "--engine", "dmodk", "--board", "sim-pty",
                "--json");
        assertEquals(0, r.code(), r.err());
        assertEquals(12L * 8, new JsonObject(r.out()).getJsonObject("deploy").getLong("bytesWritten"));
    }

    @Test
    void sourceRoutingHasNoTableToDeploy() {
        OftctlTest.Run r = OftctlTest.run("fattree", "deploy", "--topology", "kary:2,3", "--engine", "smodk");
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("oftctl: smodk routes by source"), r.err());
        OftctlTest.Run b = OftctlTest.run("fattree", "deploy", "--topology", "kary:2,3", "--board", "serial:/dev/ttyS0");
        assertEquals("oftctl: --board must be sim or sim-pty for switch boards, got 'serial:/dev/ttyS0'\n", b.err());
    }
}
