package org.oft.controller.study;

import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.oft.controller.files.SqliteJournal;

/**
 * A study's results: one SQLite file (a lab opens it with sqlite3, pandas or R as it is), one row per point, keyed by
 * the point's id. A row is written whole in one statement or not at all, and a second result for a stored point is
 * dropped: a point is stored once however many workers ran it. SQLite because the results are one writer's (the
 * coordinator's) and should travel as one file; the event log uses the same library.
 */
public final class ResultStore implements AutoCloseable {
    /** A stored row. */
    public record Row(String id, JsonObject config, JsonObject result, double wallSeconds, String worker, String finishedAt) {
    }

    private final Path file;
    private final Connection db;
    private final PreparedStatement insert;

    private ResultStore(Path file, Connection db) throws SQLException {
        this.file = file;
        this.db = db;
        this.insert = db.prepareStatement("INSERT OR IGNORE INTO points (id, study, model_version, kind, topology, engine, paths, traffic, "
                + "load, seed, metric, pattern, accepted, mean_latency, p99_latency, sustained, config, result, wall_seconds, worker, finished_at) "
                + "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    }

    /**
     * The one run that writes a results database: an OS lock on {@code DB.lock}, held until closed (or the process
     * ends, however it ends). A second run on the same database is refused by name, with who holds it.
     */
    public static final class RunLock implements AutoCloseable {
        private final java.nio.channels.FileChannel channel;

        private RunLock(java.nio.channels.FileChannel channel) {
            this.channel = channel;
        }

        @Override
        public void close() {
            try {
                channel.close(); // releases the lock
            } catch (java.io.IOException e) {
                // closing a lock file: nothing to do
            }
        }
    }

    /** Takes {@code db}'s run lock for {@code who} (e.g. "oftctl study run s.json"), or says who has it. */
    public static RunLock lockForRun(Path db, String who) {
        requireFile(db);
        Path lock = db.resolveSibling(db.getFileName() + ".lock");
        java.nio.channels.FileChannel ch = null;
        try {
            Path parent = lock.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            ch = java.nio.channels.FileChannel.open(lock, java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.READ,
                    java.nio.file.StandardOpenOption.WRITE);
            java.nio.channels.FileLock held;
            try {
                held = ch.tryLock();
            } catch (java.nio.channels.OverlappingFileLockException e) {
                held = null; // this process holds it already
            }
            if (held == null) {
                String holder = Files.readString(lock).strip();
                ch.close();
                throw new IllegalArgumentException("the results database " + db + " is being written by another run"
                        + (holder.isEmpty() ? "" : " (" + holder + ")") + ": one run writes a results database at a time;"
                        + " wait for it, or stop it, then run again (stored points are kept)");
            }
            ch.truncate(0);
            ch.write(java.nio.ByteBuffer.wrap((who + ", pid " + ProcessHandle.current().pid() + ", since " + java.time.Instant.now()
                    + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8)));
            ch.force(false);
            return new RunLock(ch);
        } catch (java.io.IOException e) {
            if (ch != null) {
                try {
                    ch.close();
                } catch (java.io.IOException ignored) {
                    // already failing
                }
            }
            throw new IllegalArgumentException("cannot lock the results database " + db + " for a run: " + e.getMessage());
        }
    }

    /** Whether {@code file} is an SQLite database (a results database, or another program's). */
    public static boolean isResultsFile(Path file) {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        try (java.io.InputStream in = Files.newInputStream(file)) {
            return java.util.Arrays.equals(in.readNBytes(16), "SQLite format 3\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** A results database is a file: ":memory:" would keep nothing, and a "file:" name is SQLite's, not a path. */
    private static void requireFile(Path file) {
        String name = file.toString();
        if (name.isBlank() || name.equals(":memory:") || name.startsWith("file:") || Files.isDirectory(file)) {
            throw new IllegalArgumentException("the results database must be a file, got '" + name + "' (results kept in memory are lost"
                    + " when the run ends)");
        }
    }

    /** Opens an existing results database to read while another process may write it (the console). */
    public static ResultStore openReadOnly(Path file) {
        requireFile(file);
        try {
            org.sqlite.SQLiteConfig cfg = new org.sqlite.SQLiteConfig();
            cfg.setReadOnly(true);
            cfg.setBusyTimeout(10_000);
            return new ResultStore(file, DriverManager.getConnection("jdbc:sqlite:" + file, cfg.toProperties()));
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the results database " + file + ": " + StudyFile.firstLine(e.getMessage()));
        }
    }

    /** Opens (creating if need be) the results database {@code file}; a clear error if it cannot be. */
    public static ResultStore open(Path file) {
        requireFile(file);
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA journal_mode=" + SqliteJournal.modeFor(file)); // WAL unless on NFS
                s.execute("PRAGMA busy_timeout=10000");
                s.execute("CREATE TABLE IF NOT EXISTS points (id TEXT PRIMARY KEY, study TEXT NOT NULL, model_version TEXT NOT NULL, "
                        + "kind TEXT NOT NULL, topology TEXT, engine TEXT, paths INTEGER, traffic TEXT, load REAL, seed INTEGER, metric TEXT, "
                        + "pattern TEXT, accepted REAL, mean_latency REAL, p99_latency INTEGER, sustained INTEGER, config TEXT NOT NULL, "
                        + "result TEXT NOT NULL, wall_seconds REAL, worker TEXT, finished_at TEXT)");
                // what the file holds (the study's definition and size), and who runs its points now (the runner's view)
                s.execute("CREATE TABLE IF NOT EXISTS study (name TEXT PRIMARY KEY, points INTEGER NOT NULL, model_version TEXT NOT NULL, "
                        + "spec TEXT NOT NULL, started_at TEXT NOT NULL)");
                s.execute("CREATE TABLE IF NOT EXISTS progress (worker TEXT PRIMARY KEY, running INTEGER NOT NULL, updated_at INTEGER NOT NULL)");
            }
            return new ResultStore(file, c);
        } catch (SQLException | java.io.IOException e) {
            throw new IllegalArgumentException("cannot open the results database " + file + ": " + StudyFile.firstLine(e.getMessage()));
        }
    }

    public Path file() {
        return file;
    }

    /**
     * Stores a point's result, whole; false if the point was stored already (the result is then dropped). Called by
     * one writer at a time.
     */
    public synchronized boolean put(String study, StudyPoint p, JsonObject result, double wallSeconds, String worker) {
        JsonObject c = p.config();
        try {
            insert.setString(1, p.id());
            insert.setString(2, study);
            insert.setString(3, StudyPoint.MODEL_VERSION);
            insert.setString(4, p.kind());
            insert.setString(5, c.getString("topology"));
            insert.setString(6, c.getString("engine"));
            insert.setObject(7, c.getInteger("paths"));
            insert.setString(8, c.getString("traffic"));
            insert.setObject(9, c.getDouble("load"));
            insert.setObject(10, c.getLong("seed"));
            insert.setString(11, c.getString("metric"));
            insert.setString(12, c.getString("pattern"));
            insert.setObject(13, result.getValue("accepted") instanceof Number n ? n.doubleValue() : null);
            insert.setObject(14, result.getValue("meanLatency") instanceof Number n ? n.doubleValue() : null);
            insert.setObject(15, result.getValue("p99Latency") instanceof Number n ? n.longValue() : null);
            insert.setObject(16, result.getValue("sustained") instanceof Boolean b ? (b ? 1 : 0) : null);
            insert.setString(17, c.encode());
            insert.setString(18, result.encode());
            insert.setDouble(19, wallSeconds);
            insert.setString(20, worker);
            insert.setString(21, java.time.Instant.now().toString());
            return insert.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IllegalStateException("cannot store point " + p.id() + " in " + file + ": " + StudyFile.firstLine(e.getMessage()));
        }
    }

    /** Records the study this database holds (one a file): its definition and number of points, as a run starts. */
    public synchronized void describe(Study s) {
        try (Statement clear = db.createStatement();
             PreparedStatement q = db.prepareStatement("INSERT INTO study (name, points, model_version, spec, started_at) VALUES (?,?,?,?,?)")) {
            db.setAutoCommit(false);
            clear.execute("DELETE FROM study");
            q.setString(1, s.name());
            q.setInt(2, s.points().size());
            q.setString(3, StudyPoint.MODEL_VERSION);
            q.setString(4, s.spec().encode());
            q.setString(5, java.time.Instant.now().toString());
            q.executeUpdate();
            db.commit();
        } catch (SQLException e) {
            rollback();
            throw new IllegalStateException("cannot write " + file + ": " + StudyFile.firstLine(e.getMessage()));
        } finally {
            autoCommit();
        }
    }

    /** The study this database holds ({name, points, modelVersion, spec, startedAt}), or null if none was recorded. */
    public synchronized JsonObject definition() {
        try (Statement s = db.createStatement();
             ResultSet rs = s.executeQuery("SELECT name, points, model_version, spec, started_at FROM study LIMIT 1")) {
            return rs.next() ? new JsonObject().put("name", rs.getString(1)).put("points", rs.getInt(2)).put("modelVersion", rs.getString(3))
                    .put("spec", new JsonObject(rs.getString(4))).put("startedAt", rs.getString(5)) : null;
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read " + file + ": " + StudyFile.firstLine(e.getMessage()));
        }
    }

    /**
     * The points running now, by worker, replacing the last such record, and the runner's own mark (worker "") so
     * that a run waiting for workers still reads as running; the console reads it.
     */
    public synchronized void running(java.util.Map<String, Integer> byWorker) {
        try (Statement s = db.createStatement(); PreparedStatement q = db.prepareStatement("INSERT INTO progress VALUES (?,?,?)")) {
            db.setAutoCommit(false);
            s.execute("DELETE FROM progress");
            java.util.Map<String, Integer> rows = new java.util.TreeMap<>(byWorker);
            rows.put(RUNNER, 0);
            for (var e : rows.entrySet()) {
                q.setString(1, e.getKey());
                q.setInt(2, e.getValue());
                q.setLong(3, System.currentTimeMillis());
                q.executeUpdate();
            }
            db.commit();
        } catch (SQLException e) {
            rollback();
            throw new IllegalStateException("cannot write " + file + ": " + StudyFile.firstLine(e.getMessage()));
        } finally {
            autoCommit();
        }
    }

    /** The run has ended: nothing runs any more. */
    public synchronized void ended() {
        try (Statement s = db.createStatement()) {
            s.execute("DELETE FROM progress");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot write " + file + ": " + StudyFile.firstLine(e.getMessage()));
        }
    }

    /** The runner's mark in the progress table. */
    static final String RUNNER = "";

    /**
     * The points running by worker as last recorded no longer ago than {@code freshMillis} (older: a run that ended
     * without saying so, killed), or null when no run is recorded as going on.
     */
    public synchronized java.util.Map<String, Integer> runningByWorker(long freshMillis) {
        java.util.Map<String, Integer> out = new java.util.TreeMap<>();
        boolean runner = false;
        try (PreparedStatement q = db.prepareStatement("SELECT worker, running FROM progress WHERE updated_at > ?")) {
            q.setLong(1, System.currentTimeMillis() - freshMillis);
            try (ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    if (RUNNER.equals(rs.getString(1))) {
                        runner = true;
                    } else {
                        out.put(rs.getString(1), rs.getInt(2));
                    }
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read " + file + ": " + StudyFile.firstLine(e.getMessage()));
        }
        return runner || !out.isEmpty() ? out : null;
    }

    /** Points {@code worker} has stored in {@code db}, read from outside the run (0 while the file is not there yet). */
    public static int storedBy(Path db, String worker) {
        if (!Files.exists(db)) {
            return 0;
        }
        try (ResultStore s = openReadOnly(db)) {
            return s.storedByWorker().getOrDefault(worker, 0);
        } catch (IllegalStateException e) {
            return 0; // the runner is creating it
        }
    }

    /** Points stored, by worker. */
    public synchronized java.util.Map<String, Integer> storedByWorker() {
        java.util.Map<String, Integer> out = new java.util.TreeMap<>();
        try (Statement s = db.createStatement(); ResultSet rs = s.executeQuery("SELECT worker, count(*) FROM points GROUP BY worker")) {
            while (rs.next()) {
                out.put(rs.getString(1), rs.getInt(2));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read " + file + ": " + StudyFile.firstLine(e.getMessage()));
        }
        return out;
    }

    private void rollback() {
        try {
            db.rollback();
        } catch (SQLException e) {
            // the error that led here is the one to report
        }
    }

    private void autoCommit() {
        try {
            db.setAutoCommit(true);
        } catch (SQLException e) {
            // the next statement says so
        }
    }

    /** The ids of the stored points of this model version. */
    public synchronized Set<String> storedIds() {
        Set<String> ids = new HashSet<>();
        try (PreparedStatement q = db.prepareStatement("SELECT id FROM points WHERE model_version = ?")) {
            q.setString(1, StudyPoint.MODEL_VERSION);
            try (ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getString(1));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read " + file + ": " + StudyFile.firstLine(e.getMessage()));
        }
        return ids;
    }

    /** Every stored row, in the order stored. */
    public synchronized List<Row> rows() {
        List<Row> out = new ArrayList<>();
        try (Statement s = db.createStatement();
             ResultSet rs = s.executeQuery("SELECT id, config, result, wall_seconds, worker, finished_at FROM points ORDER BY rowid")) {
            while (rs.next()) {
                out.add(new Row(rs.getString(1), new JsonObject(rs.getString(2)), new JsonObject(rs.getString(3)), rs.getDouble(4),
                        rs.getString(5), rs.getString(6)));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read " + file + ": " + StudyFile.firstLine(e.getMessage()));
        }
        return out;
    }

    /** The stored rows of these points, in the points' order (points not stored are left out). */
    public synchronized List<Row> rows(List<StudyPoint> points) {
        java.util.Map<String, Row> byId = new java.util.HashMap<>();
        for (Row r : rows()) {
            byId.put(r.id(), r);
        }
        List<Row> out = new ArrayList<>();
        for (StudyPoint p : points) {
            Row r = byId.get(p.id());
            if (r != null) {
                out.add(r);
            }
        }
        return out;
    }

    @Override
    public synchronized void close() {
        try {
            insert.close();
            db.close();
        } catch (SQLException e) {
            // closing: nothing left to lose
        }
    }
}
