package org.oft.sim.flit;

/**
 * The wiring a flit-level model runs on, as flat arrays: nodes 0..hosts-1 are hosts (one port
 * each), the rest switches; every port has a global id; port g of a node sends to port peer[g] of
 * another. Each switch forwards by a table: output port (local, 0-based) per destination address.
 *
 * @param hosts    number of hosts (nodes 0..hosts-1)
 * @param portBase global id of each node's first port; length nodes + 1
 * @param peer     for each global port, the global port at the other end of its link
 * @param level    for each global port, the level of the link it sends on (1: host-leaf, ...), for utilisation
 */
public record FlitNetwork(int hosts, int[] portBase, int[] peer, int[] level) {
    public FlitNetwork {
        int nodes = portBase.length - 1;
        if (hosts < 2 || hosts >= nodes) {
            throw new IllegalArgumentException("a network needs at least 2 hosts and a switch, got " + hosts + " hosts of " + nodes + " nodes");
        }
        int ports = portBase[nodes];
        if (peer.length != ports || level.length != ports) {
            throw new IllegalArgumentException("peer and level need one entry per port (" + ports + ")");
        }
        for (int g = 0; g < ports; g++) {
            if (peer[g] < 0 || peer[g] >= ports || peer[peer[g]] != g) {
                throw new IllegalArgumentException("port " + g + " is not wired both ways");
            }
        }
        for (int h = 0; h < hosts; h++) {
            if (portBase[h + 1] - portBase[h] != 1) {
                throw new IllegalArgumentException("host " + h + " must have exactly one port");
            }
        }
    }

    public int nodes() {
        return portBase.length - 1;
    }

    public int ports() {
        return portBase[nodes()];
    }
}
