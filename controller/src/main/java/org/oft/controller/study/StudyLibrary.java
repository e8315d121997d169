package org.oft.controller.study;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The studies of a folder as the console shows them: one {@code NAME.db} each, whoever runs it (this controller,
 * an {@code oftctl study run} on this machine, or a cluster's coordinator writing here). Read only, while they run.
 */
public final class StudyLibrary {
    /** A study's name: letters, digits, '-' and '_', as its files are named. */
    public static final java.util.regex.Pattern NAME = java.util.regex.Pattern.compile("[A-Za-z0-9_-]{1,64}");
    /** Progress older than this is a run that ended without clearing it (killed): not shown as running. */
    static final long RUNNING_FRESH_MILLIS = 30_000;

    private final Path dir;

    public StudyLibrary(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    public Path db(String name) {
        return dir.resolve(name + ".db");
    }

    /** A summary of every study in the folder, by name; a file that is not a study's results says so. */
    public JsonArray list() {
        JsonArray out = new JsonArray();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        List<Path> dbs = new ArrayList<>();
        try (var files = Files.list(dir)) {
            files.filter(f -> f.getFileName().toString().endsWith(".db") && Files.isRegularFile(f)).sorted().forEach(dbs::add); // a stray folder is no study
        } catch (IOException e) {
            throw new IllegalStateException("cannot list " + dir + ": " + e.getMessage());
        }
        for (Path f : dbs) {
            String name = f.getFileName().toString().replaceFirst("\\.db$", "");
            if (NAME.matcher(name).matches()) {
                try {
                    out.add(summary(name, false));
                } catch (IllegalStateException | IllegalArgumentException | java.util.NoSuchElementException e) { // one bad file hides no other
                    out.add(new JsonObject().put("name", name).put("file", f.toString()).put("state", "unreadable").put("error", e.getMessage()));
                }
            }
        }
        return out;
    }

    /**
     * A study's state: points, stored, per worker stored and running; with {@code rows}, every stored flit point
     * (its configuration without the load as {@code series}, and its figures) and saturation per configuration.
     */
    public JsonObject summary(String name, boolean rows) {
        Path f = db(name);
        if (!Files.isRegularFile(f)) {
            throw new java.util.NoSuchElementException("no study '" + name + "' in " + dir);
        }
        JsonObject out = new JsonObject().put("name", name).put("file", f.toString());
        try (ResultStore store = ResultStore.openReadOnly(f)) {
            JsonObject d = store.definition();
            if (d != null) {
                out.put("study", d.getString("name")).put("points", d.getInteger("points")).put("modelVersion", d.getString("modelVersion"))
                        .put("spec", d.getJsonObject("spec")).put("startedAt", d.getString("startedAt"));
            }
            Map<String, Integer> stored = store.storedByWorker();
            Map<String, Integer> running = store.runningByWorker(RUNNING_FRESH_MILLIS);
            int total = stored.values().stream().mapToInt(Integer::intValue).sum();
            int runningNow = running == null ? 0 : running.values().stream().mapToInt(Integer::intValue).sum();
            JsonObject workers = new JsonObject();
            java.util.Set<String> names = new java.util.TreeSet<>(stored.keySet());
            if (running != null) {
                names.addAll(running.keySet());
            }
            for (String w : names) {
                workers.put(w, new JsonObject().put("stored", stored.getOrDefault(w, 0))
                        .put("running", running == null ? 0 : running.getOrDefault(w, 0)));
            }
            int points = out.getInteger("points", total);
            out.put("stored", total).put("running", runningNow).put("left", Math.max(0, points - total - runningNow)).put("workers", workers)
                    .put("state", total >= points ? "done" : running != null ? "running" : "stopped");
            if (rows) {
                List<ResultStore.Row> all = store.rows().stream().filter(r -> "flit".equals(r.config().getString("kind"))).toList();
                JsonArray flit = new JsonArray();
                for (ResultStore.Row r : all) {
                    JsonObject res = r.result();
                    flit.add(new JsonObject().put("series", StudyTable.seriesName(r.config())).put("load", r.config().getDouble("load"))
                            .put("offered", res.getValue("offered")).put("accepted", res.getValue("accepted"))
                            .put("minFlowAccepted", res.getValue("minFlowAccepted")).put("meanLatency", res.getValue("meanLatency"))
                            .put("p99Latency", res.getValue("p99Latency")).put("sustained", res.getValue("sustained"))
                            .put("ci95", res.getValue("ci95"))); // (null for a point stored before intervals)
                }
                out.put("flit", flit).put("saturation", new JsonArray(StudyTable.saturations(all)));
            }
        }
        return out;
    }
}
