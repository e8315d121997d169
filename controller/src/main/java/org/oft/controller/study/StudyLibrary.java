package org.oft.controller.study;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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

    /** A summary of every study in the folder, by name. */
    public JsonArray list() {
        JsonArray out = new JsonArray();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        List<Path> dbs = new ArrayList<>();
        try (var files = Files.list(dir)) {
            files.filter(f -> f.getFileName().toString().endsWith(".db")).sorted().forEach(dbs::add);
        } catch (IOException e) {
            throw new IllegalStateException("cannot list " + dir + ": " + e.getMessage());
        }
        for (Path f : dbs) {
            String name = f.getFileName().toString().replaceFirst("\\.db$", "");
            if (NAME.matcher(name).matches()) {
                out.add(summary(name, false));
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
        try (Connection c = readOnly(f); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT name, points, model_version, spec, started_at FROM study LIMIT 1")) {
                if (rs.next()) {
                    out.put("study", rs.getString(1)).put("points", rs.getInt(2)).put("modelVersion", rs.getString(3))
                            .put("spec", new JsonObject(rs.getString(4))).put("startedAt", rs.getString(5));
                }
            }
            Map<String, Integer> stored = new TreeMap<>();
            int total = 0;
            try (ResultSet rs = s.executeQuery("SELECT worker, count(*) FROM points GROUP BY worker")) {
                while (rs.next()) {
                    stored.put(rs.getString(1), rs.getInt(2));
                    total += rs.getInt(2);
                }
            }
            Map<String, Integer> running = new TreeMap<>();
            try (ResultSet rs = s.executeQuery("SELECT worker, running FROM progress WHERE updated_at > "
                    + (System.currentTimeMillis() - RUNNING_FRESH_MILLIS))) {
                while (rs.next()) {
                    running.put(rs.getString(1), rs.getInt(2));
                }
            }
            JsonObject workers = new JsonObject();
            java.util.Set<String> names = new java.util.TreeSet<>(stored.keySet());
            names.addAll(running.keySet());
            for (String w : names) {
                workers.put(w, new JsonObject().put("stored", stored.getOrDefault(w, 0)).put("running", running.getOrDefault(w, 0)));
            }
            int points = out.getInteger("points", total);
            int runningNow = running.values().stream().mapToInt(Integer::intValue).sum();
            out.put("stored", total).put("running", runningNow).put("left", Math.max(0, points - total - runningNow)).put("workers", workers)
                    .put("state", total >= points ? "done" : !running.isEmpty() ? "running" : "stopped");
            if (rows) {
                List<ResultStore.Row> all = new ArrayList<>();
                try (ResultSet rs = s.executeQuery("SELECT id, config, result, wall_seconds, worker, finished_at FROM points WHERE kind = 'flit'")) {
                    while (rs.next()) {
                        all.add(new ResultStore.Row(rs.getString(1), new JsonObject(rs.getString(2)), new JsonObject(rs.getString(3)),
                                rs.getDouble(4), rs.getString(5), rs.getString(6)));
                    }
                }
                JsonArray points2 = new JsonArray();
                for (ResultStore.Row r : all) {
                    JsonObject res = r.result();
                    points2.add(new JsonObject().put("series", StudyTable.seriesName(r.config())).put("load", r.config().getDouble("load"))
                            .put("offered", res.getValue("offered")).put("accepted", res.getValue("accepted"))
                            .put("minFlowAccepted", res.getValue("minFlowAccepted")).put("meanLatency", res.getValue("meanLatency"))
                            .put("p99Latency", res.getValue("p99Latency")).put("sustained", res.getValue("sustained")));
                }
                out.put("flit", points2).put("saturation", new JsonArray(StudyTable.saturations(all)));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read " + f + ": " + StudyFile.firstLine(e.getMessage()));
        }
        return out;
    }

    private static Connection readOnly(Path f) throws SQLException {
        org.sqlite.SQLiteConfig cfg = new org.sqlite.SQLiteConfig();
        cfg.setReadOnly(true);
        cfg.setBusyTimeout(10_000);
        return DriverManager.getConnection("jdbc:sqlite:" + f, cfg.toProperties());
    }
}
