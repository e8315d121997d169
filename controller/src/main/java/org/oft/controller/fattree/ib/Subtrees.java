package org.oft.controller.fattree.ib;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.oft.controller.fattree.ib.IbnetFile.RawNode;
import org.oft.controller.fattree.ib.IbnetFile.RawPort;

/**
 * An imported fabric's subtrees: for each host and level l, the connected part of levels 0..l it is in, and what
 * those parts bound the intended PGFT's parameters to.
 */
final class Subtrees {
    private Subtrees() {
    }

    /**
     * Each host's level-l subtree, for l = 0..h, as a label: the connected parts of levels 0..l (at the
     * top the whole fabric is one). A part that holds no level-l switch has lost every cable up (a
     * leaf with none, say): it belongs to some subtree that lacks a child, and is placed in the one of
     * those whose hosts' GUIDs are nearest its own.
     */
    static int[][] of(Map<String, RawNode> byId, List<RawNode> all, List<RawNode> hosts, int h, long[] guid) {
        Map<RawNode, Integer> index = new HashMap<>();
        for (int i = 0; i < all.size(); i++) {
            index.put(all.get(i), i);
        }
        int[] parent = new int[all.size()];
        for (int i = 0; i < parent.length; i++) {
            parent[i] = i;
        }
        int[][] of = new int[h + 1][hosts.size()];
        for (int i = 0; i < hosts.size(); i++) {
            of[0][i] = index.get(hosts.get(i));
        }
        for (int l = 1; l <= h; l++) {
            for (RawNode n : all) {
                if (n.level == l) {
                    for (RawPort pa : n.ports.values()) {
                        RawNode b = byId.get(pa.peerId());
                        if (b.level == l - 1) {
                            union(parent, index.get(n), index.get(b));
                        }
                    }
                }
            }
            if (l == h) {
                continue; // all 0: one tree
            }
            java.util.Set<Integer> withSwitch = new java.util.HashSet<>();
            for (RawNode n : all) {
                if (n.level == l) {
                    withSwitch.add(find(parent, index.get(n)));
                }
            }
            Map<Integer, java.util.Set<Integer>> children = new HashMap<>();
            Map<Integer, Long> least = new HashMap<>();
            for (int i = 0; i < hosts.size(); i++) {
                int c = find(parent, index.get(hosts.get(i)));
                of[l][i] = c;
                children.computeIfAbsent(c, x -> new java.util.HashSet<>()).add(of[l - 1][i]);
                least.merge(c, guid[i], (x, y) -> Long.compareUnsigned(x, y) <= 0 ? x : y);
            }
            int most = 0;
            for (Map.Entry<Integer, java.util.Set<Integer>> e : children.entrySet()) {
                if (withSwitch.contains(e.getKey())) {
                    most = Math.max(most, e.getValue().size());
                }
            }
            Map<Integer, Integer> placed = new HashMap<>();
            for (Map.Entry<Integer, java.util.Set<Integer>> e : children.entrySet()) {
                int cut = e.getKey();
                if (withSwitch.contains(cut)) {
                    continue;
                }
                int target = -1;
                long nearest = Long.MAX_VALUE;
                for (Map.Entry<Integer, java.util.Set<Integer>> f : children.entrySet()) {
                    if (withSwitch.contains(f.getKey()) && f.getValue().size() < most) {
                        long d = Math.abs(least.get(f.getKey()) - least.get(cut));
                        if (Long.compareUnsigned(d, nearest) < 0) {
                            nearest = d;
                            target = f.getKey();
                        }
                    }
                }
                if (target >= 0) {
                    placed.put(cut, target);
                    children.get(target).addAll(e.getValue());
                }
            }
            for (int i = 0; i < hosts.size(); i++) {
                Integer to = placed.get(of[l][i]);
                if (to != null) {
                    of[l][i] = to;
                }
            }
        }
        return of;
    }

    /**
     * Per level l, the most level-(l−1) subtrees (hosts at l = 1) any level-l subtree holds, into
     * {@code m}, and the most level-l switches any holds, into {@code switches}.
     */
    static void counts(Map<String, RawNode> byId, List<RawNode> all, List<RawNode> hosts, int h, int[][] of, int[] m,
                                      int[] switches) {
        for (int l = 1; l <= h; l++) {
            Map<Integer, java.util.Set<Integer>> children = new HashMap<>();
            for (int i = 0; i < hosts.size(); i++) {
                children.computeIfAbsent(of[l][i], x -> new java.util.HashSet<>()).add(of[l - 1][i]);
            }
            for (java.util.Set<Integer> c : children.values()) {
                m[l] = Math.max(m[l], c.size());
            }
        }
        // a switch's subtree is that of any host below it (it reaches them down its cables)
        Map<RawNode, Integer> hostBelow = new HashMap<>();
        for (int i = 0; i < hosts.size(); i++) {
            hostBelow.put(hosts.get(i), i);
        }
        for (int l = 1; l <= h; l++) {
            Map<Integer, Integer> count = new HashMap<>();
            for (RawNode n : all) {
                if (n.level != l) {
                    continue;
                }
                Integer below = null;
                for (RawPort pa : n.ports.values()) {
                    RawNode b = byId.get(pa.peerId());
                    if (b.level == l - 1 && hostBelow.containsKey(b)) {
                        below = hostBelow.get(b);
                        break;
                    }
                }
                if (below != null) {
                    hostBelow.put(n, below);
                    count.merge(of[l][below], 1, Integer::sum);
                }
            }
            for (int c : count.values()) {
                switches[l] = Math.max(switches[l], c);
            }
        }
    }

    private static int find(int[] parent, int x) {
        while (parent[x] != x) {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        return x;
    }

    private static void union(int[] parent, int a, int b) {
        parent[find(parent, a)] = find(parent, b);
    }
}
