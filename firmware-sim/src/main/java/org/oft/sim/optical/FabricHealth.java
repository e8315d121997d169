package org.oft.sim.optical;

/**
 * Where the modelled optical fabric goes wrong, node by node and fibre by fibre: what the
 * console's heatmap shows. Counts run since the last counter reset; states are as they are now.
 *
 * @param nodeTrouble  [(order − level) · n + node]: packets the node truncated, switched under another
 *                     slot's state, or forced by being stuck (timed model only; zero otherwise)
 * @param stuck        same indexing: 0 drop, 1 turn, -1 free
 * @param fibreTrouble [stage · n + link]: packets lost dead on the fibre or collided on it (timed model only)
 * @param deadFibres   same indexing
 * @param timed        whether the counts are kept (the timed model) or only the states
 */
public record FabricHealth(int order, long[] nodeTrouble, byte[] stuck, long[] fibreTrouble, boolean[] deadFibres,
                           boolean timed) {
    /** A fibre's name as fault specs write it (P3, L2.1.0). */
    public String fibreName(int index) {
        return FibrePlant.name(order, index);
    }

    public int processors() {
        return 1 << order;
    }

    /** Routing nodes at a level (1 = next to the processors). */
    public int nodesAtLevel(int level) {
        return 1 << (order - level);
    }
}
