package org.oft.controller.fattree.routing;

import static org.oft.controller.fattree.routing.Reroute.NONE;

/**
 * The second phase of a {@link Reroute}: each switch's "strangers" (the addresses it reroutes and
 * those its children reroute into it) spread over its up-ports, level by level from the leaves up,
 * apart from the strangers a shift sends with them at the switch and at its neighbours in the column;
 * after one more failure only the entries that changed are decided again.
 */
final class StrangerSpread {
    private final RerouteState s;

    StrangerSpread(RerouteState s) {
        this.s = s;
    }

    /**
     * A switch carries, besides its planned flows, its "strangers": addresses its children reroute
     * into it (the plan sends them elsewhere) and addresses it reroutes itself of what they send it
     * (at a leaf, every address it reroutes). Its planned flows already take each up-port once per
     * shift, so a port may take no two strangers that one shift sends to stay within +1; whether a
     * shift sends two is judged from the hosts each one's flows can come from. Level by level from
     * the leaves up, a switch's strangers are spread over its up-ports apart from one another and
     * from its column neighbours' strangers that a shift sends with them, keeping each one's port
     * where it does not clash. Those from all below go first: they meet every stranger of their
     * window, those of one child few. Where every port clashes, the one with fewest clashes is
     * taken. {@link #decide} applies the same rule to one address.
     */
    void spreadStrangers(Reroute.Listener listener) {
        long switches = 0;
        long done = 0;
        for (int l = 1; l < s.t.levels(); l++) {
            switches += s.t.upPorts(l) < 2 ? 0 : s.t.levelSize(l);
        }
        for (int l = 1; l < s.t.levels(); l++) {
            if (s.t.upPorts(l) < 2) {
                continue;
            }
            long[][] strangers = new long[s.t.levelSize(l)][]; // address << 32 | the port it arrives by
            int[] count = new int[s.t.levelSize(l)];
            collectStrangers(l, strangers, count);
            for (int i = 0; i < s.t.levelSize(l); i++) {
                if (count[i] > 0) {
                    spreadAt(l, i, java.util.Arrays.copyOf(strangers[i], count[i]));
                }
                listener.progress((double) ++done / switches, "level " + l + "'s strangers, switch " + (i + 1) + " of " + s.t.levelSize(l));
            }
            repairClashes(l);
        }
    }

    /**
     * What arrives at each level-l switch: an address a child sends up to it; a stranger when the
     * child's plan sent it elsewhere, or when the switch itself no longer sends it where planned (a
     * switch's other rerouted entries carry nothing). Only entries that differ from the plan can make
     * one: found by a vectorised compare of rows.
     */
    void collectStrangers(int l, long[][] strangers, int[] count) {
        int n = s.t.hosts();
        int below = s.t.levelBase(l - 1);
        int downHere = l == 1 ? 0 : s.t.downPorts(l - 1);
        int downs = s.t.downPorts(l);
        for (int c = below; l > 1 && c < below + s.t.levelSize(l - 1); c++) { // children that send an address elsewhere than planned
            int row = (c - n) * s.addresses;
            for (int a = s.mismatch(row, 0); a >= 0; a = s.mismatch(row, a + 1)) {
                int p = s.rows[row + a] & 0xFF;
                if (p != NONE && p >= downHere) {
                    int g = s.t.portBase(c) + p;
                    add(strangers, count, s.t.peerNode(g) - s.t.levelBase(l), (long) a << 32 | s.t.peerPort(g));
                }
            }
        }
        for (int i = 0; i < s.t.levelSize(l); i++) { // switches that send elsewhere an address a child sends them as planned
            int v = s.t.levelBase(l) + i;
            int row = (v - n) * s.addresses;
            for (int a = s.mismatch(row, 0); a >= 0; a = s.mismatch(row, a + 1)) {
                if (l == 1) { // a leaf's hosts send it every address
                    add(strangers, count, i, (long) a << 32);
                    continue;
                }
                for (int q = 0; q < downs; q++) { // sent here as planned: from anywhere below (ALL_BELOW)
                    int g = s.t.portBase(v) + q;
                    int c = s.t.peerNode(g);
                    if (c >= n && (s.rows[(c - n) * s.addresses + a] & 0xFF) == s.t.peerPort(g)) {
                        add(strangers, count, i, (long) a << 32 | RerouteState.ALL_BELOW);
                        break;
                    }
                }
            }
        }
    }

