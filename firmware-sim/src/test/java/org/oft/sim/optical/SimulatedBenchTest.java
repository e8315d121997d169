package org.oft.sim.optical;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oft.hal.BoardException;
import org.oft.hal.BoardInfo;
import org.oft.hal.BoardKind;
import org.oft.hal.Telemetry;

@Timeout(30)
class SimulatedBenchTest {

    @Test
    void aFaultOnATargetThatHasOneReplacesItHoweverTheNumbersAreWritten() {
        try (SimulatedBench bench = new SimulatedBench(2, 1)) {
            bench.applyFault("stuck:2:0:turn");
            bench.applyFault("stuck:02:0:drop");
            List<SimulatedBench.ActiveFault> f = bench.faults();
            assertEquals(1, f.size(), f.toString());
            assertEquals("stuck:2:0", f.get(0).target());
            assertEquals("stuck:02:0:drop", f.get(0).spec());
            assertThrows(IllegalArgumentException.class, () -> bench.applyFault("stuck:2:0:sideways"));
            assertEquals(f, bench.faults(), "a bad spec leaves the fault in force as it was");
            assertTrue(bench.clearFault(f.get(0).id()).startsWith("cleared: level 2 node 0 stuck in drop"));
            assertEquals(0, bench.faults().size());
        }
    }

    @Test
    void discoversRouterLevelBoardsThenProcessors() {
        try (SimulatedBench bench = new SimulatedBench(2, 1)) {
            List<BoardInfo> boards = bench.discover();
            assertEquals(6, boards.size());
            assertEquals(new BoardInfo("router-1", BoardKind.ROUTER_LEVEL, 1, 2, 4, SimulatedBench.FIRMWARE), boards.get(0));
            assertEquals(new BoardInfo("proc-3", BoardKind.PROCESSOR, 3, 2, 4, SimulatedBench.FIRMWARE), boards.get(5));
        }
    }

    @Test
    void refusesWhatABoardCannotTakeNamingTheBoard() {
        try (SimulatedBench bench = new SimulatedBench(1, 1)) {
            assertEquals("proc-0: a processor board takes a routing table, not a control sequence",
                    assertThrows(BoardException.class, () -> bench.loadControlSequence("proc-0", new long[] {2}, 2)).getMessage());
            assertEquals("router-1: a router-level board takes a control sequence, not a routing table",
                    assertThrows(BoardException.class, () -> bench.loadRoutingTable("router-1", new int[] {0, 1})).getMessage());
            assertEquals("no board proc-9 on this bench (it has router-1..router-1 and proc-0..proc-1)",
                    assertThrows(BoardException.class, () -> bench.loadRoutingTable("proc-9", new int[] {0, 1})).getMessage());
            assertEquals("slot clock not started: the fabric cannot run: router-1 has no control sequence, 2 processor board(s) have no routing table (first: proc-0)",
                    assertThrows(BoardException.class, () -> bench.startClock(10)).getMessage());
            assertThrows(BoardException.class, () -> bench.startClock(0));
        }
    }

    @Test
    void clockRunsLatchesTelemetryAndStops() {
        try (SimulatedBench bench = new SimulatedBench(1, 1)) {
            bench.loadControlSequence("router-1", new long[] {0b10L}, 2);
            bench.loadRoutingTable("proc-0", new int[] {1, 0});
            bench.loadRoutingTable("proc-1", new int[] {0, 1});
            CopyOnWriteArrayList<Telemetry> seen = new CopyOnWriteArrayList<>();
            bench.setTelemetryListener(seen::add);
            bench.startClock(1000);
            await().atMost(Duration.ofSeconds(10)).until(() -> bench.telemetry().slot() > 100);
            bench.stopClock();
            Telemetry stopped = bench.telemetry();
            assertFalse(stopped.running());
            assertTrue(seen.size() >= 2);
            assertEquals(2 * (stopped.slot() + 1), stopped.total().injected());
            assertEquals(0, stopped.total().misdelivered());
            assertEquals(stopped.total().injected() - 2, stopped.total().delivered()); // the last slot's packets are in flight
            Telemetry stepped = bench.stepSlots(3);
            assertEquals(stopped.slot() + 3, stepped.slot());
        }
    }

