package org.oft.controller.fattree.routing;

import static org.oft.controller.fattree.routing.Reroute.NONE;
import org.oft.controller.limits.MemoryBudget;

/**
 * The last phase of a {@link Reroute}, for when the spread cannot hold D-mod-K's pattern (many
 * up-ports lost toward one subtree): the hottest links under the shift permutations are relieved
 * one destination's entry at a time, as a subnet manager that balances by counted flows would, but
 * counting per shift. It keeps, per directed link and shift, the flows the tables send over it;
 * while some link carries the most flows M in some shift, it looks for an entry on one of those
 * flows' way (an up-port, or a parallel down cable, at a switch the flow passes before that link)
 * that moves everything the entry carries onto links that stay below M in every shift it carries,
 * the move leaving the most room first; failing that, one that takes more (link, shift) cells off M
 * than it brings to M; failing that, a step aside (as many off as on, an entry not moved lately), up
 * to {@link #SIDEWAYS} at one M. When no such move is left for M, it stops, and the moves
 * made since M last fell are undone: the phase changes entries only where it lowers the worst link.
 *
 * <p>Routes stay up*&#47;down*: an entry moves only to a port {@link RerouteState#valid} accepts for
 * the way it already goes (up to a parent that reaches the destination, or down a cable to the
 * child that holds it). With K paths each address is an entry of its own and each path's flow counts
 * one (a link's count is then the flows of all K paths over it). Counts are kept for switch-to-switch
 * cables only (a host's cable carries one flow a shift whatever the tables say), a byte each where no
 * count can pass 254, else two: directed switch-to-switch cables × hosts bytes, or twice that, refused
 * past {@link #MAX_COUNT_BYTES} or a quarter of the JVM's budget (the spread's tables are kept then).
 * Deterministic: the same failures give the same tables.
 */
final class ShiftBalance {
    /** The counts' memory, at most (and at most a quarter of {@link org.oft.controller.limits.MemoryBudget#budget()}). */
    static final long MAX_COUNT_BYTES = 1L << 30;

    /** Hot cells tried in one balance, at most: bounds the time on a fabric where every move frees little. */
    static final int MAX_TRIES = 1 << 16;

    /** Steps aside allowed at one M. */
    static final int SIDEWAYS = 64;

    /** Tries at one M after which, if fewer than one in eight moved an entry, M is taken as the best this search finds. */
    static final int HOPELESS_AFTER = 64;

    private final RerouteState s;

    private final int n;

    private final int k; // paths per host: address = host * k + path

    private final int[] slot; // global port -> its counted cable's index, -1 for a host's cable

    private final int cables; // counted: directed switch-to-switch cables

    private final int[] portOf; // counted cable -> its global port

    private byte[] load8; // [slot * n + shift], where no count can pass 254

    private short[] load16; // otherwise

    private int[] hot = new int[64]; // cells at M, as found (some may have left M since)

    private int hotCount;

    private int worst; // M: the most flows on a link in a shift

    private int atWorst; // cells at M

    private int[] undo = new int[96]; // switch, address, old port of each move made

    private int moves;

    private final int[] oldWay;

    private final int[] newWay;

    private final int[] through; // the shifts of the flows an entry carries

    private final int[] walk;

    private final int[] route; // the way of the flow being relieved

    ShiftBalance(RerouteState s) {
        this.s = s;
        this.n = s.t.hosts();
        this.k = s.paths;
        this.slot = new int[s.t.portCount()];
        int c = 0;
        for (int g = 0; g < slot.length; g++) {
            slot[g] = s.t.nodeOfPort(g) < n || s.t.peerNode(g) < n ? -1 : c++;
        }
        this.cables = c;
        this.portOf = new int[c];
        for (int g = 0; g < slot.length; g++) {
            if (slot[g] >= 0) {
                portOf[slot[g]] = g;
            }
        }
        int hops = 2 * s.t.levels() + 2;
        this.oldWay = new int[hops];
        this.newWay = new int[hops];
        this.walk = new int[hops];
        this.route = new int[hops];
        this.through = new int[n];
    }

    private int load(int cell) {
        return load8 != null ? load8[cell] & 0xFF : load16[cell];
    }

    private void add(int cell, int delta) {
        if (load8 != null) {
            load8[cell] += (byte) delta;
        } else {
            load16[cell] += (short) delta;
        }
    }

