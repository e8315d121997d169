package org.oft.controller.fattree.routing;

/**
 * The per-level decisions of a destination-based engine whose switches on one level act alike: the up-port
 * choice at a level-l node for address (d, q) when the pair's common ancestors are at level k > l, and which of
 * the p_l parallel links a level-l node takes down towards d.
 */
interface Choices {
    int up(int l, int k, int d, int q);

    int downLink(int l, int d, int q);

    /** False when {@link #up} ignores k, so one template per level is enough. */
    boolean dependsOnNcaLevel();
}
