package org.oft.controller.cli;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import org.oft.controller.oft.ControlSequence;
import org.oft.controller.oft.LyndonPreferOne;
import org.oft.controller.oft.PreferOne;
import org.oft.controller.timing.Calibration;
import org.oft.controller.model.BoardModels;
import org.oft.hal.SlotCounters;
import org.oft.sim.optical.DeliverySink;
import org.oft.sim.optical.FabricModel;
import org.oft.sim.optical.FabricWiring;
import org.oft.sim.optical.FibrePlant;
import org.oft.sim.optical.SlotFabric;
import org.oft.sim.optical.TimedFabric;
import org.oft.sim.optical.TimingParameters;
import org.oft.sim.optical.TrafficSource;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import org.oft.controller.service.http.ConsoleVerticle;
import org.oft.sim.rtl.RtlBench;

/** Throughput figures: warmed up, repeated, median and range printed. */
@Command(name = "bench", footer = {"%nExamples:", "  oftctl bench --what deploy", "  oftctl bench --what lft --runs 3", "  oftctl bench --what slot-lock --order 4 --slots 1000000 --json"}, description = "Benchmarks: sequence generators (bits/s), slot-level and timed models (packet-hops/s).")
final class BenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    /** What --what names, in the order "all" runs them. */
    static final List<String> BENCHMARKS = List.of("debruijn", "slots", "timed", "deploy", "fuzz", "lft", "ebb", "flit", "flit-saturation", "multipath", "large",
            "switch-deploy", "reroute", "study", "console", "rtl", "slot-lock");

    @Option(names = "--what", defaultValue = "all", description = "debruijn, slots, timed, deploy, fuzz, lft, ebb, flit, flit-saturation, multipath, large, switch-deploy, reroute, study, console, rtl, slot-lock or all.")
    String what;

    @Option(names = "--min-order", defaultValue = "16", description = "Smallest sequence order.")
    int minOrder;

    @Option(names = "--max-order", defaultValue = "30", description = "Largest sequence order.")
    int maxOrder;

    @Option(names = "--slot-order", defaultValue = "10", description = "Order of the slot-model benchmark.")
    int slotOrder;

    @Option(names = "--rtl-order", defaultValue = "4", description = "Order of the RTL bench's deploy and speed figures (1..6).")
    int rtlOrder;

    @Option(names = "--no-synth", description = "With --what rtl: leave out synthesis and place-and-route (a minute or two a board).")
    boolean noSynth;

    @Option(names = "--order", defaultValue = "3", description = "slot-lock: order of the bench of separate boards (1.."
            + FabricWiring.MAX_ORDER + ").")
    int order;

    @Option(names = "--slots", defaultValue = "1000000", description = "slot-lock: slots measured a row, once every board is in step.")
    long slots;

    @Option(names = "--seed", defaultValue = "1", description = "slot-lock: seed of the crystals, cables and phases (a row's own is seed + its number).")
    long seed;

    @Option(names = "--runs", defaultValue = "5", description = "Measured runs per figure.")
    int runs;

    @Option(names = "--deploy-order", defaultValue = "10", description = "Order of the OFT deployed over the pty (default 10; two less at 115,200 baud).")
    int deployOrder;

    @Option(names = "--bauds", split = ",", description = "Line rates of the deploy benchmark (0: unthrottled pty); "
            + "default 0,3000000,921600,115200.")
    int[] bauds;

    @Option(names = "--fuzz-inputs", defaultValue = "1000000", description = "Inputs for the decoder fuzz run.")
    long fuzzInputs;

    @Option(names = "--json", description = "One JSON document with every figure, at the end, instead of CSV sections.")
    boolean json;

    @Option(names = "--ebb-patterns", defaultValue = "20000", description = "Bisect patterns per ebb run.")
    int ebbPatterns;

    @Option(names = "--clients", defaultValue = "50", description = "console: telemetry clients (WebSockets) at once, 1.."
            + ConsoleVerticle.MAX_WEBSOCKETS + ".")
    int clients;

    @Option(names = "--seconds", defaultValue = "60", description = "console: how long the clients stay; idle and one client get a quarter of it (at least 10 s, or all of it when shorter).")
    int seconds;

    @Option(names = "--console-order", defaultValue = "10", description = "console: order of the OFT served.")
    int consoleOrder;

    @Override
    public Integer call() {
        if (!what.equals("all") && !BENCHMARKS.contains(what)) {
            throw new IllegalArgumentException("--what must be " + String.join(", ", BENCHMARKS) + " or all, got '" + what + "'");
        }
        if (runs < 1 || runs > 1000) {
            throw new IllegalArgumentException("--runs must be between 1 and 1000, got " + runs);
        }
        if (minOrder < 1 || minOrder > 30 || maxOrder < 1 || maxOrder > 30) {
            throw new IllegalArgumentException("--min-order and --max-order must be between 1 and 30 (sequence orders), got "
                    + minOrder + " and " + maxOrder);
        }
        if (minOrder > maxOrder) {
            throw new IllegalArgumentException("--min-order " + minOrder + " is above --max-order " + maxOrder);
        }
        if (fuzzInputs < 1) {
            throw new IllegalArgumentException("--fuzz-inputs must be at least 1, got " + fuzzInputs);
        }
        if (deployOrder < 1 || deployOrder > 14) {
            throw new IllegalArgumentException("--deploy-order must be between 1 and 14, got " + deployOrder);
        }
        if (ebbPatterns < 1) {
            throw new IllegalArgumentException("--ebb-patterns must be at least 1, got " + ebbPatterns);
        }
        if (clients < 1 || clients > ConsoleVerticle.MAX_WEBSOCKETS) {
            throw new IllegalArgumentException("--clients must be between 1 and " + ConsoleVerticle.MAX_WEBSOCKETS
                    + " (the console's cap on telemetry clients), got " + clients);
        }
        if (seconds < 3 || seconds > 3600) { // a phase samples the server once a second: three samples at least
            throw new IllegalArgumentException("--seconds must be between 3 and 3600, got " + seconds);
        }
        if (consoleOrder < 1 || consoleOrder > 16) {
            throw new IllegalArgumentException("--console-order must be between 1 and 16, got " + consoleOrder);
        }
        if (order < 1 || order > FabricWiring.MAX_ORDER) {
            throw new IllegalArgumentException("--order must be between 1 and " + FabricWiring.MAX_ORDER + ", got " + order);
        }
        if (slots < 1 || slots > 1_000_000_000L) {
            throw new IllegalArgumentException("--slots must be between 1 and 10^9, got " + slots);
        }
        checkedSlotOrder();
        BenchOutput out = new BenchOutput(spec.commandLine().getOut(), json);
        if (what.equals("all") || what.equals("debruijn")) {
            debruijn(out);
        }
        if (what.equals("all") || what.equals("slots")) {
            SlotFabric fabric = new SlotFabric(FabricWiring.of(checkedSlotOrder()), 1);
            BoardModels.loadTables(fabric.boards(), slotOrder, 1);
            hops(out, "slot model", fabric);
        }
        if (what.equals("all") || what.equals("timed")) {
            FibrePlant plant = FibrePlant.nominal(FabricWiring.of(checkedSlotOrder()), TimingParameters.defaults(), 1);
            TimedFabric fabric = new TimedFabric(plant, 1);
            BoardModels.loadTables(fabric.boards(), slotOrder, 1);
            Calibration.compute(plant, fabric.clocks(), 1).applyTo(fabric);
            hops(out, "timed model (timing checks on)", fabric);
        }
        if (what.equals("all") || what.equals("deploy")) {
            if (bauds != null) {
                for (int b : bauds) {
                    if (b < 0 || b > BoardSimCommand.MAX_BAUD) {
                        throw new IllegalArgumentException("--bauds takes 0 (unthrottled) or rates up to " + BoardSimCommand.MAX_BAUD + ", got " + b);
                    }
                }
            }
            new WireBenchmarks(out).deploy(deployOrder, bauds == null ? WireBenchmarks.BAUDS : bauds);
        }
        if (what.equals("all") || what.equals("fuzz")) {
            new WireBenchmarks(out).fuzz(fuzzInputs, 20261121L);
        }
        if (what.equals("all") || what.equals("lft")) {
            new FatTreeBenchmarks(out, runs).lft();
        }
        if (what.equals("all") || what.equals("ebb")) {
            new FatTreeBenchmarks(out, runs).ebb(ebbPatterns);
        }
        if (what.equals("all") || what.equals("flit")) {
            new FatTreeBenchmarks(out, runs).flit();
        }
        if (what.equals("all") || what.equals("flit-saturation")) {
            new FatTreeBenchmarks(out, runs).flitSaturation();
        }
        if (what.equals("all") || what.equals("multipath")) {
            new FatTreeBenchmarks(out, runs).multipath();
        }
        if (what.equals("all") || what.equals("reroute")) {
            new FatTreeBenchmarks(out, runs).reroute();
        }
        if (what.equals("all") || what.equals("large")) {
            new FatTreeBenchmarks(out, runs).large();
        }
        if (what.equals("all") || what.equals("switch-deploy")) {
            new FatTreeBenchmarks(out, runs).switchDeploy();
        }
        if (what.equals("all") || what.equals("study")) {
            try {
                new StudyBenchmark(out, spec.commandLine().getErr()).run();
            } catch (Exception e) {
                throw e instanceof RuntimeException re ? re : new IllegalStateException("the study benchmark failed: " + e.getMessage(), e);
            }
        }
        if (what.equals("all") || what.equals("console")) {
            new ConsoleBenchmark(out, spec.commandLine().getErr()).run(consoleOrder, clients, seconds, Math.max(Math.min(10, seconds), seconds / 4));
        }
        if (what.equals("all") || what.equals("rtl")) {
            if (rtlOrder < RtlBench.MIN_ORDER || rtlOrder > RtlBench.MAX_ORDER) {
                throw new IllegalArgumentException("--rtl-order must be between " + RtlBench.MIN_ORDER + " and "
                        + RtlBench.MAX_ORDER + ", got " + rtlOrder);
            }
            new RtlBenchmark(out).run(rtlOrder, 10, !noSynth);
        }
        if (what.equals("all") || what.equals("slot-lock")) {
            new SlotLockBenchmark(out).run(order, slots, seed);
        }
        out.finish();
        return 0;
    }

    private void debruijn(BenchOutput out) {
        out.section("debruijn", "de Bruijn control sequence generators, bits/s (median of " + runs + " runs, min, max)",
                "order", "bits", "fast_bits_per_s", "fast_min", "fast_max", "prefer_one_bits_per_s", "prefer_one_min",
                "prefer_one_max", "speedup");
        // Work doubles with the order: progress is counted in bits generated.
        double all = 0;
        for (int r = minOrder; r <= maxOrder; r += 2) {
            all += 1L << r;
        }
        double done = 0;
        Progress progress = Progress.of(spec.commandLine().getErr(), "bench debruijn");
        for (int r = minOrder; r <= maxOrder; r += 2) {
            progress.update(done / all, "order " + r);
            done += 1L << r;
            final int order = r;
            double[] fast = measure(() -> LyndonPreferOne.generate(order), 1L << order, r >= 26 ? Math.min(runs, 3) : runs);
            double[] literal = measure(() -> PreferOne.generate(order), 1L << order, r >= 26 ? Math.min(runs, 3) : runs);
            out.row("%d,%d,%.3e,%.2e,%.2e,%.3e,%.2e,%.2e,%.2f", r, 1L << r,
                    fast[1], fast[0], fast[2], literal[1], literal[0], literal[2], fast[1] / literal[1]);
        }
        progress.done();
    }

    interface Work {
        ControlSequence run();
    }

    /** Returns {min, median, max} of bits/s; small orders repeat the work to last about 0.2 s a run. */
    private static double[] measure(Work work, long bits, int runs) {
        long sink = 0;
        long t0 = System.nanoTime();
        sink += work.run().bit(1);
        long once = Math.max(1, System.nanoTime() - t0);
        int reps = (int) Math.max(1, Math.min(100_000, 200_000_000L / once));
        for (int i = 0; i < reps; i++) { // warm-up
            sink += work.run().bit(2);
        }
        double[] rates = new double[runs];
        for (int k = 0; k < runs; k++) {
            long start = System.nanoTime();
            for (int i = 0; i < reps; i++) {
                sink += work.run().bit(i);
            }
            rates[k] = bits * reps / ((System.nanoTime() - start) / 1e9);
        }
        if (sink == Long.MIN_VALUE) {
            System.out.print("");
        }
        Arrays.sort(rates);
        return new double[] {rates[0], rates[runs / 2], rates[runs - 1]};
    }

    private int checkedSlotOrder() {
        if (slotOrder < 1 || slotOrder > FabricWiring.MAX_ORDER) {
            throw new IllegalArgumentException("--slot-order must be between 1 and " + FabricWiring.MAX_ORDER);
        }
        return slotOrder;
    }

    private void hops(BenchOutput out, String name, FabricModel fabric) {
        int r = fabric.order();
        int n = fabric.processors();
        long slotsPerRun = Math.max(64, 40_000_000L / ((long) n * r));
        fabric.run(slotsPerRun, TrafficSource.SATURATED, DeliverySink.IGNORE); // warm-up
        double[] rates = new double[runs];
        for (int k = 0; k < runs; k++) {
            long start = System.nanoTime();
            fabric.run(slotsPerRun, TrafficSource.SATURATED, DeliverySink.IGNORE);
            // Saturated steady state: every slot, n packets cross each of the r levels.
            rates[k] = (double) slotsPerRun * n * r / ((System.nanoTime() - start) / 1e9);
        }
        SlotCounters total = fabric.totalCounters();
        Arrays.sort(rates);
        out.section(name.startsWith("slot") ? "slots" : "timed", name + ", order " + r
                + ", every processor injecting every slot, one thread (median of " + runs + " runs of " + slotsPerRun + " slots)",
                "packet_hops_per_s", "min", "max", "slots_per_s", "delivered", "misdelivered", "collisions", "lost");
        out.row("%.3e,%.3e,%.3e,%.3e,%d,%d,%d,%d", rates[runs / 2], rates[0], rates[runs - 1], rates[runs / 2] / ((double) n * r),
                total.delivered(), total.misdelivered(), total.collisions(), total.lost());
    }
}
