package org.oft.hal;

/**
 * A board's slot clock against the bench's leading board (issue 63): whether it follows the slot-reference line and is
 * locked to it, whether its slots are the fabric's (it injects and switches only then), and how far its latest slot
 * start is from the leader's.
 *
 * @param board            its name (router-3, proc-5)
 * @param leader           it drives the line
 * @param locked           its loop is locked to the line (the leader: always)
 * @param inStep           it injects and switches: locked and told the slot numbers, or a board with no line to follow
 * @param phaseErrorPs     its latest slot start less the leader's
 * @param phaseErrorCycles the same in its own clock's cycles
 * @param ppm              its crystal's offset from nominal
 * @param lineCut          its line carries no pulse now
 */
public record BoardLock(String board, boolean leader, boolean locked, boolean inStep, long phaseErrorPs, double phaseErrorCycles,
                        double ppm, boolean lineCut) {
}
