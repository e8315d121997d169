package org.oft.hal.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The requests rtl/bench/oft_board_tb.v sends its boards (a claim of the backplane, then a Clock at 20,000 slots/s:
 * 100 cycles a slot at its 2 MHz) are this codec's frames, byte for byte: the bench reads them from
 * rtl/bench/oft_board_frames.hex, which this test checks (and with -Doft.rewrite=true writes) so that the wire
 * protocol stays defined once, here.
 */
class BoardBenchFramesTest {
    static final Path FILE = Path.of("..", "rtl", "bench", "oft_board_frames.hex");

    static String frames() {
        List<Message> requests = List.of(
                new Message.Claim(1, Message.BACKPLANE, 1, 600_000, true, "oft_board_tb"),
                new Message.Clock(2, Message.BACKPLANE, 1, Message.Clock.START, 20_000));
        List<String> lines = new ArrayList<>();
        lines.add("// " + requests.size() + " frames for rtl/bench/oft_board_tb.v, one byte a line (BoardBenchFramesTest writes it)");
        for (Message m : requests) {
            for (byte b : Framing.encode(MessageCodec.encode(m))) {
                lines.add(String.format("%02x", b & 0xFF));
            }
        }
        return String.join("\n", lines) + "\n";
    }

    @Test
    void theBenchSendsThisCodecsFrames() throws Exception {
        if (Boolean.getBoolean("oft.rewrite")) {
            Files.writeString(FILE, frames());
        }
        assertEquals(frames(), Files.readString(FILE), FILE + " is not what the codec writes now: -Doft.rewrite=true writes it");
    }
}
