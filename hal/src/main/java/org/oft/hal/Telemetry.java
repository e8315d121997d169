package org.oft.hal;

import java.util.Arrays;

/**
 * Counters latched at a slot boundary.
 *
 * @param slot        the last slot that ran (0-based, counted since the clock first started)
 * @param order       the OFT order r
 * @param levelState  state applied in that slot by each router-level board, index 0 = level 1;
 *                    0 = drop, 1 = turn, -1 = no control sequence loaded
 * @param stuckNodes  routing nodes forced into one state, per level (index 0 = level 1)
 * @param lastSlot    counters of slot {@code slot} alone
 * @param total       cumulative counters
 * @param slotsSinceLast slots run since the previous telemetry record (more than 1 at fast clocks)
 * @param running     whether the slot clock is running
 * @param timing      slot timing, or null from a board that does not model time
 * @param switches    a bench of electrical switch boards: its packet model's counters (else null)
 */
public record Telemetry(long slot, int order, byte[] levelState, int[] stuckNodes,
                        SlotCounters lastSlot, SlotCounters total, long slotsSinceLast, boolean running,
                        TimingTelemetry timing, SwitchTotals switches) {
    /** An OFT bench's telemetry. */
    public Telemetry(long slot, int order, byte[] levelState, int[] stuckNodes, SlotCounters lastSlot, SlotCounters total,
                     long slotsSinceLast, boolean running, TimingTelemetry timing) {
        this(slot, order, levelState, stuckNodes, lastSlot, total, slotsSinceLast, running, timing, null);
    }

    public Telemetry {
        levelState = levelState.clone();
        stuckNodes = stuckNodes.clone();
    }

    @Override
    public byte[] levelState() {
        return levelState.clone();
    }

    @Override
    public int[] stuckNodes() {
        return stuckNodes.clone();
    }

    @Override
    public String toString() {
        return "Telemetry[slot=" + slot + ", order=" + order + ", levelState=" + Arrays.toString(levelState)
                + ", stuck=" + Arrays.toString(stuckNodes) + ", lastSlot=" + lastSlot + ", total=" + total
                + ", slotsSinceLast=" + slotsSinceLast + ", running=" + running + ", timing=" + timing + ", switches=" + switches + "]";
    }
}