    /** The counts' bytes, or -1 when they would not fit the memory stated. */
    private long countBytes() {
        long cells = (long) cables * n;
        long bytes = cells * (narrow() ? 1 : 2);
        long most = Math.min(MAX_COUNT_BYTES, MemoryBudget.budget() / 4);
        return cells > Integer.MAX_VALUE - 16 || bytes > most ? -1 : bytes;
    }

    /** No count can pass 254: at most K flows a source a shift, each cable's sources those below its lower end. */
    private boolean narrow() {
        long below = 1;
        for (int l = 1; l < s.t.levels(); l++) {
            below *= s.t.m(l);
        }
        return below * k <= 254;
    }

    /** Relieves the hottest links of the rerouted rows. */
    void relieve() {
        if (n < 3 || !anyFailure() || countBytes() < 0) {
            return;
        }
        count();
        moves = 0;
        int kept = 0; // moves up to the last time M fell
        int tries = 0;
        int levelTries = 0; // since M last fell
        int sidewaysLeft = SIDEWAYS;
        boolean sideways = false;
        while (worst > 1 && tries < MAX_TRIES) {
            int before = moves;
            for (int i = 0; i < hotCount && atWorst > 0 && tries < MAX_TRIES; i++) {
                int cell = hot[i];
                if (load(cell) == worst) {
                    tries++;
                    levelTries++;
                    if (relieveCell(cell / n, cell % n, sideways) && sideways) {
                        break; // one step aside, then strict moves again
                    }
                    if (hopeless(levelTries, moves - kept)) {
                        break; // few of M's flows can move: M will not fall (a 1 % fabric at M = whole + 1)
                    }
                }
            }
            if (atWorst == 0) {
                kept = moves;
                levelTries = 0;
                sidewaysLeft = SIDEWAYS;
                rescan();
            } else if (hopeless(levelTries, moves - kept) || (moves == before && (sideways || sidewaysLeft == 0))) {
                break;
            }
            sideways = moves == before;
            sidewaysLeft -= sideways ? 1 : 0;
        }
        while (moves > kept) { // those did not lower M
            moves--;
            s.rows[(undo[3 * moves] - n) * s.addresses + undo[3 * moves + 1]] = (byte) undo[3 * moves + 2];
        }
        load8 = null;
        load16 = null;
        hot = new int[64];
    }

    /** Entry (v, a) is among the last moves (not moved back while stepping aside). */
    private boolean recent(int v, int a) {
        for (int m = moves - 1; m >= Math.max(0, moves - 16); m--) {
            if (undo[3 * m] == v && undo[3 * m + 1] == a) {
                return true;
            }
        }
        return false;
    }

    private static boolean hopeless(int tries, int moved) {
        return tries >= HOPELESS_AFTER && moved * 8 < tries;
    }

    private boolean anyFailure() {
        for (boolean dead : s.deadPort) {
            if (dead) {
                return true;
            }
        }
        return false;
    }

    /**
     * The flows of every shift and path on every switch-to-switch cable, as {@code PermutationLoad} counts them. Per
     * address, the way is walked once from each leaf (every source under a leaf shares it past the leaf), then the
     * leaf's sources are counted on it: their shifts are consecutive, so each cable gets a run of adjacent cells.
     */
    private void count() {
        int cells = cables * n;
        if (narrow()) {
            load8 = new byte[cells];
        } else {
            load16 = new short[cells];
        }
        boolean[] sends = new boolean[n]; // a present host whose cable works
        for (int src = 0; src < n; src++) {
            sends[src] = !s.deadNode[src] && !s.deadPort[s.t.portBase(src)];
        }
        int leaves = s.t.levelSize(1);
        int perLeaf = (int) s.t.hostStride(1);
        for (int a = 0; a < n * k; a++) {
            int d = a / k;
            for (int leaf = 0; leaf < leaves; leaf++) {
                int v = s.t.levelBase(1) + leaf;
                int hops = follow(v, a, walk, 0);
                if (hops <= 0) {
                    continue; // no way from this leaf, or d hangs on it (no switch-to-switch cable)
                }
                int first = leaf * perLeaf;
                for (int h = 0; h < hops; h++) {
                    int c = slot[walk[h]];
                    if (c < 0) {
                        continue;
                    }
                    int base = c * n;
                    for (int src = first; src < first + perLeaf; src++) {
                        if (sends[src] && src != d) {
                            int shift = d - src;
                            add(base + (shift < 0 ? shift + n : shift), 1);
                        }
                    }
                }
            }
        }
        rescan();
    }

