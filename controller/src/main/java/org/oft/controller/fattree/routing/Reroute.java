package org.oft.controller.fattree.routing;

import java.util.ArrayList;
import java.util.List;
import org.oft.controller.fattree.topology.FabricFaults;
import org.oft.controller.fattree.topology.PgftTopology;

/**
 * Destination-keyed forwarding tables made to route around a broken fabric, keeping every entry the
 * planned tables (any destination-keyed engine's) already get right.
 *
 * <p>Per destination leaf: a switch from which the destination can be reached going down only
 * ("down-reach") sends it down, to a child that also can; any other switch that can reach it up then
 * down sends it up, to a parent that can. Where the planned port does not lead so, the entry moves
 * from it by a step that the address's next D-mod-K digit sets, to the first port that leads the
 * right way and has not taken another rerouted address of the same shift window at that switch (the
 * M_l addresses a shift sends through a level-l switch together). So the addresses one dead port
 * carried are spread over the others, and two that a shift sends together do not share a port. Above
 * the leaves, a switch then spreads the same way what its children reroute into it, together with
 * what it reroutes itself of what they send it (see {@link #spreadStrangers}). Routes stay
 * up*&#47;down* (deadlock-free): nothing is ever sent down into a switch that must go up again. A
 * switch that cannot reach the destination at all, and every switch for a missing host, gets no
 * route (255), and the pairs no route can join are counted and named, never silently dropped. On a
 * complete tree nothing changes.
 *
 * <p>Hosts must have one link each (w_1 = p_1 = 1).
 */
public final class Reroute {
    public static final int NONE = 0xFF;
    /** Unreachable pairs named in a result, at most. */
    public static final int EXAMPLES = 10;

    private final PgftTopology t;
    private final int paths;
    private final int addresses;
    private final byte[] planned;
    private final byte[] rows;
    private final boolean[][] reach; // [leaf][switch]: the leaf's hosts can be reached from it (up then down)
    private final boolean[][] downReach; // [leaf][switch]: ... going down only
    private FabricFaults faults;
    private boolean[] deadPort; // the faults' dead ports and nodes, flat (read on every entry)
    private boolean[] deadNode;
    private final int maxPorts;
    private final long[] lastOnto; // [switch][port]: the last address rerouted onto it
    private long unreachablePairs;
    private long unreachableByRouting;
    private final List<String> examples = new ArrayList<>();

    private Reroute(ForwardingTables plan, FabricFaults faults) {
        this.t = plan.topology();
        if (t.upPorts(0) != 1) {
            throw new IllegalArgumentException("routing around failures needs hosts with one link each (w_1 = p_1 = 1)");
        }
        if (faults.tree().topology() != t) {
            throw new IllegalArgumentException("the failures are of another fabric");
        }
        this.paths = plan.paths();
        this.addresses = plan.addresses();
        this.planned = plan.switchRows();
        this.rows = planned.clone();
        int leaves = t.levelSize(1);
        this.reach = new boolean[leaves][t.switches()];
        this.downReach = new boolean[leaves][t.switches()];
        setFaults(faults);
        int most = 1;
        for (int l = 1; l <= t.levels(); l++) {
            most = Math.max(most, t.downPorts(l) + t.upPorts(l));
        }
        this.maxPorts = most;
        this.lastOnto = new long[t.switches() * most];
        this.spreadOf = new int[t.switches()][];
        this.spreadLo = new int[t.switches()][];
        this.spreadHi = new int[t.switches()][];
        this.met = new int[256];
        java.util.Arrays.fill(lastOnto, Long.MIN_VALUE / 2);
    }

    /** Tables for {@code plan} on the fabric with {@code faults}. */
    public static Reroute route(ForwardingTables plan, FabricFaults faults) {
        Reroute r = new Reroute(plan, faults);
        for (int leaf = 0; leaf < t(r).levelSize(1); leaf++) {
            r.routeLeaf(leaf, null);
        }
        r.spreadStrangers();
        r.countUnreachable();
        return r;
    }

    private static PgftTopology t(Reroute r) {
        return r.t;
    }

    /** The failures, and their dead ports and nodes as flat arrays. */
    private void setFaults(FabricFaults f) {
        faults = f;
        deadPort = new boolean[t.portCount()];
        deadNode = new boolean[t.nodes()];
        for (int g = 0; g < deadPort.length; g++) {
            deadPort[g] = f.deadPort(g);
        }
        for (int v = 0; v < deadNode.length; v++) {
            deadNode[v] = f.deadNode(v);
        }
    }

