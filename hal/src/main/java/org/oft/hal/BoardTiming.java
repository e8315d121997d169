package org.oft.hal;

/** Optional part of a {@link BoardBus}: boards whose slot phases can be set (calibration). */
public interface BoardTiming {
    /**
     * Sets a board's phases: for a router-level board one per node (offset of the node's slot
     * boundaries from the board clock), for a processor board one (injection offset from its clock).
     */
    void loadSlotPhases(String boardId, long[] phasesPs);
}
