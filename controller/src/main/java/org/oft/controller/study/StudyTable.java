package org.oft.controller.study;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** A study's stored rows as tables: flat CSV or JSON for pandas and R, and saturation per configuration. */
public final class StudyTable {
    private StudyTable() {
    }

    /** One flat record per row: the configuration's fields, then the figures (nested ones dotted, number lists numbered). */
    static Map<String, Object> flat(ResultStore.Row r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", r.id());
        r.config().forEach(e -> m.put(e.getKey(), e.getValue()));
        flatten("", r.result(), m);
        m.put("wallSeconds", r.wallSeconds());
        m.put("worker", r.worker());
        return m;
    }

    private static void flatten(String prefix, JsonObject o, Map<String, Object> into) {
        for (String k : o.fieldNames()) {
            Object v = o.getValue(k);
            if (v instanceof JsonObject sub) {
                flatten(prefix + k + ".", sub, into);
            } else if (v instanceof JsonArray a) {
                if (a.stream().allMatch(x -> x instanceof Number)) {
                    for (int i = 0; i < a.size(); i++) {
                        into.put(prefix + k + "." + (i + 1), a.getValue(i));
                    }
                } else {
                    into.put(prefix + k, a.encode()); // histograms and lists of records stay JSON in one cell
                }
            } else {
                into.put(prefix + k, v);
            }
        }
    }

    public static void csv(List<ResultStore.Row> rows, PrintWriter out) {
        List<Map<String, Object>> flat = rows.stream().map(StudyTable::flat).toList();
        Set<String> columns = new LinkedHashSet<>();
        flat.forEach(m -> columns.addAll(m.keySet()));
        out.println(String.join(",", columns.stream().map(StudyTable::cell).toList()));
        for (Map<String, Object> m : flat) {
            List<String> cells = new ArrayList<>();
            for (String c : columns) {
                Object v = m.get(c);
                cells.add(v == null ? "" : v instanceof String text ? cell(inert(text)) : cell(String.valueOf(v)));
            }
            out.println(String.join(",", cells));
        }
        out.flush();
    }

    /** A JSON array of flat records, one per row. */
    public static void json(List<ResultStore.Row> rows, PrintWriter out) {
        JsonArray a = new JsonArray();
        for (ResultStore.Row r : rows) {
            a.add(new JsonObject(flat(r)));
        }
        out.println(a.encode());
        out.flush();
    }

    /**
     * A text cell a spreadsheet will not run: one that starts with = + - @ (or a tab or carriage return) is a formula
     * to Excel and LibreOffice, so it gets a leading apostrophe (OWASP's advice for CSV). Numbers are not text here.
     */
    static String inert(String s) {
        return !s.isEmpty() && "=+-@\t\r".indexOf(s.charAt(0)) >= 0 ? "'" + s : s;
    }

    private static String cell(String s) {
        return s.contains(",") || s.contains("\"") || s.contains("\n") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    /** A configuration without its load, in words: the name of its curve. */
    public static String seriesName(JsonObject c) {
        StringBuilder sb = new StringBuilder(c.getString("topology")).append(' ').append(c.getString("engine"));
        if (c.getInteger("paths", 1) > 1) {
            sb.append(" x").append(c.getInteger("paths"));
        }
        sb.append(' ').append(c.getString("traffic")).append(" seed ").append(c.getLong("seed"));
        sb.append(String.format(Locale.ROOT, ", %d VCs x %d flits, %d-flit packets, %s", c.getInteger("vcs"), c.getInteger("buffer"),
                c.getInteger("packet"), c.getString("switching")));
        return sb.toString();
    }

    /**
     * Saturation per configuration (every field but the load): the highest load up to which every load was
     * sustained (accepted at least 97 % of offered, all delivered, no deadlock), as {@code oftctl flit --sweep} says it;
     * null below the first load.
     */
    public static List<JsonObject> saturations(List<ResultStore.Row> rows) {
        Map<String, List<ResultStore.Row>> byConfig = new LinkedHashMap<>();
        for (ResultStore.Row r : rows) {
            if (!"flit".equals(r.config().getString("kind"))) {
                continue;
            }
            JsonObject key = r.config().copy();
            key.remove("load");
            byConfig.computeIfAbsent(key.encode(), k -> new ArrayList<>()).add(r);
        }
        List<JsonObject> out = new ArrayList<>();
        for (List<ResultStore.Row> group : byConfig.values()) {
            group.sort((a, b) -> Double.compare(a.config().getDouble("load"), b.config().getDouble("load")));
            Double sat = null;
            Double acc = null;
            for (ResultStore.Row r : group) {
                if (!r.result().getBoolean("sustained", false)) {
                    break;
                }
                sat = r.config().getDouble("load");
                acc = r.result().getDouble("accepted");
            }
            JsonObject c = group.get(0).config();
            out.add(new JsonObject().put("series", seriesName(c)).put("topology", c.getString("topology")).put("engine", c.getString("engine"))
                    .put("paths", c.getInteger("paths")).put("traffic", c.getString("traffic")).put("seed", c.getLong("seed"))
                    .put("options", String.format(Locale.ROOT, "%d VCs x %d flits, %d-flit packets, %s", c.getInteger("vcs"), c.getInteger("buffer"),
                            c.getInteger("packet"), c.getString("switching")))
                    .put("loads", group.size()).put("saturationLoad", sat).put("acceptedAtSaturation", acc));
        }
        return out;
    }

    /** {@link #saturations} as CSV, after a run. */
    public static void saturation(List<ResultStore.Row> rows, PrintWriter out) {
        List<JsonObject> sats = saturations(rows);
        if (sats.isEmpty()) {
            return;
        }
        out.println("topology,engine,paths,traffic,seed,options,loads,saturation,accepted_at_saturation");
        for (JsonObject o : sats) {
            Double sat = o.getDouble("saturationLoad");
            Double acc = o.getDouble("acceptedAtSaturation");
            out.printf(Locale.ROOT, "%s,%s,%d,%s,%d,%s,%d,%s,%s%n", cell(o.getString("topology")), o.getString("engine"), o.getInteger("paths"),
                    cell(o.getString("traffic")), o.getLong("seed"), cell(o.getString("options")), o.getInteger("loads"),
                    sat == null ? "below the first load" : java.math.BigDecimal.valueOf(sat).stripTrailingZeros().toPlainString(),
                    acc == null ? "-" : String.format(Locale.ROOT, "%.4f", acc));
        }
        out.flush();
    }
}
