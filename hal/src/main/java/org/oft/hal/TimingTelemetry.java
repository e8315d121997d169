package org.oft.hal;

import java.util.List;

/**
 * Slot timing latched with the counters, from fabrics that model time.
 *
 * @param slotPs         slot period
 * @param bucketPs       width of a margin-histogram bucket
 * @param lastSlot       per level (index 0 = level 1), the last slot alone
 * @param total          per level, cumulative
 */
public record TimingTelemetry(long slotPs, long bucketPs, List<LevelTiming> lastSlot, List<LevelTiming> total) {
    public TimingTelemetry {
        lastSlot = List.copyOf(lastSlot);
        total = List.copyOf(total);
    }
}
