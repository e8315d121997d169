package org.oft.controller.cli;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.oft.controller.fattree.flit.FlitConfig;
import org.oft.controller.fattree.flit.FlitFabric;
import org.oft.controller.fattree.routing.Routing;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.sim.flit.FlitSimulator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import org.oft.controller.cli.fattree.RoutingArgs;
import org.oft.controller.fattree.deploy.RunningFabric;
import org.oft.controller.fattree.ib.LftFiles;
import org.oft.sim.flit.FlitNetwork;

@Command(name = "flit", footer = {"%nExamples:", "  oftctl flit --topology kary:4,3 --engine dmodk --traffic shift:5 --load 0.9",
        "  oftctl flit --topology kary:4,3 --engine dmodk --traffic uniform --sweep 0.1:1.0:0.1 --json"},
        description = "Run the flit-level switch model on a fat tree, forwarding by the engine's tables as the switch boards "
                + "hold them: accepted throughput, latency, link utilisation by level, anomalies; or a load sweep.")
final class FlitCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RoutingArgs args = new RoutingArgs();

    @Mixin
    FlitArgs flit = new FlitArgs();

    @Option(names = "--sweep", description = "FROM:TO:STEP: run each load and report the saturation point")
    String sweep;

    @Option(names = "--find-saturation", paramLabel = "LO:HI", description = "Find the saturation load between LO and HI by bisection: "
            + "the highest load sustained (accepted at least 0.97 of offered, every measured packet delivered) to --resolution.")
    String findSaturation;

    @Option(names = "--resolution", defaultValue = "0.005", description = "With --find-saturation: how close the answer is (load).")
    double resolution;

    @Option(names = "--threads", description = "Threads in all (default: one per core): a sweep runs its loads side by side, "
            + "a single run splits the fabric among them. Results do not depend on it.")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--lft", description = "Forward by these tables (OpenSM dump_fts/ibroute or opensm-lfts.dump) instead of --engine's.")
    java.nio.file.Path lftFile;

    @Option(names = "--warmup", defaultValue = "2000", description = "warm-up cycles")
    long warmup;

    @Option(names = "--sample", defaultValue = "10000", description = "measured cycles")
    long sample;

    @Option(names = "--drain", defaultValue = "20000", description = "at most this many cycles to deliver the measured packets")
    long drain;

    @Option(names = "--replications", defaultValue = "1", description = "Independent runs a load, seeds derived from --seed (the first is "
            + "--seed's): each figure is their mean, its 95 %% interval from their spread, instead of from batch means of one run.")
    int replications;

    @Option(names = "--precision", paramLabel = "P%", description = "Run each load until the 95 %% intervals of its accepted "
            + "throughput and mean latency are within P of the figure (1%%, 0.5%%...): the measured sample starts at --sample "
            + "cycles (2000 unless given) and doubles until they are, a saturated run or --max-cycles stopping it sooner.")
    String precision;

    @Option(names = "--max-cycles", defaultValue = "1000000", description = "With --precision: the longest measured sample (cycles); "
            + "a run that reaches it says how precise it got.")
    long maxCycles;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Override
    public Integer call() {
        FlitConfig config = flit.config(); // a bad option is refused here, before anything is routed
        if (precision != null) {
            precise = parsePrecision(precision);
            if (!spec.commandLine().getParseResult().hasMatchedOption("--sample")) {
                sample = 2000;
            }
            if (maxCycles < sample || maxCycles > 1_000_000_000L) {
                throw new IllegalArgumentException("--max-cycles must be at least --sample (" + sample + ") and at most 1e9, got " + maxCycles);
            }
        }
        if (replications < 1 || replications > 1000) {
            throw new IllegalArgumentException("--replications must be 1..1000, got " + replications);
        }
        if (threads < 1 || threads > 256) {
            throw new IllegalArgumentException("--threads must be 1..256, got " + threads);
        }
        long most = 1_000_000_000L; // each checked alone first: their sum could overflow
        if (warmup < 0 || sample < 1 || drain < 0 || warmup > most || sample > most || drain > most || warmup + sample + drain > most) {
            throw new IllegalArgumentException("--warmup and --drain must be at least 0 and --sample at least 1 (at most 1e9 cycles in all)");
        }
        if (findSaturation != null && sweep != null) {
            throw new IllegalArgumentException("--find-saturation searches the loads itself: leave out --sweep");
        }
        double[] loads = findSaturation != null ? new double[0] : loads();
        RunningFabric running = lftFile == null ? args.request().running() : null; // as every command routes it
        Routing r = running == null ? null : running.routes();
        if (r == null) {
            if (args.paths != 1) {
                throw new IllegalArgumentException("--lft tables route one address per host: leave out --paths");
            }
        }
        PgftTopology t = args.tree().topology();
        FlitFabric.Forwarding fw = r != null ? FlitFabric.forwarding(running)
                : new FlitFabric.Forwarding(args.tree(), FlitFabric.tables(args.tree(), LftFiles.read(args.tree(), lftFile)),
                        null, "file " + lftFile);
        String engine = fw.engine();
        FlitSimulator.Traffic pattern = FlitFabric.traffic(flit.traffic, t.hosts(), t, args.types(), args.seed);
        FlitSimulator.Traffic tr = r != null ? FlitFabric.onFabric(FlitFabric.reachable(running), pattern) : pattern;
        JsonArray runs = new JsonArray();
        Double saturation = null;
        FlitNetwork net = FlitFabric.network(t);
        JsonObject out = new JsonObject().put("topology", t.describe()).put("engine", flit.randomUp ? engine + " (random up-ports)" : engine).put("paths", args.paths)
                .put("traffic", flit.traffic).put("parameters", config.json());
        String said;
        if (findSaturation != null) {
            double[] range = searchRange();
            SaturationSearch found = searchSaturation(range, load -> runAll(fw, net, config, tr, new double[] {load}));
            said = found.said();
            out.put("runs", found.runs()).put("saturationLoad", found.load()).put("search", new JsonObject().put("from", range[0])
                    .put("to", range[1]).put("resolution", resolution).put("runs", found.runs().size()));
        } else {
            FlitSimulator.Result[][] results = runAll(fw, net, config, tr, loads);
            for (int i = 0; i < loads.length; i++) {
                runs.add(row(results[i], i));
                if (java.util.Arrays.stream(results[i]).allMatch(FlitFabric::sustains)) {
                    saturation = loads[i];
                }
            }
            if (sweep != null) {
                out.put("runs", runs).put("saturationLoad", saturation);
            } else {
                out.mergeIn(runs.getJsonObject(0));
            }
            said = sweep == null ? null : saturation == null ? "below the first load" : load(saturation);
        }
        PrintWriter w = spec.commandLine().getOut();
        if (json) {
            w.println(out.encode());
        } else {
            FlitTable.print(w, out, out.getJsonArray("runs", runs.isEmpty() ? new JsonArray().add(out) : runs), said);
        }
        return 0;
    }

    /** A load's runs (its replications) as one row of the table, their intervals and the precision reached with them. */
    private JsonObject row(FlitSimulator.Result[] reps, int i) {
        JsonObject row = replications == 1 ? FlitFabric.json(reps[0], seconds[i]) : FlitFabric.replicated(reps, seconds[i], seeds());
        if (precise != null) {
            double reached = java.util.Arrays.stream(reps).mapToDouble(FlitCommand::relativeHalf).max().orElse(Double.NaN);
            row.getJsonObject("ci95").put("precision", new JsonObject().put("asked", precise)
                    .put("reached", Double.isInfinite(reached) ? null : reached).put("sample", samples[i])
                    .put("met", reached <= precise || row.getJsonObject("ci95").getBoolean("saturated", false)));
        }
        return row;
    }

    /** What a search found: the saturation load (null: below the range), its runs by load, and the line that says it. */
    private record SaturationSearch(Double load, JsonArray runs, String said) {
    }

    /**
     * The saturation load by bisection (issue 65): the middle of what is left is run, until it is narrower than
     * --resolution; the high end is taken as not sustained, and the low end is run only if nothing above it was.
     */
    private SaturationSearch searchSaturation(double[] range, java.util.function.DoubleFunction<FlitSimulator.Result[][]> run) {
        java.util.TreeMap<Double, JsonObject> byLoad = new java.util.TreeMap<>();
        java.util.function.DoublePredicate sustained = load -> {
            FlitSimulator.Result[] reps = run.apply(load)[0];
            byLoad.put(load, row(reps, 0));
            return java.util.Arrays.stream(reps).allMatch(FlitFabric::sustains);
        };
        double lo = range[0];
        double hi = range[1];
        boolean loSeen = false;
        while (hi - lo > resolution) {
            double mid = Math.round((lo + hi) / 2 * 1e6) / 1e6;
            if (sustained.test(mid)) {
                lo = mid;
                loSeen = true;
            } else {
                hi = mid;
            }
        }
        Double found = loSeen || sustained.test(lo) ? lo : null; // (the low end is run only when no load above it was sustained)
        String said = found == null ? "below " + load(range[0]) + ", the search's low end"
                : String.format(Locale.ROOT, "%s (sustained; %s %s: bisection to %s in %d runs)", load(lo), load(hi),
                        hi == range[1] ? "taken as not" : "is not", load(resolution), byLoad.size());
        JsonArray runs = new JsonArray();
        byLoad.values().forEach(runs::add);
        return new SaturationSearch(found, runs, said);
    }

    /** --find-saturation's LO:HI, checked. */
    private double[] searchRange() {
        String[] p = findSaturation.split(":", -1);
        try {
            double lo = Double.parseDouble(p[0]);
            double hi = Double.parseDouble(p[1]);
            if (p.length != 2 || !(lo > 0) || !(hi <= 1) || !(lo < hi) || !(resolution >= 0.0001 && resolution <= 0.5)) {
                throw new NumberFormatException();
            }
            return new double[] {lo, hi};
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            throw new IllegalArgumentException("--find-saturation must be LO:HI with 0 < LO < HI <= 1, and --resolution 0.0001..0.5, got '"
                    + findSaturation + "' and " + resolution);
        }
    }

    /** "1%" or "0.5%" as a fraction; refused in words outside 0.01 % to 50 %. */
    static double parsePrecision(String text) {
        String t = text.strip();
        try {
            if (!t.endsWith("%")) {
                throw new NumberFormatException();
            }
            double p = Double.parseDouble(t.substring(0, t.length() - 1)) / 100;
            if (!(p >= 0.0001 && p <= 0.5)) {
                throw new NumberFormatException();
            }
            return p;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--precision must be a percentage from 0.01% to 50%, such as 1%, got '" + text + "'");
        }
    }

    /** --precision as a fraction (0.01 for 1%), or null without it. */
    private Double precise;

    /** The run's accepted throughput and mean latency are within --precision, or it is saturated (no steady figure to refine). */
    private boolean precise(FlitSimulator.Result r) {
        return r.intervals().saturated() || relativeHalf(r) <= precise;
    }

    /** The larger relative half-width of the accepted throughput's and the mean latency's intervals (infinite: none). */
    static double relativeHalf(FlitSimulator.Result r) {
        org.oft.sim.flit.FlitIntervals ci = r.intervals();
        if (ci.accepted() == null || ci.meanLatency() == null) {
            return Double.POSITIVE_INFINITY;
        }
        return Math.max(ci.accepted().half() / ci.accepted().value(), ci.meanLatency().half() / ci.meanLatency().value());
    }

    /** The seeds of the replications: the first is --seed's, so that one replication is the plain run. */
    private long[] seeds() {
        long[] out = new long[replications];
        for (int k = 0; k < replications; k++) {
            out[k] = args.seed + 7919L * k;
        }
        return out;
    }

    private double[] seconds;
    /** The longest measured sample a load's runs took (--precision doubles it). */
    private long[] samples;

    /**
     * Every load's replications, each an independent simulation: run side by side, one per core (a simulation splits
     * its fabric among the threads left over); results by load, then replication.
     */
    private FlitSimulator.Result[][] runAll(FlitFabric.Forwarding fw, FlitNetwork net, FlitConfig config, FlitSimulator.Traffic tr,
                                            double[] loads) {
        long[] seeds = seeds();
        int jobs = loads.length * replications;
        int side = Math.min(threads, jobs);
        int lanes = Math.max(1, threads / side); // threads each simulation splits its fabric among
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(side,
                task -> {
                    Thread th = new Thread(task, "oft-flit-sweep");
                    th.setDaemon(true);
                    return th;
                });
        List<java.util.concurrent.Future<FlitSimulator.Result>> futures = new java.util.ArrayList<>();
        double[] jobSeconds = new double[jobs];
        long[] jobSample = new long[jobs];
        FlitSimulator[] sims = new FlitSimulator[jobs]; // read for progress only (a cycle count, a benign race)
        FlitSimulator.Result[][] out = new FlitSimulator.Result[loads.length][replications];
        Progress progress = Progress.of(spec.commandLine().getErr(), "flit");
        try {
            for (int j = 0; j < jobs; j++) {
                int k = j;
                futures.add(pool.submit(() -> {
                    FlitSimulator sim = fw.simulator(net, config, args.paths, seeds[k % replications]);
                    sim.setThreads(lanes);
                    sims[k] = sim;
                    try {
                        long t0 = System.nanoTime();
                        FlitSimulator.Result res = sim.run(loads[k / replications], tr, warmup, sample, drain, 10_000);
                        long n = sample;
                        while (precise != null && !precise(res) && n < maxCycles) {
                            n = Math.min(maxCycles, 2 * n); // (the same seed again, twice as long: the figures of one run)
                            sim.close();
                            sim = fw.simulator(net, config, args.paths, seeds[k % replications]);
                            sim.setThreads(lanes);
                            sims[k] = sim;
                            res = sim.run(loads[k / replications], tr, warmup, n, drain, 10_000);
                        }
                        jobSeconds[k] = (System.nanoTime() - t0) / 1e9;
                        jobSample[k] = n;
                        return res;
                    } finally {
                        sims[k].close();
                    }
                }));
            }
            for (int j = 0; j < jobs; j++) {
                out[j / replications][j % replications] = await(futures.get(j), progress, sims, "load " + load(loads[j / replications])
                        + " of " + loads.length + " loads" + (replications > 1 ? ", replication " + (j % replications + 1) : ""));
            }
        } finally {
            pool.shutdownNow();
            progress.done();
        }
        seconds = new double[loads.length];
        samples = new long[loads.length];
        for (int j = 0; j < jobs; j++) {
            seconds[j / replications] += jobSeconds[j];
            samples[j / replications] = Math.max(samples[j / replications], jobSample[j]);
        }
        return out;
    }

    private FlitSimulator.Result await(java.util.concurrent.Future<FlitSimulator.Result> f, Progress progress, FlitSimulator[] sims, String what) {
        try {
            while (true) {
                try {
                    return f.get(1, java.util.concurrent.TimeUnit.SECONDS);
                } catch (java.util.concurrent.TimeoutException e) {
                    progress.update(done(sims, warmup + sample), what);
                }
            }
        } catch (java.util.concurrent.ExecutionException e) {
            throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted");
        }
    }

    /** The share of the work done: each load's cycles past warm-up and sample count as done (the drain is short). */
    private static double done(FlitSimulator[] sims, long perLoad) {
        double d = 0;
        for (FlitSimulator sim : sims) {
            d += sim == null ? 0 : Math.min(1.0, (double) sim.cycle() / perLoad);
        }
        return d / sims.length;
    }

    /** A load as asked for: 0.65, 0.5, 1 (no float noise, no trailing zeros). */
    static String load(double load) {
        return FlitTable.load(load);
    }

    private double[] loads() {
        if (sweep == null) {
            flit.checkLoad();
            return new double[] {flit.load};
        }
        String[] p = sweep.split(":", -1);
        try {
            double from = Double.parseDouble(p[0]);
            double to = Double.parseDouble(p[1]);
            double step = Double.parseDouble(p[2]);
            if (p.length != 3 || !(from > 0) || !(to <= 1) || !(from <= to) || !(step > 0) || (to - from) / step > 1000) {
                throw new NumberFormatException();
            }
            return FlitFabric.loads(from, to, step);
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            throw new IllegalArgumentException("--sweep must be FROM:TO:STEP with 0 < FROM <= TO <= 1, STEP > 0 and at most 1000 steps, got '"
                    + sweep + "'");
        }
    }
}