    private void rescan() {
        worst = 0;
        atWorst = 0;
        hotCount = 0;
        int cells = cables * n;
        for (int cell = 0; cell < cells; cell++) {
            int c = load(cell);
            if (c > worst) {
                worst = c;
                atWorst = 0;
                hotCount = 0;
            }
            if (c == worst) {
                atWorst++;
                hot(cell);
            }
        }
    }

    private void hot(int cell) {
        if (hotCount == hot.length) {
            hot = java.util.Arrays.copyOf(hot, hot.length * 2);
        }
        hot[hotCount++] = cell;
    }

    /** The ports of host src's route to address a (its own cable first) into {@code out}; -1 when they do not join. */
    private int way(int src, int a, int[] out) {
        int g = s.t.portBase(src);
        if (s.deadNode[src] || s.deadPort[g]) {
            return -1;
        }
        out[0] = g;
        return follow(s.t.peerNode(g), a, out, 1);
    }

    /** Follows the rows for address a from node v to its host, appending ports to {@code out} from index h; the length, or -1. */
    private int follow(int v, int a, int[] out, int h) {
        int d = a / k;
        while (v != d) {
            if (v < n || h == out.length) {
                return -1;
            }
            int p = s.rows[(v - n) * s.addresses + a] & 0xFF;
            if (p == NONE) {
                return -1;
            }
            int g = s.t.portBase(v) + p;
            if (s.deadPort[g]) {
                return -1;
            }
            out[h++] = g;
            v = s.t.peerNode(g);
        }
        return h;
    }

    /**
     * Tries to take one flow of shift {@code shift} off counted cable c0 where it carries M; true if an entry moved.
     * Stepping aside, a move may bring as many cells to M as it takes off (an entry moved lately excepted), so
     * that the search leaves a plateau where no move alone lowers the count.
     */
    private boolean relieveCell(int c0, int shift, boolean sideways) {
        int bestV = -1;
        int bestA = -1;
        int bestP = NONE;
        long best = sideways ? -1 : 0; // the best candidate's score (see score()): above 0, or 0 when stepping aside
        int cell0 = c0 * n + shift;
        // only flows from below an up cable's lower end, or to below a down cable's, can cross it
        int g0 = portOf[c0];
        int u = s.t.nodeOfPort(g0);
        int w = s.t.peerNode(g0);
        boolean upward = s.t.level(w) > s.t.level(u);
        int x = upward ? u : w;
        long first = s.t.subtree(x) * s.t.hostStride(s.t.level(x));
        long size = s.t.hostStride(s.t.level(x));
        for (long i = 0; i < size && load(cell0) == worst; i++) {
            int src = upward ? (int) (first + i) : (int) Math.floorMod(first + i - shift, (long) n);
            int d = (src + shift) % n;
            int leaf = (int) (d / s.t.hostStride(1));
            for (int a = d * k; a < d * k + k; a++) {
                int hops = way(src, a, route);
                int at = indexOfSlot(route, hops, c0);
                if (at < 0) {
                    continue;
                }
                for (int h = 1; h <= at; h++) { // the switches the flow passes up to c0's
                    int v = s.t.nodeOfPort(route[h]);
                    int l = s.t.level(v);
                    int cur = route[h] - s.t.portBase(v);
                    boolean down = s.downReach[leaf][v - n];
                    if (sideways && recent(v, a)) {
                        continue;
                    }
                    int olds = hops - h; // the old way from v: the rest of the flow's route
                    System.arraycopy(route, h, oldWay, 0, olds);
                    int carried = -1;
                    for (int p = 0; p < s.t.downPorts(l) + s.t.upPorts(l); p++) {
                        if (p == cur || !s.valid(v, l, p, down, s.downReach[leaf], s.reach[leaf], d)) {
                            continue;
                        }
                        newWay[0] = s.t.portBase(v) + p;
                        int news = follow(s.t.peerNode(newWay[0]), a, newWay, 1);
                        if (news < 0 || indexOfSlot(newWay, news, c0) >= 0) {
                            continue;
                        }
                        if (carried < 0) {
                            carried = carriedBy(v, a);
                        }
                        long score = score(carried, olds, news);
                        if (score > best) {
                            best = score;
                            bestV = v;
                            bestA = a;
                            bestP = p;
                        }
                    }
                }
            }
        }
        if (bestV < 0) {
            return false;
        }
        move(bestV, bestA, bestP);
        return true;
    }

