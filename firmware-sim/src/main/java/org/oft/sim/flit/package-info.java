/**
 * The flit-level model of an electrical fat tree's switches: input-queued routers with virtual
 * channels and credit flow control, forwarding by the tables their boards hold. Each switch is
 * BookSim2's input-queued router, stage by stage and cycle for cycle: input queuing, route computation,
 * VC allocation and switch allocation (each separable input-first, with the switch held for the rest
 * of a packet), switch and link traversal; hosts are BookSim's sources and sinks
 * (bench/booksim-fidelity.sh runs both side by side).
 *
 * <p>Start at {@link org.oft.sim.flit.FlitSimulator} (the state, in flat arrays, and one cycle),
 * then {@link org.oft.sim.flit.Lane} (the hot loop: the switches and hosts one thread runs, stage by
 * stage, each stage visiting only the VCs it has work in, from masks kept as flits move). The record layouts are {@link org.oft.sim.flit.InputVcRecord},
 * {@link org.oft.sim.flit.LinkRecord}, {@link org.oft.sim.flit.PortCounterRecord} and
 * {@link org.oft.sim.flit.FlitWord}; the cold code is apart: {@link org.oft.sim.flit.FlitRun}
 * (warm-up, sample, drain, results), {@link org.oft.sim.flit.LanePartition},
 * {@link org.oft.sim.flit.BoardCounters}, {@link org.oft.sim.flit.UpPorts},
 * {@link org.oft.sim.flit.LaneThreads}.
 *
 * <p>Rules of the hot code: no allocation per cycle, no virtual call per flit, results independent
 * of the thread count; every change is measured (bench/flit-ab.sh) and checked for identical
 * results (bench/flit-identical.sh). Two files are past 500 lines on purpose: FlitSimulator is the
 * model's state (some sixty arrays and their layout, which every lane reads) and Lane is one cycle's
 * hot loop; cutting either further would put a call or a pointer between the loop and its arrays.
 *
 * <p>Used by firmware-sim's switch boards and by the controller's {@code fattree.flit} bridge.
 */
package org.oft.sim.flit;
