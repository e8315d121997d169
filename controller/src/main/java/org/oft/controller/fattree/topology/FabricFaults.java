package org.oft.controller.fattree.topology;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import org.oft.hal.naming.FaultSpec;
import org.oft.hal.naming.PartName;

/**
 * The holes in a fat tree: failed links (both directions of a cable), missing switches (all their
 * links) and missing hosts. Each hole is kept by its place in the tuple naming and, through the
 * tree's names, by GUID and physical port.
 *
 * <p>Failure specs ({@code --fail}, one per item):
 * <ul>
 *   <li>{@code link:NODE:PORT} — the cable at physical port PORT (1-based) of NODE;</li>
 *   <li>{@code switch:NODE} — a missing switch;</li>
 *   <li>{@code host:N} — a missing host (host number, or a NODE naming a host);</li>
 *   <li>{@code random-links:P%[:SEED]} — P per cent of the switch-to-switch cables, drawn with SEED (default 1).</li>
 * </ul>
 * NODE is a tuple {@code (l,a_h,...,a_1)}, a board name {@code switch-N} (switches in node order),
 * a GUID {@code 0x...} or a name the fabric gives it (e.g. {@code sw-L2-0003}).
 */
public final class FabricFaults {
    private final FatTree tree;
    private final BitSet deadPort = new BitSet();
    private final BitSet deadNode = new BitSet();
    private final List<String> described = new ArrayList<>();

    private FabricFaults(FatTree tree) {
        this.tree = tree;
        java.util.BitSet absent = tree.absentPorts();
        deadPort.or(absent);
        PgftTopology t = tree.topology();
        java.util.BitSet gone = tree.absentNodes();
        deadNode.or(gone);
        for (int v = gone.nextSetBit(0); v >= 0; v = gone.nextSetBit(v + 1)) {
            described.add("missing " + describe(t, v) + " (not in " + tree.source() + ")");
        }
        for (int g = absent.nextSetBit(0); g >= 0; g = absent.nextSetBit(g + 1)) {
            int v = t.nodeOfPort(g);
            int peer = t.peerNode(g);
            if (t.level(v) < t.level(peer) && !gone.get(v) && !gone.get(peer)) { // each cable once, from its lower end
                described.add("missing link " + describe(t, v) + " port " + tree.names().physicalPort(v, g - t.portBase(v)) + " - "
                        + describe(t, peer) + " (not in " + tree.source() + ")");
            }
        }
    }

    private static String describe(PgftTopology t, int v) {
        return t.level(v) == 0 ? "host " + v : "switch-" + (v - t.hosts()) + " " + t.tuple(v);
    }

    /** No failures beyond the holes the tree came with (an imported fabric lacking cables). */
    public static FabricFaults none(FatTree tree) {
        return new FabricFaults(tree);
    }

    /** The faults the specs name; a bad spec is an error saying which and why. */
    public static FabricFaults parse(FatTree tree, List<String> specs) {
        FabricFaults f = new FabricFaults(tree);
        for (String s : specs) {
            f.add(s);
        }
        return f;
    }

    /** A copy with one more fault (for incremental rerouting). */
    public FabricFaults with(String spec) {
        FabricFaults f = copy();
        f.add(spec);
        return f;
    }

    private FabricFaults copy() {
        FabricFaults f = new FabricFaults(tree);
        f.deadPort.or(deadPort);
        f.deadNode.or(deadNode);
        f.described.clear();
        f.described.addAll(described);
        return f;
    }

