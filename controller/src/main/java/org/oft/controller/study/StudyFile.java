package org.oft.controller.study;

import org.oft.controller.fattree.flit.FlitConfig;

import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.oft.controller.fattree.analysis.Analysis;
import org.oft.controller.fattree.analysis.TrafficPattern;
import org.oft.controller.fattree.flit.FlitFabric;
import org.oft.controller.fattree.topology.NodeTypes;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.controller.files.JsonErrors;

/**
 * A study file (JSON; the schema is docs/studies.md), checked whole and expanded into its points. Every error is
 * one line naming the field; all of them are reported together, and nothing runs unless there are none.
 */
public final class StudyFile {
    /** The most points a study may expand to: checked from the lists' lengths before any point is made. */
    public static final int MAX_POINTS = 100_000;
    /** The most samples an analysis point may draw (as the console's analyses). */
    public static final int MAX_SAMPLES = 100_000;
    static final List<String> TOP = List.of("name", "topologies", "hostOrder", "engines", "traffic", "loads", "seeds", "flit", "analyses");
    /** The flit options, their defaults (as {@code oftctl flit}'s, shorter runs) and whether a list of them is a dimension. */
    static final Map<String, Object> FLIT_DEFAULTS = new LinkedHashMap<>();

    static {
        for (FlitConfig.Option o : FlitConfig.Option.values()) { // the model's options: the one name table's keys and defaults
            FLIT_DEFAULTS.put(o.key(), o.defaultValue());
        }
        FLIT_DEFAULTS.put("warmup", 1000);
        FLIT_DEFAULTS.put("sample", 5000);
        FLIT_DEFAULTS.put("drain", 20000);
    }

    private StudyFile() {
    }

    /** A study file's errors, one line each, all of them. */
    public static final class Invalid extends IllegalArgumentException {
        private final List<String> lines;

        Invalid(List<String> lines) {
            super(String.join("\n", lines));
            this.lines = List.copyOf(lines);
        }

        public List<String> lines() {
            return lines;
        }
    }

