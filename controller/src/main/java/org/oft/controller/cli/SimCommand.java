package org.oft.controller.cli;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.oft.controller.oft.Order;
import org.oft.controller.service.TelemetryJson;
import org.oft.controller.timing.Calibration;
import org.oft.controller.model.BoardModels;
import org.oft.hal.LevelTiming;
import org.oft.hal.SlotCounters;
import org.oft.sim.optical.BoardClocks;
import org.oft.sim.optical.DeliverySink;
import org.oft.sim.optical.FabricFault;
import org.oft.sim.optical.FabricWiring;
import org.oft.sim.optical.FibrePlant;
import org.oft.sim.optical.TimedFabric;
import org.oft.sim.optical.TimingParameters;
import org.oft.sim.optical.TrafficSource;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "sim", footer = {"%nExamples:", "  oftctl sim --order 6 --slots 1000 --bench examples/bench/order6-lab.txt", "  oftctl sim --order 4 --slots 100 --fault skew:router-3:700 --json"}, description = "Run the timing-accurate fabric model: anomalies by cause, margins, calibration.")
final class SimCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--order", required = true, description = "Order r (1..16).")
    int order;

    @Option(names = "--slots", required = true, description = "Slots to run, every processor injecting every slot.")
    long slots;

    @Option(names = "--latency", defaultValue = "1", description = "Slots from injection until the root switches (processor fibres that many slots long).")
    int latency;

    @Option(names = "--bench", description = "Bench file: measured fibre lengths and board clocks.")
    Path bench;

    @Option(names = "--fibre-jitter-mm", defaultValue = "0", description = "Random error added to every fibre, uniform in ±X mm.")
    double jitterMm;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the fibre jitter.")
    long seed;

    @Option(names = "--calibrate", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Compute and program node and injection phases before running, as serve does; "
                    + "--no-calibrate runs the raw fabric (with nominal fibres every packet is then truncated).")
    boolean calibrate;

    @Option(names = "--fault", description = "Fault to inject after calibration: skew:<board>:<ps>, drift:<board>:<ppm>, "
            + "fibre:<name>:<+/-mm>, stuck:<level>:<node>:drop|turn, dead:<fibre>, flip:<proc>:<row>:<bit>.")
    List<String> faults = new ArrayList<>();

    @Option(names = "--slot-ps", defaultValue = "1400", description = "Slot period in ps.")
    long slotPs;

    @Option(names = "--switching-ps", defaultValue = "12", description = "Router switching time in ps.")
    long switchingPs;

    @Option(names = "--json", description = "JSON output.")
    boolean json;

    @Override
    public Integer call() {
        Order.check(order);
        if (order > FabricWiring.MAX_ORDER) {
            throw new IllegalArgumentException("the timed model runs orders 1.." + FabricWiring.MAX_ORDER + ", got " + order);
        }
        if (slots < 1) {
            throw new IllegalArgumentException("--slots must be at least 1, got " + slots);
        }
        if (!(jitterMm >= 0 && jitterMm <= 1000)) {
            throw new IllegalArgumentException("--fibre-jitter-mm must be between 0 and 1000 mm, got " + jitterMm);
        }
        if (slotPs < 1 || slotPs > BoardClocks.MAX_PHASE_PS) {
            throw new IllegalArgumentException("--slot-ps must be between 1 and " + BoardClocks.MAX_PHASE_PS + " ps, got " + slotPs);
        }
        TimingParameters tp = new TimingParameters(100, 128, 1.5, switchingPs, slotPs);
        BoardClocks declared = new BoardClocks(order, tp.slotPs());
        FibrePlant plant = BoardModels.plant(order, latency, tp, bench == null ? null : BoardModels.read(bench), declared);
        if (jitterMm != 0) {
            plant.jitter(jitterMm, seed);
        }
        TimedFabric fabric = new TimedFabric(plant, latency);
        BoardModels.copyClocks(declared, fabric, order);
        BoardModels.loadTables(fabric.boards(), order, latency);
        Calibration.Result cal = null;
        if (calibrate) {
            cal = Calibration.compute(plant, declared, latency);
            cal.applyTo(fabric);
        }
        List<String> applied = new ArrayList<>();
        for (String f : faults) {
            applied.add(FabricFault.apply(f, fabric));
        }
        fabric.run(slots, TrafficSource.SATURATED, DeliverySink.IGNORE);
        PrintWriter out = spec.commandLine().getOut();
        SlotCounters total = fabric.totalCounters();
        if (total.injected() > 0 && total.delivered() == 0) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("oftctl: sim: no packet was delivered (" + fabric.truncatedTotal() + " truncated, " + total.lost() + " lost)"
                    + (calibrate ? "; see the calibration report" : ": the fabric runs uncalibrated (--no-calibrate)"));
            err.flush();
        }
        if (json) {
            out.println(json(tp, fabric, cal, applied).encode());
        } else {
            text(out, tp, fabric, cal, applied);
        }
        return 0;
    }

    private JsonObject json(TimingParameters tp, TimedFabric f, Calibration.Result cal, List<String> applied) {
        SlotCounters c = f.totalCounters();
        JsonObject o = new JsonObject()
                .put("order", order).put("slots", slots).put("latency", latency)
                .put("slotPs", tp.slotPs()).put("packetPs", tp.packetPs()).put("switchingPs", tp.switchingPs())
                .put("slackPs", tp.slackPs())
                .put("faults", new JsonArray(applied))
                .put("injected", c.injected()).put("delivered", c.delivered())
                .put("anomalies", new JsonObject().put("truncated", f.truncatedTotal()).put("wrongState", f.wrongStateTotal())
                        .put("collisions", c.collisions()).put("misdelivered", c.misdelivered()).put("lost", c.lost()))
                .put("worstMarginPs", f.worstMarginPs() == Long.MAX_VALUE ? null : f.worstMarginPs())
                .put("histogramBucketPs", f.bucketPs());
        o.put("levels", TelemetryJson.levels(f.timingTelemetry().total()));
        if (cal != null) {
            JsonObject jc = new JsonObject().put("feasible", cal.feasible()).put("worstMarginPs", cal.worstMarginPs())
                    .put("recalibrateSlots", cal.recalibrateSlots() == Long.MAX_VALUE ? null : cal.recalibrateSlots())
                    .put("maxRelativeDriftPpm", cal.maxRelativeDriftPpm());
            JsonArray nodes = new JsonArray();
            for (int level = order; level >= 1; level--) {
                JsonArray p = new JsonArray();
                for (long v : cal.nodePhases()[level - 1]) {
                    p.add(v);
                }
                nodes.add(new JsonObject().put("level", level).put("nodePhasesPs", p));
            }
            jc.put("routerBoards", nodes);
            JsonArray inj = new JsonArray();
            for (long v : cal.injectionPhases()) {
                inj.add(v);
            }
            jc.put("injectionPhasesPs", inj);
            JsonArray bad = new JsonArray();
            for (Calibration.Infeasible x : cal.infeasible()) {
                JsonArray fixes = new JsonArray();
                x.fixes().forEach(fx -> fixes.add(new JsonObject().put("fibre", fx.fibre()).put("lengthMm", fx.lengthMm())
                        .put("changeMm", fx.changeMm())));
                bad.add(new JsonObject().put("level", x.level()).put("node", x.node()).put("spreadPs", x.spreadPs())
                        .put("slackPs", x.slackPs()).put("fixes", fixes).put("text", x.describe()));
            }
            jc.put("infeasible", bad);
            o.put("calibration", jc);
        }
        return o;
    }

    private void text(PrintWriter out, TimingParameters tp, TimedFabric f, Calibration.Result cal, List<String> applied) {
        out.printf(Locale.ROOT, "order %d, %d slots, latency %d; slot %d ps = packet %d + switching %d + slack %d%n",
                order, slots, latency, tp.slotPs(), tp.packetPs(), tp.switchingPs(), tp.slackPs());
        if (cal != null) {
            if (cal.feasible()) {
                out.printf(Locale.ROOT, "calibration: feasible, predicted worst margin %d ps%n", cal.worstMarginPs());
            } else {
                out.printf(Locale.ROOT, "calibration: INFEASIBLE at %d node(s) (worst margin %d ps):%n", cal.infeasible().size(),
                        cal.worstMarginPs());
                cal.infeasible().forEach(x -> out.println("  " + x.describe()));
            }
            for (int level = order; level >= 1; level--) {
                out.println("  router-" + level + " node phases (ps): " + list(cal.nodePhases()[level - 1]));
            }
            out.println("  injection phases (ps): " + list(cal.injectionPhases()));
            if (cal.recalibrateSlots() == Long.MAX_VALUE) {
                out.println("  recalibrate: not needed for drift (no relative drift declared)");
            } else {
                out.printf(Locale.ROOT, "  recalibrate every %d slots (%.3g s): relative drift up to %.3g ppm eats half the margin%n",
                        cal.recalibrateSlots(), cal.recalibrateSeconds(), cal.maxRelativeDriftPpm());
            }
        }
        applied.forEach(a -> out.println("fault: " + a));
        SlotCounters c = f.totalCounters();
        out.printf(Locale.ROOT, "packets: injected %d, delivered %d%n", c.injected(), c.delivered());
        out.printf(Locale.ROOT, "anomalies: truncated %d, wrong state %d, collisions %d, misdelivered %d, lost %d%n",
                f.truncatedTotal(), f.wrongStateTotal(), c.collisions(), c.misdelivered(), c.lost());
        out.println("worst margin: " + (f.worstMarginPs() == Long.MAX_VALUE ? "-" : f.worstMarginPs() + " ps"));
        out.println("level,packets,truncated,wrong_state,min_arrival_ps,max_arrival_ps,worst_margin_ps");
        long[] hist = new long[0];
        for (int i = f.timingTelemetry().total().size() - 1; i >= 0; i--) {
            LevelTiming lt = f.timingTelemetry().total().get(i);
            out.printf(Locale.ROOT, "%d,%d,%d,%d,%s,%s,%s%n", lt.level(), lt.packets(), lt.truncated(), lt.wrongState(),
                    lt.packets() == 0 ? "-" : lt.minArrivalPs(), lt.packets() == 0 ? "-" : lt.maxArrivalPs(),
                    lt.packets() == 0 ? "-" : lt.worstMarginPs());
            long[] h = lt.marginHistogram();
            if (hist.length == 0) {
                hist = new long[h.length];
            }
            for (int b = 0; b < h.length; b++) {
                hist[b] += h[b];
            }
        }
        out.print("margin histogram (ps, all levels):");
        for (int b = 0; b < hist.length; b++) {
            long lo = LevelTiming.bucketStartPs(b, f.bucketPs());
            out.print(b == hist.length - 1 ? " [" + lo + ",+)=" + hist[b]
                    : b == 0 ? " (-," + (lo + f.bucketPs()) + ")=" + hist[b] : " [" + lo + "," + (lo + f.bucketPs()) + ")=" + hist[b]);
        }
        out.println();
    }

    private static String list(long[] v) {
        if (v.length <= 64) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < v.length; i++) {
                sb.append(i == 0 ? "" : " ").append(v[i]);
            }
            return sb.toString();
        }
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (long x : v) {
            min = Math.min(min, x);
            max = Math.max(max, x);
        }
        return v.length + " values in " + min + ".." + max + " (--json lists them)";
    }
}
