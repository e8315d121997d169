package org.oft.controller.service;

import io.vertx.core.json.JsonObject;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.oft.controller.fattree.analysis.Analysis;
import org.oft.controller.fattree.analysis.TrafficPattern;
import org.oft.controller.fattree.routing.Routing;

/**
 * Analyses run from the console ({@code fattree analyze}'s metrics on the running engine's routes):
 * one at a time on a worker, polled for progress and result. The last {@value #KEPT} are kept.
 */
final class AnalysisJobs {
    static final int KEPT = 20;
    static final int MAX_SAMPLES = 100_000;
    private static final Set<String> METRICS = Set.of("flows", "ctopo", "mload", "ebb");
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
            if (!(m instanceof String metric) || !METRICS.contains(metric)) {
                throw new IllegalArgumentException("\"metric\" must be flows, ctopo, mload or ebb");
            }
            Object p = b.getValue("pattern");
            if (!(p instanceof String pattern)) {
                throw new IllegalArgumentException("\"pattern\" must be a traffic pattern such as shift:1, shift:all, perm, bisect or c2io");
            }
            if (pattern.startsWith("file:")) {
                throw new IllegalArgumentException("patterns from files are for the command line, not the console");
            }
            TrafficPattern.parse(pattern, hosts); // refused here, with the reason, rather than in the job
            int samples = b.containsKey("samples") ? FaultRequest.intField(b, "samples") : 100;
            if (samples < 1 || samples > MAX_SAMPLES) {
                throw new IllegalArgumentException("\"samples\" must be 1.." + MAX_SAMPLES + ", got " + samples);
            }
            return new Request(metric, pattern, samples);
        }
    }

    synchronized boolean busy() {
        return jobs.values().stream().anyMatch(j -> "running".equals(j.getString("state")));
    }

    synchronized int open(Request r) {
        int id = nextId.getAndIncrement();
        jobs.put(id, new JsonObject().put("id", id).put("metric", r.metric()).put("pattern", r.pattern()).put("samples", r.samples())
                .put("state", "running").put("done", 0L).put("total", 1L));
        while (jobs.size() > KEPT) {
            jobs.remove(jobs.keySet().iterator().next());
        }
        return id;
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

    /** Runs job {@code id} (worker). */
    void run(int id, Request r, Routing routing, org.oft.controller.fattree.topology.NodeTypes types, long seed) {
        long t0 = System.nanoTime();
        try {
            TrafficPattern p = TrafficPattern.parse(r.pattern(), routing.topology().hosts());
            long total = p.random() ? r.samples() : 1;
            update(id, j -> j.put("total", total).put("engine", routing.engine()));
            Analysis a = new Analysis(routing, p, types, seed, done -> update(id, j -> j.put("done", done)));
            JsonObject result = switch (r.metric()) {
                case "flows" -> a.flows(r.samples());
                case "ctopo" -> a.ctopo(p.random() ? 1 : r.samples(), 10);
                case "mload" -> a.mload(r.samples());
                default -> a.ebb(r.samples());
            };
            double seconds = (System.nanoTime() - t0) / 1e9;
            update(id, j -> j.put("state", "done").put("done", total).put("seconds", seconds).put("result", result));
        } catch (RuntimeException e) {
            update(id, j -> j.put("state", "failed").put("error", String.valueOf(e.getMessage())));
        }
    }
}