    /**
     * One more failure, rerouted incrementally: the destinations below the cable's lower end are
     * routed again everywhere; for every other destination only the switches whose way up may have
     * gone through that cable (the lower end and the switches below it) are looked at again.
     */
    public void fail(String spec) {
        FabricFaults next = faults.with(spec);
        List<Integer> lower = new ArrayList<>(); // lower ends of newly dead cables
        for (int g = 0; g < t.portCount(); g++) {
            if (next.deadPort(g) && !deadPort[g]) {
                int v = t.nodeOfPort(g);
                int peer = t.peerNode(g);
                if (t.level(v) < t.level(peer)) {
                    lower.add(v);
                }
            }
        }
        setFaults(next);
        suspect = null; // the switches with dead cables changed
        changes = 0;
        logging = true;
        boolean[] fullLeaf = new boolean[t.levelSize(1)];
        boolean[] cone = new boolean[t.nodes()];
        for (int x : lower) {
            markCone(x, cone);
            for (int leaf = 0; leaf < fullLeaf.length; leaf++) {
                if (x < t.hosts() ? t.below(t.hosts() + leaf, x) : leafBelow(x, t.hosts() + leaf)) {
                    fullLeaf[leaf] = true;
                }
            }
        }
        coneList = java.util.stream.IntStream.range(t.hosts(), t.nodes()).filter(v -> cone[v]).toArray();
        for (int leaf = 0; leaf < fullLeaf.length; leaf++) {
            routeLeaf(leaf, fullLeaf[leaf] ? null : cone);
        }
        spreadChanged();
        changes = 0;
        logging = false;
        countUnreachable();
    }

