/**
 * The optical fat tree's plant and its models: the fibre plant built as Honkanen §2.2 builds it
 * ({@link org.oft.sim.optical.FabricWiring}), fibre lengths and board clocks, the slot-level model
 * ({@link org.oft.sim.optical.SlotFabric}) and the timed one in integer picoseconds
 * ({@link org.oft.sim.optical.TimedFabric}), both over {@link org.oft.sim.optical.WaveFabric}'s flat arrays,
 * faults, health, bench files, and the in-process bench ({@link org.oft.sim.optical.SimulatedBench}).
 */
package org.oft.sim.optical;
