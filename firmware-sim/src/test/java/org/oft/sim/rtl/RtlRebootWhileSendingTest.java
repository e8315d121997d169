package org.oft.sim.rtl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oft.hal.conformance.BoardProbe;
import org.oft.hal.transport.SerialLink;
import org.oft.hal.wire.Framing;
import org.oft.hal.wire.Message;
import org.oft.hal.wire.MessageCodec;

/**
 * Every board of the bench announces its power-up, and a board restarted while the bench is sending an answer still
 * announces it (docs/board-protocol.md, Reboots): ten reboots, each given while a Telemetry answer is on the line, ten Rebooted, each with a new boot id. The
 * engine used to drop a reboot that found the transmitter busy.
 */
@Timeout(120)
class RtlRebootWhileSendingTest {
    @Test
    void everyRebootGivenWhileAnAnswerIsOnTheLineIsAnnounced() throws Exception {
        RtlTools.require(RtlBench.buildable(), "Verilator is not installed");
        try (RtlBench rtl = RtlBench.start(BoardTargets.ORDER, 1, 1, ProcessBuilder.Redirect.INHERIT);
                SerialLink link = SerialLink.open(rtl.ptys().get(0), rtl.baud());
                BoardProbe probe = new BoardProbe(link, 5_000)) {
            // first the power-up: every board of the bench says it started, each once
            int boards = BoardTargets.ORDER + (1 << BoardTargets.ORDER);
            Set<Integer> announced = new HashSet<>();
            for (long end = System.currentTimeMillis() + 10_000; announced.size() < boards && System.currentTimeMillis() < end; ) {
                if (probe.awaitUnsolicited(200) instanceof Message.Rebooted r) {
                    assertTrue(announced.add(r.board()), "board " + r.board() + " announced its power-up twice");
                }
            }
            assertEquals(boards, announced.size(), "the boards that announced their power-up: " + announced);
            int board = 1;
            Set<Long> boots = new HashSet<>();
            for (int i = 0; i < 10; i++) {
                // a long answer (Telemetry, about 150 bytes: 3 ms at the bench's 500 kbaud), and the reboot right after
                int seq = probe.nextSeq();
                probe.send(Framing.encode(MessageCodec.encode(new Message.TelemetryQuery(seq, Message.BACKPLANE))));
                Thread.sleep(1);
                rtl.reboot(board);
                Message rebooted = null;
                for (long end = System.currentTimeMillis() + 5_000; rebooted == null && System.currentTimeMillis() < end; ) {
                    Message m = probe.awaitUnsolicited(200);
                    if (m instanceof Message.Rebooted) {
                        rebooted = m;
                    }
                }
                Message.Rebooted r = assertInstanceOf(Message.Rebooted.class, rebooted, "reboot " + (i + 1) + " of 10 was not announced");
                assertEquals(board, r.board(), "the board rebooted");
                assertTrue(boots.add(r.bootId()), "a new boot id each time: " + Long.toHexString(r.bootId()));
            }
        }
    }
}
