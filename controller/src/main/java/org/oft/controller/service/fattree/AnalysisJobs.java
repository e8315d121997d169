package org.oft.controller.service.fattree;

import org.oft.controller.service.JsonFields;
import io.vertx.core.json.JsonObject;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.oft.controller.fattree.analysis.Analysis;
import org.oft.controller.fattree.analysis.TrafficPattern;
import org.oft.controller.fattree.routing.Routing;
import org.oft.controller.fattree.flit.FlitFabric;
import org.oft.controller.fattree.topology.NodeTypes;
import org.oft.sim.flit.FlitSimulator;

/**
 * Analyses run from the console ({@code fattree analyze}'s metrics on the running engine's routes):
 * one at a time on a worker, polled for progress and result. The last {@value #KEPT} are kept.
 */
final class AnalysisJobs {
    static final int KEPT = 20;
    static final int MAX_SAMPLES = 100_000;
    private final Map<Integer, JsonObject> jobs = new LinkedHashMap<>();
    private final AtomicInteger nextId = new AtomicInteger(1);

    /** A checked request: the metric, the pattern and the sample count, or a reason it is refused. */
    record Request(String metric, String pattern, int samples) {
        static Request parse(JsonObject b, int hosts) {
            for (String f : b.fieldNames()) {
                if (!Set.of("metric", "pattern", "samples").contains(f)) {
                    throw new IllegalArgumentException("unknown field '" + f + "' (metric, pattern, samples)");
                }
            }
            Object m = b.getValue("metric");
            if (!(m instanceof String metric) || !Analysis.METRICS.contains(metric)) {
                throw new IllegalArgumentException("\"metric\" must be flows, ctopo, mload or ebb");
            }
            Object p = b.getValue("pattern");
            if (!(p instanceof String pattern)) {
                throw new IllegalArgumentException("\"pattern\" must be a traffic pattern such as shift:1, shift:all, perm, bisect or c2io");
            }
            if (pattern.strip().startsWith("file:")) { // as the parser reads it: " file:/etc/passwd" too
                throw new IllegalArgumentException("patterns from files are for the command line, not the console");
            }
            TrafficPattern.parse(pattern, hosts); // refused here, with the reason, rather than in the job
            int samples = b.containsKey("samples") ? JsonFields.intField(b, "samples") : 100;
            if (samples < 1 || samples > MAX_SAMPLES) {
                throw new IllegalArgumentException("\"samples\" must be 1.." + MAX_SAMPLES + ", got " + samples);
            }
            return new Request(metric, pattern, samples);
        }
    }

    /** A load sweep of the flit model: loads FROM, FROM+STEP, ... up to TO (flits/host/cycle). */
    record Sweep(double from, double to, double step) {
        static final int MAX_LOADS = 50;

        static Sweep parse(JsonObject b) {
            for (String f : b.fieldNames()) {
                if (!Set.of("from", "to", "step").contains(f)) {
                    throw new IllegalArgumentException("unknown field '" + f + "' (from, to, step)");
                }
            }
            double from = number(b, "from", 0.1);
            double to = number(b, "to", 1.0);
            double step = number(b, "step", 0.1);
            if (!(from > 0 && from <= to && to <= 1 && step > 0) || (to - from) / step + 1 > MAX_LOADS + 1e-9) {
                throw new IllegalArgumentException("a sweep needs 0 < from <= to <= 1, step > 0 and at most " + MAX_LOADS + " loads");
            }
            return new Sweep(from, to, step);
        }

        private static double number(JsonObject b, String name, double dflt) {
            Object v = b.getValue(name);
            if (v == null) {
                return dflt;
            }
            if (!(v instanceof Number n)) {
                throw new IllegalArgumentException("\"" + name + "\" must be a number");
            }
            return n.doubleValue();
        }

        double[] loads() {
            return FlitFabric.loads(from, to, step);
        }
    }

    /**
     * Runs sweep {@code id} (worker, one simulation at a time, so the served fabric keeps a core):
     * each load from empty, with warm-up, measured sample and drain, as {@code oftctl flit --sweep}.
     */
    void runSweep(int id, Sweep s, java.util.function.DoubleFunction<FlitSimulator.Result> run, String what) {
        finish(id, () -> {
            double[] loads = s.loads();
            io.vertx.core.json.JsonArray runs = new io.vertx.core.json.JsonArray();
            Double saturation = null;
            for (int i = 0; i < loads.length; i++) {
                long t1 = System.nanoTime();
                FlitSimulator.Result r = run.apply(loads[i]);
                JsonObject o = FlitFabric.json(r, (System.nanoTime() - t1) / 1e9);
                o.remove("latencyHistogram");
                runs.add(o);
                if (FlitFabric.sustains(r)) {
                    saturation = loads[i];
                }
                long done = i + 1;
                update(id, j -> j.put("done", done));
            }
            return new JsonObject().put("what", what).put("runs", runs).put("saturationLoad", saturation);
        });
    }

    synchronized boolean busy() {
        return jobs.values().stream().anyMatch(j -> "running".equals(j.getString("state")));
    }

    /** A new job, running: what it is ({@code metric} and its parameters) and how many steps it has. */
    synchronized int open(JsonObject what, long total) {
        int id = nextId.getAndIncrement();
        jobs.put(id, what.copy().put("id", id).put("state", "running").put("done", 0L).put("total", total));
        while (jobs.size() > KEPT) {
            jobs.remove(jobs.keySet().iterator().next());
        }
        return id;
    }

    int open(Request r) {
        return open(new JsonObject().put("metric", r.metric()).put("pattern", r.pattern()).put("samples", r.samples()), 1);
    }

    int open(Sweep s) {
        return open(new JsonObject().put("metric", "sweep").put("from", s.from()).put("to", s.to()).put("step", s.step()),
                s.loads().length);
    }

    /** Runs a job's work (worker): its result, or its failure, lands in the job with the time it took. */
    private void finish(int id, java.util.function.Supplier<JsonObject> work) {
        long t0 = System.nanoTime();
        try {
            JsonObject result = work.get();
            double seconds = (System.nanoTime() - t0) / 1e9;
            update(id, j -> j.put("state", "done").put("done", j.getLong("total")).put("seconds", seconds).put("result", result));
        } catch (RuntimeException e) {
            update(id, j -> j.put("state", "failed").put("error", String.valueOf(e.getMessage())));
        }
    }

    synchronized JsonObject get(int id) {
        JsonObject j = jobs.get(id);
        return j == null ? null : j.copy();
    }

    private synchronized void update(int id, java.util.function.Consumer<JsonObject> change) {
        JsonObject j = jobs.get(id);
        if (j != null) {
            change.accept(j);
        }
    }

    /** Runs analysis {@code id} (worker). */
    void run(int id, Request r, Routing routing, NodeTypes types, long seed) {
        finish(id, () -> {
            TrafficPattern p = TrafficPattern.parse(r.pattern(), routing.topology().hosts());
            long total = p.random() ? r.samples() : 1;
            update(id, j -> j.put("total", total).put("engine", routing.engine()));
            return new Analysis(routing, p, types, seed, done -> update(id, j -> j.put("done", done))).metric(r.metric(), r.samples());
        });
    }
}
