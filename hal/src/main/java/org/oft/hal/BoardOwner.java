package org.oft.hal;

/**
 * Who owns a board, as the board says (docs/board-protocol.md, Ownership): the highest fencing
 * generation it has accepted, the controller that claimed it under that generation ("" if none ever
 * did), and the lease left in ms (0: none live, e.g. released, expired or since a reboot).
 */
public record BoardOwner(String board, long generation, String controller, long leaseLeftMillis) {
    public boolean leased() {
        return leaseLeftMillis > 0;
    }
}
