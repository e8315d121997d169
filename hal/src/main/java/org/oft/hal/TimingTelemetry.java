package org.oft.hal;

import java.util.List;

/**
 * Slot timing latched with the counters, from fabrics that model time.
 *
 * @param slotPs         slot period
 * @param bucketPs       width of a margin-histogram bucket
 * @param lastSlot       per level (index 0 = level 1), the last slot alone
 * @param total          per level, cumulative
 * @param locks          per board, its slot clock against the leading board's, when the boards run on clocks of their
 *                       own (empty on one shared clock)
 */
public record TimingTelemetry(long slotPs, long bucketPs, List<LevelTiming> lastSlot, List<LevelTiming> total, List<BoardLock> locks) {
    public TimingTelemetry {
        lastSlot = List.copyOf(lastSlot);
        total = List.copyOf(total);
        locks = List.copyOf(locks);
    }

    /** Boards on one shared clock. */
    public TimingTelemetry(long slotPs, long bucketPs, List<LevelTiming> lastSlot, List<LevelTiming> total) {
        this(slotPs, bucketPs, lastSlot, total, List.of());
    }
}
