package org.oft.controller.service.fattree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oft.controller.fattree.deploy.ElectricalBench;
import org.oft.controller.fattree.routing.ForwardingTables;
import org.oft.controller.fattree.routing.RoutingEngines;
import org.oft.controller.fattree.routing.RoutingOptions;
import org.oft.controller.boards.BoardSpec;
import org.oft.hal.BoardBus;
import org.oft.sim.flit.FlitParameters;
import org.oft.sim.flit.FlitSimulator;
import org.oft.controller.boards.DeploymentRecord;
import org.oft.controller.fattree.deploy.SwitchDeployment;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.NodeTypes;
import org.oft.hal.BoardConfig;
import org.oft.hal.BoardInfo;
import org.oft.hal.wire.BoardReadback;

/**
 * The fabric service's one writer: what it publishes is always one deploy's whole state, whatever a
 * reader on another thread catches while engines change and failures are rerouted.
 */
@Timeout(120)
class FabricDeployerTest {
    private BoardBus bus;
    private ElectricalBench bench;

    private FabricDeployer deployer(String topology) {
        bench = new ElectricalBench(topology, null, 1, FlitParameters.defaults(), FlitSimulator.PathPolicy.HASH,
                "uniform", 0.3, 1, 500, false);
        bus = BoardSpec.parse("sim").openSwitchBench(bench).bus();
        FabricDeployer d = new FabricDeployer(bus, bench, null, "sim");
        d.deployFirst(new Served("dmodk", 1));
        bus.startClock(400);
        return d;
    }

    @AfterEach
    void close() {
        if (bus != null) {
            bus.close();
        }
    }

    /** A snapshot as a reader saw it, its tables read entry by entry at that moment. */
    record Seen(Served served, List<String> failures, List<Integer> plan, List<Integer> running) {
        static Seen of(FabricSnapshot s) {
            return new Seen(s.served(), s.failureSpecs(), entries(s.plan()), entries(s.running()));
        }
    }

    static List<Integer> entries(ForwardingTables t) {
        List<Integer> out = new ArrayList<>();
        for (int v = t.topology().hosts(); v < t.topology().nodes(); v++) {
            for (int a = 0; a < t.addresses(); a++) {
                out.add(t.port(v, a));
            }
        }
        return out;
    }

    @Test
    void readersSeeOnlyWholeDeploysWhileEnginesChangeAndFailuresAreRerouted() throws Exception {
        FabricDeployer d = deployer("kary:4,3");
        Set<Seen> seen = Collections.synchronizedSet(new HashSet<>());
        AtomicBoolean done = new AtomicBoolean();
        Thread reader = new Thread(() -> {
            while (!done.get()) {
                seen.add(Seen.of(d.snapshot()));
            }
        });
        reader.start();
        // the states the writer published, each taken as it returned
        List<Seen> published = new ArrayList<>(List.of(Seen.of(d.snapshot())));
        d.switchEngine(new Served("random", 1));
        published.add(Seen.of(d.snapshot()));
        d.fail("link:switch-0:5");
        published.add(Seen.of(d.snapshot()));
        d.fail("link:switch-17:2");
        published.add(Seen.of(d.snapshot()));
        d.switchEngine(new Served("dmodk", 1));
        published.add(Seen.of(d.snapshot()));
        done.set(true);
        reader.join();

        assertTrue(seen.size() >= 2, "the reader caught the fabric changing");
        for (Seen s : seen) {
            assertTrue(published.contains(s), "a reader saw a state no deploy published: " + s.served() + " " + s.failures());
        }
        for (Seen p : published) { // each published plan is its engine's own, and the running tables avoid exactly the failures named
            FabricSnapshot any = d.snapshot();
            List<Integer> own = entries(RoutingEngines.byName(p.served().engine())
                    .route(any.topology(), new RoutingOptions(p.served().paths(), 1, any.types())).tables());
            assertEquals(own, p.plan(), p.served().engine() + "'s plan");
            assertEquals(p.failures().isEmpty(), p.plan().equals(p.running()), "rerouted exactly when something failed");
        }
    }

    @Test
    void aRefusedFailurePublishesNothing() {
        FabricDeployer d = deployer("kary:4,3");
        FabricSnapshot before = d.snapshot();
        assertThrows(IllegalArgumentException.class, () -> d.fail("link:switch-0:99"));
        assertSame(before, d.snapshot());
        d.fail("link:switch-0:5");
        FabricSnapshot after = d.snapshot();
        assertNotEquals(before.version(), after.version());
        assertEquals(List.of("link:switch-0:5"), after.failureSpecs());
        assertFalse(after.running().sameAs(before.running()));
        assertTrue(after.plan().sameAs(before.plan()), "a failure keeps the engine's plan");
    }

