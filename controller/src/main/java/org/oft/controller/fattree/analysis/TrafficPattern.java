package org.oft.controller.fattree.analysis;

import org.oft.controller.files.InputFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.oft.controller.fattree.topology.NodeTypes;
import org.oft.controller.fattree.topology.PgftTopology;

/**
 * Traffic patterns as rounds of flows. Some are fixed (shift, c2io, file); others are drawn from a seeded random
 * source per sample: perm and bisect, and the collectives, which run on ranks placed on hosts by a random
 * rank-to-node mapping (003 §5.1).
 */
public final class TrafficPattern {
    public enum Kind { SHIFT, SHIFT_ALL, PERM, BISECT, C2IO, RING, DISSEMINATION, RECURSIVE_DOUBLING, TREE, NEIGHBOR, FILE }

    private final Kind kind;
    private final int parameter;
    private final String spec;
    private final List<int[]> fileFlows;
    private final List<Double> fileAmounts;

    private TrafficPattern(Kind kind, int parameter, String spec, List<int[]> fileFlows, List<Double> fileAmounts) {
        this.kind = kind;
        this.parameter = parameter;
        this.spec = spec;
        this.fileFlows = fileFlows;
        this.fileAmounts = fileAmounts;
    }

    public static TrafficPattern parse(String spec, int hosts) {
        String s = spec == null ? "" : spec.strip();
        int colon = s.indexOf(':');
        String name = colon < 0 ? s : s.substring(0, colon);
        String arg = colon < 0 ? null : s.substring(colon + 1);
        switch (name) {
            case "shift":
                if ("all".equals(arg)) {
                    return new TrafficPattern(Kind.SHIFT_ALL, 0, s, null, null);
                }
                int shift = integer(arg, "shift:S needs S in 1.." + (hosts - 1) + " or 'all'");
                if (shift < 1 || shift >= hosts) {
                    throw new IllegalArgumentException("shift:S needs S in 1.." + (hosts - 1) + ", got " + shift);
                }
                return new TrafficPattern(Kind.SHIFT, shift, s, null, null);
            case "perm":
                return simple(Kind.PERM, s, arg);
            case "bisect":
                if (hosts % 2 != 0) {
                    throw new IllegalArgumentException("bisect needs an even number of hosts, the topology has " + hosts);
                }
                return simple(Kind.BISECT, s, arg);
            case "c2io":
                return simple(Kind.C2IO, s, arg);
            case "ring":
                return simple(Kind.RING, s, arg);
            case "dissemination":
                return simple(Kind.DISSEMINATION, s, arg);
            case "recursive-doubling":
                return simple(Kind.RECURSIVE_DOUBLING, s, arg);
            case "tree":
                return simple(Kind.TREE, s, arg);
            case "neighbor": {
                int k = integer(arg, "neighbor:K needs a number of neighbours");
                if (k < 1 || k >= hosts) {
                    throw new IllegalArgumentException("neighbor:K needs K in 1.." + (hosts - 1) + ", got " + k);
                }
                return new TrafficPattern(Kind.NEIGHBOR, k, s, null, null);
            }
            case "file":
                if (arg == null || arg.isBlank()) {
                    throw new IllegalArgumentException("file:PATH needs a path");
                }
                return fromFile(Path.of(arg), hosts, s);
            default:
                throw new IllegalArgumentException("unknown pattern '" + s + "'; use shift:S, shift:all, perm, bisect, c2io, ring, "
                        + "dissemination, recursive-doubling, tree, neighbor:K or file:PATH");
        }
    }

    private static TrafficPattern simple(Kind k, String s, String arg) {
        if (arg != null) {
            throw new IllegalArgumentException("pattern '" + s + "' takes no argument");
        }
        return new TrafficPattern(k, 0, s, null, null);
    }

    private static int integer(String s, String msg) {
        if (s == null) {
            throw new IllegalArgumentException(msg);
        }
        try {
            return Integer.parseInt(s.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(msg + ", got '" + s + "'");
        }
    }

    private static TrafficPattern fromFile(Path file, int hosts, String spec) {
        List<String> lines = InputFile.readLines(file, "traffic file", InputFile.SMALL);
        List<int[]> flows = new ArrayList<>();
        List<Double> amounts = new ArrayList<>();
        int no = 0;
        for (String raw : lines) {
            no++;
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#") || (no == 1 && line.toLowerCase().startsWith("src"))) {
                continue;
            }
            String[] f = line.split(",");
            if (f.length < 2 || f.length > 3) {
                throw new IllegalArgumentException(file + ":" + no + ": expected 'src,dst[,amount]', got '" + line + "'");
            }
            int s = integer(f[0], file + ":" + no + ": src must be a host number");
            int d = integer(f[1], file + ":" + no + ": dst must be a host number");
            if (s < 0 || s >= hosts || d < 0 || d >= hosts) {
                throw new IllegalArgumentException(file + ":" + no + ": hosts are 0.." + (hosts - 1) + ", got " + s + "," + d);
            }
            double a = 1;
            if (f.length == 3) {
                try {
                    a = Double.parseDouble(f[2].strip());
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(file + ":" + no + ": amount must be a number, got '" + f[2].strip() + "'");
                }
                if (!(a > 0) || Double.isInfinite(a)) {
                    throw new IllegalArgumentException(file + ":" + no + ": amount must be positive, got " + a);
                }
            }
            flows.add(new int[]{s, d});
            amounts.add(a);
        }
        if (flows.isEmpty()) {
            throw new IllegalArgumentException(file + ": no flows");
        }
        return new TrafficPattern(Kind.FILE, 0, spec, flows, amounts);
    }

    public Kind kind() {
        return kind;
    }

    public String spec() {
        return spec;
    }

