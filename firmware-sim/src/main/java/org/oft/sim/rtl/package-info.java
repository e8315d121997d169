/**
 * The boards in RTL (the rtl/ folder) as processes behind pseudo-terminals: benches, lone boards, their gates, a lab
 * bench of separate boards (RtlBench), and the conformance cases run on a mutant's copy (RtlConformance).
 */
package org.oft.sim.rtl;
