/**
 * The flit-level model of an electrical fat tree's switches (BookSim2's router in flat arrays):
 * {@link org.oft.sim.flit.FlitNetwork} (ports and links), {@link org.oft.sim.flit.FlitParameters}, the
 * simulator and its lanes on threads. Hot code: no allocation per cycle, results independent of the
 * thread count. Start at {@link org.oft.sim.flit.FlitSimulator}.
 */
package org.oft.sim.flit;
