package org.oft.sim.optical;

/**
 * The physical fibre plant of an r-dimensional optical fat tree, built as Honkanen §2.2 builds it:
 * an r-dimensional OFT is a level-r routing node over two (r-1)-dimensional OFTs whose processors
 * are relabelled with a leading 0 (left) or 1 (right) bit.
 *
 * <p>Links are numbered per stage. Stage 0 holds the processors' outgoing fibres (processor w feeds
 * root input i_w). The input links of a level-L node j are {@code j * 2^L + port}. The stage after
 * the last level is the fibres into the processors, numbered by processor.
 *
 * <p>Inside a level-L node (Honkanen §2.1), drop maps i_s to o_s, turn maps i_s to
 * o_{(s + 2^(L-1)) mod 2^L}.
 */
public final class FabricWiring {
    public static final int MIN_ORDER = 1;
    /** 65,536 processors; beyond, the per-link arrays of the models stop being small. */
    public static final int MAX_ORDER = 16;

    private final int order;
    private final int processors;
    private final int[] injectLink;
    /** [level index k][state][input link] -> link of the next stage; level index 0 = root. */
    private final int[] next;
    /** [level index k][input link] -> node index within that level. */
    private final int[] nodeOf;

    private FabricWiring(int order) {
        this.order = order;
        this.processors = 1 << order;
        this.injectLink = new int[processors];
        this.next = new int[order * 2 * processors];
        this.nodeOf = new int[order * processors];
        // P_w -> i_w of the root.
        for (int w = 0; w < processors; w++) {
            injectLink[w] = w;
        }
        wireSubtree(order, 0);
    }

    public static FabricWiring of(int order) {
        if (order < MIN_ORDER || order > MAX_ORDER) {
            throw new IllegalArgumentException("order must be between " + MIN_ORDER + " and " + MAX_ORDER
                    + " for the board model, got " + order);
        }
        return new FabricWiring(order);
    }

    /**
     * Wires the sub-OFT of dimension d whose processors are firstProcessor .. firstProcessor + 2^d - 1:
     * its root node's outputs feed the roots of its two halves exactly where those halves' own
     * processors fed them before the relabelling.
     */
    private void wireSubtree(int d, int firstProcessor) {
        int k = order - d;                // level index of this sub-OFT's root
        int node = firstProcessor >> d;    // its position within its level
        int ports = 1 << d;
        int half = ports >> 1;
        for (int in = 0; in < ports; in++) {
            int link = node * ports + in;
            nodeOf[k * processors + link] = node;
            int dropOut = in;
            int turnOut = (in + half) % ports;
            next[(k * 2) * processors + link] = outputTarget(d, firstProcessor, dropOut);
            next[(k * 2 + 1) * processors + link] = outputTarget(d, firstProcessor, turnOut);
        }
        if (d > 1) {
            wireSubtree(d - 1, firstProcessor);
            wireSubtree(d - 1, firstProcessor + half);
        }
    }

    /** Where output o_x of the root of sub-OFT (d, firstProcessor) leads, as a link of the next stage. */
    private static int outputTarget(int d, int firstProcessor, int x) {
        int half = 1 << (d - 1);
        int childFirst = x < half ? firstProcessor : firstProcessor + half;
        int childInput = x < half ? x : x - half;
        if (d == 1) {
            return childFirst + childInput; // a processor: o_0 -> left leaf, o_1 -> right leaf
        }
        int childNode = childFirst >> (d - 1);
        return childNode * half + childInput;
    }

    public int order() {
        return order;
    }

    public int processors() {
        return processors;
    }

    /** Routing nodes at level L (1 = next to processors). */
    public int nodesAtLevel(int level) {
        return 1 << (order - level);
    }

    /** Total fibres: r+1 stages of 2^r links. */
    public long links() {
        return (long) (order + 1) * processors;
    }

    /** Stage-0 link processor p injects on. */
    public int injectLink(int processor) {
        return injectLink[processor];
    }

    /** Next-stage link reached from input {@code link} of level {@code level} in {@code state} (0 drop, 1 turn). */
    public int next(int level, int state, int link) {
        return next[(levelIndex(level) * 2 + state) * processors + link];
    }

    /** The node (within its level) owning input {@code link} of level {@code level}. */
    public int nodeOf(int level, int link) {
        return nodeOf[levelIndex(level) * processors + link];
    }

    int levelIndex(int level) {
        if (level < 1 || level > order) {
            throw new IllegalArgumentException("level must be between 1 and " + order + ", got " + level);
        }
        return order - level;
    }

    /** Flat copies for the slot loop. */
    int[] nextArray() {
        return next;
    }

    int[] nodeOfArray() {
        return nodeOf;
    }

    int[] injectArray() {
        return injectLink;
    }
}