    /** True when each sample draws anew (random patterns, random rank mappings). */
    public boolean random() {
        return switch (kind) {
            case SHIFT, SHIFT_ALL, C2IO, FILE -> false;
            default -> true;
        };
    }

    /** Collectives are judged per round (π_sum_max, π_sum_avg). */
    public boolean collective() {
        return switch (kind) {
            case RING, DISSEMINATION, RECURSIVE_DOUBLING, TREE, NEIGHBOR -> true;
            default -> false;
        };
    }

    public int rounds(int hosts) {
        return switch (kind) {
            case SHIFT_ALL -> hosts - 1;
            case DISSEMINATION, TREE -> ceilLog2(hosts);
            case RECURSIVE_DOUBLING -> Integer.numberOfTrailingZeros(Integer.highestOneBit(hosts));
            default -> 1;
        };
    }

    static int ceilLog2(int n) {
        return n <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(n - 1);
    }

    /**
     * Fills {@code out} with round r. {@code mapping} is the sample's rank-to-host map (used by collectives and
     * redrawn by the caller per sample); {@code rnd} draws perm and bisect.
     */
    public void round(int r, PgftTopology t, NodeTypes types, int[] mapping, SplittableRandom rnd, Flows out) {
        int n = mapping.length; // one rank per host
        out.clear();
        switch (kind) {
            case SHIFT -> shift(n, parameter, out);
            case SHIFT_ALL -> shift(n, r + 1, out);
            case PERM -> {
                shuffle(mapping, rnd);
                for (int i = 0; i < n; i++) {
                    out.add(i, mapping[i]);
                }
            }
            case BISECT -> {
                shuffle(mapping, rnd);
                for (int i = 0; i < n / 2; i++) {
                    out.add(mapping[i], mapping[n / 2 + i]);
                }
            }
            case C2IO -> c2io(t, types, out);
            case RING -> {
                for (int i = 0; i < n; i++) {
                    out.add(mapping[i], mapping[(i + 1) % n]);
                }
            }
            case DISSEMINATION -> {
                int step = 1 << r;
                for (int i = 0; i < n; i++) {
                    out.add(mapping[i], mapping[(i + step) % n]);
                }
            }
            case RECURSIVE_DOUBLING -> {
                int p2 = Integer.highestOneBit(n);
                for (int i = 0; i < p2; i++) {
                    out.add(mapping[i], mapping[i ^ (1 << r)]);
                }
            }
            case TREE -> {
                int step = 1 << r;
                for (int i = 0; i < step && i + step < n; i++) {
                    out.add(mapping[i], mapping[i + step]);
                }
            }
            case NEIGHBOR -> {
                for (int i = 0; i < n; i++) {
                    for (int j = 1; j <= parameter; j++) {
                        int off = (j + 1) / 2;
                        int to = j % 2 == 1 ? (i + off) % n : ((i - off) % n + n) % n;
                        out.add(mapping[i], mapping[to]);
                    }
                }
            }
            case FILE -> {
                for (int i = 0; i < fileFlows.size(); i++) {
                    out.add(fileFlows.get(i)[0], fileFlows.get(i)[1], fileAmounts.get(i));
                }
            }
            default -> throw new IllegalStateException(kind.name());
        }
    }

    private static void shift(int n, int s, Flows out) {
        for (int i = 0; i < n; i++) {
            out.add(i, (i + s) % n);
        }
    }

    static void shuffle(int[] a, SplittableRandom rnd) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int x = a[i];
            a[i] = a[j];
            a[j] = x;
        }
    }

    /**
     * 001 §III's C2IO: every compute node sends to an IO node of its symmetrical leaf. Reading: the symmetrical
     * leaf has the same tuple except the top digit, a_h -> (a_h + floor(m_h/2)) mod m_h. For the case study
     * (m_3 = 2) this is the paper's example, (0,0,1) <-> (0,1,1), NIDs 8..14 -> 47; it always leaves the top
     * subtree, as the paper requires ("all routes will have to go through a top-switch"), while the mirror
     * a_h -> m_h-1-a_h would keep the middle subtree at home when m_h is odd. With several IO nodes on a leaf,
     * the i-th compute node of the leaf sends to IO node i mod (IO nodes on that leaf).
     */
    static void c2io(PgftTopology t, NodeTypes types, Flows out) {
        if (types == null || !types.typeNames().contains("io")) {
            throw new IllegalArgumentException("c2io needs IO nodes: give --node-types (e.g. last:io)");
        }
        if (t.levels() < 2 || t.m(t.levels()) < 2) {
            throw new IllegalArgumentException("c2io needs at least two top-level subtrees (m_h >= 2)");
        }
        int perLeaf = t.m(1);
        long top = t.hostStride(t.levels() - 1);
        int mh = t.m(t.levels());
        int n = t.hosts();
        for (int leafStart = 0; leafStart < n; leafStart += perLeaf) {
            long ah = leafStart / top;
            long mirrorStart = leafStart + (((ah + mh / 2) % mh) - ah) * top;
            List<Integer> ios = new ArrayList<>();
            for (int i = 0; i < perLeaf; i++) {
                if (types.type((int) mirrorStart + i).equals("io")) {
                    ios.add((int) mirrorStart + i);
                }
            }
            int k = 0;
            for (int i = 0; i < perLeaf; i++) {
                int s = leafStart + i;
                if (!types.type(s).equals(NodeTypes.COMPUTE)) {
                    continue;
                }
                if (ios.isEmpty()) {
                    throw new IllegalArgumentException("c2io: the leaf symmetrical to host " + s + "'s has no IO node");
                }
                out.add(s, ios.get(k++ % ios.size()));
            }
        }
    }
}
