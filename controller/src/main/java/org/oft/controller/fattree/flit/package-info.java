/**
 * The bridge from a routed fat tree to the flit-level model of firmware-sim ({@code org.oft.sim.flit}):
 * its network, forwarding and traffic, built from a topology and a {@code Routing}.
 */
package org.oft.controller.fattree.flit;
