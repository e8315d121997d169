package org.oft.controller.fattree.routing;

import java.util.stream.IntStream;
import org.oft.controller.fattree.topology.PgftTopology;

/**
 * Builds forwarding tables from level-uniform {@link Choices}. For each level a template row is computed once
 * (one per NCA level when choices depend on it); every switch row is then a few array copies: the whole row
 * from the highest template, narrower ranges (the switch's level-k subtrees, contiguous in address space) from
 * lower ones, and its own subtree from the down template. Rows are filled in parallel.
 */
final class TableBuilder {
    private TableBuilder() {
    }

    static ForwardingTables build(PgftTopology t, int paths, Choices c) {
        int h = t.levels();
        int n = t.hosts();
        long addressesL = (long) n * paths;
        if (addressesL > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("a forwarding table row of " + addressesL + " addresses is more than one array holds");
        }
        int addresses = (int) addressesL;
        byte[][] down = new byte[h + 1][];
        byte[][][] up = new byte[h + 1][][];
        for (int l = 0; l <= h; l++) {
            if (l > 0) {
                down[l] = new byte[addresses];
                int ml = t.m(l);
                for (int d = 0; d < n; d++) {
                    int digit = t.hostDigit(d, l);
                    for (int q = 0; q < paths; q++) {
                        down[l][d * paths + q] = (byte) (digit + c.downLink(l, d, q) * ml);
                    }
                }
            }
            if (l < h) {
                up[l] = new byte[h + 1][];
                int base = t.downPorts(l);
                for (int k = l + 1; k <= h; k++) {
                    if (!c.dependsOnNcaLevel() && k < h) {
                        continue;
                    }
                    byte[] row = new byte[addresses];
                    for (int d = 0; d < n; d++) {
                        for (int q = 0; q < paths; q++) {
                            row[d * paths + q] = (byte) (base + c.up(l, k, d, q));
                        }
                    }
                    up[l][k] = row;
                }
            }
        }
        byte[][] ports = new byte[t.switches()][];
        IntStream.range(n, t.nodes()).parallel().forEach(node -> {
            ports[node - n] = new byte[addresses];
            fillRow(t, paths, node, ports[node - n], 0, addresses, down, up, c.dependsOnNcaLevel());
        });
        byte[][] hostPorts = null;
        if (t.upPorts(0) > 1) {
            byte[][] hp = new byte[n][];
            IntStream.range(0, n).parallel().forEach(s -> {
                hp[s] = new byte[addresses];
                fillRow(t, paths, s, hp[s], 0, addresses, down, up, c.dependsOnNcaLevel());
            });
            hostPorts = hp;
        }
        return new ForwardingTables(t, paths, ports, hostPorts);
    }

    private static void fillRow(PgftTopology t, int paths, int node, byte[] out, int offset, int addresses,
                                byte[][] down, byte[][][] up, boolean byNca) {
        int l = t.level(node);
        int h = t.levels();
        long sub = t.subtree(node); // digits a_h..a_{l+1}
        if (l < h) {
            System.arraycopy(up[l][h], 0, out, offset, addresses);
            if (byNca) {
                for (int k = h - 1; k > l; k--) {
                    long prefix = sub / (t.hostStride(k) / t.hostStride(l));
                    int from = (int) (prefix * t.hostStride(k) * paths);
                    int len = (int) (t.hostStride(k) * paths);
                    System.arraycopy(up[l][k], from, out, offset + from, len);
                }
            }
        }
        if (l > 0) {
            int from = (int) (sub * t.hostStride(l) * paths);
            int len = (int) (t.hostStride(l) * paths);
            System.arraycopy(down[l], from, out, offset + from, len);
        } else {
            int self = node * paths;
            for (int q = 0; q < paths; q++) {
                out[offset + self + q] = 0;
            }
        }
    }
}