    /** Where in {@code way} counted cable c is, or -1. */
    private int indexOfSlot(int[] way, int len, int c) {
        for (int i = 0; i < len; i++) {
            if (slot[way[i]] == c) {
                return i;
            }
        }
        return -1;
    }

    /** Fills {@link #through} with the shifts of the flows that reach switch v on their way to address a; how many. */
    private int carriedBy(int v, int a) {
        int d = a / k;
        int c = 0;
        // on the way up (d not below v) only flows from below v reach it
        boolean up = !s.t.below(v, d);
        int l = s.t.level(v);
        int from = up ? (int) (s.t.subtree(v) * s.t.hostStride(l)) : 0;
        int to = up ? (int) (from + s.t.hostStride(l)) : n;
        for (int src = from; src < to; src++) {
            int hops = src == d ? -1 : way(src, a, walk);
            for (int h = 1; h < hops; h++) {
                if (s.t.nodeOfPort(walk[h]) == v) {
                    through[c++] = Math.floorMod(d - src, n);
                    break;
                }
            }
        }
        return c;
    }

    /**
     * How good moving what an entry carries from the old way to the new one is, higher better, 0 or
     * less when it is no move at all: it must take more cells (cable, shift) off M than it brings to
     * M, and bring none above M. Moves that bring none to M come first, the one leaving the most
     * room (the lowest peak on the cables it adds to) first among them, then the fewest flows moved;
     * the others by how many cells they take off M. Host cables are not counted: no move changes them.
     */
    private long score(int carried, int olds, int news) {
        int peak = 0;
        int toWorst = 0;
        for (int j = 0; j < news; j++) {
            int g = newWay[j];
            if (slot[g] < 0 || indexOf(oldWay, olds, g) >= 0) {
                continue;
            }
            for (int c = 0; c < carried; c++) {
                int after = load(slot[g] * n + through[c]) + 1;
                if (after > worst) {
                    return Long.MIN_VALUE;
                }
                toWorst += after == worst ? 1 : 0;
                peak = Math.max(peak, after);
            }
        }
        int offWorst = 0;
        for (int j = 0; j < olds; j++) {
            int g = oldWay[j];
            if (slot[g] >= 0 && indexOf(newWay, news, g) < 0) {
                for (int c = 0; c < carried; c++) {
                    offWorst += load(slot[g] * n + through[c]) == worst ? 1 : 0;
                }
            }
        }
        if (toWorst == 0) {
            return (1L << 62) + ((long) (worst - peak) << 32) + (Integer.MAX_VALUE - carried);
        }
        return offWorst - toWorst;
    }

    /** Entry (v, a) to port p, and the counts of the flows it carries moved from the old way to the new. */
    private void move(int v, int a, int p) {
        int row = (v - n) * s.addresses + a;
        int cur = s.rows[row] & 0xFF;
        int olds = follow(v, a, oldWay, 0);
        int carried = carriedBy(v, a);
        s.rows[row] = (byte) p;
        newWay[0] = s.t.portBase(v) + p;
        int news = follow(s.t.peerNode(newWay[0]), a, newWay, 1);
        for (int j = 0; j < olds; j++) {
            if (slot[oldWay[j]] >= 0 && indexOf(newWay, news, oldWay[j]) < 0) {
                for (int c = 0; c < carried; c++) {
                    int cell = slot[oldWay[j]] * n + through[c];
                    if (load(cell) == worst) {
                        atWorst--;
                    }
                    add(cell, -1);
                }
            }
        }
        for (int j = 0; j < news; j++) {
            if (slot[newWay[j]] >= 0 && indexOf(oldWay, olds, newWay[j]) < 0) {
                for (int c = 0; c < carried; c++) {
                    int cell = slot[newWay[j]] * n + through[c];
                    add(cell, 1);
                    if (load(cell) == worst) { // never above: chosen so
                        atWorst++;
                        hot(cell);
                    }
                }
            }
        }
        if (3 * moves + 3 > undo.length) {
            undo = java.util.Arrays.copyOf(undo, undo.length * 2);
        }
        undo[3 * moves] = v;
        undo[3 * moves + 1] = a;
        undo[3 * moves + 2] = cur;
        moves++;
    }

    private static int indexOf(int[] a, int len, int x) {
        for (int i = 0; i < len; i++) {
            if (a[i] == x) {
                return i;
            }
        }
        return -1;
    }
}