    private void add(String raw) {
        String spec = raw == null ? "" : raw.strip();
        String kind;
        try { // the one grammar: its kind, or why not (a model fault written where a failure belongs, say)
            kind = FaultSpec.parse(spec, FaultSpec.Fabric.ELECTRICAL, true).kind().word();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--fail " + e.getMessage());
        }
        int colon = spec.indexOf(':');
        String rest = colon < 0 ? "" : spec.substring(colon + 1);
        PgftTopology t = tree.topology();
        switch (kind) {
            case "link": {
                int last = rest.lastIndexOf(':');
                if (last <= 0) {
                    throw bad(spec, "expected link:NODE:PORT");
                }
                int node = node(rest.substring(0, last), spec);
                int phys = number(rest.substring(last + 1), spec, "PORT");
                int local;
                try {
                    local = tree.localPort(node, phys);
                } catch (IllegalArgumentException e) {
                    throw bad(spec, e.getMessage());
                }
                killPort(t.portBase(node) + local);
                described.add("link " + describeNode(node) + " port " + phys + " - " + describeNode(t.peerNode(t.portBase(node) + local)));
                break;
            }
            case "switch": {
                int node = node(rest, spec);
                if (t.level(node) == 0) {
                    throw bad(spec, describeNode(node) + " is a host; use host:");
                }
                killNode(node);
                described.add("switch " + describeNode(node));
                break;
            }
            case "host": {
                int node = rest.strip().matches("[0-9]+") ? number(rest, spec, "host") : node(rest, spec);
                if (node >= t.hosts() || node < 0) {
                    throw bad(spec, "hosts are 0.." + (t.hosts() - 1));
                }
                killNode(node);
                described.add("host " + describeNode(node));
                break;
            }
            case "random-links": {
                String[] p = rest.split(":", -1);
                if (p.length > 2 || !p[0].endsWith("%")) {
                    throw bad(spec, "expected random-links:P%[:SEED]");
                }
                double pct;
                try {
                    pct = Double.parseDouble(p[0].substring(0, p[0].length() - 1));
                } catch (NumberFormatException e) {
                    throw bad(spec, "P must be a number of per cent");
                }
                if (!(pct >= 0 && pct <= 100)) {
                    throw bad(spec, "P must be 0..100 per cent");
                }
                long seed = p.length == 2 ? number(p[1], spec, "SEED") : 1;
                List<Integer> cables = new ArrayList<>();
                for (int v = t.hosts(); v < t.nodes(); v++) {
                    int l = t.level(v);
                    for (int q = 0; q < t.upPorts(l); q++) {
                        cables.add(t.portBase(v) + t.downPorts(l) + q);
                    }
                }
                SplittableRandom rnd = new SplittableRandom(seed);
                int count = (int) Math.round(cables.size() * pct / 100);
                for (int i = 0; i < count; i++) { // a partial Fisher-Yates draw: count distinct cables
                    int j = i + rnd.nextInt(cables.size() - i);
                    int g = cables.get(j);
                    cables.set(j, cables.get(i));
                    cables.set(i, g);
                    killPort(g);
                }
                described.add(count + " random switch cables (" + pct + "%, seed " + seed + ")");
                break;
            }
            default:
                throw bad(spec, "use link:NODE:PORT, switch:NODE, host:N or random-links:P%[:SEED]");
        }
    }

    private static IllegalArgumentException bad(String spec, String why) {
        return new IllegalArgumentException("--fail '" + spec + "': " + why);
    }

    private static int number(String s, String spec, String what) {
        try {
            return PartName.whole(s.strip(), what);
        } catch (IllegalArgumentException e) {
            throw bad(spec, e.getMessage());
        }
    }

    /** A node named as {@link FatTree#node} reads it. */
    private int node(String name, String spec) {
        try {
            return tree.node(name);
        } catch (IllegalArgumentException e) {
            throw bad(spec, e.getMessage());
        }
    }

    private String describeNode(int v) {
        PgftTopology t = tree.topology();
        return t.level(v) == 0 ? "host " + v : "switch-" + (v - t.hosts()) + " " + t.tuple(v);
    }

    private void killPort(int g) {
        PgftTopology t = tree.topology();
        deadPort.set(g);
        deadPort.set(t.portBase(t.peerNode(g)) + t.peerPort(g));
    }

    private void killNode(int v) {
        PgftTopology t = tree.topology();
        deadNode.set(v);
        for (int g = t.portBase(v); g < t.portBase(v) + t.ports(v); g++) {
            killPort(g);
        }
    }

    /** The part a failure spec names ({@code switch-N} or {@code host-N}), or null when it names several or none. */
    public static String partOf(FatTree tree, String spec) {
        try { // the one grammar's part: the node a link:, switch: or host: failure names
            FaultSpec f = FaultSpec.parse(spec, FaultSpec.Fabric.ELECTRICAL, true);
            String node = f.arg(0);
            return switch (f.kind()) {
                case LINK, SWITCH -> tree.partName(tree.node(node));
                case HOST -> tree.partName(node.matches("[0-9]+") ? PartName.whole(node, "host") : tree.node(node));
                default -> null;
            };
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** Whether this takes out a cable or a node that {@code base} leaves in. */
    public boolean addsTo(FabricFaults base) {
        java.util.BitSet ports = (java.util.BitSet) deadPort.clone();
        ports.andNot(base.deadPort);
        java.util.BitSet nodes = (java.util.BitSet) deadNode.clone();
        nodes.andNot(base.deadNode);
        return !ports.isEmpty() || !nodes.isEmpty();
    }

    public FatTree tree() {
        return tree;
    }

    /** Global port g's cable is out (either end's port id). */
    public boolean deadPort(int g) {
        return deadPort.get(g);
    }

    public boolean deadNode(int v) {
        return deadNode.get(v);
    }

    public boolean isEmpty() {
        return deadPort.isEmpty() && deadNode.isEmpty();
    }

    /** Dead cables (each counted once). */
    public int deadCables() {
        return deadPort.cardinality() / 2;
    }

    /** What was failed, one line per spec. */
    public List<String> described() {
        return List.copyOf(described);
    }
}