    @Test
    void afterTheClockStopsTheListenerIsLeftKnowingItStopped() throws Exception {
        try (SimulatedBench bench = new SimulatedBench(1, 1)) {
            bench.loadControlSequence("router-1", new long[] {0b10L}, 2);
            bench.loadRoutingTable("proc-0", new int[] {1, 0});
            bench.loadRoutingTable("proc-1", new int[] {0, 1});
            CountDownLatch inTick = new CountDownLatch(1);
            CountDownLatch tickDone = new CountDownLatch(1);
            CopyOnWriteArrayList<Telemetry> seen = new CopyOnWriteArrayList<>();
            bench.setTelemetryListener(t -> {
                if (t.running() && inTick.getCount() > 0) {
                    // a slow listener: the clock is stopped while a tick's record is still being handed over
                    inTick.countDown();
                    try {
                        Thread.sleep(300);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    seen.add(t);
                    tickDone.countDown();
                    return;
                }
                seen.add(t);
            });
            bench.startClock(1000);
            assertTrue(inTick.await(10, TimeUnit.SECONDS));
            bench.stopClock();
            assertTrue(tickDone.await(10, TimeUnit.SECONDS));
            Telemetry last = seen.get(seen.size() - 1);
            assertFalse(last.running(), "the last record handed over says the clock runs: " + seen.size() + " records");
            assertEquals(bench.telemetry(), last);
        }
    }

    @Test
    void timedBoardsTakeSlotPhasesAndReportTiming() {
        TimedFabric fabric = new TimedFabric(FibrePlant.nominal(FabricWiring.of(1), TimingParameters.defaults(), 1), 1);
        try (SimulatedBench bench = new SimulatedBench(fabric, TrafficSource.SATURATED)) {
            bench.loadControlSequence("router-1", new long[] {0b10L}, 2);
            bench.loadRoutingTable("proc-0", new int[] {1, 0});
            bench.loadRoutingTable("proc-1", new int[] {0, 1});
            bench.loadSlotPhases("router-1", new long[] {0});
            bench.loadSlotPhases("proc-0", new long[] {66});
            bench.loadSlotPhases("proc-1", new long[] {66});
            assertEquals(66, fabric.clocks().injectionPhase(1));
            assertEquals(0, fabric.clocks().nodePhase(1, 0));
            assertEquals("proc-0: a processor board takes one injection phase, offered 2",
                    assertThrows(BoardException.class, () -> bench.loadSlotPhases("proc-0", new long[] {1, 2})).getMessage());
            assertEquals("router-1: router-1 has 1 nodes, offered 2 phases",
                    assertThrows(BoardException.class, () -> bench.loadSlotPhases("router-1", new long[] {1, 2})).getMessage());
            Telemetry t = bench.stepSlots(10);
            assertEquals(54, t.timing().total().get(0).worstMarginPs());
            assertEquals(0, t.total().lost());
            assertEquals("router-1 clock skewed by 700 ps", bench.applyFault("skew:router-1:700"));
            // another spelling of the same board is the same target: it replaces the skew, it does not stack on it
            assertEquals("router-1 clock skewed by 500 ps", bench.applyFault("skew:ROUTER-01:500"));
            assertEquals(1, bench.faults().size(), bench.faults().toString());
            assertEquals("skew:router-1", bench.faults().get(0).target());
            assertThrows(IllegalArgumentException.class, () -> bench.applyFault("skew:router-+1:700"));
            assertThrows(IllegalArgumentException.class, () -> bench.applyFault("skew:router-\u0661:700"));
            assertEquals(1, bench.faults().size(), "a refused alias leaves the fault in force as it was");
            assertEquals("router-1 clock skewed by 700 ps", bench.applyFault("skew:router-1:700"));
            assertTrue(bench.stepSlots(4).timing().total().get(0).truncated() > 0);
        }
        try (SimulatedBench slotLevel = new SimulatedBench(1, 1)) {
            assertEquals("router-1: the slot-level board model has no slot phases",
                    assertThrows(BoardException.class, () -> slotLevel.loadSlotPhases("router-1", new long[] {0})).getMessage());
        }
    }
}