    /** Spreads the strangers of the i-th level-l switch, given as what arrives there (address << 32 | port). */
    void spreadAt(int l, int i, long[] arrivals) {
        int n = s.t.hosts();
        int v = s.t.levelBase(l) + i;
        if (l > 1) { // a leaf's come in order from its row; the others from several children
            java.util.Arrays.sort(arrivals);
        }
        // one entry per address, with the hosts its flows may come from: the hull of its children's
        int[] list = new int[arrivals.length];
        int[] lo = new int[arrivals.length];
        int[] hi = new int[arrivals.length];
        int u = 0;
        for (long e : arrivals) {
            int a = (int) (e >>> 32);
            int q = (int) e;
            int from = s.sourceFirst(v, l, q);
            if (u > 0 && list[u - 1] == a) {
                lo[u - 1] = Math.min(lo[u - 1], from);
                hi[u - 1] = Math.max(hi[u - 1], from + s.sourceSize(l, q));
            } else {
                list[u] = a;
                lo[u] = from;
                hi[u] = from + s.sourceSize(l, q);
                u++;
            }
        }
        list = java.util.Arrays.copyOf(list, u);
        lo = java.util.Arrays.copyOf(lo, u);
        hi = java.util.Arrays.copyOf(hi, u);
        s.spreadOf[v - n] = list;
        s.spreadLo[v - n] = lo;
        s.spreadHi[v - n] = hi;
        int base = (v - n) * s.maxPorts;
        java.util.Arrays.fill(s.lastOnto, base, base + s.maxPorts, Long.MIN_VALUE / 2);
        if (placedAt.length < u) {
            placedAt = new int[Math.max(u, 2 * placedAt.length)];
        }
        placing++;
        // strangers from all below first: a shift sends one of them with any stranger within the
        // window, while those from one child meet few, so these then keep clear of the former
        int wideHosts = (int) s.t.hostStride(l);
        for (int pass = 0; pass < 2; pass++) {
            for (int k = 0; k < u; k++) {
                if ((hi[k] - lo[k] >= wideHosts) == (pass == 0)) {
                    place(l, i, k, list, lo, hi);
                }
            }
        }
    }

    /** Chooses the port of stranger k of the i-th level-l switch, apart from those placed before it there and at its neighbours. */
    void place(int l, int i, int k, int[] list, int[] lo, int[] hi) {
        int n = s.t.hosts();
        int v = s.t.levelBase(l) + i;
        int row = (v - n) * s.addresses;
        int a = list[k];
        int d = a / s.paths;
        int leafIndex = (int) (d / s.t.hostStride(1));
        boolean[] down = s.downReach[leafIndex];
        int cur = s.rows[row + a] & 0xFF;
        placedAt[k] = placing;
        if (cur == NONE || cur < s.t.downPorts(l) || down[v - n]) {
            return; // it turns down here: nothing to choose
        }
        stamp++;
        // (a neighbour not spread yet has no list: it sees this one when its turn comes)
        meets(neighbour(l, v, -1), l, a, lo[k], hi[k], true);
        meets(neighbour(l, v, 1), l, a, lo[k], hi[k], false);
        takeOwn(l, row, list, lo, hi, k, true); // those placed already
        int want = choose(v, l, a, cur, down, s.reach[leafIndex]);
        if (want == NONE) {
            want = cur; // no port leads the right way: leave it
        }
        s.rows[row + a] = (byte) want;
        int base = (v - n) * s.maxPorts;
        s.lastOnto[base + want] = Math.max(s.lastOnto[base + want], a);
        if (met[want] == stamp) { // it meets a neighbour's stranger spread before it: that one may move
            clashes = add(clashes, clashCount++, v, a);
        }
    }

    /**
     * A switch spread earlier did not see its next neighbour's strangers: where a later one had to
     * take a port that one of them holds, that one is decided again, seeing both sides (once: what
     * this decides clashes with is left).
     */
    void repairClashes(int l) {
        int n = s.t.hosts();
        int end = clashCount;
        for (int c = 0; c < end; c++) {
            int v = clashes[2 * c];
            int a = clashes[2 * c + 1];
            int k = s.spreadOf[v - n] == null ? -1 : java.util.Arrays.binarySearch(s.spreadOf[v - n], a);
            if (k < 0) {
                continue; // no longer a stranger there
            }
            int p = s.rows[(v - n) * s.addresses + a] & 0xFF;
            redecideMeeting(neighbour(l, v, -1), l, a, s.spreadLo[v - n][k], s.spreadHi[v - n][k], true, p);
            redecideMeeting(neighbour(l, v, 1), l, a, s.spreadLo[v - n][k], s.spreadHi[v - n][k], false, p);
        }
        clashCount = 0;
    }

