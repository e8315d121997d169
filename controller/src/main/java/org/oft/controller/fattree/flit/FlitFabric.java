package org.oft.controller.fattree.flit;

import java.util.List;
import java.util.SplittableRandom;
import org.oft.controller.fattree.deploy.SwitchDeployment;
import org.oft.controller.fattree.routing.ForwardingTables;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.hal.BoardConfig;
import org.oft.hal.Region;
import org.oft.sim.flit.FlitNetwork;
import org.oft.sim.flit.FlitSimulator;

/** A fat tree as the flit-level model sees it: its wiring, the tables its switch boards hold, its traffic. */
public final class FlitFabric {
    private FlitFabric() {
    }

    /** The wiring of a topology: global ports as in the topology, link levels 1 (host-leaf) .. h. */
    public static FlitNetwork network(PgftTopology t) {
        int nodes = t.nodes();
        int[] base = new int[nodes + 1];
        for (int n = 0; n < nodes; n++) {
            base[n] = t.portBase(n);
        }
        base[nodes] = t.portCount();
        int[] peer = new int[t.portCount()];
        int[] level = new int[t.portCount()];
        for (int n = 0; n < nodes; n++) {
            int l = t.level(n);
            int down = n < t.hosts() ? 0 : t.downPorts(l);
            for (int g = base[n]; g < base[n + 1]; g++) {
                peer[g] = t.portBase(t.peerNode(g)) + t.peerPort(g);
                level[g] = g - base[n] < down ? l : l + 1;
            }
        }
        return new FlitNetwork(t.hosts(), base, peer, level);
    }

    /** The tables switch boards hold for these forwarding tables (the same bytes a deploy sends). */
    public static byte[][] tables(FatTree tree, ForwardingTables lft) {
        List<BoardConfig> configs = SwitchDeployment.configs(tree, lft);
        byte[][] out = new byte[configs.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = configs.get(i).region(Region.LFT);
        }
        return out;
    }

    /**
     * Traffic: uniform, perm (a seeded random permutation), shift:S, bitcomp, transpose, bitrev,
     * shuffle (the bit patterns need a power-of-two host count; transpose an even number of bits).
     */
    public static FlitSimulator.Traffic traffic(String spec, int hosts, long seed) {
        if (spec.equals("uniform")) {
            return (src, rnd) -> {
                int d = rnd.nextInt(hosts - 1);
                return d >= src ? d + 1 : d;
            };
        }
        int[] dst = new int[hosts];
        int bits = Integer.numberOfTrailingZeros(hosts);
        boolean pow2 = Integer.bitCount(hosts) == 1;
        if (spec.startsWith("shift:")) {
            int s;
            try {
                s = Integer.parseInt(spec.substring(6));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("traffic shift:S needs a whole number, got '" + spec + "'");
            }
            if (s < 1 || s >= hosts) {
                throw new IllegalArgumentException("traffic shift:S needs S in 1.." + (hosts - 1) + ", got " + s);
            }
            for (int i = 0; i < hosts; i++) {
                dst[i] = (i + s) % hosts;
            }
        } else if (spec.equals("perm")) {
            for (int i = 0; i < hosts; i++) {
                dst[i] = i;
            }
            SplittableRandom r = new SplittableRandom(seed);
            for (int i = hosts - 1; i > 0; i--) {
                int j = r.nextInt(i + 1);
                int x = dst[i];
                dst[i] = dst[j];
                dst[j] = x;
            }
        } else if (spec.equals("bitcomp") || spec.equals("transpose") || spec.equals("bitrev") || spec.equals("shuffle")) {
            if (!pow2 || (spec.equals("transpose") && bits % 2 != 0)) {
                throw new IllegalArgumentException("traffic " + spec + " needs 2^b hosts" + (spec.equals("transpose") ? " with b even" : "")
                        + ", got " + hosts);
            }
            int mask = hosts - 1;
            for (int i = 0; i < hosts; i++) {
                dst[i] = switch (spec) {
                    case "bitcomp" -> ~i & mask;
                    case "transpose" -> ((i << (bits / 2)) | (i >>> (bits / 2))) & mask;
                    case "bitrev" -> Integer.reverse(i) >>> (32 - bits);
                    default -> ((i << 1) | (i >>> (bits - 1))) & mask;
                };
            }
        } else {
            throw new IllegalArgumentException("unknown traffic '" + spec
                    + "' (uniform, perm, shift:S, bitcomp, transpose, bitrev, shuffle)");
        }
        return (src, rnd) -> dst[src] == src ? -1 : dst[src];
    }
}
