package org.oft.controller.service.events;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The controller's event log, kept in SQLite: every change asked of it and every alarm, with wall time,
 * severity, the part concerned, who asked and the outcome. A file survives restarts and opens in sqlite3
 * or pandas; without one the log lives in memory. One writer: the verticle's worker, one call at a time.
 */
public final class EventLog implements AutoCloseable {
    public static final List<String> SEVERITIES = List.of("info", "warning", "alarm");
    /** Rows kept: the oldest go beyond this, so a lab running for months does not fill its disk. */
    static final long KEEP = 1_000_000;
    private final Connection db;
    private final PreparedStatement insert;
    private long appended;

    private EventLog(Connection db) throws SQLException {
        this.db = db;
        try (Statement s = db.createStatement()) {
            s.execute("PRAGMA journal_mode=WAL");
            s.execute("PRAGMA busy_timeout=5000"); // several controllers of one machine may share the file
            s.execute("CREATE TABLE IF NOT EXISTS events (id INTEGER PRIMARY KEY AUTOINCREMENT, at_ms INTEGER NOT NULL, "
                    + "severity TEXT NOT NULL, kind TEXT NOT NULL, part TEXT, who TEXT, outcome TEXT, text TEXT NOT NULL, controller TEXT)");
        }
        insert = db.prepareStatement("INSERT INTO events (at_ms, severity, kind, part, who, outcome, text, controller) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    }

    /** The log in {@code file} (made if missing), or in memory when {@code file} is null. */
    public static EventLog open(Path file) {
        try {
            if (file != null) {
                Path dir = file.toAbsolutePath().getParent();
                if (dir != null) {
                    Files.createDirectories(dir);
                }
            }
            return new EventLog(DriverManager.getConnection("jdbc:sqlite:" + (file == null ? ":memory:" : file.toString())));
        } catch (SQLException | java.io.IOException e) {
            throw new IllegalArgumentException("cannot keep the event log in " + file + ": " + e.getMessage());
        }
    }

    /** Appends one event ({@link Events} builds them). */
    public void append(JsonObject e) {
        try {
            insert.setLong(1, e.getLong("atMs", System.currentTimeMillis()));
            insert.setString(2, e.getString("severity", "info"));
            insert.setString(3, e.getString("kind", "note"));
            insert.setString(4, e.getString("part"));
            insert.setString(5, e.getString("who"));
            insert.setString(6, e.getString("outcome"));
            insert.setString(7, e.getString("text", ""));
            insert.setString(8, e.getString("controller"));
            insert.executeUpdate();
            if (++appended % 10_000 == 0) {
                try (Statement s = db.createStatement()) {
                    s.execute("DELETE FROM events WHERE id <= (SELECT MAX(id) FROM events) - " + KEEP);
                }
            }
        } catch (SQLException x) {
            throw new IllegalStateException("the event log did not take an event: " + x.getMessage());
        }
    }

    /**
     * Events after {@code afterId}, newest first, at most {@code limit}, of at least {@code minSeverity}, and
     * of {@code part} when given (a part's history).
     */
    public JsonArray query(long afterId, int limit, String minSeverity, String part) {
        int min = Math.max(0, SEVERITIES.indexOf(minSeverity));
        StringBuilder sql = new StringBuilder("SELECT id, at_ms, severity, kind, part, who, outcome, text, controller FROM events WHERE id > ?");
        sql.append(" AND severity IN (");
        for (int i = min; i < SEVERITIES.size(); i++) {
            sql.append(i > min ? ",'" : "'").append(SEVERITIES.get(i)).append('\'');
        }
        sql.append(')');
        if (part != null) {
            sql.append(" AND part = ?");
        }
        sql.append(" ORDER BY id DESC LIMIT ?");
        try (PreparedStatement q = db.prepareStatement(sql.toString())) {
            int i = 1;
            q.setLong(i++, afterId);
            if (part != null) {
                q.setString(i++, part);
            }
            q.setInt(i, limit);
            JsonArray out = new JsonArray();
            try (ResultSet r = q.executeQuery()) {
                while (r.next()) {
                    out.add(new JsonObject().put("id", r.getLong(1)).put("atMs", r.getLong(2)).put("severity", r.getString(3))
                            .put("kind", r.getString(4)).put("part", r.getString(5)).put("who", r.getString(6))
                            .put("outcome", r.getString(7)).put("text", r.getString(8)).put("controller", r.getString(9)));
                }
            }
            return out;
        } catch (SQLException x) {
            throw new IllegalStateException("the event log did not answer: " + x.getMessage());
        }
    }

    @Override
    public void close() {
        try {
            insert.close();
            db.close();
        } catch (SQLException e) {
            // closing anyway
        }
    }
}
