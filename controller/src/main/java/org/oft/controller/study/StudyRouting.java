package org.oft.controller.study;

import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.oft.controller.fattree.routing.RoutingEngines;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.controller.fattree.topology.TopologySpec;

import static org.oft.controller.study.StudyFile.firstLine;
import static org.oft.controller.study.StudyFile.list;
import org.oft.controller.fattree.ib.HostOrder;

/** A study file's routing fields: which fabrics (topologies, an ibnet: file's host order) and which engines with their paths. */
final class StudyRouting {
    private StudyRouting() {
    }

    /** "hostOrder": how the ibnet: fabrics number their hosts (as --host-order); absent: by GUID (null). */
    static String hostOrder(JsonObject o, List<String> errors) {
        if (!o.containsKey("hostOrder")) {
            return null;
        }
        try {
            Object h = o.getValue("hostOrder");
            return HostOrder.byName(h instanceof String w ? w : String.valueOf(h), "hostOrder").word();
        } catch (IllegalArgumentException e) {
            errors.add(e.getMessage());
            return null;
        }
    }

    /** The fabrics a study routes: each spec as resolved, its topology, and an ibnet: file's content hash (else null). */
    record Fabrics(List<String> specs, List<PgftTopology> trees, List<String> hashes) {
    }

    /** "topologies": specs such as "kary:4,3", or ibnet: files (read from {@code dir} when confined). */
    static Fabrics fabrics(JsonObject o, Path dir, boolean confined, String hostOrder, List<String> errors) {
        Fabrics f = new Fabrics(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        List<Object> topologyList = list(o, "topologies", true, errors);
        for (int i = 0; i < topologyList.size(); i++) {
            Object t = topologyList.get(i);
            if (!(t instanceof String spec)) {
                errors.add("topologies: " + t + " is not a string such as \"kary:4,3\"");
                continue;
            }
            String resolved;
            try {
                resolved = StudyFile.fileSpec(spec, "ibnet:", dir, confined);
            } catch (IllegalArgumentException e) {
                errors.add("topologies[" + i + "]: " + e.getMessage());
                continue;
            }
            try {
                FatTree tree = TopologySpec.parse(resolved, resolved.startsWith("ibnet:") ? hostOrder : null); // memory: see StudyRun.requireMemory
                f.specs().add(resolved);
                f.trees().add(tree.topology());
                f.hashes().add(resolved.startsWith("ibnet:") ? StudyPoint.hash(Files.readString(Path.of(resolved.substring(6)))) : null);
            } catch (IllegalArgumentException | IOException e) {
                errors.add("topologies[" + i + "]: " + firstLine(e.getMessage()));
            }
        }
        return f;
    }

    /** The engines a study routes by, each with its paths. */
    record Engines(List<String> names, List<Integer> paths) {
    }

    /** "engines": "name" or {"name": ..., "paths": K}. */
    static Engines engines(JsonObject o, List<String> errors) {
        Engines out = new Engines(new ArrayList<>(), new ArrayList<>());
        List<Object> engineList = list(o, "engines", true, errors);
        for (int i = 0; i < engineList.size(); i++) {
            Object e = engineList.get(i);
            String en = e instanceof String s ? s : e instanceof JsonObject eo && eo.getValue("name") instanceof String s2 ? s2 : null;
            int k = e instanceof JsonObject eo && eo.getValue("paths") instanceof Integer p ? p : 1;
            if (en == null) {
                errors.add("engines[" + i + "]: expected \"dmodk\" or {\"name\": \"disjoint\", \"paths\": 2}");
                continue;
            }
            if (e instanceof JsonObject eo) {
                for (String f : eo.fieldNames()) {
                    if (!f.equals("name") && !f.equals("paths")) {
                        errors.add("engines[" + i + "]." + f + ": unknown field (known: name, paths)");
                    }
                }
                if (eo.containsKey("paths") && !(eo.getValue("paths") instanceof Integer)) {
                    errors.add("engines[" + i + "].paths: expected a whole number, got " + eo.getValue("paths"));
                }
            }
            try {
                RoutingEngines.byName(en);
                if (k < 1 || k > 64) {
                    throw new IllegalArgumentException("paths must be 1..64, got " + k);
                }
                out.names().add(en);
                out.paths().add(k);
            } catch (IllegalArgumentException ex) {
                errors.add("engines[" + i + "]: " + firstLine(ex.getMessage()));
            }
        }
        return out;
    }
}
