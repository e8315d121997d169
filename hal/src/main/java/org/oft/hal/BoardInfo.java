package org.oft.hal;

/**
 * What a board says about itself when discovered.
 *
 * @param id        stable name on this bench, e.g. {@code router-3}, {@code proc-12} or {@code switch-7}
 * @param kind      router-level, processor or electrical switch board
 * @param index     the level (1 = next to the processors, r = root), the processor or the switch number
 * @param order     the OFT order r the board is built for (0 for a switch)
 * @param tableRows rows of control sequence or routing table the board holds (2^r), or a switch's LID space
 * @param firmware  firmware version string
 * @param radix     a switch's ports (0 for an OFT board)
 * @param lmc       a switch's LID mask control (0 for an OFT board)
 */
public record BoardInfo(String id, BoardKind kind, int index, int order, int tableRows, String firmware, int radix, int lmc) {
    public BoardInfo {
        firmware = BoardText.printable(firmware); // the board's own words: never a terminal escape or a line break downstream
    }

    /** An OFT board. */
    public BoardInfo(String id, BoardKind kind, int index, int order, int tableRows, String firmware) {
        this(id, kind, index, order, tableRows, firmware, 0, 0);
    }
}