    private int[] coneList;

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
    private void spreadStrangers() {
        for (int l = 1; l < t.levels(); l++) {
            if (t.upPorts(l) < 2) {
                continue;
            }
            long[][] strangers = new long[t.levelSize(l)][]; // address << 32 | the port it arrives by
            int[] count = new int[t.levelSize(l)];
            collectStrangers(l, strangers, count);
            for (int i = 0; i < t.levelSize(l); i++) {
                if (count[i] > 0) {
                    spreadAt(l, i, java.util.Arrays.copyOf(strangers[i], count[i]));
                }
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
    private void collectStrangers(int l, long[][] strangers, int[] count) {
        int n = t.hosts();
        int below = t.levelBase(l - 1);
        int downHere = l == 1 ? 0 : t.downPorts(l - 1);
        int downs = t.downPorts(l);
        for (int c = below; l > 1 && c < below + t.levelSize(l - 1); c++) { // children that send an address elsewhere than planned
            int row = (c - n) * addresses;
            for (int a = mismatch(row, 0); a >= 0; a = mismatch(row, a + 1)) {
                int p = rows[row + a] & 0xFF;
                if (p != NONE && p >= downHere) {
                    int g = t.portBase(c) + p;
                    add(strangers, count, t.peerNode(g) - t.levelBase(l), (long) a << 32 | t.peerPort(g));
                }
            }
        }
        for (int i = 0; i < t.levelSize(l); i++) { // switches that send elsewhere an address a child sends them as planned
            int v = t.levelBase(l) + i;
            int row = (v - n) * addresses;
            for (int a = mismatch(row, 0); a >= 0; a = mismatch(row, a + 1)) {
                if (l == 1) { // a leaf's hosts send it every address
                    add(strangers, count, i, (long) a << 32);
                    continue;
                }
                for (int q = 0; q < downs; q++) { // sent here as planned: from anywhere below (ALL_BELOW)
                    int g = t.portBase(v) + q;
                    int c = t.peerNode(g);
                    if (c >= n && (rows[(c - n) * addresses + a] & 0xFF) == t.peerPort(g)) {
                        add(strangers, count, i, (long) a << 32 | ALL_BELOW);
                        break;
                    }
                }
            }
        }
    }

    /** Spreads the strangers of the i-th level-l switch, given as what arrives there (address << 32 | port). */
    private void spreadAt(int l, int i, long[] arrivals) {
        int n = t.hosts();
        int v = t.levelBase(l) + i;
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
            int from = sourceFirst(v, l, q);
            if (u > 0 && list[u - 1] == a) {
                lo[u - 1] = Math.min(lo[u - 1], from);
                hi[u - 1] = Math.max(hi[u - 1], from + sourceSize(l, q));
            } else {
                list[u] = a;
                lo[u] = from;
                hi[u] = from + sourceSize(l, q);
                u++;
            }
        }
        list = java.util.Arrays.copyOf(list, u);
        lo = java.util.Arrays.copyOf(lo, u);
        hi = java.util.Arrays.copyOf(hi, u);
        spreadOf[v - n] = list;
        spreadLo[v - n] = lo;
        spreadHi[v - n] = hi;
        int base = (v - n) * maxPorts;
        java.util.Arrays.fill(lastOnto, base, base + maxPorts, Long.MIN_VALUE / 2);
        if (placedAt.length < u) {
            placedAt = new int[Math.max(u, 2 * placedAt.length)];
        }
        placing++;
        // strangers from all below first: a shift sends one of them with any stranger within the
        // window, while those from one child meet few, so these then keep clear of the former
        int wideHosts = (int) t.hostStride(l);
        for (int pass = 0; pass < 2; pass++) {
            for (int k = 0; k < u; k++) {
                if ((hi[k] - lo[k] >= wideHosts) == (pass == 0)) {
                    place(l, i, k, list, lo, hi);
                }
            }
        }
    }

    /** Chooses the port of stranger k of the i-th level-l switch, apart from those placed before it there and at its neighbours. */
    private void place(int l, int i, int k, int[] list, int[] lo, int[] hi) {
        int n = t.hosts();
        int v = t.levelBase(l) + i;
        int row = (v - n) * addresses;
        int a = list[k];
        int d = a / paths;
        int leafIndex = (int) (d / t.hostStride(1));
        boolean[] down = downReach[leafIndex];
        int cur = rows[row + a] & 0xFF;
        placedAt[k] = placing;
        if (cur == NONE || cur < t.downPorts(l) || down[v - n]) {
            return; // it turns down here: nothing to choose
        }
        stamp++;
        // (a neighbour not spread yet has no list: it sees this one when its turn comes)
        meets(neighbour(l, v, -1), l, a, lo[k], hi[k], true);
        meets(neighbour(l, v, 1), l, a, lo[k], hi[k], false);
        takeOwn(l, row, list, lo, hi, k, true); // those placed already
        int want = choose(v, l, a, cur, down, reach[leafIndex]);
        if (want == NONE) {
            want = cur; // no port leads the right way: leave it
        }
        rows[row + a] = (byte) want;
        int base = (v - n) * maxPorts;
        lastOnto[base + want] = Math.max(lastOnto[base + want], a);
        if (met[want] == stamp) { // it meets a neighbour's stranger spread before it: that one may move
            clashes = add(clashes, clashCount++, v, a);
        }
    }

    /**
     * A switch spread earlier did not see its next neighbour's strangers: where a later one had to
     * take a port that one of them holds, that one is decided again, seeing both sides (once: what
     * this decides clashes with is left).
     */
    private void repairClashes(int l) {
        int n = t.hosts();
        int end = clashCount;
        for (int c = 0; c < end; c++) {
            int v = clashes[2 * c];
            int a = clashes[2 * c + 1];
            int k = spreadOf[v - n] == null ? -1 : java.util.Arrays.binarySearch(spreadOf[v - n], a);
            if (k < 0) {
                continue; // no longer a stranger there
            }
            int p = rows[(v - n) * addresses + a] & 0xFF;
            redecideMeeting(neighbour(l, v, -1), l, a, spreadLo[v - n][k], spreadHi[v - n][k], true, p);
            redecideMeeting(neighbour(l, v, 1), l, a, spreadLo[v - n][k], spreadHi[v - n][k], false, p);
        }
        clashCount = 0;
    }

    private int[] clashes = new int[64]; // switch node, address: strangers spread onto a port a neighbour's stranger meets them on
    private int clashCount;

    private static int[] add(int[] pairs, int at, int x, int y) {
        if (2 * at + 2 > pairs.length) {
            pairs = java.util.Arrays.copyOf(pairs, pairs.length * 2);
        }
        pairs[2 * at] = x;
        pairs[2 * at + 1] = y;
        return pairs;
    }

    /** Decides again the strangers of switch {@code other} that meet address a (as {@link #meets} finds them) on port p. */
    private void redecideMeeting(int other, int l, int a, int lo, int hi, boolean before, int p) {
        int[] found = java.util.Arrays.copyOf(meeting, 2 * meeting(other, l, a, lo, hi, before, p)); // decide() fills meeting again
        for (int j = 0; j < found.length; j += 2) {
            decide(other, l, found[j]);
        }
    }

    private int[] meeting = new int[16]; // (address, port) pairs: see meeting()

    private int[] placedAt = new int[64]; // per stranger of the switch being spread: == placing once its port is chosen
    private int placing;
    private final int[][] spreadOf; // [switch]: its strangers, ascending, when last spread
    private final int[][] spreadLo; // [switch]: the first host their flows may come from, per stranger
    private final int[][] spreadHi; // ... and the end
    private int[] changedAt = new int[1024]; // entries an incremental reroute changed: switch node, address, old port
    private int changes;
    private boolean logging; // during an incremental reroute

    private final int[] met; // per port: == stamp while a neighbour's stranger that meets the address in hand took it
    private int stamp;
    private final int[] takenCount = new int[256]; // per port: how many, while taken[p] == stamp
    private final int[] taken = new int[256]; // per port: == stamp while a stranger of this switch that a shift sends with the address in hand took it

    private void logChange(int v, int a, int old) {
        if (!logging) {
            return; // a full route spreads everything
        }
        if (3 * changes + 3 > changedAt.length) {
            changedAt = java.util.Arrays.copyOf(changedAt, changedAt.length * 2);
        }
        changedAt[3 * changes] = v;
        changedAt[3 * changes + 1] = a;
        changedAt[3 * changes + 2] = old;
        changes++;
    }

    /**
     * After one more failure: only the addresses whose entries changed, at a switch or at a child
     * of it, are looked at as strangers there, level by level, each decided against the strangers
     * already spread at that switch (within a window either side) and at its neighbours in the
     * column, as {@link #spreadStrangers} decides them in order.
     */
    private void spreadChanged() {
        int n = t.hosts();
        for (int l = 1; l < t.levels(); l++) {
            int ups = t.upPorts(l);
            if (ups < 2) {
                continue;
            }
            int end = changes; // what this level changes is logged after, for the next level
            for (int k = 0; k < end; k++) {
                int x = changedAt[3 * k];
                int a = changedAt[3 * k + 1];
                int lx = t.level(x);
                if (lx == l) {
                    decide(x, l, a);
                } else if (lx == l - 1 && l > 1) { // the parent it goes to now, and the one it went to
                    int p = rows[(x - n) * addresses + a] & 0xFF;
                    if (p != NONE && p >= t.downPorts(l - 1)) {
                        decide(t.peerNode(t.portBase(x) + p), l, a);
                    }
                    int old = changedAt[3 * k + 2];
                    if (old != NONE && old >= t.downPorts(l - 1) && old != p) {
                        decide(t.peerNode(t.portBase(x) + old), l, a);
                    }
                }
            }
            repairClashes(l);
        }
    }

    /** One address at one switch, if it is a stranger there: the spread's choice, against what is spread around it. */
    private void decide(int v, int l, int a) {
        int n = t.hosts();
        int row = (v - n) * addresses;
        int downs = t.downPorts(l);
        int cur = rows[row + a] & 0xFF;
        boolean up = cur != NONE && cur >= downs; // a stranger goes up from here
        boolean arrives = l == 1; // a leaf's hosts send it every address
        boolean foreign = false;
        int lo = Integer.MAX_VALUE;
        int hi = Integer.MIN_VALUE;
        if (l == 1) {
            lo = sourceFirst(v, 1, 0);
            hi = lo + sourceSize(1, 0);
        }
        for (int q = 0; l > 1 && up && q < downs; q++) {
            int g = t.portBase(v) + q;
            int c = t.peerNode(g);
            int ca = (c - n) * addresses + a;
            if (c >= n && (rows[ca] & 0xFF) == t.peerPort(g)) {
                arrives = true;
                int from = rows[ca] != planned[ca] ? q : ALL_BELOW; // as the full spread counts them
                foreign |= from == q;
                lo = Math.min(lo, sourceFirst(v, l, from));
                hi = Math.max(hi, sourceFirst(v, l, from) + sourceSize(l, from));
            }
        }
        boolean stranger = up && arrives && (foreign || rows[row + a] != planned[row + a]);
        int leafIndex = (int) (a / paths / t.hostStride(1));
        boolean[] down = downReach[leafIndex];
        int[] list = spreadOf[v - n];
        int at = list == null ? -1 : java.util.Arrays.binarySearch(list, a);
        if (!stranger || down[v - n]) {
            if (at >= 0) { // no longer one: it weighs on nothing here
                spreadOf[v - n] = list.length == 1 ? null : without(list, at);
                spreadLo[v - n] = list.length == 1 ? null : without(spreadLo[v - n], at);
                spreadHi[v - n] = list.length == 1 ? null : without(spreadHi[v - n], at);
            }
            return;
        }
        if (at < 0) { // a new stranger here
            int ins = list == null ? 0 : -at - 1;
            spreadOf[v - n] = list = with(list, ins, a);
            spreadLo[v - n] = with(spreadLo[v - n], ins, lo);
            spreadHi[v - n] = with(spreadHi[v - n], ins, hi);
        } else {
            spreadLo[v - n][at] = lo;
            spreadHi[v - n][at] = hi;
        }
        stamp++;
        meets(neighbour(l, v, -1), l, a, lo, hi, true);
        meets(neighbour(l, v, 1), l, a, lo, hi, false);
        takeOwn(l, row, list, spreadLo[v - n], spreadHi[v - n], at < 0 ? -at - 1 : at, false);
        int want = choose(v, l, a, cur, down, reach[leafIndex]);
        if (want != NONE && want != cur) {
            rows[row + a] = (byte) want;
            logChange(v, a, cur);
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
    private int neighbour(int l, int v, int side) {
        int size = t.levelSize(l);
        int cols = (int) t.copyStride(l);
        if (cols == size) {
            return -1;
        }
        int i = v - t.levelBase(l) + side * cols;
        return t.levelBase(l) + (i < 0 ? i + size : i >= size ? i - size : i);
    }

    /**
     * Marks in {@link #met} the ports by which switch {@code other} (a node, its strangers spread
     * already) sends the strangers of the same level-l subtree as address a that a shift can send
     * together with a: those before a when other is the subtree before, after a when the one after.
     */
    private void meets(int other, int l, int a, int lo, int hi, boolean before) {
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
    private int meeting(int other, int l, int a, int lo, int hi, boolean before, int port) {
        if (other < 0 || spreadOf[other - t.hosts()] == null) {
            return 0;
        }
        int[] los = spreadLo[other - t.hosts()];
        int[] his = spreadHi[other - t.hosts()];
        long span = t.hostStride(l) * (long) paths;
        int from = (int) (a / span * span);
        int[] list = spreadOf[other - t.hosts()];
        int k = java.util.Arrays.binarySearch(list, before ? from : a + 1);
        if (k < 0) {
            k = -k - 1;
        }
        int row = (other - t.hosts()) * addresses;
        int found = 0;
        for (; k < list.length && (before ? list[k] < a : list[k] < from + span); k++) {
            int p = rows[row + list[k]] & 0xFF;
            // a shift s sends both when a - s comes from [lo, hi) and list[k] - s from the other's sources
            if (p != NONE && (port < 0 || p == port) && overlap(lo, hi, los[k], his[k], a / paths - list[k] / paths)) {
                meeting = add(meeting, found++, list[k], p);
            }
        }
        return found;
    }

    /** The first address from {@code a} on where the row at {@code row} differs from the plan, or -1. */
    private int mismatch(int row, int a) {
        if (a >= addresses) {
            return -1;
        }
        int m = java.util.Arrays.mismatch(rows, row + a, row + addresses, planned, row + a, row + addresses);
        return m < 0 ? -1 : a + m;
    }

    private static void add(long[][] lists, int[] count, int i, long e) {
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
    private int choose(int v, int l, int a, int cur, boolean[] down, boolean[] up) {
        int d = a / paths;
        int downs = t.downPorts(l);
        int ups = t.upPorts(l);
        boolean curOk = valid(v, l, cur, false, down, up, d);
        if (curOk && met[cur] != stamp && taken[cur] != stamp) {
            return cur;
        }
        long j = a / (t.copyStride(l) * (long) ups);
        int step = 1 + (int) (j % (ups - 1));
        int alone = NONE; // free here, though a neighbour's stranger meets it above
        for (int q = 0; q < ups; q++) {
            int p = downs + (int) ((cur - downs + step + q) % ups);
            if (valid(v, l, p, false, down, up, d) && taken[p] != stamp) {
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
            int p = downs + (int) ((cur - downs + step + q) % ups);
            if (valid(v, l, p, false, down, up, d) && (least == NONE || takenCount[p] < takenCount[least])) {
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
    private void takeOwn(int l, int row, int[] list, int[] lo, int[] hi, int k, boolean placedOnly) {
        int a = list[k];
        long window = t.hostStride(l) * (long) paths;
        for (int side = -1, left = 0; side <= 1; side += 2) { // each one once, though the window hold them all
            for (int step = 1; step < list.length - (side > 0 ? left : 0); step++) {
                int o = Math.floorMod(k + side * step, list.length);
                long dist = Math.abs((long) list[o] - a);
                if (Math.min(dist, addresses - dist) >= window) {
                    break;
                }
                left = side < 0 ? step : left;
                int p = rows[row + list[o]] & 0xFF;
                if ((!placedOnly || placedAt[o] == placing) && p != NONE && overlap(lo[k], hi[k], lo[o], hi[o], a / paths - list[o] / paths)) {
                    take(p);
                }
            }
        }
    }

    /** Port p took a stranger that a shift sends with the address in hand (counted: the least taken is the last resort). */
    private void take(int p) {
        if (taken[p] != stamp) {
            taken[p] = stamp;
            takenCount[p] = 0;
        }
        takenCount[p]++;
    }

    private static int[] without(int[] list, int at) {
        int[] smaller = new int[list.length - 1];
        System.arraycopy(list, 0, smaller, 0, at);
        System.arraycopy(list, at + 1, smaller, at, list.length - at - 1);
        return smaller;
    }

    private static int[] with(int[] list, int at, int x) {
        int[] bigger = new int[list == null ? 1 : list.length + 1];
        if (list != null) {
            System.arraycopy(list, 0, bigger, 0, at);
            System.arraycopy(list, at, bigger, at + 1, list.length - at);
        }
        bigger[at] = x;
        return bigger;
    }

    private static final int ALL_BELOW = 0xFFFF; // a "port" that stands for all of a switch's down ports

    /** The first of the hosts whose flows reach level-l switch v by its down port q (a leaf, or ALL_BELOW: all below v). */
    private int sourceFirst(int v, int l, int q) {
        int below = l == 1 || q == ALL_BELOW ? v : t.peerNode(t.portBase(v) + q);
        return (int) (t.subtree(below) * t.hostStride(t.level(below)));
    }

    /** How many hosts send through down port q of a level-l switch (a leaf, or ALL_BELOW: all below it). */
    private int sourceSize(int l, int q) {
        return (int) t.hostStride(l == 1 || q == ALL_BELOW ? l : l - 1);
    }

    /** Hosts [lo, hi) shifted back by delta and hosts [lo0, hi0) meet on the ring of all hosts. */
    private boolean overlap(int lo, int hi, int lo0, int hi0, long delta) {
        int hosts = t.hosts();
        long start = Math.floorMod(lo - delta, hosts);
        return Math.floorMod(lo0 - start, hosts) < hi - lo || Math.floorMod(start - lo0, hosts) < hi0 - lo0;
    }

    /** The nodes whose way up may pass through x: x and everything below it. */
    private void markCone(int x, boolean[] cone) {
        if (cone[x]) {
            return;
        }
        cone[x] = true;
        int l = t.level(x);
        for (int p = 0; p < t.downPorts(l); p++) {
            int c = t.peerNode(t.portBase(x) + p);
            if (c >= t.hosts()) {
                markCone(c, cone);
            }
        }
    }

    /** Leaf node {@code leaf} lies below switch x (x's subtree holds its hosts). */
    private boolean leafBelow(int x, int leaf) {
        long firstHost = (long) (leaf - t.levelBase(1)) * t.hostStride(1);
        return t.below(x, (int) firstHost);
    }

    /**
     * Routes the addresses of the hosts below one leaf: reachability first, then every entry (or, with
     * {@code only}, the entries of the switches it marks).
     */
    private void routeLeaf(int leafIndex, boolean[] only) {
        int leaf = t.levelBase(1) + leafIndex;
        boolean[] down = downReach[leafIndex];
        boolean[] up = reach[leafIndex];
        int h = t.levels();
        int n = t.hosts();
        if (only == null) {
            java.util.Arrays.fill(down, false);
            if (!deadNode[leaf]) {
                down[leaf - n] = true;
            }
            for (int l = 1; l < h; l++) { // down-reach climbs the live cables
                for (int v = t.levelBase(l); v < t.levelBase(l) + t.levelSize(l); v++) {
                    if (!down[v - n]) {
                        continue;
                    }
                    for (int q = 0; q < t.upPorts(l); q++) {
                        int g = t.portBase(v) + t.downPorts(l) + q;
                        if (!deadPort[g]) {
                            down[t.peerNode(g) - n] = true;
                        }
                    }
                }
            }
        }
        for (int l = h; l >= 1; l--) { // reach: down-reach, or a live cable up to a switch with reach
            for (int v = t.levelBase(l); v < t.levelBase(l) + t.levelSize(l); v++) {
                if (only != null && !only[v]) {
                    continue;
                }
                boolean r = down[v - n];
                for (int q = 0; !r && l < h && q < t.upPorts(l); q++) {
                    int g = t.portBase(v) + t.downPorts(l) + q;
                    r = !deadPort[g] && up[t.peerNode(g) - n];
                }
                up[v - n] = r && !deadNode[v];
            }
        }
        long first = (long) leafIndex * t.hostStride(1);
        int[] at = only == null ? suspects(leaf, (int) first, down, up) : null;
        int count = only == null ? suspectCount : 0;
        // switch by switch, each along its row (an entry depends on no other switch's entries for the
        // address, and a switch takes the addresses in order either way)
        int a0 = (int) first * paths;
        int a1 = (int) (first + t.hostStride(1)) * paths;
        boolean allOk = true;
        for (int d = (int) first; d < first + t.hostStride(1); d++) {
            if (deadNode[d] || deadPort[t.portBase(d)]) {
                allOk = false;
                for (int q = 0; q < paths; q++) {
                    for (int v = n; v < t.nodes(); v++) {
                        entry(v, d * paths + q, false, down, up); // no route to it (these touch no spread)
                    }
                }
            }
        }
        if (only == null) {
            for (int k = 0; k < count; k++) {
                for (int a = a0; a < a1; a++) {
                    if (allOk || hostOk(a / paths)) {
                        entry(at[k], a, true, down, up);
                    }
                }
            }
            for (int v : withDeadPorts) { // elsewhere only entries through a dead cable are wrong
                if (suspectMark[v - n] == suspectEpoch) {
                    continue;
                }
                int row = (v - n) * addresses;
                int ports = t.portBase(v);
                for (int a = a0; a < a1; a++) {
                    int cur = rows[row + a] & 0xFF;
                    if (cur != NONE && deadPort[ports + cur] && (allOk || hostOk(a / paths))) {
                        entry(v, a, true, down, up);
                    }
                }
            }
        } else {
            for (int v : coneList) {
                for (int a = a0; a < a1; a++) {
                    if (allOk || hostOk(a / paths)) {
                        entry(v, a, true, down, up);
                    }
                }
            }
        }
    }

    private boolean hostOk(int d) {
        return !deadNode[d] && !deadPort[t.portBase(d)];
    }

    private int[] suspect;
    private int suspectCount;
    private int[] suspectMark;
    private int suspectEpoch;
    private int[] withDeadPorts;
    private int[] subtreeOf; // per switch: the index of the subtree it serves at its level (as t.below reads it)
    private int[] leafSubtree; // per level: the subtree index that holds the leaf being routed

    /**
     * The switches all of whose entries for one leaf's hosts are looked at again: those that cannot
     * reach the leaf and their neighbours, and the leaf's ancestors (in the whole tree) that lost
     * their way down and the switches above them. Elsewhere only an entry through a dead cable can be
     * wrong; those are found by their port.
     */
    private int[] suspects(int leaf, int firstHost, boolean[] down, boolean[] up) {
        int n = t.hosts();
        if (suspect == null) {
            suspect = new int[t.switches()];
            suspectMark = new int[t.switches()];
            java.util.List<Integer> w = new java.util.ArrayList<>();
            for (int v = n; v < t.nodes(); v++) {
                for (int g = t.portBase(v); g < t.portBase(v) + t.ports(v); g++) {
                    if (deadPort[g]) {
                        w.add(v);
                        break;
                    }
                }
            }
            withDeadPorts = w.stream().mapToInt(Integer::intValue).toArray();
        }
        if (subtreeOf == null) {
            subtreeOf = new int[t.switches()];
            for (int v = n; v < t.nodes(); v++) {
                subtreeOf[v - n] = (int) ((v - t.levelBase(t.level(v))) / t.copyStride(t.level(v)));
            }
            leafSubtree = new int[t.levels() + 1];
        }
        for (int l = 1; l <= t.levels(); l++) { // t.below without a division per switch
            leafSubtree[l] = (int) (firstHost / t.hostStride(l));
        }
        suspectEpoch++;
        suspectCount = 0;
        for (int v = n; v < t.nodes(); v++) {
            boolean lostDown = !down[v - n] && subtreeOf[v - n] == leafSubtree[t.level(v)];
            if (!up[v - n] || lostDown) {
                mark(v);
                for (int g = t.portBase(v); g < t.portBase(v) + t.ports(v); g++) {
                    int peer = t.peerNode(g);
                    if (peer >= n && (!up[v - n] || t.level(peer) > t.level(v))) {
                        mark(peer);
                    }
                }
            }
        }
        return suspect;
    }

    private void mark(int v) {
        int i = v - t.hosts();
        if (suspectMark[i] != suspectEpoch) {
            suspectMark[i] = suspectEpoch;
            suspect[suspectCount++] = v;
        }
    }

    /** One entry: kept when the planned port leads the right way, else one of the ports that do (see the class). */
    private void entry(int v, int a, boolean hostOk, boolean[] down, boolean[] up) {
        int n = t.hosts();
        int d = a / paths;
        int at = (v - n) * addresses + a;
        int cur = rows[at] & 0xFF;
        int want;
        if (!hostOk || !up[v - n]) {
            want = NONE;
        } else {
            int l = t.level(v);
            int plan = planned[at] & 0xFF;
            boolean goDown = down[v - n];
            if (cur != NONE && valid(v, l, cur, goDown, down, up, d)) {
                want = cur; // the plan, or an earlier reroute or spread, still holds (failures only add up)
            } else if (valid(v, l, plan, goDown, down, up, d)) {
                want = plan;
            } else {
                // the planned port moved by a step that D-mod-K's next digit of the address sets: the
                // addresses one dead port carried spread over the others, and addresses that a shift
                // sends together (they differ in their planned port) move to different ports, here and
                // at every other switch that reroutes them, whichever port each of those lost
                int from = goDown ? 0 : t.downPorts(l);
                int ports = goDown ? t.downPorts(l) : t.upPorts(l);
                long j = goDown ? a : a / (t.copyStride(l) * (long) ports);
                int c = plan >= from && plan < from + ports ? plan - from : (int) (a % ports);
                int step = ports == 1 ? 0 : 1 + (int) (j % (ports - 1));
                // a shift sends the addresses of a window of M_l hosts (those below v) through v together:
                // a port that already took a rerouted address within that distance is passed over if any
                // other will do, so that no port takes two of one window
                long window = t.hostStride(l) * (long) paths;
                int base = (v - n) * maxPorts;
                want = NONE;
                int fallback = NONE;
                for (int i = 0; i < ports && want == NONE; i++) {
                    int p = from + (int) ((c + step + i) % ports);
                    if (valid(v, l, p, goDown, down, up, d)) {
                        if (Math.abs((long) a - lastOnto[base + p]) >= window) {
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
                    lastOnto[base + want] = a;
                }
            }
        }
        if (want != cur) {
            rows[at] = (byte) want;
            logChange(v, a, cur);
        }
    }

    /** Port p of v leads the right way: down to a child with down-reach, or up to a parent with reach; cable alive. */
    private boolean valid(int v, int l, int p, boolean goDown, boolean[] down, boolean[] up, int d) {
        if (p == NONE) {
            return false;
        }
        int g = t.portBase(v) + p;
        if (deadPort[g]) {
            return false;
        }
        int peer = t.peerNode(g);
        if (goDown) {
            if (p >= t.downPorts(l)) {
                return false;
            }
            return peer < t.hosts() ? peer == d : down[peer - t.hosts()];
        }
        return p >= t.downPorts(l) && up[peer - t.hosts()];
    }

    /**
     * Pairs of present hosts no route joins, by leaves: a destination that is missing or cut off is
     * unreachable from every present host; else from the hosts that are cut off and from the
     * connected hosts of every leaf that cannot reach its leaf.
     */
    private void countUnreachable() {
        unreachablePairs = 0;
        unreachableByRouting = 0;
        int[] part = cabledParts();
        examples.clear();
        int n = t.hosts();
        int leaves = t.levelSize(1);
        int perLeaf = (int) t.hostStride(1);
        long[] connected = new long[leaves];
        long present = 0;
        long cutOff = 0;
        for (int s = 0; s < n; s++) {
            if (deadNode[s]) {
                continue;
            }
            present++;
            if (deadPort[t.portBase(s)]) {
                cutOff++;
            } else {
                connected[s / perLeaf]++;
            }
        }
        long[] fromLeaves = new long[leaves]; // connected sources whose leaf cannot reach leaf L
        long[] fromCabled = new long[leaves]; // those of them whose leaf working cables still join to L's
        for (int dl = 0; dl < leaves; dl++) {
            int dPart = part[t.levelBase(1) + dl - n];
            for (int sl = 0; sl < leaves; sl++) {
                if (!reach[dl][t.levelBase(1) + sl - n]) {
                    fromLeaves[dl] += connected[sl];
                    if (dPart >= 0 && part[t.levelBase(1) + sl - n] == dPart) {
                        fromCabled[dl] += connected[sl];
                    }
                }
            }
        }
        for (int d = 0; d < n; d++) {
            boolean dPresent = !deadNode[d];
            boolean dOk = dPresent && !deadPort[t.portBase(d)];
            long u = dOk ? cutOff + fromLeaves[d / perLeaf] : present - (dPresent ? 1 : 0);
            unreachablePairs += u;
            if (dOk) {
                unreachableByRouting += fromCabled[d / perLeaf];
            }
            for (int s = 0; u > 0 && s < n && examples.size() < EXAMPLES; s++) {
                if (s != d && !deadNode[s] && (!dOk || deadPort[t.portBase(s)]
                        || !reach[d / perLeaf][t.peerNode(t.portBase(s)) - n])) {
                    examples.add("host " + s + " -> host " + d);
                }
            }
        }
    }

    /** Per switch, which part of the fabric its working cables join it to (-1: the switch is out). */
    private int[] cabledParts() {
        int n = t.hosts();
        int[] part = new int[t.switches()];
        java.util.Arrays.fill(part, -1);
        int[] queue = new int[t.switches()];
        int parts = 0;
        for (int start = 0; start < part.length; start++) {
            if (part[start] >= 0 || deadNode[n + start]) {
                continue;
            }
            int head = 0;
            int tail = 0;
            part[start] = parts;
            queue[tail++] = start;
            while (head < tail) {
                int v = n + queue[head++];
                for (int g = t.portBase(v); g < t.portBase(v + 1); g++) {
                    int w = t.peerNode(g);
                    if (w >= n && !deadPort[g] && !deadNode[w] && part[w - n] < 0) {
                        part[w - n] = parts;
                        queue[tail++] = w - n;
                    }
                }
            }
            parts++;
        }
        return part;
    }

    /** The rerouted tables. */
    public ForwardingTables tables() {
        return ForwardingTables.of(t, paths, rows.clone());
    }

    public FabricFaults faults() {
        return faults;
    }

    /** Pairs of present hosts that no route joins (the source or destination cut off, or no up*&#47;down* path left). */
    public long unreachablePairs() {
        return unreachablePairs;
    }

    /**
     * Of {@link #unreachablePairs}, the pairs of hosts on their leaves that working cables still join
     * (by a path that turns down and up again), which no up*&#47;down* route can take; the rest are cut
     * off by the failures themselves.
     */
    public long unreachableByRouting() {
        return unreachableByRouting;
    }

    /** Up to {@value #EXAMPLES} of them. */
    public List<String> unreachableExamples() {
        return List.copyOf(examples);
    }

    /** Entries that differ from {@code other}'s tables (same fabric and addresses). */
    public List<int[]> diff(ForwardingTables other) {
        byte[] o = other.switchRows();
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i < rows.length; i++) {
            if (rows[i] != o[i]) {
                out.add(new int[] {t.hosts() + i / addresses, i % addresses, o[i] & 0xFF, rows[i] & 0xFF});
            }
        }
        return out;
    }

    /** Entries that differ from the planned tables. */
    public int changedEntries() {
        int c = 0;
        for (int i = 0; i < rows.length; i++) {
            if (rows[i] != planned[i]) {
                c++;
            }
        }
        return c;
    }
}
