package org.oft.controller.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.oft.controller.model.BoardModels;
import org.oft.hal.LevelTiming;
import org.oft.hal.SlotCounters;
import org.oft.sim.optical.BoardState;
import org.oft.sim.optical.DeliverySink;
import org.oft.sim.optical.FabricFault;
import org.oft.sim.optical.FabricModel;
import org.oft.sim.optical.FabricWiring;
import org.oft.sim.optical.FibrePlant;
import org.oft.sim.optical.SlotFabric;
import org.oft.sim.optical.TimedFabric;
import org.oft.sim.optical.TimingParameters;
import org.oft.sim.optical.TrafficSource;

class TimedFabricTest {

    static void load(BoardState boards, int order, int latency) {
        BoardModels.loadTables(boards, order, latency);
    }

    static TimedFabric timed(FibrePlant plant, int latency, boolean calibrate) {
        TimedFabric f = new TimedFabric(plant, latency);
        load(f.boards(), plant.wiring().order(), latency);
        if (calibrate) {
            Calibration.compute(plant, f.clocks(), latency).applyTo(f);
        }
        return f;
    }

    static TimedFabric ideal(int order, int latency) {
        return timed(FibrePlant.nominal(FabricWiring.of(order), TimingParameters.defaults(), latency), latency, true);
    }

    static long anomalies(TimedFabric f) {
        SlotCounters c = f.totalCounters();
        return c.misdelivered() + c.collisions() + c.lost() + f.truncatedTotal() + f.wrongStateTotal();
    }

    /**
     * Hand calculation from §2.3: 128 b at 100 Gb/s lasts 1280 ps; the switch needs 12 ps; the slot
     * is 1400 ps, so 108 ps are left, 54 on each side of a centred packet; a nominal fibre is
     * 1400 ps × (0.3/1.5 mm/ps) = 280 mm long.
     */
    @Test
    void defaultsByHand() {
        TimingParameters tp = TimingParameters.defaults();
        assertEquals(1280, tp.packetPs());
        assertEquals(108, tp.slackPs());
        assertEquals(54, tp.nominalMarginPs());
        assertEquals(280.0, tp.slotFibreMm(), 1e-9);
        assertEquals(1400, tp.psForMm(280));
        assertEquals(66, tp.centredStartPs()); // 12 ps switching + 54 ps margin after the boundary
    }

    @Test
    void idealCalibratedFabricRunsAMillionSlotsAtOrderSixWithoutAnyAnomaly() {
        TimedFabric f = ideal(6, 1);
        f.run(1_000_000, TrafficSource.SATURATED, DeliverySink.IGNORE);
        assertEquals(0, anomalies(f));
        assertEquals(64L * 1_000_000 - 64L * 6, f.totalCounters().delivered());
        assertEquals(54, f.worstMarginPs());
        for (LevelTiming lt : f.timingTelemetry().total()) {
            assertEquals(66, lt.minArrivalPs());
            assertEquals(66, lt.maxArrivalPs());
            long[] h = lt.marginHistogram();
            assertEquals(lt.packets(), h[h.length - 1], "every margin is the full 54 ps: top bucket");
        }
    }

    @Test
    void idealTimingGivesExactlyTheSlotLevelAnswer() {
        for (int r = 1; r <= 8; r++) {
            for (int latency : new int[] {0, 1, 2}) {
                SlotFabric slotLevel = new SlotFabric(FabricWiring.of(r), latency);
                load(slotLevel.boards(), r, latency);
                TimedFabric timed = ideal(r, latency);
                assertEquals(arrivals(slotLevel, r), arrivals(timed, r), "order " + r + " latency " + latency);
            }
        }
    }

    private static List<Long> arrivals(FabricModel f, int r) {
        List<Long> out = new ArrayList<>();
        long slots = 2L * (1 << r) + r + 2;
        f.run(slots, (slot, p, d) -> (int) slot, (slot, p, src, addressed, tag) ->
                out.add(((slot * 65_536 + p) * 65_536 + src) * 4096 + tag));
        return out;
    }

    @Test
    void fibreErrorsWithinTheGuardNeedCalibrationAndCalibrationRemovesThem() {
        for (long seed = 1; seed <= 3; seed++) {
            FibrePlant plant = FibrePlant.nominal(FabricWiring.of(6), TimingParameters.defaults(), 1).jitter(1.5, seed);
            TimedFabric raw = timed(plant, 1, false);
            raw.run(200, TrafficSource.SATURATED, DeliverySink.IGNORE);
            assertTrue(anomalies(raw) > 0, "uncalibrated boards (all phases 0) must show anomalies");

            TimedFabric calibrated = new TimedFabric(plant, 1);
            load(calibrated.boards(), 6, 1);
            Calibration.Result cal = Calibration.compute(plant, calibrated.clocks(), 1);
            assertTrue(cal.feasible(), cal.infeasible().toString());
            cal.applyTo(calibrated);
            calibrated.run(3 * 64, TrafficSource.SATURATED, DeliverySink.IGNORE);
            assertEquals(0, anomalies(calibrated));
            assertTrue(cal.worstMarginPs() < 54);
            // Every path occurs within a control cycle, so the model meets the predicted worst margin.
            assertEquals(cal.worstMarginPs(), calibrated.worstMarginPs());
        }
    }

