package org.oft.controller.oft;

/**
 * The shape of an r-dimensional optical fat tree (Honkanen §2): levels 1 (next to the processors)
 * to r (the root); 2^(r-L) routing nodes at level L, each with 2^L inputs from its parent (the
 * processors, at the root) and 2^(L-1) outputs to each subtree; (r+1)·2^r unidirectional links.
 *
 * <p>Processors are labelled by r-bit strings x_0 … x_{r-1}, x_0 the most significant bit: the
 * §2.2 relabelling puts the left subtree of every node at bit 0. Consequences used throughout:
 * a packet from processor s enters a level-L node on input port s mod 2^L, belongs to link group
 * g_l when bit L-1 of s is 0 (g_r otherwise), and leaves towards the subtree given by bit L-1 of
 * s XOR (node state), so its routing bits are s XOR d (§3.1, Table 1).
 */
public final class OftGeometry {
    public static final int DROP = 0;
    public static final int TURN = 1;

    private final int order;

    public OftGeometry(int order) {
        this.order = Order.check(order);
    }

    public int order() {
        return order;
    }

    public int processors() {
        return 1 << order;
    }

    public int nodesAtLevel(int level) {
        checkLevel(level);
        return 1 << (order - level);
    }

    public int routingNodes() {
        return (1 << order) - 1;
    }

    public long links() {
        return (long) (order + 1) << order;
    }

    /** Inputs (= outputs) of one node at {@code level}: l = 2^L. */
    public int portsAtLevel(int level) {
        checkLevel(level);
        return 1 << level;
    }

    /** §2.1: drop maps i_s to o_s, turn maps i_s to o_{(s + l/2) mod l}. */
    public int outputPort(int level, int state, int inputPort) {
        int l = portsAtLevel(level);
        if (inputPort < 0 || inputPort >= l) {
            throw new IllegalArgumentException("level " + level + " nodes have ports 0.." + (l - 1) + ", got " + inputPort);
        }
        return state == DROP ? inputPort : (inputPort + l / 2) % l;
    }

    /** Input port of a level-L node that a packet from processor s arrives on. */
    public int inputPortOf(int level, int source) {
        return source & (portsAtLevel(level) - 1);
    }

    /** Link group (0 = g_l, 1 = g_r) of a packet from s at a level-L node. */
    public int linkGroup(int level, int source) {
        return (source >>> (level - 1)) & 1;
    }

    /** Subtree (0 = left, 1 = right) a packet from s leaves a level-L node towards, in that state (Table 1). */
    public int subtree(int level, int source, int state) {
        return linkGroup(level, source) ^ state;
    }

    /** Node index at level L covering processor p. */
    public int nodeAbove(int level, int processor) {
        checkLevel(level);
        return processor >>> level;
    }

    /** Routing bits a_0 … a_{r-1} (a_0 most significant, used at the root) from s to d: s XOR d. */
    public int routingBits(int source, int destination) {
        checkProcessor(source);
        checkProcessor(destination);
        return source ^ destination;
    }

    /** Follows a packet from s through the levels with the given states (a_0 first, at the root). */
    public int destination(int source, int routingBits) {
        checkProcessor(source);
        int prefix = 0; // the subtree reached so far, as the leading bits of a processor label
        for (int k = 0; k < order; k++) {
            int level = order - k;
            int state = (routingBits >>> (order - 1 - k)) & 1;
            prefix = (prefix << 1) | subtree(level, source, state);
        }
        return prefix;
    }

    private void checkLevel(int level) {
        if (level < 1 || level > order) {
            throw new IllegalArgumentException("level must be between 1 and " + order + ", got " + level);
        }
    }

    private void checkProcessor(int p) {
        if (p < 0 || p >= processors()) {
            throw new IllegalArgumentException("processor must be between 0 and " + (processors() - 1) + ", got " + p);
        }
    }
}
