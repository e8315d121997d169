package org.oft.hal;

/**
 * Packet counters, either of one slot or cumulative since the clock first started.
 *
 * @param injected     packets put on a processor's outgoing link
 * @param delivered    packets that reached the processor their source addressed
 * @param misdelivered packets that reached another processor than their source addressed
 * @param collisions   events where two packets were on one link in one slot
 * @param lost         packets destroyed by collisions
 */
public record SlotCounters(long injected, long delivered, long misdelivered, long collisions, long lost) {
    public static final SlotCounters ZERO = new SlotCounters(0, 0, 0, 0, 0);

    /** True when the fabric did something it must never do. */
    public boolean anomalous() {
        return misdelivered != 0 || collisions != 0 || lost != 0;
    }
}
