/**
 * Boards' slot clocks on crystals of their own, and the slot-reference line that keeps them in step (issue 63): the
 * Java side of rtl/src/sync_pulse.v and rtl/src/slot_sync.v, at the resolution of the boards' clock edges, for the
 * timed fabric model ({@code org.oft.sim.optical}) and the slot-lock benchmark. Nothing here knows the fabric.
 */
package org.oft.sim.clock;
