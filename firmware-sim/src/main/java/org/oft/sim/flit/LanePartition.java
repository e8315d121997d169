package org.oft.sim.flit;

import java.util.Arrays;

import static org.oft.sim.flit.LinkRecord.*;

/**
 * Cuts a fabric into lanes, one per thread: every level's switches in contiguous runs, each host
 * with its leaf switch; and lays out what a hop reads ({@link LinkRecord}) and each lane's event
 * lists for that cut. Cold: run when the thread count is set.
 */
final class LanePartition {
    private LanePartition() {
    }

    /**
     * Cuts the fabric into {@code n} lanes, one per thread: every level's switches in contiguous
     * runs, each host with its leaf switch.
     */
    static void cut(FlitSimulator sim, int n) {
        int nodes = sim.net.nodes();
        int hosts = sim.net.hosts();
        int[] laneOf = new int[nodes];
        java.util.Map<Integer, Integer> atLevel = new java.util.TreeMap<>();
        for (int node = hosts; node < nodes; node++) {
            atLevel.merge(sim.switchDownLevel[node - hosts], 1, Integer::sum);
        }
        java.util.Map<Integer, Integer> seen = new java.util.HashMap<>();
        for (int node = hosts; node < nodes; node++) {
            int level = sim.switchDownLevel[node - hosts];
            int k = seen.merge(level, 1, Integer::sum) - 1;
            laneOf[node] = (int) ((long) k * n / atLevel.get(level));
        }
        for (int h = 0; h < hosts; h++) {
            laneOf[h] = laneOf[sim.portNode[sim.net.peer()[sim.net.portBase()[h]]]];
        }
        int[] portLane = new int[sim.ports];
        int[] portsOfLane = new int[n];
        int[] hostCount = new int[n];
        int[] switchCount = new int[n];
        for (int node = 0; node < nodes; node++) {
            (node < hosts ? hostCount : switchCount)[laneOf[node]]++;
            for (int g = sim.net.portBase()[node]; g < sim.net.portBase()[node + 1]; g++) {
                portLane[g] = laneOf[node];
                portsOfLane[laneOf[node]]++;
            }
        }
        sim.link = new int[sim.ports * LINK];
        for (int g = 0; g < sim.ports; g++) {
            int peer = sim.net.peer()[g];
            sim.link[g * LINK + PEER] = peer;
            sim.link[g * LINK + SENDS_TO] = portLane[peer] * 2 * sim.chanSlots + sim.toHost[g] * sim.chanSlots;
            sim.link[g * LINK + PEER_VCS] = peer * sim.vcs;
            sim.link[g * LINK + CREDITS_TO] = portLane[peer] * sim.creditSlots;
        }
        sim.chanCap = 1;
        for (int c : portsOfLane) {
            sim.chanCap = Math.max(sim.chanCap, c);
        }
        sim.creditCap = 2 * sim.chanCap;
        if (sim.lanes != null) { // the old lanes' free ids are spare again
            for (Lane old : sim.lanes) {
                while (old.poolCount > 0) {
                    sim.spare[sim.spareCount++] = old.pool[--old.poolCount];
                }
            }
        }
        sim.laneOfHost = Arrays.copyOf(laneOf, hosts);
        sim.hostIndex = new int[hosts];
        Lane[] made = new Lane[n];
        sim.lanes = made;
        for (int l = 0; l < n; l++) {
            int[] hs = new int[hostCount[l]];
            int[] ss = new int[switchCount[l]];
            for (int node = 0, a = 0, b = 0; node < nodes; node++) {
                if (laneOf[node] == l) {
                    if (node < hosts) {
                        hs[a++] = node;
                    } else {
                        ss[b++] = node;
                    }
                }
            }
            made[l] = new Lane(sim, l, hs, ss, n);
        }
    }
}
