package org.oft.controller.fattree.routing;

import static org.oft.controller.fattree.routing.Reroute.NONE;

import org.oft.controller.fattree.topology.FabricFaults;
import org.oft.controller.fattree.topology.PgftTopology;

/**
 * What the phases of a {@link Reroute} share: the tree, the planned rows and the rows being
 * rerouted (one flat byte array, a row per switch), per leaf which switches can reach its hosts, the
 * failures as flat arrays, what each switch has spread, and the log of changed entries an
 * incremental reroute keeps. The rules every phase applies to one entry are here too.
 */
final class RerouteState {
    final PgftTopology t;

    final int paths;

    final int addresses;

    final byte[] planned;

    final byte[] rows;

    final boolean[][] reach; // [leaf][switch]: the leaf's hosts can be reached from it (up then down)

    final boolean[][] downReach; // [leaf][switch]: ... going down only

    FabricFaults faults;

    boolean[] deadPort; // the faults' dead ports and nodes, flat (read on every entry)

    boolean[] deadNode;

    final int maxPorts;

    final long[] lastOnto; // [switch][port]: the last address rerouted onto it

    /** The failures, and their dead ports and nodes as flat arrays. */
    void setFaults(FabricFaults f) {
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

    final int[][] spreadOf; // [switch]: its strangers, ascending, when last spread

    final int[][] spreadLo; // [switch]: the first host their flows may come from, per stranger

    final int[][] spreadHi; // ... and the end

    int[] changedAt = new int[1024]; // entries an incremental reroute changed: switch node, address, old port

    int changes;

    boolean logging; // during an incremental reroute

    void logChange(int v, int a, int old) {
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

    /** The first address from {@code a} on where the row at {@code row} differs from the plan, or -1. */
    int mismatch(int row, int a) {
        if (a >= addresses) {
            return -1;
        }
        int m = java.util.Arrays.mismatch(rows, row + a, row + addresses, planned, row + a, row + addresses);
        return m < 0 ? -1 : a + m;
    }

    static final int ALL_BELOW = 0xFFFF; // a "port" that stands for all of a switch's down ports

    /** The first of the hosts whose flows reach level-l switch v by its down port q (a leaf, or ALL_BELOW: all below v). */
    int sourceFirst(int v, int l, int q) {
        int below = l == 1 || q == ALL_BELOW ? v : t.peerNode(t.portBase(v) + q);
        return (int) (t.subtree(below) * t.hostStride(t.level(below)));
    }

    /** How many hosts send through down port q of a level-l switch (a leaf, or ALL_BELOW: all below it). */
    int sourceSize(int l, int q) {
        return (int) t.hostStride(l == 1 || q == ALL_BELOW ? l : l - 1);
    }

    /** Hosts [lo, hi) shifted back by delta and hosts [lo0, hi0) meet on the ring of all hosts. */
    boolean overlap(int lo, int hi, int lo0, int hi0, long delta) {
        int hosts = t.hosts();
        long start = Math.floorMod(lo - delta, hosts);
        return Math.floorMod(lo0 - start, hosts) < hi - lo || Math.floorMod(start - lo0, hosts) < hi0 - lo0;
    }

    /** Port p of v leads the right way: down to a child with down-reach, or up to a parent with reach; cable alive. */
    boolean valid(int v, int l, int p, boolean goDown, boolean[] down, boolean[] up, int d) {
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

    RerouteState(ForwardingTables plan, FabricFaults faults) {
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
        java.util.Arrays.fill(lastOnto, Long.MIN_VALUE / 2);
    }
}
