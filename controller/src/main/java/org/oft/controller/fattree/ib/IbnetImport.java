package org.oft.controller.fattree.ib;

import org.oft.controller.files.InputFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.oft.controller.fattree.ib.IbnetFile.RawNode;
import org.oft.controller.fattree.ib.IbnetFile.RawPort;
import org.oft.controller.fattree.topology.FabricNames;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.PgftTopology;

/**
 * Reads ibnetdiscover output (or an ibsim net file, the same dialect), recognises a fat tree's levels and maps
 * the fabric onto the PGFT model, or says why it is not one.
 *
 * <p>Levels are hop distances from the channel adapters. Hosts are numbered by recursive decomposition: the
 * level-l subtrees are the connected parts of levels 0..l, and children of a subtree are ordered by their
 * smallest host key ({@link HostOrder}: port GUID by default). A level-l switch's lower digits b_l..b_1 come
 * from the children it reaches and its rank (by node GUID) among switches reaching the same ones. The mapping is then checked link by link against
 * the model, and physical ports are kept so that tables can be written in the fabric's own port numbers.
 */
public final class IbnetImport {
    private IbnetImport() {
    }

    /** The fabric in {@code file}, read a line at a time (a large fabric's file is never held whole). */
    public static FatTree read(Path file) {
        return read(file, HostOrder.GUID);
    }

    /** The same, hosts numbered in {@code order}. */
    public static FatTree read(Path file, HostOrder order) {
        IbnetFile.Reader r = new IbnetFile.Reader(file.toString());
        InputFile.forEachLine(file, "fabric file", InputFile.LARGE, r::line);
        return map(r.finish(), file.toString(), order);
    }

    public static FatTree parse(List<String> lines, String source) {
        return parse(lines, source, HostOrder.GUID);
    }

    public static FatTree parse(List<String> lines, String source, HostOrder order) {
        return map(IbnetFile.parse(lines, source), source, order);
    }

    private static IllegalArgumentException notFatTree(String source, String why) {
        return new IllegalArgumentException(source + ": not a fat tree: " + why);
    }

