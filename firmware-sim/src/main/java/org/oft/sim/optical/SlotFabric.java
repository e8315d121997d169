package org.oft.sim.optical;

/**
 * Slot-level model of the optical fabric and its boards: r router-level boards switch every node of
 * their level by their own copy of the control sequence; 2^r processor boards inject per their own
 * routing table. Every packet is followed link by link through the {@link FabricWiring}.
 *
 * <p>The model checks rather than trusts: a packet reaching another processor than its table
 * addressed is a misdelivery; two packets on one link in one slot are a collision and both are lost.
 * With exact slot timing and permutation routers, only a faulty processor can cause a collision.
 *
 * <p>Not thread-safe: one thread steps it, and loads happen between steps.
 */
public final class SlotFabric extends WaveFabric {
    /** Slots a packet may spend on its processor's fibre before the root: bounds the ring of waves. */
    public static final int MAX_LATENCY = 4096;

    // Collision detection: the slot a link was last occupied in (+1), and by which wave entry.
    private final long[] stamp;
    private final int[] occupant;

    public SlotFabric(FabricWiring wiring, int latency) {
        super(wiring, latency);
        this.stamp = new long[(order + 1) * n];
        this.occupant = new int[(order + 1) * n];
    }

    // ---- the slot loop ------------------------------------------------------------------------

    @Override
    protected void enter(int e, int s, long t) {
        occupy(0, wLink[e], e, t);
    }

    @Override
    protected void cross(int base, int count, int k, long t) {
        int state = appliedState[k];
        boolean anyStuck = boards.anyStuck(k);
        int levelBase = k * n;
        int nextDrop = k * 2 * n;
        int stage = k + 1;
        for (int e = base, end = base + count; e < end; e++) {
            if (!wAlive[e]) {
                continue;
            }
            int link = wLink[e];
            int s = state;
            if (anyStuck) {
                byte forced = boards.stuck(k, nodeOf[levelBase + link]);
                if (forced != BoardState.NOT_STUCK) {
                    s = forced;
                }
            }
            int out = next[nextDrop + s * n + link];
            wLink[e] = out;
            occupy(stage, out, e, t);
        }
    }

    private void occupy(int stage, int link, int entry, long t) {
        int i = stage * n + link;
        if (stamp[i] == t + 1) {
            slotCounters.collisions++;
            int other = occupant[i];
            if (wAlive[other]) {
                kill(other);
            }
            kill(entry);
        } else {
            stamp[i] = t + 1;
            occupant[i] = entry;
        }
    }
}
