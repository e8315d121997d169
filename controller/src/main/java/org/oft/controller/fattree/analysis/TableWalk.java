package org.oft.controller.fattree.analysis;

import org.oft.controller.fattree.routing.ForwardingTables;
import org.oft.controller.fattree.routing.Reroute;
import org.oft.controller.fattree.topology.FabricFaults;
import org.oft.controller.fattree.topology.PgftTopology;

/**
 * Where forwarding tables take a packet on a fabric that may lack cables, switches and hosts: whether a host is
 * there and cabled, and whether the tables join a switch to a destination over working cables (another subnet
 * manager's routes may turn more than once, so the walk is bounded, not assumed up*down*).
 */
public final class TableWalk {
    private final ForwardingTables lft;
    private final PgftTopology t;
    private final boolean[] out;       // per global port: its cable, or the node behind it, is out (null: none is)
    private final boolean[] connected; // per host: there, and its cable works

    /** @param faults the fabric's holes and failures; null for a whole fabric */
    public TableWalk(ForwardingTables lft, FabricFaults faults) {
        this.lft = lft;
        this.t = lft.topology();
        this.connected = new boolean[t.hosts()];
        java.util.Arrays.fill(connected, true);
        if (faults == null || faults.isEmpty()) {
            this.out = null;
            return;
        }
        this.out = new boolean[t.portCount()];
        for (int g = 0; g < out.length; g++) {
            out[g] = faults.deadPort(g) || faults.deadNode(t.peerNode(g));
        }
        for (int h = 0; h < connected.length; h++) {
            connected[h] = !(faults.deadNode(h) || faults.deadPort(t.portBase(h)));
        }
    }

    /** The host is there and its cable works. */
    public boolean connected(int host) {
        return connected[host];
    }

    /** Whether the tables take address {@code addr} (of host {@code dst}) from switch {@code node} to dst over working cables. */
    public boolean joins(int node, int addr, int dst) {
        return walk(node, addr, dst, null, 0) >= 0;
    }

    /** Ports a walk may take, at most (a route that turns more than once still ends within it). */
    public int maxPorts() {
        return 4 * t.levels() + 4;
    }

    /**
     * Walks address {@code addr} (of host {@code dst}) from node {@code node} to dst over working cables, writing the
     * global ports it takes into {@code ports} from index {@code at} (none written when null): the index after the
     * last port, or -1 when the tables do not get there (no route, a cable or node that is out, a loop).
     */
    public int walk(int node, int addr, int dst, int[] ports, int at) {
        int hops = at;
        while (node != dst) {
            int p = lft.port(node, addr);
            if (p == Reroute.NONE || hops - at == maxPorts()) {
                return -1;
            }
            int g = t.portBase(node) + p;
            if (out != null && out[g]) {
                return -1;
            }
            if (ports != null) {
                ports[hops] = g;
            }
            hops++;
            node = t.peerNode(g);
        }
        return hops;
    }

    /** The switch a host's (first) cable reaches. */
    public int leafOf(int host) {
        return t.peerNode(t.portBase(host));
    }
}
