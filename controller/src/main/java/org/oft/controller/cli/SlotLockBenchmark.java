package org.oft.controller.cli;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.Locale;
import org.oft.controller.model.BoardModels;
import org.oft.controller.timing.Calibration;
import org.oft.controller.timing.SlotLock;
import org.oft.sim.optical.BoardClocks;
import org.oft.sim.optical.DeliverySink;
import org.oft.sim.optical.FabricWiring;
import org.oft.sim.optical.FibrePlant;
import org.oft.sim.optical.TimedFabric;
import org.oft.sim.optical.TrafficSource;

/**
 * {@code bench --what slot-lock}: separate boards on crystals of their own, with the slot-reference line and without,
 * over offsets and jitters ({@link SlotLock}); each row's speed beside the same fabric on one shared clock, measured in
 * the same run.
 */
final class SlotLockBenchmark {
    private final BenchOutput out;

    SlotLockBenchmark(BenchOutput out) {
        this.out = out;
    }

    void run(int order, long slots, long seed) {
        out.section("slot-lock", "an order-" + order + " bench of " + (order + (1 << order)) + " boards, each on its own 48 MHz clock,"
                        + " 1 us slots (48 cycles), the root's router board leading; " + slots + " slots measured once every board is in"
                        + " step (at most " + SlotLock.LOCK_BUDGET + "); phase error: |a board's slot start - the leader's| in its cycles",
                "sync", "maxPpm", "jitterPs", "cutAt", "ppm", "slots", "lockSlots", "phaseErrorCycles", "collisions", "misdelivered",
                "truncated", "wrongState", "heldBack", "blanked", "firstFailure", "predictedFailure", "slots_per_s");
        double shared = sharedClockSlotsPerSecond(order, Math.min(slots, 200_000));
        long s = seed;
        for (double ppm : new double[] {20, 100}) {
            for (double jitter : new double[] {50, 200}) {
                row(new SlotLock.Options(order, slots, s, true, ppm, jitter, -1));
                row(new SlotLock.Options(order, slots, s++, false, ppm, jitter, -1));
            }
        }
        row(new SlotLock.Options(order, slots, s, true, 100, 50, slots / 2));
        out.note(String.format(Locale.ROOT, "the same fabric on one shared clock (no clock models): %.3e slots/s in this run", shared));
        out.note("rows without the line start every board in step; predictedFailure is the slot where the crystals' largest"
                + " difference between a processor and a router level eats the calibrated margin");
    }

    private void row(SlotLock.Options o) {
        long t0 = System.nanoTime();
        SlotLock.Row r = SlotLock.run(o);
        double rate = (o.slots() + Math.max(0, r.lockSlots())) / ((System.nanoTime() - t0) / 1e9);
        JsonArray ppm = new JsonArray();
        for (double p : SlotLock.rounded(r.ppm())) {
            ppm.add(p);
        }
        JsonObject phase = new JsonObject().put("p50", r.phaseError().p50()).put("p99", r.phaseError().p99())
                .put("p999", r.phaseError().p999()).put("max", round(r.phaseError().max()));
        String text = String.format(Locale.ROOT, "%s,%.0f,%.0f,%s,%s,%d,%d,p50 %.3f / p99 %.3f / p99.9 %.3f / max %.3f,%d,%d,%d,%d,%d,%d,%s,%s,%.3e",
                o.sync(), o.maxPpm(), o.jitterPs(), o.cutAt() < 0 ? "-" : Long.toString(o.cutAt()), ppm.encode().replace(',', ' '), r.slots(),
                r.lockSlots(), r.phaseError().p50(), r.phaseError().p99(), r.phaseError().p999(), r.phaseError().max(), r.collisions(),
                r.misdelivered(), r.truncated(), r.wrongState(), r.heldBack(), r.blanked(), r.firstFailure() < 0 ? "-" : r.firstFailure(),
                r.predictedFailure() < 0 ? "-" : r.predictedFailure(), rate);
        out.rowText(text, o.sync(), o.maxPpm(), o.jitterPs(), o.cutAt() < 0 ? "-" : o.cutAt(), ppm, r.slots(), r.lockSlots(), phase,
                r.collisions(), r.misdelivered(), r.truncated(), r.wrongState(), r.heldBack(), r.blanked(),
                r.firstFailure() < 0 ? "-" : r.firstFailure(), r.predictedFailure() < 0 ? "-" : r.predictedFailure(), rate);
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    /** The reference: the same calibrated fabric with every board on one clock. */
    private static double sharedClockSlotsPerSecond(int order, long slots) {
        FibrePlant plant = FibrePlant.nominal(FabricWiring.of(order), SlotLock.TIMING, 1).jitter(100, 1);
        TimedFabric fabric = new TimedFabric(plant, 1);
        BoardModels.loadTables(fabric.boards(), order, 1);
        Calibration.compute(plant, new BoardClocks(order, SlotLock.TIMING.slotPs()), 1).applyTo(fabric);
        fabric.run(slots / 4, TrafficSource.SATURATED, DeliverySink.IGNORE); // warm-up
        long t0 = System.nanoTime();
        fabric.run(slots, TrafficSource.SATURATED, DeliverySink.IGNORE);
        return slots / ((System.nanoTime() - t0) / 1e9);
    }
}
