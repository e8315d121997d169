package org.oft.hal.conformance;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.oft.hal.transport.ByteLink;
import org.oft.hal.transport.PipeLink;
import org.oft.hal.wire.Framing;
import org.oft.hal.wire.Message;
import org.oft.hal.wire.MessageCodec;

/**
 * How long the probe waits for an answer: the line's time for what is ahead of it at the link's rate, then its floor
 * or twenty times the slowest answer seen, so that a slow line or a busy host is not taken for a board that hangs.
 */
class BoardProbeTest {
    private final ScheduledExecutorService board = Executors.newSingleThreadScheduledExecutor();

    @AfterEach
    void stop() {
        board.shutdownNow();
    }

    /** A line of {@code bps} to a board that acknowledges every decodable request after {@code delayMillis} (0: never). */
    private ByteLink line(int bps, LongSupplier delayMillis) {
        PipeLink[] pipe = PipeLink.pair("probe");
        Framing.Decoder decoder = new Framing.Decoder();
        pipe[1].receiver((buf, off, len) -> decoder.feed(buf, off, len, frame -> {
            MessageCodec.Decoded d = MessageCodec.decode(frame);
            long delay = delayMillis.getAsLong();
            if (d.ok() && delay > 0) {
                board.schedule(() -> pipe[1].send(Framing.encode(MessageCodec.encode(new Message.Ack(d.message().seq(), 0)))),
                        delay, TimeUnit.MILLISECONDS);
            }
        }));
        return new ByteLink() {
            @Override
            public void send(byte[] bytes) {
                pipe[0].send(bytes);
            }

            @Override
            public void receiver(Receiver receiver) {
                pipe[0].receiver(receiver);
            }

            @Override
            public int bitsPerSecond() {
                return bps;
            }

            @Override
            public String name() {
                return "a " + bps + " bit/s line";
            }

            @Override
            public void close() {
                pipe[0].close();
            }
        };
    }

    @Test
    void anAnswerBehindALargeFrameOnASlowLineIsWaitedForTheLinesTime() {
        // 4,296 bytes at 12 kbaud: 3.6 s on the line before the request behind them reaches the board
        // (the floor, 1 s, is far below the 3.7 s it waits: without the line's time counted the answer is missed)
        try (BoardProbe probe = new BoardProbe(line(12_000, () -> 3_700), 1_000)) {
            byte[] oversized = new byte[4_296];
            java.util.Arrays.fill(oversized, (byte) 0x55);
            oversized[oversized.length - 1] = 0; // (its end: a frame nobody answers, as the suite's bad-frames case sends)
            probe.send(oversized);
            assertInstanceOf(Message.Ack.class, probe.ask(new Message.Identify(probe.nextSeq(), 0)));
        }
    }

    @Test
    void aBoardThatAnswersSlowlyIsGivenTwentyTimesItsSlowestAnswer() {
        long[] delays = {300, 2_500};
        int[] asked = {0};
        try (BoardProbe probe = new BoardProbe(line(0, () -> delays[Math.min(asked[0]++, 1)]), 1_000)) {
            assertInstanceOf(Message.Ack.class, probe.ask(new Message.Identify(probe.nextSeq(), 0)));
            // the floor is 1 s, the slowest so far 0.3 s: 6 s are given
            assertInstanceOf(Message.Ack.class, probe.ask(new Message.Identify(probe.nextSeq(), 0)));
        }
    }

    @Test
    void aBoardThatNeverAnswersFailsTheAskAndTheMessageSaysWhatWasWaited() {
        try (BoardProbe probe = new BoardProbe(line(12_000, () -> 0), 200)) {
            AssertionError e = assertThrows(AssertionError.class, () -> probe.ask(new Message.Identify(probe.nextSeq(), 0)));
            assertTrue(e.getMessage().contains("no answer to message type 0x01")
                    && e.getMessage().contains("ms of line time at 12000 bit/s") && e.getMessage().contains("200 at least"), e.getMessage());
        }
    }
}
