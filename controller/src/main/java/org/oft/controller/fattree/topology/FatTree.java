package org.oft.controller.fattree.topology;

import java.util.Objects;
import org.oft.hal.naming.PartName;

/**
 * A fat tree as the controller knows it: the PGFT model, what InfiniBand calls its parts, where it came
 * from, and the model's cables and nodes the real fabric lacks (global port ids, both ends, and node ids;
 * empty for a whole tree). A missing node's cables are all absent too. {@code setAside} names the endpoints an
 * imported file has that are no part of a fat tree (a switch's SHARP aggregation node, hosts on a spine).
 */
public record FatTree(PgftTopology topology, FabricNames names, String source, java.util.BitSet absentPorts,
                      java.util.BitSet absentNodes, java.util.List<String> setAside) {
    public FatTree {
        Objects.requireNonNull(topology);
        Objects.requireNonNull(names);
        setAside = setAside == null ? java.util.List.of() : java.util.List.copyOf(setAside);
        absentPorts = absentPorts == null ? new java.util.BitSet() : (java.util.BitSet) absentPorts.clone();
        absentNodes = absentNodes == null ? new java.util.BitSet() : (java.util.BitSet) absentNodes.clone();
    }

    /** A tree lacking cables only. */
    public FatTree(PgftTopology topology, FabricNames names, String source, java.util.BitSet absentPorts) {
        this(topology, names, source, absentPorts, null, null);
    }

    @Override
    public java.util.BitSet absentNodes() {
        return (java.util.BitSet) absentNodes.clone();
    }

    /** A whole tree. */
    public FatTree(PgftTopology topology, FabricNames names, String source) {
        this(topology, names, source, null, null, null);
    }

    @Override
    public java.util.BitSet absentPorts() {
        return (java.util.BitSet) absentPorts.clone();
    }

    /** Whether the real fabric lacks global port g's cable (no copy: for per-port questions). */
    public boolean absentPort(int g) {
        return absentPorts.get(g);
    }

    /** Whether the real fabric lacks node v (no copy). */
    public boolean absentNode(int v) {
        return absentNodes.get(v);
    }

    /** The real fabric lacks some of the model's cables. */
    public boolean degraded() {
        return !absentPorts.isEmpty() || !absentNodes.isEmpty();
    }

    /** Per switch (node − hosts), the model's port (0-based) behind each physical port number (index), -1 for none. */
    public int[][] localOfPhysical() {
        int[][] map = new int[topology.switches()][];
        for (int v = topology.hosts(); v < topology.nodes(); v++) {
            int radix = 0;
            for (int lp = 0; lp < topology.ports(v); lp++) {
                radix = Math.max(radix, names.physicalPort(v, lp));
            }
            int[] m = new int[radix + 1];
            java.util.Arrays.fill(m, -1);
            for (int lp = 0; lp < topology.ports(v); lp++) {
                m[names.physicalPort(v, lp)] = lp;
            }
            map[v - topology.hosts()] = m;
        }
        return map;
    }

    public static FatTree generated(PgftTopology t, String source) {
        return new FatTree(t, FabricNames.generated(t), source);
    }

    /**
     * The node a part name names ({@link org.oft.hal.naming.PartName}): a board name {@code switch-N}
     * (switches in node order), {@code host-N}, a tuple {@code (l,a_h,...,a_1)}, a GUID {@code 0x...} or
     * a name the fabric gives it. Throws with the reason and the forms a node can be named by.
     */
    public int node(String name) {
        String s = PartName.canonical(name);
        PgftTopology t = topology;
        if (s.startsWith("switch-") || s.startsWith("host-")) {
            boolean sw = s.startsWith("switch-");
            int i = Integer.parseInt(s.substring(sw ? 7 : 5));
            int count = sw ? t.switches() : t.hosts();
            if (i >= count) {
                throw new IllegalArgumentException((sw ? "switches are switch-0..switch-" : "hosts are host-0..host-") + (count - 1) + ", got " + s);
            }
            return sw ? t.hosts() + i : i;
        }
        if (s.startsWith("(")) {
            String[] d = s.substring(1, s.length() - 1).split(",");
            if (d.length != t.levels() + 1) {
                throw new IllegalArgumentException("a tuple (l,a_h,...,a_1) has " + (t.levels() + 1) + " numbers here, got " + s);
            }
            int l = Integer.parseInt(d[0]);
            if (l > t.levels()) {
                throw new IllegalArgumentException("level must be 0.." + t.levels() + ", got " + s);
            }
            int[] digits = new int[t.levels()];
            for (int j = 0; j < digits.length; j++) {
                digits[j] = Integer.parseInt(d[j + 1]);
            }
            return t.node(l, digits);
        }
        if (s.startsWith("0x")) {
            long guid = Long.parseUnsignedLong(s.substring(2), 16);
            for (int v = 0; v < t.nodes(); v++) {
                if (names.nodeGuid(v) == guid) {
                    return v;
                }
            }
            throw new IllegalArgumentException("no node has GUID " + s);
        }
        String bare = s.startsWith("\"") ? s.substring(1, s.length() - 1) : s; // (a quoted name: as the file gives it)
        for (int v = 0; v < t.nodes(); v++) {
            if (names.name(v).equals(bare)) {
                return v;
            }
        }
        throw new IllegalArgumentException("no node '" + s + "' (name a node by switch-N, host-N, tuple (l,a_h,...,a_1), GUID 0x... or its name)");
    }

    /** Node {@code v}'s local port index whose physical number is {@code physical}; throws naming the ports it has. */
    public int localPort(int v, int physical) {
        for (int p = 0; p < topology.ports(v); p++) {
            if (names.physicalPort(v, p) == physical) {
                return p;
            }
        }
        throw new IllegalArgumentException(partName(v) + (v < topology.hosts() ? "" : " " + topology.tuple(v)) + " has no port " + physical
                + " (ports 1.." + topology.ports(v) + ")");
    }

    /** The one name of node {@code v} in every output: {@code switch-N} or {@code host-N}. */
    public String partName(int v) {
        return v < topology.hosts() ? "host-" + v : "switch-" + (v - topology.hosts());
    }
}
