package org.oft.hal;

/**
 * What one board should run after a deploy. Fields that do not apply to the board are null.
 *
 * @param boardId        e.g. {@code router-3} or {@code proc-12}
 * @param sequence       a router-level board's control sequence, packed (bit t of word t/64)
 * @param sequenceLength its length in bits (2^r)
 * @param table          a processor board's routing table
 * @param phases         slot phases in ps: one per node (router-level board) or one (processor)
 */
public record BoardConfig(String boardId, long[] sequence, int sequenceLength, int[] table, long[] phases) {
    public static BoardConfig router(String id, long[] sequence, int length, long[] phases) {
        return new BoardConfig(id, sequence, length, null, phases);
    }

    public static BoardConfig processor(String id, int[] table, long[] phases) {
        return new BoardConfig(id, null, 0, table, phases);
    }
}