    @Test
    void fibresBeyondTheGuardAreReportedInfeasibleNamingTheNodeAndFibres() {
        FibrePlant plant = FibrePlant.nominal(FabricWiring.of(4), TimingParameters.defaults(), 1);
        int fibre = plant.indexOf("L3.1.2"); // link 1·8+2 = 10: input 2 of level-2 node 2
        plant.setLength(fibre, plant.lengthMm(fibre) + 30); // 150 ps late, slack is 108
        TimedFabric f = new TimedFabric(plant, 1);
        load(f.boards(), 4, 1);
        Calibration.Result cal = Calibration.compute(plant, f.clocks(), 1);
        assertFalse(cal.feasible());
        assertEquals(1, cal.infeasible().size());
        Calibration.Infeasible bad = cal.infeasible().get(0);
        assertEquals(2, bad.level());
        assertEquals(2, bad.node());
        assertEquals(150, bad.spreadPs());
        assertEquals(108, bad.slackPs());
        // Centre the window on the spread: the long fibre shortened by 21 ps, the others lengthened by 21 ps.
        assertEquals(4, bad.fixes().size());
        Calibration.FibreFix longOne = bad.fixes().stream().filter(x -> x.fibre().equals("L3.1.2")).findFirst().orElseThrow();
        assertEquals(-4.2, longOne.changeMm(), 1e-9);
        assertTrue(bad.describe().startsWith("node 2 of level 2: its input fibres spread packets over 150 ps, the slack is 108 ps;"),
                bad.describe());
        for (Calibration.FibreFix fix : bad.fixes()) {
            int i = plant.indexOf(fix.fibre());
            plant.setLength(i, plant.lengthMm(i) + fix.changeMm());
        }
        Calibration.Result fixed = Calibration.compute(plant, f.clocks(), 1);
        assertTrue(fixed.feasible(), fixed.infeasible().toString());
        assertEquals(0, fixed.worstMarginPs());
    }

    @Test
    void recalibrationIntervalFollowsFromTheDrift() {
        FibrePlant plant = FibrePlant.nominal(FabricWiring.of(3), TimingParameters.defaults(), 1);
        TimedFabric f = new TimedFabric(plant, 1);
        f.clocks().setRouterClock(2, 0, 10);
        Calibration.Result cal = Calibration.compute(plant, f.clocks(), 1);
        assertEquals(10, cal.maxRelativeDriftPpm(), 1e-12);
        // Half of 54 ps at 1400 ps × 10 ppm = 0.014 ps a slot: 1928 slots.
        assertEquals(1928, cal.recalibrateSlots());
        assertEquals(Long.MAX_VALUE, Calibration.compute(plant, new TimedFabric(plant, 1).clocks(), 1).recalibrateSlots());
    }

    // ---- faults: each detected and classified within one control cycle, on a clean calibrated fabric ----

    private static TimedFabric faulty(String fault) {
        TimedFabric f = ideal(6, 1);
        FabricFault.apply(fault, f);
        f.run(64 + 7, TrafficSource.SATURATED, DeliverySink.IGNORE);
        return f;
    }

    private static LevelTiming level(TimedFabric f, int level) {
        return f.timingTelemetry().total().get(level - 1);
    }

    @Test
    void routerClockSkewedHalfASlotTruncatesPacketsAtThatLevel() {
        TimedFabric f = faulty("skew:router-3:700");
        assertTrue(level(f, 3).truncated() > 0);
        assertEquals(0, level(f, 4).truncated() + level(f, 5).truncated() + level(f, 6).truncated());
        assertEquals(0, f.totalCounters().collisions());
    }

    @Test
    void theMarginHistogramCountsEveryPacketTheTruncatedOnesBelowZero() {
        TimedFabric f = faulty("skew:router-3:700");
        for (LevelTiming lt : f.timingTelemetry().total()) {
            long[] h = lt.marginHistogram();
            assertEquals(LevelTiming.NEGATIVE_BUCKETS + 9, h.length);
            assertEquals(lt.packets(), java.util.Arrays.stream(h).sum(), "level " + lt.level());
            long below = 0;
            for (int b = 0; b < LevelTiming.NEGATIVE_BUCKETS; b++) {
                below += h[b];
            }
            assertEquals(lt.truncated(), below, "level " + lt.level());
        }
        assertTrue(level(f, 3).truncated() > 0);
    }