    private static FatTree map(Map<String, RawNode> byId, String source, HostOrder order) {
        List<String> setAside = NonTreeEndpoints.setAside(byId);
        List<RawNode> all = new ArrayList<>(byId.values());
        List<RawNode> hosts = new ArrayList<>();
        for (RawNode n : all) {
            if (!n.isSwitch) {
                if (n.ports.isEmpty()) {
                    throw notFatTree(source, "host '" + n.desc + "' has no link");
                }
                hosts.add(n);
            }
        }
        if (hosts.isEmpty()) {
            throw notFatTree(source, "no hosts (channel adapters)");
        }
        // Levels: hop distance from the hosts.
        List<RawNode> frontier = new ArrayList<>(hosts);
        for (RawNode hn : hosts) {
            hn.level = 0;
        }
        int h = 0;
        while (!frontier.isEmpty()) {
            List<RawNode> next = new ArrayList<>();
            for (RawNode a : frontier) {
                for (RawPort pa : a.ports.values()) {
                    RawNode b = byId.get(pa.peerId());
                    if (b.level < 0) {
                        b.level = a.level + 1;
                        h = Math.max(h, b.level);
                        next.add(b);
                    }
                }
            }
            frontier = next;
        }
        for (RawNode n : all) {
            if (n.level < 0) {
                throw notFatTree(source, "switch '" + n.desc + "' is not connected to any host");
            }
            for (RawPort pa : n.ports.values()) {
                RawNode b = byId.get(pa.peerId());
                if (Math.abs(b.level - n.level) != 1) {
                    throw notFatTree(source, "link between '" + n.desc + "' and '" + b.desc + "', both at level " + n.level
                            + " (every link must join adjacent levels)");
                }
            }
            if (n.level > 0 && !n.isSwitch) {
                throw notFatTree(source, "host '" + n.desc + "' is not at the edge");
            }
        }
        // Children, parents and parallel links per level. Each node's counts only bound the intended PGFT's
        // from below (every top switch may have lost a cable); the subtrees bound them too: a level-l
        // subtree (a connected part of levels 0..l, the whole fabric at the top) holds m_l subtrees of the
        // level below and w_1·...·w_l switches of its own level, whichever cables are out. The largest of
        // these is the intended PGFT's; what the file lacks are holes (checked against the model below, so
        // a fabric that is not a fat tree at all still does not fit).
        int[] m = new int[h + 1];
        int[] w = new int[h + 1];
        int[] p = new int[h + 1];
        int[] switchesPerSubtree = new int[h + 1];
        long[] guid = new long[hosts.size()];
        for (int i = 0; i < hosts.size(); i++) {
            guid[i] = hostGuid(hosts.get(i), byId);
        }
        int[][] subtree = Subtrees.of(byId, all, hosts, h, guid);
        Subtrees.counts(byId, all, hosts, h, subtree, m, switchesPerSubtree);
        for (RawNode n : all) {
            Map<String, Integer> downLinks = new HashMap<>();
            Map<String, Integer> upLinks = new HashMap<>();
            for (RawPort pa : n.ports.values()) {
                RawNode b = byId.get(pa.peerId());
                (b.level < n.level ? downLinks : upLinks).merge(b.id, 1, Integer::sum);
            }
            if (n.level > 0) {
                m[n.level] = Math.max(m[n.level], downLinks.size());
                for (int c : downLinks.values()) {
                    p[n.level] = Math.max(p[n.level], c);
                }
            }
            if (n.level < h) { // none upwards: every cable up is out (a hole; its hosts reach only each other)
                w[n.level + 1] = Math.max(w[n.level + 1], upLinks.size());
                for (int c : upLinks.values()) {
                    p[n.level + 1] = Math.max(p[n.level + 1], c);
                }
            }
        }
        long below = 1; // switches per subtree one level down, as the w chosen so far make it
        for (int l = 1; l <= h; l++) {
            w[l] = (int) Math.max(w[l], (switchesPerSubtree[l] + below - 1) / below);
            below *= w[l];
        }
        int[] mm = Arrays.copyOfRange(m, 1, h + 1);
        int[] ww = Arrays.copyOfRange(w, 1, h + 1);
        int[] pp = Arrays.copyOfRange(p, 1, h + 1);
        PgftTopology t;
        try {
            t = PgftTopology.pgft(mm, ww, pp);
        } catch (IllegalArgumentException e) {
            throw notFatTree(source, e.getMessage());
        }
        if (t.hosts() < hosts.size() || t.switches() < all.size() - hosts.size()) {
            throw notFatTree(source, "PGFT(" + h + ";" + join(mm) + ";" + join(ww) + ";" + join(pp) + ") has " + t.hosts()
                    + " hosts and " + t.switches() + " switches, the file " + hosts.size() + " and " + (all.size() - hosts.size()));
        }
        return assign(t, byId, all, hosts, source, subtree, keys(order, hosts, guid, byId), setAside);
    }

