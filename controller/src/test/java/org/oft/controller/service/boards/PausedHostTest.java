package org.oft.controller.service.boards;

import static org.oft.sim.boards.SampleConfigs.config;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oft.hal.BoardInfo;
import org.oft.hal.transport.SerialLink;
import org.oft.hal.wire.WireBoardBus;
import org.oft.controller.boards.BoardSpec;

/**
 * The retransmission time-out does not mistake a paused host for a lost frame: this JVM is stopped
 * (SIGSTOP) for longer than the time-out again and again while it deploys over a clean pseudo-terminal
 * to a board-sim process that keeps running; answers wait unread meanwhile, and nothing is sent twice.
 */
@Timeout(180)
class PausedHostTest {
    @Test
    void aHostStoppedLongerThanTheTimeOutSendsNothingTwiceOnACleanLine() throws Exception {
        BoardSpec.BoardProcess.Spawned sim = BoardSpec.BoardProcess.spawn("--pty", "--order", "6", "--model", "slot");
        Process pauser = null;
        try (WireBoardBus bus = new WireBoardBus(SerialLink.open(sim.announce().substring(4).trim(), BoardSpec.DEFAULT_BAUD),
                WireBoardBus.Options.defaults())) {
            List<BoardInfo> boards = bus.discover();
            bus.deploy(config(boards, 6, 0));
            long pid = ProcessHandle.current().pid();
            int deploys = 0;
            List<Integer> all = java.util.stream.IntStream.range(0, boards.size()).boxed().toList();
            // a stop only tests the rule when a time-out falls due in it and its timer runs before the answer is
            // read on waking (else nothing is late); which thread wakes first is the scheduler's choice, and a
            // round trip held up by a stop raises the time-out: a session of stops is repeated until one was
            // late, at most three times
            for (int session = 0; session < 3 && bus.channel().stalls() == 0; session++) {
                // 300 ms stops (the time-out is 200 ms), 100 ms apart, for about 4 s
                pauser = new ProcessBuilder("sh", "-c", "for i in 1 2 3 4 5 6 7 8 9 10; do sleep 0.1; kill -STOP " + pid
                        + "; sleep 0.3; kill -CONT " + pid + "; done").start();
                while (pauser.isAlive()) { // requests always under way: status rounds of every board between deploys
                    bus.deploy(config(boards, 6, 1 + deploys % 3));
                    deploys++;
                    for (int round = 0; round < 20; round++) {
                        bus.statuses(all);
                    }
                }
                assertEquals(0, pauser.waitFor(), "the pauser ran");
            }
            System.out.printf("paused host: %d deploys, %d time-outs found the host had stopped, %d retransmits, %d probes%n", deploys,
                    bus.channel().stalls(), bus.channel().retransmits(), bus.channel().probes());
            assertTrue(bus.channel().stalls() > 0, "the host was stopped while requests were under way");
            // as in PtyLinkTest: a board model starved of CPU on a loaded machine falls silent, and is probed
            // (counted apart); nothing else is sent twice
            assertEquals(0, bus.channel().retransmits() - bus.channel().probes(), "retransmits on a clean line, the host paused ("
                    + bus.channel().probes() + " probes of a silent board)");
        } finally {
            if (pauser != null) {
                new ProcessBuilder("kill", "-CONT", Long.toString(ProcessHandle.current().pid())).start();
                pauser.destroy();
            }
            BoardSpec.BoardProcess.kill(sim.process());
        }
    }
}