    int[] clashes = new int[64]; // switch node, address: strangers spread onto a port a neighbour's stranger meets them on

    int clashCount;

    static int[] add(int[] pairs, int at, int x, int y) {
        if (2 * at + 2 > pairs.length) {
            pairs = java.util.Arrays.copyOf(pairs, pairs.length * 2);
        }
        pairs[2 * at] = x;
        pairs[2 * at + 1] = y;
        return pairs;
    }

    /** Decides again the strangers of switch {@code other} that meet address a (as {@link #meets} finds them) on port p. */
    void redecideMeeting(int other, int l, int a, int lo, int hi, boolean before, int p) {
        int[] found = java.util.Arrays.copyOf(meeting, 2 * meeting(other, l, a, lo, hi, before, p)); // decide() fills meeting again
        for (int j = 0; j < found.length; j += 2) {
            decide(other, l, found[j]);
        }
    }

    int[] meeting = new int[16]; // (address, port) pairs: see meeting()

    int[] placedAt = new int[64]; // per stranger of the switch being spread: == placing once its port is chosen

    int placing;

    final int[] met = new int[256]; // per port: == stamp while a neighbour's stranger that meets the address in hand took it

    int stamp;

    final int[] takenCount = new int[256]; // per port: how many, while taken[p] == stamp

    final int[] taken = new int[256]; // per port: == stamp while a stranger of this switch that a shift sends with the address in hand took it

    /**
     * After one more failure: only the addresses whose entries changed, at a switch or at a child
     * of it, are looked at as strangers there, level by level, each decided against the strangers
     * already spread at that switch (within a window either side) and at its neighbours in the
     * column, as {@link #spreadStrangers} decides them in order.
     */
    void spreadChanged() {
        int n = s.t.hosts();
        for (int l = 1; l < s.t.levels(); l++) {
            int ups = s.t.upPorts(l);
            if (ups < 2) {
                continue;
            }
            int end = s.changes; // what this level changes is logged after, for the next level
            for (int k = 0; k < end; k++) {
                int x = s.changedAt[3 * k];
                int a = s.changedAt[3 * k + 1];
                int lx = s.t.level(x);
                if (lx == l) {
                    decide(x, l, a);
                } else if (lx == l - 1 && l > 1) { // the parent it goes to now, and the one it went to
                    int p = s.rows[(x - n) * s.addresses + a] & 0xFF;
                    if (p != NONE && p >= s.t.downPorts(l - 1)) {
                        decide(s.t.peerNode(s.t.portBase(x) + p), l, a);
                    }
                    int old = s.changedAt[3 * k + 2];
                    if (old != NONE && old >= s.t.downPorts(l - 1) && old != p) {
                        decide(s.t.peerNode(s.t.portBase(x) + old), l, a);
                    }
                }
            }
            repairClashes(l);
        }
    }

