package org.oft.hal;

/**
 * What a board says about itself when discovered.
 *
 * @param id        stable name on this bench, e.g. {@code router-3} or {@code proc-12}
 * @param kind      router-level or processor board
 * @param index     the level (1 = next to the processors, r = root) or the processor number
 * @param order     the OFT order r the board is built for
 * @param tableRows rows of control sequence or routing table the board holds (2^r)
 * @param firmware  firmware version string
 */
public record BoardInfo(String id, BoardKind kind, int index, int order, int tableRows, String firmware) {
}