    @Test
    void aSecondSkewOfTheSameBoardReplacesTheFirstAndClearingRestoresTheCalibratedClock() {
        TimedFabric f = ideal(6, 1);
        long calibrated = f.clocks().routerPhase(3);
        FabricFault.Applied first = FabricFault.applyUndoable("skew:router-3:700", f);
        assertEquals("skew:router-3", first.target());
        assertEquals(FabricFault.target("skew:router-3:300"), first.target());
        first.undo().run();
        FabricFault.Applied second = FabricFault.applyUndoable("skew:router-3:300", f);
        assertEquals(calibrated + 300, f.clocks().routerPhase(3));
        second.undo().run();
        assertEquals(calibrated, f.clocks().routerPhase(3));
        f.run(64 + 7, TrafficSource.SATURATED, DeliverySink.IGNORE);
        assertEquals(0, anomalies(f));
    }

    @Test
    void everyTimedFaultIsUndone() {
        for (String spec : new String[] {"drift:router-2:1000", "fibre:L3.0.2:+300", "stuck:2:1:turn", "dead:L2.1.0", "flip:5:12:2",
                "skew:proc-9:-600"}) {
            TimedFabric f = ideal(6, 1);
            FabricFault.applyUndoable(spec, f).undo().run();
            f.run(64 + 7, TrafficSource.SATURATED, DeliverySink.IGNORE);
            assertEquals(0, anomalies(f), spec);
        }
        TimedFabric f = ideal(6, 1);
        assertFalse(FabricFault.applyUndoable("stuck:2:1:free", f).active(), "a release leaves nothing to undo");
    }

    @Test
    void routerClockSkewedAWholeSlotSwitchesPacketsUnderTheWrongState() {
        TimedFabric f = faulty("skew:router-4:1400");
        assertTrue(level(f, 4).wrongState() > 0);
        assertEquals(0, f.truncatedTotal());
        assertTrue(f.totalCounters().misdelivered() > 0, "the wrong state sends packets elsewhere");
    }

    @Test
    void processorClockSkewTruncatesItsPacketsAtTheRoot() {
        TimedFabric f = faulty("skew:proc-9:-600");
        assertEquals(64 + 6, level(f, 6).truncated()); // every packet of slots 0..69 (slot 70's is still on its fibre)
    }

    @Test
    void aDriftingBoardIsCaughtOnceItHasUsedUpTheMargin() {
        TimedFabric f = faulty("drift:router-2:1000"); // 1.4 ps a slot: 54 ps gone after 39 slots
        assertTrue(level(f, 2).truncated() > 0);
        assertTrue(level(f, 2).worstMarginPs() < 0);
    }

    @Test
    void aLongerFibreTruncatesAtTheNodeItFeeds() {
        TimedFabric f = faulty("fibre:L4.2.5:+25"); // 125 ps late into level 3, node 4
        assertTrue(level(f, 3).truncated() > 0);
        assertEquals(0, level(f, 4).truncated() + level(f, 2).truncated());
    }

    @Test
    void aStuckNodeMisdeliversWithoutTimingAnomalies() {
        TimedFabric f = faulty("stuck:2:5:drop");
        assertTrue(f.totalCounters().misdelivered() > 0);
        assertEquals(0, f.truncatedTotal() + f.wrongStateTotal() + f.totalCounters().lost());
    }

    @Test
    void aDeadFibreLosesPacketsAndNothingElse() {
        TimedFabric f = faulty("dead:L5.1.3");
        // Level 5 is crossed 2 slots after injection: packets of slots 0..68, one a slot on each fibre.
        assertEquals(64 + 7 - 2, f.totalCounters().lost());
        assertEquals(0, f.totalCounters().misdelivered() + f.truncatedTotal() + f.wrongStateTotal());
    }

    @Test
    void aFlippedTableBitMisdeliversThatRowsPackets() {
        TimedFabric f = faulty("flip:5:12:2");
        assertEquals(1, f.totalCounters().misdelivered());
        assertEquals(0, f.truncatedTotal() + f.wrongStateTotal() + f.totalCounters().lost());
    }

    @Test
    void aDoubleInjectionCollides() {
        TimedFabric f = ideal(6, 1);
        f.run(3, TrafficSource.SATURATED, DeliverySink.IGNORE);
        f.injectTwiceNextSlot(17);
        f.run(64, TrafficSource.SATURATED, DeliverySink.IGNORE);
        assertEquals(1, f.totalCounters().collisions());
        assertEquals(2, f.totalCounters().lost());
    }
}
