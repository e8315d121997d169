/**
 * The boards behind a link, as the controller reaches real hardware: each board's firmware
 * ({@link org.oft.sim.boards.BoardFirmware}: staging and active banks, commit at a slot epoch), the bench
 * that answers the wire protocol ({@link org.oft.sim.boards.WireBench}), and the board models it runs:
 * the OFT's boards around an optical model, or electrical {@link org.oft.sim.boards.SwitchBoards}
 * forwarding by their tables through the flit model. Start at WireBench.
 */
package org.oft.sim.boards;
