/**
 * The board protocol, defined once and shared by the controller and firmware-sim (docs/board-protocol.md):
 * framing ({@link org.oft.hal.wire.Cobs}, {@link org.oft.hal.wire.Framing}: COBS and CRC-32C), messages
 * ({@link org.oft.hal.wire.Message}, {@link org.oft.hal.wire.MessageCodec}, {@link org.oft.hal.wire.Protocol}),
 * a request channel with retransmission ({@link org.oft.hal.wire.BoardChannel}) and the
 * {@link org.oft.hal.wire.WireBoardBus} with its two-phase deploy. Start at Protocol.
 */
package org.oft.hal.wire;
