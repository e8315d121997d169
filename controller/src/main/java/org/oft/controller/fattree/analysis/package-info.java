/**
 * The analyses that judge a routing (pure, no I/O): flows per port for a traffic pattern
 * (Zahavi's C_p and C_topo, 000), max link load against the Lemma 1 bound, and effective
 * bisection bandwidth (Hoefler et al., 003). Start at {@link org.oft.controller.fattree.analysis.Analysis};
 * {@link org.oft.controller.fattree.analysis.TrafficPattern} names the patterns. Depends on
 * {@code topology} and {@code routing} only.
 */
package org.oft.controller.fattree.analysis;