    /** The study in {@code file}, or an IllegalArgumentException whose message holds one line per error. */
    public static Study read(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read study file " + file + ": " + e.getMessage());
        }
        JsonObject o;
        try {
            o = new JsonObject(text);
        } catch (DecodeException | ClassCastException e) {
            String t = text.strip();
            throw new IllegalArgumentException(file + ": " + (t.isEmpty() ? "the file is empty; a study is a JSON object (docs/studies.md)"
                    : t.startsWith("[") && !(e instanceof DecodeException && e.getMessage().contains("line:")) ? "a JSON list, not the object a study is"
                    : "not a JSON object: " + JsonErrors.describe(e.getMessage())));
        }
        Path dir = file.toAbsolutePath().getParent();
        String fallbackName = file.getFileName().toString().replaceFirst("\\.json$", "");
        return parse(o, dir, fallbackName, file.toString());
    }

    /** The study {@code o} describes; relative {@code ibnet:} paths are taken from {@code dir}. */
    public static Study parse(JsonObject o, Path dir, String fallbackName, String where) {
        return parse(o, dir, fallbackName, where, false);
    }

    /**
     * The same; {@code confined}: a study from the console, which may read fabric and traffic files only inside
     * {@code dir} (relative paths, {@code file:} ones too, are taken from there), and whose errors never quote a file
     * outside it.
     */
    public static Study parse(JsonObject o, Path dir, String fallbackName, String where, boolean confined) {
        List<String> errors = new ArrayList<>();
        for (String k : o.fieldNames()) {
            if (!TOP.contains(k)) {
                errors.add(k + ": unknown field (known: " + String.join(", ", TOP) + ")");
            }
        }
        String hostOrder = StudyRouting.hostOrder(o, errors);
        String name = o.getValue("name") instanceof String s && !s.isBlank() ? s : fallbackName;
        StudyRouting.Fabrics fabrics = StudyRouting.fabrics(o, dir, confined, hostOrder, errors);
        StudyRouting.Engines engines = StudyRouting.engines(o, errors);
        List<Long> seeds = seeds(o, errors);
        List<Double> loads = loads(o, errors);
        List<String> traffic = traffic(o, !loads.isEmpty(), fabrics.trees(), dir, confined, errors);
        if (!traffic.isEmpty() && loads.isEmpty()) {
            errors.add("loads: traffic is given but no loads (a list, or {\"from\": 0.1, \"to\": 1.0, \"step\": 0.1})");
        }
        List<JsonObject> flitCombos = flitCombos(o, errors);
        List<JsonObject> analyses = analyses(o, fabrics.trees(), dir, confined, errors);
        // the size before anything is made: a few lines of JSON can name billions of points
        double count = (double) fabrics.specs().size() * engines.names().size() * ((double) flitCombos.size() * traffic.size() * seeds.size()
                * loads.size() + (double) analyses.size() * seeds.size());
        if (count > MAX_POINTS) {
            errors.add(String.format(java.util.Locale.ROOT, "the study expands to %.0f points (topologies x engines x (flit options x traffic"
                    + " x seeds x loads + analyses x seeds)); at most %d: split it into several studies", count, MAX_POINTS));
        }
        if (traffic.isEmpty() && analyses.isEmpty() && errors.isEmpty()) {
            errors.add("the study has no points: give traffic and loads, or analyses");
        }
        if (!errors.isEmpty()) {
            throw new Invalid(errors.stream().map(e -> where + ": " + e).toList());
        }
        List<StudyPoint> points = new ArrayList<>();
        Map<String, PointCost> costs = new java.util.HashMap<>();
        for (int t = 0; t < fabrics.specs().size(); t++) {
            for (int e = 0; e < engines.names().size(); e++) {
                // what every point of this fabric and engine shares, in the key order its id hashes
                JsonObject routed = new JsonObject().put("topology", fabrics.specs().get(t));
                if (fabrics.hashes().get(t) != null) {
                    routed.put("fabric", fabrics.hashes().get(t));
                    if (hostOrder != null) { // only when given: the points of a study without it keep their ids
                        routed.put("hostOrder", hostOrder);
                    }
                }
                routed.put("engine", engines.names().get(e)).put("paths", engines.paths().get(e));
                expand(routed, fabrics.trees().get(t), flitCombos, traffic, seeds, loads, analyses, points, costs);
            }
        }
        return new Study(name, points, o.copy(), Map.copyOf(costs));
    }

    /** Every point of one fabric and engine ({@code routed}): flit runs over options, traffic, seeds and loads; analyses over seeds. */
    private static void expand(JsonObject routed, PgftTopology tree, List<JsonObject> flitCombos, List<String> traffic, List<Long> seeds,
                               List<Double> loads, List<JsonObject> analyses, List<StudyPoint> points, Map<String, PointCost> costs) {
        for (JsonObject f : flitCombos) {
            for (String tr : traffic) {
                for (long seed : seeds) {
                    for (double load : loads) {
                        JsonObject c = new JsonObject().put("kind", "flit").mergeIn(routed).put("traffic", tr).put("load", load)
                                .put("seed", seed).mergeIn(f);
                        add(c, tree, points, costs);
                    }
                }
            }
        }
        for (JsonObject a : analyses) {
            for (long seed : seeds) {
                add(new JsonObject().put("kind", "analysis").mergeIn(routed).mergeIn(a).put("seed", seed), tree, points, costs);
            }
        }
    }

    /** "seeds": whole numbers; absent: 1. */
    private static List<Long> seeds(JsonObject o, List<String> errors) {
        List<Long> seeds = new ArrayList<>();
        if (!o.containsKey("seeds")) {
            seeds.add(1L);
            return seeds;
        }
        for (Object s : list(o, "seeds", true, errors)) {
            if (s instanceof Integer || s instanceof Long) {
                seeds.add(((Number) s).longValue());
            } else {
                errors.add("seeds: " + s + " is not a whole number");
            }
        }
        return seeds;
    }

    /** "traffic" (required once loads are given): patterns, each checked on every fabric; file: ones read from {@code dir} when confined. */
    private static List<String> traffic(JsonObject o, boolean haveLoads, List<PgftTopology> trees, Path dir, boolean confined,
                                        List<String> errors) {
        List<String> traffic = new ArrayList<>();
        for (Object t : o.containsKey("traffic") || haveLoads ? list(o, "traffic", true, errors) : List.of()) {
            if (!(t instanceof String given)) {
                errors.add("traffic: " + t + " is not a string such as \"uniform\" or \"shift:5\"");
                continue;
            }
            String spec;
            try {
                spec = confined ? fileSpec(given, "file:", dir, true) : given;
            } catch (IllegalArgumentException e) {
                errors.add("traffic '" + given + "': " + e.getMessage());
                continue;
            }
            for (PgftTopology t0 : trees) {
                try {
                    FlitFabric.traffic(spec, t0.hosts(), t0, NodeTypes.parse(null, t0), 1);
                } catch (IllegalArgumentException ex) {
                    errors.add("traffic '" + spec + "' on " + t0.describe() + ": " + firstLine(ex.getMessage()));
                }
            }
            traffic.add(spec);
        }
        return traffic;
    }

    private static void add(JsonObject config, PgftTopology tree, List<StudyPoint> points, Map<String, PointCost> costs) {
        StudyPoint p = StudyPoint.of(config);
        points.add(p);
        costs.put(p.id(), PointCost.of(config, tree));
    }

    static List<Object> list(JsonObject o, String key, boolean required, List<String> errors) {
        Object v = o.getValue(key);
        if (v == null) {
            if (required) {
                errors.add(key + ": missing (a list)");
            }
            return List.of();
        }
        if (v instanceof JsonArray a) {
            if (a.isEmpty()) {
                errors.add(key + ": empty list");
            }
            List<Object> out = new ArrayList<>();
            for (int i = 0; i < a.size(); i++) { // JsonArray.getValue gives nested objects as JsonObject
                out.add(a.getValue(i));
            }
            return out;
        }
        errors.add(key + ": expected a list, got " + v);
        return List.of();
    }


    private static List<Double> loads(JsonObject o, List<String> errors) {
        Object v = o.getValue("loads");
        List<Double> out = new ArrayList<>();
        if (v == null) {
            return out;
        }
        if (v instanceof JsonObject r) {
            if (!(r.getValue("from") instanceof Number) || !(r.getValue("to") instanceof Number) || !(r.getValue("step") instanceof Number)
                    || r.size() != 3) {
                errors.add("loads: expected {\"from\": 0.1, \"to\": 1.0, \"step\": 0.1}, got " + r.encode());
                return out;
            }
            double from = r.getDouble("from");
            double to = r.getDouble("to");
            double step = r.getDouble("step");
            if (!(step > 0) || from > to || (to - from) / step > 10_000) {
                errors.add("loads: from must not exceed to, and step must be above 0 (at most 10000 loads), got " + r.encode());
                return out;
            }
            for (double l : FlitFabric.loads(from, to, step)) {
                out.add(l);
            }
        } else if (v instanceof JsonArray a) {
            for (Object l : a) {
                if (l instanceof Number n) {
                    out.add(n.doubleValue());
                } else {
                    errors.add("loads: " + l + " is not a number");
                }
            }
        } else {
            errors.add("loads: expected a list or {\"from\", \"to\", \"step\"}, got " + v);
        }
        for (double l : out) {
            if (!(l > 0 && l <= 1)) {
                errors.add("loads: " + l + " is not in (0, 1] flits per host per cycle");
                break;
            }
        }
        return out;
    }

    /** Every combination of the flit options (an option given as a list is a dimension of the study), in key order. */
    private static List<JsonObject> flitCombos(JsonObject o, List<String> errors) {
        JsonObject f = o.getValue("flit") == null ? new JsonObject() : o.getValue("flit") instanceof JsonObject fo ? fo : null;
        if (f == null) {
            errors.add("flit: expected an object of flit options");
            return List.of();
        }
        for (String k : f.fieldNames()) {
            if (!FLIT_DEFAULTS.containsKey(k)) {
                errors.add("flit." + k + ": unknown option (known: " + String.join(", ", FLIT_DEFAULTS.keySet()) + ")");
            }
        }
        double size = 1;
        for (String k : FLIT_DEFAULTS.keySet()) {
            size *= f.getValue(k) instanceof JsonArray a ? Math.max(1, a.size()) : 1;
        }
        if (size > MAX_POINTS) {
            errors.add(String.format(java.util.Locale.ROOT, "flit: the options' lists make %.0f combinations; a study has at most %d points",
                    size, MAX_POINTS));
            return List.of();
        }
        List<JsonObject> combos = new ArrayList<>(List.of(new JsonObject()));
        for (Map.Entry<String, Object> d : FLIT_DEFAULTS.entrySet()) {
            Object v = f.getValue(d.getKey(), d.getValue());
            List<Object> values = new ArrayList<>();
            if (v instanceof JsonArray a) {
                for (int i = 0; i < a.size(); i++) {
                    values.add(a.getValue(i));
                }
            } else {
                values.add(v);
            }
            List<JsonObject> next = new ArrayList<>();
            for (Object value : values) {
                String bad = checkFlit(d.getKey(), value, d.getValue());
                if (bad != null) {
                    errors.add("flit." + d.getKey() + ": " + bad);
                    continue;
                }
                for (JsonObject c : combos) {
                    next.add(c.copy().put(d.getKey(), value));
                }
            }
            combos = next;
        }
        for (JsonObject c : combos) {
            try {
                FlitConfig.of(c); // the model's own checks (a buffer shorter than a cut-through packet, ...)
            } catch (IllegalArgumentException e) {
                errors.add("flit: " + firstLine(e.getMessage()));
                break;
            }
        }
        return combos;
    }

    private static String checkFlit(String key, Object value, Object dflt) {
        if (dflt instanceof Integer) {
            if (!(value instanceof Integer i) || i < 0) {
                return "expected a whole number at least 0, got " + value;
            }
            return null;
        }
        if (dflt instanceof Boolean) {
            return value instanceof Boolean ? null : "expected true or false, got " + value;
        }
        FlitConfig.Option o = FlitConfig.Option.byKey(key);
        List<String> allowed = o == null ? List.of() : o.choices();
        return allowed.contains(value) ? null : "expected one of " + String.join(", ", allowed) + ", got " + value;
    }

    private static List<JsonObject> analyses(JsonObject o, List<PgftTopology> trees, Path dir, boolean confined, List<String> errors) {
        List<JsonObject> out = new ArrayList<>();
        List<Object> a = o.containsKey("analyses") ? list(o, "analyses", false, errors) : List.of();
        for (int i = 0; i < a.size(); i++) {
            if (!(a.get(i) instanceof JsonObject ao) || !(ao.getValue("metric") instanceof String metric)
                    || !(ao.getValue("pattern") instanceof String pattern)) {
                errors.add("analyses[" + i + "]: expected {\"metric\": \"mload\", \"pattern\": \"shift:all\", \"samples\": 100}");
                continue;
            }
            for (String f : ao.fieldNames()) {
                if (!Set.of("metric", "pattern", "samples").contains(f)) {
                    errors.add("analyses[" + i + "]." + f + ": unknown field (known: metric, pattern, samples)");
                }
            }
            if (!Analysis.METRICS.contains(metric)) {
                errors.add("analyses[" + i + "].metric: unknown metric '" + metric + "' (known: " + String.join(", ", Analysis.METRICS) + ")");
                continue;
            }
            Object s = ao.getValue("samples", 1000);
            if (!(s instanceof Integer samples) || samples < 1 || samples > MAX_SAMPLES) {
                errors.add("analyses[" + i + "].samples: expected a whole number 1.." + MAX_SAMPLES + ", got " + s);
                continue;
            }
            if (confined) {
                try {
                    pattern = fileSpec(pattern, "file:", dir, true);
                } catch (IllegalArgumentException e) {
                    errors.add("analyses[" + i + "].pattern: " + e.getMessage());
                    continue;
                }
            }
            boolean ok = true;
            for (PgftTopology t : trees) {
                try {
                    TrafficPattern.parse(pattern, t.hosts());
                } catch (IllegalArgumentException e) {
                    errors.add("analyses[" + i + "].pattern on " + t.describe() + ": " + firstLine(e.getMessage()));
                    ok = false;
                }
            }
            if (ok) {
                out.add(new JsonObject().put("metric", metric).put("pattern", pattern).put("samples", samples));
            }
        }
        return out;
    }

    /**
     * A spec with its file resolved by {@link #filePath} when it names one ({@code prefix}, as the parser reads it:
     * whitespace stripped, so " file:/etc/passwd" is a file too); any other spec as given.
     */
    static String fileSpec(String spec, String prefix, Path dir, boolean confined) {
        String s = spec.strip();
        return s.startsWith(prefix) ? prefix + filePath(s.substring(prefix.length()), dir, confined) : spec;
    }

    /**
     * A fabric or traffic file's path, relative ones taken from {@code dir}; {@code confined}: it must be a file in
     * {@code dir}, links followed, and the error names the path only (never what the file holds).
     */
    static String filePath(String path, Path dir, boolean confined) {
        if (path.isBlank()) {
            throw new IllegalArgumentException("a file path is needed");
        }
        Path p;
        try {
            p = Path.of(path);
        } catch (java.nio.file.InvalidPathException e) {
            throw new IllegalArgumentException("'" + path + "' is not a file path");
        }
        Path resolved = !p.isAbsolute() && dir != null ? dir.resolve(p).normalize() : p.normalize();
        if (!confined) { // as a study file always named it: the spelling is part of its points' ids
            return !p.isAbsolute() && dir != null ? resolved.toString() : path;
        }
        String outside = "'" + path + "' is not a file in the studies folder " + dir
                + " (studies from the console read fabric and traffic files only from there: copy it in)";
        try {
            Path folder = dir.toRealPath();
            Path real = resolved.toRealPath();
            if (!real.startsWith(folder) || !Files.isRegularFile(real)) {
                throw new IllegalArgumentException(outside);
            }
            return real.toString();
        } catch (IOException | SecurityException e) {
            throw new IllegalArgumentException(outside);
        }
    }

    static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).strip();
    }
}
