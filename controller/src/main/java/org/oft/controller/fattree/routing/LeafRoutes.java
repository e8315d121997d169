package org.oft.controller.fattree.routing;

import static org.oft.controller.fattree.routing.Reroute.NONE;

/**
 * The first phase of a {@link Reroute}, per destination leaf: which switches can still reach its
 * hosts (going down only, or up then down), then every entry that no longer leads the right way
 * moved to one that does, by the address's D-mod-K step (see {@link Reroute}).
 */
final class LeafRoutes {
    private final RerouteState s;

    LeafRoutes(RerouteState s) {
        this.s = s;
    }

    /** The failures changed: the switches with dead cables are found again. */
    void forgetSuspects() {
        suspect = null;
    }

    int[] coneList;

    /** The nodes whose way up may pass through x: x and everything below it. */
    void markCone(int x, boolean[] cone) {
        if (cone[x]) {
            return;
        }
        cone[x] = true;
        int l = s.t.level(x);
        for (int p = 0; p < s.t.downPorts(l); p++) {
            int c = s.t.peerNode(s.t.portBase(x) + p);
            if (c >= s.t.hosts()) {
                markCone(c, cone);
            }
        }
    }

    /** Leaf node {@code leaf} lies below switch x (x's subtree holds its hosts). */
    boolean leafBelow(int x, int leaf) {
        long firstHost = (long) (leaf - s.t.levelBase(1)) * s.t.hostStride(1);
        return s.t.below(x, (int) firstHost);
    }

    /**
     * Routes the addresses of the hosts below one leaf: reachability first, then every entry (or, with
     * {@code only}, the entries of the switches it marks).
     */
    void routeLeaf(int leafIndex, boolean[] only) {
        int leaf = s.t.levelBase(1) + leafIndex;
        boolean[] down = s.downReach[leafIndex];
        boolean[] up = s.reach[leafIndex];
        int h = s.t.levels();
        int n = s.t.hosts();
        if (only == null) {
            java.util.Arrays.fill(down, false);
            if (!s.deadNode[leaf]) {
                down[leaf - n] = true;
            }
            for (int l = 1; l < h; l++) { // down-reach climbs the live cables
                for (int v = s.t.levelBase(l); v < s.t.levelBase(l) + s.t.levelSize(l); v++) {
                    if (!down[v - n]) {
                        continue;
                    }
                    for (int q = 0; q < s.t.upPorts(l); q++) {
                        int g = s.t.portBase(v) + s.t.downPorts(l) + q;
                        if (!s.deadPort[g]) {
                            down[s.t.peerNode(g) - n] = true;
                        }
                    }
                }
            }
        }
        for (int l = h; l >= 1; l--) { // reach: down-reach, or a live cable up to a switch with reach
            for (int v = s.t.levelBase(l); v < s.t.levelBase(l) + s.t.levelSize(l); v++) {
                if (only != null && !only[v]) {
                    continue;
                }
                boolean r = down[v - n];
                for (int q = 0; !r && l < h && q < s.t.upPorts(l); q++) {
                    int g = s.t.portBase(v) + s.t.downPorts(l) + q;
                    r = !s.deadPort[g] && up[s.t.peerNode(g) - n];
                }
                up[v - n] = r && !s.deadNode[v];
            }
        }
        long first = (long) leafIndex * s.t.hostStride(1);
        int[] at = only == null ? suspects(leaf, (int) first, down, up) : null;
        int count = only == null ? suspectCount : 0;
        // switch by switch, each along its row (an entry depends on no other switch's entries for the
        // address, and a switch takes the addresses in order either way)
        int a0 = (int) first * s.paths;
        int a1 = (int) (first + s.t.hostStride(1)) * s.paths;
        boolean allOk = true;
        for (int d = (int) first; d < first + s.t.hostStride(1); d++) {
            if (s.deadNode[d] || s.deadPort[s.t.portBase(d)]) {
                allOk = false;
                for (int q = 0; q < s.paths; q++) {
                    for (int v = n; v < s.t.nodes(); v++) {
                        entry(v, d * s.paths + q, false, down, up); // no route to it (these touch no spread)
                    }
                }
            }
        }
        if (only == null) {
            for (int k = 0; k < count; k++) {
                for (int a = a0; a < a1; a++) {
                    if (allOk || hostOk(a / s.paths)) {
                        entry(at[k], a, true, down, up);
                    }
                }
            }
            for (int v : withDeadPorts) { // elsewhere only entries through a dead cable are wrong
                if (suspectMark[v - n] == suspectEpoch) {
                    continue;
                }
                int row = (v - n) * s.addresses;
                int ports = s.t.portBase(v);
                for (int a = a0; a < a1; a++) {
                    int cur = s.rows[row + a] & 0xFF;
                    if (cur != NONE && s.deadPort[ports + cur] && (allOk || hostOk(a / s.paths))) {
                        entry(v, a, true, down, up);
                    }
                }
            }
        } else {
            for (int v : coneList) {
                for (int a = a0; a < a1; a++) {
                    if (allOk || hostOk(a / s.paths)) {
                        entry(v, a, true, down, up);
                    }
                }
            }
        }
    }