    /** Per level and local port, the physical number most of the level's nodes give it (0 where none has it). */
    private static int[][] usualNumbers(PgftTopology t, int[] phys) {
        int[][] usual = new int[t.levels() + 1][];
        for (int l = 0; l <= t.levels(); l++) {
            int ports = t.downPorts(l) + t.upPorts(l);
            List<Map<Integer, Integer>> counts = new ArrayList<>();
            for (int lp = 0; lp < ports; lp++) {
                counts.add(new HashMap<>());
            }
            for (int node = t.levelBase(l); node < t.levelBase(l) + t.levelSize(l); node++) {
                for (int lp = 0; lp < ports; lp++) {
                    int ph = phys[t.portBase(node) + lp];
                    if (ph > 0) {
                        counts.get(lp).merge(ph, 1, Integer::sum);
                    }
                }
            }
            usual[l] = new int[ports];
            for (int lp = 0; lp < ports; lp++) {
                usual[l][lp] = counts.get(lp).entrySet().stream()
                        .max(Map.Entry.<Integer, Integer>comparingByValue().thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder())))
                        .map(Map.Entry::getKey).orElse(0);
            }
        }
        return usual;
    }

    private static String join(int[] a) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < a.length; i++) {
            sb.append(i > 0 ? "," : "").append(a[i]);
        }
        return sb.toString();
    }

    /** Each host's rank key in {@code order} (compared unsigned; hosts in file order). */
    private static long[] keys(HostOrder order, List<RawNode> hosts, long[] guid, Map<String, RawNode> byId) {
        long[] key = new long[hosts.size()];
        switch (order) {
            case GUID -> System.arraycopy(guid, 0, key, 0, key.length);
            case FILE -> java.util.Arrays.setAll(key, i -> i);
            case TUPLE -> {
                List<RawNode> leaves = new ArrayList<>();
                for (RawNode n : byId.values()) {
                    if (n.isSwitch && n.level == 1) {
                        leaves.add(n);
                    }
                }
                leaves.sort((x, y) -> Long.compareUnsigned(x.guid, y.guid));
                Map<String, Integer> rank = new HashMap<>();
                for (int i = 0; i < leaves.size(); i++) {
                    rank.put(leaves.get(i).id, i);
                }
                for (int i = 0; i < hosts.size(); i++) {
                    RawPort first = hosts.get(i).ports.values().stream().min(Comparator.comparingInt(RawPort::peerPort)).orElseThrow();
                    key[i] = ((long) rank.getOrDefault(first.peerId(), leaves.size()) << 16) | first.peerPort();
                }
            }
        }
        return key;
    }

    private static long hostGuid(RawNode host, Map<String, RawNode> byId) {
        long best = -1L; // the largest GUID, unsigned
        for (RawPort pa : host.ports.values()) {
            long g = pa.ownGuid() != IbnetFile.NO_GUID ? pa.ownGuid() : peerGuidOf(host, pa, byId);
            best = Long.compareUnsigned(g, best) < 0 ? g : best;
        }
        return best;
    }

    /** The switch side lists the CA port GUID in parentheses after the peer port. */
    private static long peerGuidOf(RawNode host, RawPort pa, Map<String, RawNode> byId) {
        RawPort back = byId.get(pa.peerId()).ports.get(pa.peerPort());
        return back.peerGuid() != IbnetFile.NO_GUID ? back.peerGuid() : host.guid + pa.port();
    }

    private static FatTree assign(PgftTopology t, Map<String, RawNode> byId, List<RawNode> all, List<RawNode> hosts,
                                  String source, int[][] compOfHost, long[] order, List<String> setAside) {
        int h = t.levels();
        // Host NIDs, digit by digit: the host's rank by key within its level-1 subtree, then at each level l
        // the rank of its level-(l-1) subtree among those of its level-l subtree, subtrees ranked by their
        // smallest host key. A subtree with fewer members than the model's lacks the last ones: hosts or
        // switches not in the file (not cabled, or out), which the model keeps as missing.
        List<Map<Integer, Long>> minGuid = new ArrayList<>();
        for (int l = 0; l <= h; l++) {
            Map<Integer, Long> mg = new HashMap<>();
            if (l > 0) {
                for (int i = 0; i < hosts.size(); i++) {
                    mg.merge(compOfHost[l][i], order[i], (a, b) -> Long.compareUnsigned(a, b) <= 0 ? a : b);
                }
            }
            minGuid.add(mg);
        }
        long[] nid = new long[hosts.size()];
        for (int l = 1; l <= h; l++) {
            Map<Integer, List<Integer>> members = new HashMap<>();
            for (int i = 0; i < hosts.size(); i++) {
                members.computeIfAbsent(compOfHost[l][i], x -> new ArrayList<>()).add(i);
            }
            if (l == h && members.size() > 1) { // a part cut off upwards is still in the one tree: numbered with the rest
                List<Integer> everyone = new ArrayList<>();
                members.values().forEach(everyone::addAll);
                members.clear();
                members.put(-1, everyone);
            }
            for (List<Integer> group : members.values()) {
                Map<Integer, Integer> rank = new HashMap<>(); // child subtree (or host, at level 1) -> digit
                if (l == 1) {
                    group.sort((x, y) -> Long.compareUnsigned(order[x], order[y]));
                    for (int k = 0; k < group.size(); k++) {
                        rank.put(group.get(k), k);
                    }
                } else {
                    final int below = l - 1;
                    List<Integer> children = group.stream().map(i -> compOfHost[below][i]).distinct()
                            .sorted((x, y) -> Long.compareUnsigned(minGuid.get(below).get(x), minGuid.get(below).get(y))).toList();
                    for (int k = 0; k < children.size(); k++) {
                        rank.put(children.get(k), k);
                    }
                }
                if (rank.size() > t.m(l)) {
                    throw notFatTree(source, "a level-" + l + " subtree has " + rank.size() + (l == 1 ? " hosts" : " subtrees")
                            + ", m_" + l + " = " + t.m(l));
                }
                for (int i : group) {
                    nid[i] += (long) rank.get(l == 1 ? i : compOfHost[l - 1][i]) * t.hostStride(l - 1);
                }
            }
        }
        for (int i = 0; i < hosts.size(); i++) {
            hosts.get(i).modelNode = (int) nid[i];
        }
        // Switches level by level: prefix digits from the hosts below, lower digits from the children reached.
        for (int l = 1; l <= h; l++) {
            Map<Long, List<RawNode>> groups = new HashMap<>(); // key: prefix * W_{l-1} + lower digits of children
            for (RawNode n : all) {
                if (n.level != l) {
                    continue;
                }
                long key = -1;
                for (RawPort pa : n.ports.values()) {
                    RawNode b = byId.get(pa.peerId());
                    if (b.level != l - 1) {
                        continue;
                    }
                    int bi = b.modelNode - t.levelBase(l - 1);
                    long prefix = bi / t.copyStride(l - 1) / t.m(l);
                    long lower = bi % t.copyStride(l - 1);
                    long k = prefix * t.copyStride(l - 1) + lower;
                    if (key >= 0 && key != k) {
                        throw notFatTree(source, "'" + n.desc + "' reaches lower nodes of different subtrees or positions");
                    }
                    key = k;
                }
                groups.computeIfAbsent(key, x -> new ArrayList<>()).add(n);
            }
            for (Map.Entry<Long, List<RawNode>> e : groups.entrySet()) {
                List<RawNode> g = e.getValue();
                if (g.size() > t.w(l)) { // fewer: the others are missing
                    throw notFatTree(source, g.size() + " level-" + l + " switches share their lower nodes with '" + g.get(0).desc
                            + "', w_" + l + " = " + t.w(l));
                }
                g.sort((x, y) -> Long.compareUnsigned(x.guid, y.guid));
                long prefix = e.getKey() / t.copyStride(l - 1);
                long lower = e.getKey() % t.copyStride(l - 1);
                for (int b = 0; b < g.size(); b++) {
                    long idx = prefix * t.copyStride(l) + b * t.copyStride(l - 1) + lower;
                    g.get(b).modelNode = t.levelBase(l) + (int) idx;
                }
            }
        }
        return withPorts(t, byId, all, source, setAside);
    }

    private static FatTree withPorts(PgftTopology t, Map<String, RawNode> byId, List<RawNode> all, String source,
                                     List<String> setAside) {
        RawNode[] at = new RawNode[t.nodes()];
        for (RawNode n : all) {
            if (n.modelNode < 0 || at[n.modelNode] != null) {
                throw notFatTree(source, "'" + n.desc + "' does not fit the model");
            }
            at[n.modelNode] = n;
        }
        // what the model has and the file lacks: kept, named by place, every cable of it absent
        java.util.BitSet missing = new java.util.BitSet();
        for (int v = 0; v < t.nodes(); v++) {
            if (at[v] == null) {
                boolean sw = t.level(v) > 0;
                at[v] = new RawNode("missing-" + v, sw, t.ports(v), 0, (sw ? "missing switch " : "missing host ") + t.tuple(v));
                at[v].modelNode = v;
                missing.set(v);
            }
        }
        int[] phys = new int[t.portCount()];
        long[] portGuid = new long[t.portCount()];
        java.util.BitSet absent = new java.util.BitSet();
        for (int node = 0; node < t.nodes(); node++) {
            RawNode n = at[node];
            int l = t.level(node);
            int down = t.downPorts(l);
            for (int q = 0; q < t.upPorts(l); q++) {
                int gp = t.portBase(node) + down + q;
                RawNode parent = at[t.peerNode(gp)];
                int k = q / t.w(l + 1);
                List<RawPort> links = new ArrayList<>();
                for (RawPort pa : n.ports.values()) {
                    if (pa.peerId().equals(parent.id)) {
                        links.add(pa);
                    }
                }
                if (links.size() > t.p(l + 1)) {
                    throw notFatTree(source, "'" + n.desc + "' and '" + parent.desc + "' should be joined by " + t.p(l + 1)
                            + " links, the file has " + links.size());
                }
                links.sort(Comparator.comparingInt(RawPort::port));
                if (k >= links.size()) { // a cable the fabric lacks: both ends are absent ports
                    absent.set(gp);
                    absent.set(t.portBase(parent.modelNode) + t.peerPort(gp));
                    continue;
                }
                RawPort link = links.get(k);
                phys[gp] = link.port();
                phys[t.portBase(parent.modelNode) + t.peerPort(gp)] = link.peerPort();
                portGuid[gp] = l == 0 ? (link.ownGuid() != IbnetFile.NO_GUID ? link.ownGuid() : peerGuidOf(n, link, byId)) : n.guid;
            }
        }
        int[][] usual = usualNumbers(t, phys);
        for (int node = 0; node < t.nodes(); node++) {
            java.util.BitSet used = new java.util.BitSet();
            for (int lp = 0; lp < t.ports(node); lp++) {
                used.set(phys[t.portBase(node) + lp]);
            }
            for (int lp = 0; lp < t.ports(node); lp++) {
                int gp = t.portBase(node) + lp;
                if (phys[gp] != 0) {
                    continue;
                }
                if (!absent.get(gp)) {
                    throw notFatTree(source, "port " + lp + " of '" + at[node].desc + "' has no link in the file");
                }
                // an absent cable's port: the number the level's other switches give that port, when this one has it free
                // (a leaf that lost its cables to the first spine lacks the ports its siblings number 33 and 34), else the
                // lowest physical port the node does not use for another cable
                int same = usual[t.level(node)][lp];
                int free = same > 0 && !used.get(same) ? same : used.nextClearBit(1);
                phys[gp] = free;
                used.set(free);
            }
        }
        FabricNames names = new FabricNames() {
            @Override
            public String name(int node) {
                return at[node].desc;
            }

            @Override
            public long nodeGuid(int node) {
                return at[node].guid;
            }

            @Override
            public long portGuid(int node, int localPort) {
                return t.level(node) == 0 ? portGuid[t.portBase(node) + localPort] : at[node].guid;
            }

            @Override
            public int physicalPort(int node, int localPort) {
                return phys[t.portBase(node) + localPort];
            }
        };
        return new FatTree(t, names, source, absent, missing, setAside);
    }
}
