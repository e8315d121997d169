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
import org.oft.controller.files.SqliteJournal;

/**
 * The controller's event log, kept in SQLite: every change asked of it and every alarm, with wall time,
 * severity, the part concerned, who asked and the outcome. A file survives restarts and opens in sqlite3
 * or pandas; without one the log lives in memory. One writer: the verticle's worker, one call at a time.
 */
public final class EventLog implements AutoCloseable {
    public static final List<String> SEVERITIES = List.of("info", "warning", "alarm");
    /** Rows kept unless told (serve --events-keep): the oldest go beyond it, so a lab running for months does not fill its disk. */
    public static final long KEEP = 1_000_000;
    private final Connection db;
    private final PreparedStatement insert;
    private final long keep;
    private long appended;

    private EventLog(Connection db, long keep, String journal) throws SQLException {
        if (keep < 1) {
            throw new IllegalArgumentException("--events-keep must be at least 1, got " + keep);
        }
        this.db = db;
        this.keep = keep;
        try (Statement s = db.createStatement()) {
            s.execute("PRAGMA journal_mode=" + journal); // WAL unless on NFS, where other hosts' controllers may share the file
            s.execute("PRAGMA busy_timeout=5000"); // several controllers of one machine may share the file
            s.execute("CREATE TABLE IF NOT EXISTS events (id INTEGER PRIMARY KEY AUTOINCREMENT, at_ms INTEGER NOT NULL, "
                    + "severity TEXT NOT NULL, kind TEXT NOT NULL, part TEXT, who TEXT, outcome TEXT, text TEXT NOT NULL, controller TEXT)");
            boolean acked = false; // a log written before acknowledgements gets their columns
            try (ResultSet r = s.executeQuery("PRAGMA table_info(events)")) {
                while (r.next()) {
                    acked |= r.getString("name").equals("acked_by");
                }
            }
            if (!acked) {
                s.execute("ALTER TABLE events ADD COLUMN acked_by TEXT");
                s.execute("ALTER TABLE events ADD COLUMN acked_ms INTEGER");
            }
        }
        trim();
        insert = db.prepareStatement("INSERT INTO events (at_ms, severity, kind, part, who, outcome, text, controller) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    }

    /** The log in {@code file} (made if missing), or in memory when {@code file} is null, keeping {@value #KEEP} rows. */
    public static EventLog open(Path file) {
        return open(file, KEEP);
    }

    /** The log in {@code file} (made if missing), or in memory when {@code file} is null, keeping the newest {@code keep} rows. */
    public static EventLog open(Path file, long keep) {
        try {
            if (file != null) {
                Path dir = file.toAbsolutePath().getParent();
                if (dir != null) {
                    Files.createDirectories(dir);
                }
            }
            return new EventLog(DriverManager.getConnection("jdbc:sqlite:" + (file == null ? ":memory:" : file.toString())), keep,
                    file == null ? "WAL" : SqliteJournal.modeFor(file));
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
            if (++appended % Math.max(1, Math.min(10_000, keep / 10)) == 0) { // the bound holds within a tenth of it
                trim();
            }
        } catch (SQLException x) {
            throw new IllegalStateException("the event log did not take an event: " + x.getMessage());
        }
    }

    private void trim() throws SQLException {
        try (Statement s = db.createStatement()) {
            s.execute("DELETE FROM events WHERE id <= (SELECT MAX(id) FROM events) - " + keep);
        }
    }

    /**
     * Acknowledges event {@code id} for {@code who}: an operator has seen it. A second acknowledgement keeps
     * the first; an id that is not kept is a {@link java.util.NoSuchElementException}. Answers the event.
     */
    public JsonObject acknowledge(long id, String who) {
        try (PreparedStatement u = db.prepareStatement("UPDATE events SET acked_by = ?, acked_ms = ? WHERE id = ? AND acked_by IS NULL")) {
            u.setString(1, who);
            u.setLong(2, System.currentTimeMillis());
            u.setLong(3, id);
            u.executeUpdate();
        } catch (SQLException x) {
            throw new IllegalStateException("the event log did not take the acknowledgement: " + x.getMessage());
        }
        JsonArray one = select(" AND id = ?", q -> q.setLong(1, id), 1);
        if (one.isEmpty()) {
            throw new java.util.NoSuchElementException("no event " + id + " is kept");
        }
        return one.getJsonObject(0);
    }

    /**
     * Acknowledges, for {@code who}, every event not acknowledged yet of at least {@code minSeverity}, and of
     * {@code part} and {@code kind} when given (the filter the operator sees): one click for a storm. Answers how many.
     */
    public int acknowledgeAll(String minSeverity, String part, String kind, String who) {
        return acknowledgeAll(minSeverity, part, kind, null, who);
    }

    /** As {@link #acknowledgeAll(String, String, String, String)}, of events at or after {@code sinceMs} when given. */
    public int acknowledgeAll(String minSeverity, String part, String kind, Long sinceMs, String who) {
        int min = Math.max(0, SEVERITIES.indexOf(minSeverity));
        StringBuilder sql = new StringBuilder("UPDATE events SET acked_by = ?, acked_ms = ? WHERE acked_by IS NULL AND severity IN (");
        for (int i = min; i < SEVERITIES.size(); i++) {
            sql.append(i > min ? ",'" : "'").append(SEVERITIES.get(i)).append('\'');
        }
        sql.append(')').append(part != null ? " AND part = ?" : "").append(kind != null ? " AND kind = ?" : "")
                .append(sinceMs != null ? " AND at_ms >= ?" : "");
        try (PreparedStatement u = db.prepareStatement(sql.toString())) {
            int i = 1;
            u.setString(i++, who);
            u.setLong(i++, System.currentTimeMillis());
            if (part != null) {
                u.setString(i++, part);
            }
            if (kind != null) {
                u.setString(i++, kind);
            }
            if (sinceMs != null) {
                u.setLong(i, sinceMs);
            }
            return u.executeUpdate();
        } catch (SQLException x) {
            throw new IllegalStateException("the event log did not take the acknowledgement: " + x.getMessage());
        }
    }

    /**
     * Events after {@code afterId}, newest first, at most {@code limit}, of at least {@code minSeverity}, and
     * of {@code part} when given (a part's history).
     */
    public JsonArray query(long afterId, int limit, String minSeverity, String part) {
        return query(afterId, limit, minSeverity, part, null, false);
    }

    /**
     * As {@link #query(long, int, String, String)}, of {@code kind} when given (action, alert, board, clock, owner,
     * start), only those not acknowledged when {@code unacked}.
     */
    public JsonArray query(long afterId, int limit, String minSeverity, String part, String kind, boolean unacked) {
        return query(afterId, limit, minSeverity, part, kind, unacked, null);
    }

    /** As {@link #query(long, int, String, String, String, boolean)}, of events at or after {@code sinceMs} when given (a time filter). */
    public JsonArray query(long afterId, int limit, String minSeverity, String part, String kind, boolean unacked, Long sinceMs) {
        int min = Math.max(0, SEVERITIES.indexOf(minSeverity));
        StringBuilder where = new StringBuilder(" AND id > ? AND severity IN (");
        for (int i = min; i < SEVERITIES.size(); i++) {
            where.append(i > min ? ",'" : "'").append(SEVERITIES.get(i)).append('\'');
        }
        where.append(')');
        if (part != null) {
            where.append(" AND part = ?");
        }
        if (kind != null) {
            where.append(" AND kind = ?");
        }
        if (unacked) {
            where.append(" AND acked_by IS NULL");
        }
        if (sinceMs != null) {
            where.append(" AND at_ms >= ?");
        }
        return select(where.toString(), q -> {
            int i = 1;
            q.setLong(i++, afterId);
            if (part != null) {
                q.setString(i++, part);
            }
            if (kind != null) {
                q.setString(i++, kind);
            }
            if (sinceMs != null) {
                q.setLong(i, sinceMs);
            }
        }, limit);
    }

    private interface Binder {
        void bind(PreparedStatement q) throws SQLException;
    }

    private JsonArray select(String where, Binder bind, int limit) {
        String sql = "SELECT id, at_ms, severity, kind, part, who, outcome, text, controller, acked_by, acked_ms FROM events WHERE 1=1"
                + where + " ORDER BY id DESC LIMIT " + limit;
        try (PreparedStatement q = db.prepareStatement(sql)) {
            bind.bind(q);
            JsonArray out = new JsonArray();
            try (ResultSet r = q.executeQuery()) {
                while (r.next()) {
                    JsonObject e = new JsonObject().put("id", r.getLong(1)).put("atMs", r.getLong(2)).put("severity", r.getString(3))
                            .put("kind", r.getString(4)).put("part", r.getString(5)).put("who", r.getString(6))
                            .put("outcome", r.getString(7)).put("text", r.getString(8)).put("controller", r.getString(9));
                    if (r.getString(10) != null) {
                        e.put("ackedBy", r.getString(10)).put("ackedMs", r.getLong(11));
                    }
                    out.add(e);
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