    boolean hostOk(int d) {
        return !s.deadNode[d] && !s.deadPort[s.t.portBase(d)];
    }

    int[] suspect;

    int suspectCount;

    int[] suspectMark;

    int suspectEpoch;

    int[] withDeadPorts;

    int[] subtreeOf; // per switch: the index of the subtree it serves at its level (as t.below reads it)

    int[] leafSubtree; // per level: the subtree index that holds the leaf being routed

    /**
     * The switches all of whose entries for one leaf's hosts are looked at again: those that cannot
     * reach the leaf and their neighbours, and the leaf's ancestors (in the whole tree) that lost
     * their way down and the switches above them. Elsewhere only an entry through a dead cable can be
     * wrong; those are found by their port.
     */
    int[] suspects(int leaf, int firstHost, boolean[] down, boolean[] up) {
        int n = s.t.hosts();
        if (suspect == null) {
            suspect = new int[s.t.switches()];
            suspectMark = new int[s.t.switches()];
            java.util.List<Integer> w = new java.util.ArrayList<>();
            for (int v = n; v < s.t.nodes(); v++) {
                for (int g = s.t.portBase(v); g < s.t.portBase(v) + s.t.ports(v); g++) {
                    if (s.deadPort[g]) {
                        w.add(v);
                        break;
                    }
                }
            }
            withDeadPorts = w.stream().mapToInt(Integer::intValue).toArray();
        }
        if (subtreeOf == null) {
            subtreeOf = new int[s.t.switches()];
            for (int v = n; v < s.t.nodes(); v++) {
                subtreeOf[v - n] = (int) ((v - s.t.levelBase(s.t.level(v))) / s.t.copyStride(s.t.level(v)));
            }
            leafSubtree = new int[s.t.levels() + 1];
        }
        for (int l = 1; l <= s.t.levels(); l++) { // t.below without a division per switch
            leafSubtree[l] = (int) (firstHost / s.t.hostStride(l));
        }
        suspectEpoch++;
        suspectCount = 0;
        for (int v = n; v < s.t.nodes(); v++) {
            boolean lostDown = !down[v - n] && subtreeOf[v - n] == leafSubtree[s.t.level(v)];
            if (!up[v - n] || lostDown) {
                mark(v);
                for (int g = s.t.portBase(v); g < s.t.portBase(v) + s.t.ports(v); g++) {
                    int peer = s.t.peerNode(g);
                    if (peer >= n && (!up[v - n] || s.t.level(peer) > s.t.level(v))) {
                        mark(peer);
                    }
                }
            }
        }
        return suspect;
    }

    void mark(int v) {
        int i = v - s.t.hosts();
        if (suspectMark[i] != suspectEpoch) {
            suspectMark[i] = suspectEpoch;
            suspect[suspectCount++] = v;
        }
    }

    /** One entry: kept when the planned port leads the right way, else one of the ports that do (see the class). */
    void entry(int v, int a, boolean hostOk, boolean[] down, boolean[] up) {
        int n = s.t.hosts();
        int d = a / s.paths;
        int at = (v - n) * s.addresses + a;
        int cur = s.rows[at] & 0xFF;
        int want;
        if (!hostOk || !up[v - n]) {
            want = NONE;
        } else {
            int l = s.t.level(v);
            int plan = s.planned[at] & 0xFF;
            boolean goDown = down[v - n];
            if (cur != NONE && s.valid(v, l, cur, goDown, down, up, d)) {
                want = cur; // the plan, or an earlier reroute or spread, still holds (failures only add up)
            } else if (s.valid(v, l, plan, goDown, down, up, d)) {
                want = plan;
            } else {
                // the planned port moved by a step that D-mod-K's next digit of the address sets: the
                // addresses one dead port carried spread over the others, and addresses that a shift
                // sends together (they differ in their planned port) move to different ports, here and
                // at every other switch that reroutes them, whichever port each of those lost
                int from = goDown ? 0 : s.t.downPorts(l);
                int ports = goDown ? s.t.downPorts(l) : s.t.upPorts(l);
                long j = goDown ? a : a / (s.t.copyStride(l) * (long) ports);
                int c = plan >= from && plan < from + ports ? plan - from : a % ports;
                int step = ports == 1 ? 0 : 1 + (int) (j % (ports - 1));
                // a shift sends the addresses of a window of M_l hosts (those below v) through v together:
                // a port that already took a rerouted address within that distance is passed over if any
                // other will do, so that no port takes two of one window
                long window = s.t.hostStride(l) * (long) s.paths;
                int base = (v - n) * s.maxPorts;
                want = NONE;
                int fallback = NONE;
                for (int i = 0; i < ports && want == NONE; i++) {
                    int p = from + (c + step + i) % ports;
                    if (s.valid(v, l, p, goDown, down, up, d)) {
                        if (Math.abs((long) a - s.lastOnto[base + p]) >= window) {
                            want = p;
                        } else if (fallback == NONE) {
                            fallback = p;
                        }
                    }
                }
                if (want == NONE) {
                    want = fallback;
                }
                if (want != NONE) {
                    s.lastOnto[base + want] = a;
                }
            }
        }
        if (want != cur) {
            s.rows[at] = (byte) want;
            s.logChange(v, a, cur);
        }
    }
}