    /** One address at one switch, if it is a stranger there: the spread's choice, against what is spread around it. */
    void decide(int v, int l, int a) {
        int n = s.t.hosts();
        int row = (v - n) * s.addresses;
        int downs = s.t.downPorts(l);
        int cur = s.rows[row + a] & 0xFF;
        boolean up = cur != NONE && cur >= downs; // a stranger goes up from here
        boolean arrives = l == 1; // a leaf's hosts send it every address
        boolean foreign = false;
        int lo = Integer.MAX_VALUE;
        int hi = Integer.MIN_VALUE;
        if (l == 1) {
            lo = s.sourceFirst(v, 1, 0);
            hi = lo + s.sourceSize(1, 0);
        }
        for (int q = 0; l > 1 && up && q < downs; q++) {
            int g = s.t.portBase(v) + q;
            int c = s.t.peerNode(g);
            int ca = (c - n) * s.addresses + a;
            if (c >= n && (s.rows[ca] & 0xFF) == s.t.peerPort(g)) {
                arrives = true;
                int from = s.rows[ca] != s.planned[ca] ? q : RerouteState.ALL_BELOW; // as the full spread counts them
                foreign |= from == q;
                lo = Math.min(lo, s.sourceFirst(v, l, from));
                hi = Math.max(hi, s.sourceFirst(v, l, from) + s.sourceSize(l, from));
            }
        }
        boolean stranger = up && arrives && (foreign || s.rows[row + a] != s.planned[row + a]);
        int leafIndex = (int) (a / s.paths / s.t.hostStride(1));
        boolean[] down = s.downReach[leafIndex];
        int[] list = s.spreadOf[v - n];
        int at = list == null ? -1 : java.util.Arrays.binarySearch(list, a);
        if (!stranger || down[v - n]) {
            if (at >= 0) { // no longer one: it weighs on nothing here
                s.spreadOf[v - n] = list.length == 1 ? null : without(list, at);
                s.spreadLo[v - n] = list.length == 1 ? null : without(s.spreadLo[v - n], at);
                s.spreadHi[v - n] = list.length == 1 ? null : without(s.spreadHi[v - n], at);
            }
            return;
        }
        if (at < 0) { // a new stranger here
            int ins = list == null ? 0 : -at - 1;
            s.spreadOf[v - n] = list = with(list, ins, a);
            s.spreadLo[v - n] = with(s.spreadLo[v - n], ins, lo);
            s.spreadHi[v - n] = with(s.spreadHi[v - n], ins, hi);
        } else {
            s.spreadLo[v - n][at] = lo;
            s.spreadHi[v - n][at] = hi;
        }
        stamp++;
        meets(neighbour(l, v, -1), l, a, lo, hi, true);
        meets(neighbour(l, v, 1), l, a, lo, hi, false);
        takeOwn(l, row, list, s.spreadLo[v - n], s.spreadHi[v - n], at < 0 ? -at - 1 : at, false);
        int want = choose(v, l, a, cur, down, s.reach[leafIndex]);
        if (want != NONE && want != cur) {
            s.rows[row + a] = (byte) want;
            s.logChange(v, a, cur);
        }
        if (want != NONE && met[want] == stamp) {
            clashes = add(clashes, clashCount++, v, a);
        }
    }

    /**
     * The same column's switch in the neighbouring level-l subtree before (side −1) or after (+1)
     * switch v, the subtrees read as a ring (shifts wrap): a shift sends their strangers to one
     * subtree together, down through the same parents. -1 when the level has one subtree.
     */
    int neighbour(int l, int v, int side) {
        int size = s.t.levelSize(l);
        int cols = (int) s.t.copyStride(l);
        if (cols == size) {
            return -1;
        }
        int i = v - s.t.levelBase(l) + side * cols;
        return s.t.levelBase(l) + (i < 0 ? i + size : i >= size ? i - size : i);
    }

    /**
     * Marks in {@link #met} the ports by which switch {@code other} (a node, its strangers spread
     * already) sends the strangers of the same level-l subtree as address a that a shift can send
     * together with a: those before a when other is the subtree before, after a when the one after.
     */
    void meets(int other, int l, int a, int lo, int hi, boolean before) {
        int found = meeting(other, l, a, lo, hi, before, -1);
        for (int j = 0; j < found; j++) {
            met[meeting[2 * j + 1]] = stamp;
        }
    }

    /**
     * Fills {@link #meeting} with (address, port) of the strangers of switch {@code other} that a
     * shift can send together with address a (sources [lo, hi)) into the same level-l subtree, on
     * {@code port} only unless it is -1; returns how many.
     */
    int meeting(int other, int l, int a, int lo, int hi, boolean before, int port) {
        if (other < 0 || s.spreadOf[other - s.t.hosts()] == null) {
            return 0;
        }
        int[] los = s.spreadLo[other - s.t.hosts()];
        int[] his = s.spreadHi[other - s.t.hosts()];
        long span = s.t.hostStride(l) * (long) s.paths;
        int from = (int) (a / span * span);
        int[] list = s.spreadOf[other - s.t.hosts()];
        int k = java.util.Arrays.binarySearch(list, before ? from : a + 1);
        if (k < 0) {
            k = -k - 1;
        }
        int row = (other - s.t.hosts()) * s.addresses;
        int found = 0;
        for (; k < list.length && (before ? list[k] < a : list[k] < from + span); k++) {
            int p = s.rows[row + list[k]] & 0xFF;
            // a shift s sends both when a - s comes from [lo, hi) and list[k] - s from the other's sources
            if (p != NONE && (port < 0 || p == port) && s.overlap(lo, hi, los[k], his[k], a / s.paths - list[k] / s.paths)) {
                meeting = add(meeting, found++, list[k], p);
            }
        }
        return found;
    }

