/**
 * The hardware abstraction layer: what the controller may ask of boards, whatever reaches them.
 * {@link org.oft.hal.BoardBus} (discover, deploy atomically at an epoch, slot clock, telemetry) is the one
 * interface; {@code wire} is the board protocol, {@code transport} moves its bytes. Depends on nothing of the
 * project; firmware-sim and the controller depend on it.
 */
package org.oft.hal;
