package org.oft.sim.boards;

import org.oft.sim.optical.FabricWiring;
import org.oft.sim.optical.SlotFabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oft.hal.BoardInfo;
import org.oft.hal.DeployReport;
import org.oft.hal.transport.PosixPty;
import org.oft.hal.transport.PtyLink;
import org.oft.hal.transport.SerialLink;
import org.oft.hal.wire.WireBoardBus;
import org.oft.hal.transport.PipeLink;

/** jssc on a pseudo-terminal's slave, the board firmware on its master (JNA), in one process. */
@SuppressWarnings("try") // the bench answers the bus: it is used by being open
@Timeout(60)
class PtyLinkTest {

    @Test
    void deploysOverARealPseudoTerminalWithAllByteValues() {
        PosixPty pty = PosixPty.open();
        assertTrue(pty.slavePath().startsWith("/dev/pts/"), pty.slavePath());
        try (WireBench bench = new WireBench(new SlotFabric(FabricWiring.of(4), 1), new PtyLink(pty, 0));
             WireBoardBus bus = new WireBoardBus(SerialLink.open(pty.slavePath(), 115_200), WireBoardBus.Options.defaults())) {
            List<BoardInfo> boards = bus.discover();
            assertEquals(4 + 16, boards.size());
            // Tables full of 0x03, 0x0a, 0x11, 0x13 bytes: a cooked tty would eat or rewrite them.
            DeployReport r = bus.deploy(SampleConfigs.config(boards, 4, 3));
            assertTrue(r.epoch() > 0);
            // A cooked tty would eat or rewrite those bytes in every frame that carries them, and the
            // deploy would fail its CRC read-back or resend frame after frame. A raw one delivers them
            // all; at most a time-out on a loaded machine sends a frame twice.
            assertTrue(bus.channel().retransmits() <= 2, "a raw pty loses nothing: " + bus.channel().retransmits() + " retransmits");
        } finally {
            pty.close();
        }
    }

    /**
     * Flow control on a clean line: the time-out counts the bytes queued ahead and the measured
     * round trip, and only evidence of loss sends anything twice, so no rate of line needs a
     * retransmission while the board answers.
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0} baud, order {1}")
    @org.junit.jupiter.params.provider.CsvSource({"0, 8", "921600, 7", "115200, 5"})
    void aCleanLineNeedsNoRetransmissionAtAnyRate(int baud, int order) {
        PosixPty pty = PosixPty.open();
        try (WireBench bench = new WireBench(new SlotFabric(FabricWiring.of(order), 1), new PtyLink(pty, baud));
             WireBoardBus bus = new WireBoardBus(SerialLink.open(pty.slavePath(), baud == 0 ? 3_000_000 : baud),
                     WireBoardBus.Options.defaults(), baud / 10.0)) {
            List<BoardInfo> boards = bus.discover();
            for (int variant = 0; variant < 2; variant++) {
                DeployReport r = bus.deploy(SampleConfigs.config(boards, order, variant));
                assertEquals(1, r.attempts(), r.events().toString());
            }
            // None while answers keep coming: only a lost frame, or a time-out too short for the queue and the
            // measured round trip, would resend then. A board model starved of CPU on a loaded machine can
            // fall silent for seconds: that is probed, one request at a time (counted apart, not asserted).
            assertEquals(0, bus.channel().retransmits() - bus.channel().probes(), "retransmits on a clean line while answers came ("
                    + bus.channel().probes() + " probes of a silent board, " + bus.channel().heldBack() + " time-outs held back, "
                    + bus.channel().stalls() + " found late)");
        } finally {
            pty.close();
        }
    }

    @Test
    void aCleanPipeNeedsNoRetransmission() {
        PipeLink[] pipe = PipeLink.pair("clean");
        try (WireBench bench = new WireBench(new SlotFabric(FabricWiring.of(8), 1), pipe[1]);
             WireBoardBus bus = new WireBoardBus(pipe[0], WireBoardBus.Options.defaults())) {
            List<BoardInfo> boards = bus.discover();
            for (int variant = 0; variant < 3; variant++) {
                bus.deploy(SampleConfigs.config(boards, 8, variant));
            }
            assertEquals(0, bus.channel().retransmits(), "retransmits on a clean pipe");
        }
    }
}
