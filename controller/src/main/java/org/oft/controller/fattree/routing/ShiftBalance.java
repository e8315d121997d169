package org.oft.controller.fattree.routing;

import static org.oft.controller.fattree.routing.Reroute.NONE;

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
 * child that holds it). Single path, and fabrics whose links × hosts fit {@link #MAX_CELLS}; others
 * keep the spread's tables. Deterministic: the same failures give the same tables.
 */
final class ShiftBalance {
    /** Flows counted per directed link and shift, at most (2 bytes each). */
    static final long MAX_CELLS = 1L << 24;

    /** Hot cells tried in one balance, at most: bounds the time on a fabric where every move frees little. */
    static final int MAX_TRIES = 1 << 16;

    /** Steps aside allowed at one M. */
    static final int SIDEWAYS = 64;

    /** Tries at one M after which, if fewer than one in eight moved an entry, M is taken as the best this search finds. */
    static final int HOPELESS_AFTER = 64;

    private final RerouteState s;

    private final int n;

    private short[] load; // [port * n + shift]

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
        int hops = 2 * s.t.levels() + 2;
        this.oldWay = new int[hops];
        this.newWay = new int[hops];
        this.walk = new int[hops];
        this.route = new int[hops];
        this.through = new int[n];
    }

    /** Relieves the hottest links of the rerouted rows. */
    void relieve() {
        if (s.paths != 1 || n < 3 || (long) s.t.portCount() * n > MAX_CELLS || !anyFailure()) {
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
            for (int cell = 0; cell < load.length && atWorst > 0 && tries < MAX_TRIES; cell++) {
                if (load[cell] == worst) {
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
        load = null;
    }

    /** Entry (v, d) is among the last moves (not moved back while stepping aside). */
    private boolean recent(int v, int d) {
        for (int m = moves - 1; m >= Math.max(0, moves - 16); m--) {
            if (undo[3 * m] == v && undo[3 * m + 1] == d) {
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

    /** The flows of every shift on every directed link, as {@code PermutationLoad} counts them. */
    private void count() {
        load = new short[s.t.portCount() * n];
        for (int d = 0; d < n; d++) {
            for (int src = 0; src < n; src++) {
                int hops = src == d ? -1 : way(src, d, walk);
                int k = Math.floorMod(d - src, n);
                for (int h = 0; h < hops; h++) {
                    load[walk[h] * n + k]++;
                }
            }
        }
        rescan();
    }

    private void rescan() {
        worst = 0;
        atWorst = 0;
        for (short c : load) {
            if (c > worst) {
                worst = c;
                atWorst = 1;
            } else if (c == worst) {
                atWorst++;
            }
        }
    }

    /** The ports of host src's route to d (its own cable first) into {@code out}; -1 when they do not join. */
    private int way(int src, int d, int[] out) {
        int g = s.t.portBase(src);
        if (s.deadNode[src] || s.deadPort[g]) {
            return -1;
        }
        out[0] = g;
        return follow(s.t.peerNode(g), d, out, 1);
    }

    /** Follows the rows from node v to d, appending ports to {@code out} from index h; the length, or -1. */
    private int follow(int v, int d, int[] out, int h) {
        while (v != d) {
            if (v < n || h == out.length) {
                return -1;
            }
            int p = s.rows[(v - n) * s.addresses + d] & 0xFF;
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
     * Tries to take one flow of shift k off port g0 where it carries M; true if an entry moved. Stepping
     * aside, a move may bring as many cells to M as it takes off (an entry moved lately excepted), so
     * that the search leaves a plateau where no move alone lowers the count.
     */
    private boolean relieveCell(int g0, int k, boolean sideways) {
        int bestV = -1;
        int bestD = -1;
        int bestP = NONE;
        long best = sideways ? -1 : 0; // the best candidate's score (see score()): above 0, or 0 when stepping aside
        for (int src = 0; src < n && load[g0 * n + k] == worst; src++) {
            int d = (src + k) % n;
            int hops = way(src, d, route);
            int at = indexOf(route, hops, g0);
            if (at < 0) {
                continue;
            }
            int leaf = (int) (d / s.t.hostStride(1));
            for (int h = 1; h <= at; h++) { // the switches the flow passes up to g0's
                int v = s.t.nodeOfPort(route[h]);
                int l = s.t.level(v);
                int cur = route[h] - s.t.portBase(v);
                boolean down = s.downReach[leaf][v - n];
                if (sideways && recent(v, d)) {
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
                    int news = follow(s.t.peerNode(newWay[0]), d, newWay, 1);
                    if (news < 0 || indexOf(newWay, news, g0) >= 0) {
                        continue;
                    }
                    if (carried < 0) {
                        carried = carriedBy(v, d);
                    }
                    long score = score(carried, olds, news);
                    if (score > best) {
                        best = score;
                        bestV = v;
                        bestD = d;
                        bestP = p;
                    }
                }
            }
        }
        if (bestV < 0) {
            return false;
        }
        move(bestV, bestD, bestP);
        return true;
    }

    /** Fills {@link #through} with the shifts of the flows that reach switch v on their way to d; how many. */
    private int carriedBy(int v, int d) {
        int c = 0;
        for (int src = 0; src < n; src++) {
            int hops = src == d ? -1 : way(src, d, walk);
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
     * less when it is no move at all: it must take more cells (link, shift) off M than it brings to
     * M, and bring none above M. Moves that bring none to M come first, the one leaving the most
     * room (the lowest peak on the links it adds to) first among them, then the fewest flows moved;
     * the others by how many cells they take off M.
     */
    private long score(int carried, int olds, int news) {
        int peak = 0;
        int toWorst = 0;
        for (int j = 0; j < news; j++) {
            int g = newWay[j];
            if (indexOf(oldWay, olds, g) >= 0) {
                continue;
            }
            for (int c = 0; c < carried; c++) {
                int after = load[g * n + through[c]] + 1;
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
            if (indexOf(newWay, news, g) < 0) {
                for (int c = 0; c < carried; c++) {
                    offWorst += load[g * n + through[c]] == worst ? 1 : 0;
                }
            }
        }
        if (toWorst == 0) {
            return (1L << 62) + ((long) (worst - peak) << 32) + (Integer.MAX_VALUE - carried);
        }
        return offWorst - toWorst;
    }

    /** Entry (v, d) to port p, and the counts of the flows it carries moved from the old way to the new. */
    private void move(int v, int d, int p) {
        int row = (v - n) * s.addresses + d;
        int cur = s.rows[row] & 0xFF;
        int olds = follow(v, d, oldWay, 0);
        int carried = carriedBy(v, d);
        s.rows[row] = (byte) p;
        newWay[0] = s.t.portBase(v) + p;
        int news = follow(s.t.peerNode(newWay[0]), d, newWay, 1);
        for (int j = 0; j < olds; j++) {
            if (indexOf(newWay, news, oldWay[j]) < 0) {
                for (int c = 0; c < carried; c++) {
                    int cell = oldWay[j] * n + through[c];
                    if (load[cell]-- == worst) {
                        atWorst--;
                    }
                }
            }
        }
        for (int j = 0; j < news; j++) {
            if (indexOf(oldWay, olds, newWay[j]) < 0) {
                for (int c = 0; c < carried; c++) {
                    if (++load[newWay[j] * n + through[c]] == worst) { // never above: chosen so
                        atWorst++;
                    }
                }
            }
        }
        if (3 * moves + 3 > undo.length) {
            undo = java.util.Arrays.copyOf(undo, undo.length * 2);
        }
        undo[3 * moves] = v;
        undo[3 * moves + 1] = d;
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
