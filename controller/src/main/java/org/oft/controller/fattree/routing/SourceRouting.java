package org.oft.controller.fattree.routing;

import org.oft.controller.fattree.topology.PgftTopology;

/**
 * A routing keyed by source for the way up (S-mod-K and its grouped form): at level l, the up choice and the
 * parallel link used on the way down are per-level functions of the source's key, held as flat byte arrays
 * [level][source]. The down port's subtree digit comes from the destination.
 */
public final class SourceRouting extends Routing {
    private final byte[][] upChoice;
    private final byte[][] downLink;

    SourceRouting(PgftTopology t, String engine, byte[][] upChoice, byte[][] downLink) {
        super(t, engine, 1);
        this.upChoice = upChoice;
        this.downLink = downLink;
    }

    /** Builds it from keys (the source's NID or gNID) with D-mod-K's formula applied to the key. */
    static SourceRouting modK(PgftTopology t, String engine, int[] keyOf) {
        int h = t.levels();
        int n = t.hosts();
        byte[][] up = new byte[h][n];
        byte[][] down = new byte[h + 1][];
        for (int l = 0; l < h; l++) {
            for (int s = 0; s < n; s++) {
                up[l][s] = (byte) PathSpace.dmodkChoice(t, l, keyOf[s]);
            }
        }
        for (int l = 1; l <= h; l++) {
            down[l] = new byte[n];
            for (int s = 0; s < n; s++) {
                down[l][s] = (byte) ((up[l - 1][s] & 0xff) / t.w(l));
            }
        }
        return new SourceRouting(t, engine, up, down);
    }

    /** The up choices, [level][source] (offsets among a level-l switch's up-ports), as flat copies. */
    public byte[][] upChoices() {
        byte[][] c = new byte[upChoice.length][];
        for (int l = 0; l < c.length; l++) {
            c[l] = upChoice[l].clone();
        }
        return c;
    }

    @Override
    public int outPort(int node, int src, int dst, int path) {
        int l = topology.level(node);
        if (l > 0 && topology.below(node, dst)) {
            return topology.hostDigit(dst, l) + (downLink[l][src] & 0xff) * topology.m(l);
        }
        return topology.downPorts(l) + (upChoice[l][src] & 0xff);
    }

    @Override
    public boolean destinationBased() {
        return false;
    }
}