    static void add(long[][] lists, int[] count, int i, long e) {
        if (lists[i] == null) {
            lists[i] = new long[16];
        } else if (count[i] == lists[i].length) {
            lists[i] = java.util.Arrays.copyOf(lists[i], count[i] * 2);
        }
        lists[i][count[i]++] = e;
    }

    /**
     * The up-port for stranger a at level-l switch v, now on cur, once {@link #taken} marks the ports
     * its own strangers that meet it hold and {@link #met} those its neighbours' meet it on: cur if
     * neither, else the first such port from cur on by the address's step, else one only a
     * neighbour's stranger meets, else the one that took fewest of its own (cur on a tie) among those
     * that lead the right way; NONE if none does.
     */
    int choose(int v, int l, int a, int cur, boolean[] down, boolean[] up) {
        int d = a / s.paths;
        int downs = s.t.downPorts(l);
        int ups = s.t.upPorts(l);
        boolean curOk = s.valid(v, l, cur, false, down, up, d);
        if (curOk && met[cur] != stamp && taken[cur] != stamp) {
            return cur;
        }
        long j = a / (s.t.copyStride(l) * (long) ups);
        int step = 1 + (int) (j % (ups - 1));
        int alone = NONE; // free here, though a neighbour's stranger meets it above
        for (int q = 0; q < ups; q++) {
            int p = downs + (cur - downs + step + q) % ups;
            if (s.valid(v, l, p, false, down, up, d) && taken[p] != stamp) {
                if (met[p] != stamp) {
                    return p;
                }
                if (alone == NONE) {
                    alone = p;
                }
            }
        }
        if (alone != NONE) {
            return alone;
        }
        // every port that leads the right way took a stranger a shift sends with a: the one that took fewest
        int least = NONE;
        for (int q = 0; q < ups; q++) {
            int p = downs + (cur - downs + step + q) % ups;
            if (s.valid(v, l, p, false, down, up, d) && (least == NONE || takenCount[p] < takenCount[least])) {
                least = p;
            }
        }
        return least != NONE && (!curOk || takenCount[least] < takenCount[cur]) ? least : curOk ? cur : NONE;
    }

    /**
     * Marks as {@link #taken} the ports of the switch's strangers (at {@code row}, listed ascending
     * with the hosts their flows come from) that a shift sends together with stranger k: those within
     * a window of it either side, the list read as a ring (shifts wrap); only those placed already
     * while the switch is being spread.
     */
    void takeOwn(int l, int row, int[] list, int[] lo, int[] hi, int k, boolean placedOnly) {
        int a = list[k];
        long window = s.t.hostStride(l) * (long) s.paths;
        for (int side = -1, left = 0; side <= 1; side += 2) { // each one once, though the window hold them all
            for (int step = 1; step < list.length - (side > 0 ? left : 0); step++) {
                int o = Math.floorMod(k + side * step, list.length);
                long dist = Math.abs((long) list[o] - a);
                if (Math.min(dist, s.addresses - dist) >= window) {
                    break;
                }
                left = side < 0 ? step : left;
                int p = s.rows[row + list[o]] & 0xFF;
                if ((!placedOnly || placedAt[o] == placing) && p != NONE && s.overlap(lo[k], hi[k], lo[o], hi[o], a / s.paths - list[o] / s.paths)) {
                    take(p);
                }
            }
        }
    }

    /** Port p took a stranger that a shift sends with the address in hand (counted: the least taken is the last resort). */
    void take(int p) {
        if (taken[p] != stamp) {
            taken[p] = stamp;
            takenCount[p] = 0;
        }
        takenCount[p]++;
    }

    static int[] without(int[] list, int at) {
        int[] smaller = new int[list.length - 1];
        System.arraycopy(list, 0, smaller, 0, at);
        System.arraycopy(list, at + 1, smaller, at, list.length - at - 1);
        return smaller;
    }

    static int[] with(int[] list, int at, int x) {
        int[] bigger = new int[list == null ? 1 : list.length + 1];
        if (list != null) {
            System.arraycopy(list, 0, bigger, 0, at);
            System.arraycopy(list, at, bigger, at + 1, list.length - at);
        }
        bigger[at] = x;
        return bigger;
    }
}
