package org.oft.controller.fattree.topology;

import org.oft.controller.files.InputFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The type of every host (compute, io, service, gpu, ...), as 001 §II uses it. Stored as one byte per host.
 * Specs: {@code compute} (all compute, the default), {@code last:TYPE[:N]} (the last N host ports of every leaf
 * are TYPE, N = 1 by default), or {@code csv:FILE} / a path to a CSV of {@code nid,type} lines (hosts not listed
 * are compute).
 */
public final class NodeTypes {
    public static final String COMPUTE = "compute";
    private final byte[] typeOf;
    private final List<String> names;

    private NodeTypes(byte[] typeOf, List<String> names) {
        this.typeOf = typeOf;
        this.names = List.copyOf(names);
    }

    public static NodeTypes allCompute(int hosts) {
        return new NodeTypes(new byte[hosts], List.of(COMPUTE));
    }

    public static NodeTypes parse(String spec, PgftTopology t) {
        if (spec == null || spec.isBlank() || spec.equals(COMPUTE)) {
            return allCompute(t.hosts());
        }
        if (spec.startsWith("last:")) {
            String[] parts = spec.substring(5).split(":");
            String type = parts[0].strip();
            if (type.isEmpty() || parts.length > 2) {
                throw new IllegalArgumentException("node types: expected last:TYPE[:N], got '" + spec + "'");
            }
            int count = 1;
            if (parts.length == 2) {
                count = parseInt(parts[1], "node types: N in last:TYPE:N");
            }
            int perLeaf = t.m(1);
            if (count < 1 || count > perLeaf) {
                throw new IllegalArgumentException("node types: N must be in 1.." + perLeaf + " (hosts per leaf), got " + count);
            }
            List<String> names = new ArrayList<>(List.of(COMPUTE));
            if (!type.equals(COMPUTE)) {
                names.add(type);
            }
            byte[] of = new byte[t.hosts()];
            for (int d = 0; d < of.length; d++) {
                if (d % perLeaf >= perLeaf - count) {
                    of[d] = (byte) names.indexOf(type);
                }
            }
            return new NodeTypes(of, names);
        }
        String file = spec.startsWith("csv:") ? spec.substring(4) : spec;
        return fromCsv(Path.of(file), t.hosts());
    }

    static NodeTypes fromCsv(Path file, int hosts) {
        List<String> lines = InputFile.readLines(file, "node-type file", InputFile.SMALL);
        List<String> names = new ArrayList<>(List.of(COMPUTE));
        byte[] of = new byte[hosts];
        boolean[] seen = new boolean[hosts];
        int lineNo = 0;
        for (String raw : lines) {
            lineNo++;
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#") || (lineNo == 1 && line.toLowerCase().startsWith("nid"))) {
                continue;
            }
            String[] f = line.split(",");
            if (f.length != 2) {
                throw new IllegalArgumentException(file + ":" + lineNo + ": expected 'nid,type', got '" + line + "'");
            }
            int nid = parseInt(f[0], file + ":" + lineNo + ": nid");
            String type = f[1].strip();
            if (nid < 0 || nid >= hosts) {
                throw new IllegalArgumentException(file + ":" + lineNo + ": nid " + nid + " is not a host (0.." + (hosts - 1) + ")");
            }
            if (type.isEmpty()) {
                throw new IllegalArgumentException(file + ":" + lineNo + ": empty type");
            }
            if (seen[nid]) {
                throw new IllegalArgumentException(file + ":" + lineNo + ": nid " + nid + " listed twice");
            }
            seen[nid] = true;
            int idx = names.indexOf(type);
            if (idx < 0) {
                if (names.size() == 127) {
                    throw new IllegalArgumentException(file + ": more than 127 node types");
                }
                names.add(type);
                idx = names.size() - 1;
            }
            of[nid] = (byte) idx;
        }
        return new NodeTypes(of, names);
    }

    private static int parseInt(String s, String what) {
        try {
            return Integer.parseInt(s.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be an integer, got '" + s.strip() + "'");
        }
    }

    public int hosts() {
        return typeOf.length;
    }

    public String type(int host) {
        return names.get(typeOf[host]);
    }

    public List<String> typeNames() {
        return names;
    }

    /**
     * 001 Algorithm 1: gNIDs, hosts grouped by type and in NID order within a type. Types are taken in the order
     * their first host appears in NID order (the paper's set has no order; this puts compute first when host 0
     * is compute, as its analysis supposes).
     */
    public int[] groupedNids() {
        int[] order = new int[names.size()];
        Arrays.fill(order, -1);
        int next = 0;
        for (byte b : typeOf) {
            if (order[b] < 0) {
                order[b] = next++;
            }
        }
        int[] gnid = new int[typeOf.length];
        int g = 0;
        for (int rank = 0; rank < next; rank++) {
            for (int d = 0; d < typeOf.length; d++) {
                if (order[typeOf[d]] == rank) {
                    gnid[d] = g++;
                }
            }
        }
        return gnid;
    }
}