    @Test
    void aRepairedFailureLeavesTheTablesOfTheFailuresLeft() {
        FabricDeployer d = deployer("kary:4,3");
        FabricSnapshot whole = d.snapshot();
        d.fail("link:switch-0:5");
        FabricSnapshot one = d.snapshot();
        d.fail("link:switch-17:2");
        FabricSnapshot.Failure first = d.snapshot().failures().get(0);
        assertEquals("link:switch-0:5", first.spec());
        d.repair(first);
        FabricSnapshot left = d.snapshot();
        assertEquals(List.of("link:switch-17:2"), left.failureSpecs());
        assertTrue(left.reroute() != null && left.holes().deadCables() == 1, "one cable out");
        assertFalse(left.running().sameAs(one.running()), "the tables route around the failure left, not the repaired one");
        d.repair(left.failure(left.failures().get(0).id()));
        assertTrue(d.snapshot().running().sameAs(whole.running()), "every failure repaired: the engine's own tables again");
        assertEquals(null, d.snapshot().reroute());
        assertThrows(java.util.NoSuchElementException.class, () -> d.snapshot().failure(first.id()));
    }

    @Test
    void oneDeployAtATime() {
        FabricDeployer d = deployer("kary:4,2");
        assertTrue(d.tryBegin());
        assertFalse(d.tryBegin(), "a second deploy waits for the first");
        d.end();
        assertTrue(d.tryBegin());
        d.end();
    }

    @Test
    void everyChangeIsToldBeforeItsDeployAndTheSnapshotAfter() {
        FabricDeployer d = deployer("kary:4,2");
        List<String> told = new ArrayList<>();
        d.onChange(c -> told.add("change " + c.what() + " " + c.served().engine() + " " + c.failures()));
        d.onPublish(s -> told.add("snapshot " + s.served().engine() + " " + s.failureSpecs()));
        d.switchEngine(new Served("random", 1));
        d.fail("link:switch-0:3");
        assertThrows(IllegalArgumentException.class, () -> d.fail("link:switch-0:99")); // refused before any change
        assertEquals(List.of("change engine random random []", "snapshot random []",
                "change declared failure link:switch-0:3 random [link:switch-0:3]", "snapshot random [link:switch-0:3]"), told);
    }

    /**
     * A controller takes over from one that died while its change reached only some boards: it says how many had
     * switched, and finishes the change on all of them, never leaving the fabric half one and half the other.
     */
    @Test
    void aControllerTakingOverFinishesAChangeThatReachedOnlySomeBoards() {
        FabricDeployer first = deployer("kary:4,2");
        FatTree tree = bench.tree();
        NodeTypes types = first.snapshot().types();
        ForwardingTables random = first.rerouting(new Served("random", 1), tree, types, List.of()).tables();
        List<BoardConfig> all = SwitchDeployment.configs(tree, random);
        // the dead master's commit reached three of the leaves (the tops' tables are the same in both engines)
        bus.deploy(all.subList(0, 3));

        FabricDeployer next = new FabricDeployer(bus, bench, null, "sim");
        FabricDeployer.Started s = next.finishChange("A", new Served("dmodk", 1), List.of(),
                new FabricDeployer.Change(new Served("random", 1), List.of(), "engine random"));
        assertEquals("A's last change (engine random) was under way when A stopped: of the 4 boards it changes, "
                + "3 had switched to it, 1 ran the tables before it; finished on every board", s.tookOver());
        assertEquals("random", next.snapshot().served().engine());
        BoardReadback wire = bus.readback().orElseThrow();
        DeploymentRecord want = DeploymentRecord.of(all, 0);
        List<BoardInfo> boards = bus.discover();
        for (int a = 0; a < boards.size(); a++) {
            assertEquals(List.of(), want.check(boards.get(a).id(), wire.status(a)), "every board runs the finished change");
        }
    }

    /** A controller taking over adopts the tables the last master's copy describes; boards that run others are written, and it says so. */
    @Test
    void aControllerTakingOverSaysWhenTheBoardsDidNotRunWhatTheCopyDescribes() {
        deployer("kary:4,2");
        assertEquals(null, new FabricDeployer(bus, bench, null, "sim").takeOver("A", new Served("dmodk", 1), List.of()).tookOver(),
                "the boards run the copy's tables: nothing to say");
        String said = new FabricDeployer(bus, bench, null, "sim").takeOver("A", new Served("random", 1), List.of()).tookOver();
        assertTrue(said != null && said.startsWith("the boards did not all run what A's copy of its deploy describes: ")
                && said.endsWith(" bytes written to make them"), said);
    }
}
