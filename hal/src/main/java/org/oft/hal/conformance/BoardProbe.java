package org.oft.hal.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.oft.hal.transport.ByteLink;
import org.oft.hal.transport.LinkException;
import org.oft.hal.wire.Framing;
import org.oft.hal.wire.Message;
import org.oft.hal.wire.MessageCodec;

/**
 * A bench seen one frame at a time, as a protocol test sees it: no retries, no window, no claims
 * behind its back. It sends a request and takes the answer with the request's sequence number;
 * whatever else comes (Rebooted) is kept for {@link #unsolicited}. Raw bytes can be sent too (a
 * corrupt or oversized frame).
 *
 * <p>How long it waits for an answer scales with the line and the bench, never a fixed time: the line's own time
 * for the bytes still ahead of the answer (what was sent before it, the request, the longest answer) at the link's
 * rate, then the longer of the floor it was given and {@value #ROUND_TRIPS} times the slowest answer measured so
 * far past its line time. A 4 KiB frame at 12 kbaud then costs its 3.6 s and a busy host's slow answers lengthen
 * the wait, while a board that answers nothing still fails the case.
 */
public final class BoardProbe implements AutoCloseable {
    private final ByteLink link;
    private final BlockingQueue<byte[]> frames = new LinkedBlockingQueue<>();
    private final List<Message> unsolicited = new ArrayList<>();
    /** Answers measured: the wait past the line's time is this many times the slowest. */
    public static final int ROUND_TRIPS = 20;
    /** The longest answer on the wire (a 511-byte payload, its CRC and COBS's overhead, the delimiter). */
    static final int MAX_ANSWER_WIRE = 520;
    private final long floorMillis;
    private final int bitsPerSecond;
    private long lineFreeNanos;  // when the line will have carried every byte sent so far
    private long slowestNanos;   // the slowest answer so far, from its request's last byte, less its own line time
    private int lastFrameBytes;  // the last frame next() took, decoded
    private int seq = 1;

    /** {@code floorMillis}: past the line's time, how long a board may take before it is taken to hang, at least. */
    public BoardProbe(ByteLink link, long floorMillis) {
        this.link = link;
        this.floorMillis = floorMillis;
        this.bitsPerSecond = link.bitsPerSecond();
        Framing.Decoder decoder = new Framing.Decoder();
        link.receiver((buf, off, len) -> decoder.feed(buf, off, len, frames::add));
    }

    /** A fresh sequence number (1..65535, then round again). */
    public int nextSeq() {
        int s = seq;
        seq = seq == 0xFFFF ? 1 : seq + 1;
        return s;
    }

    /** Sends {@code request} and returns the answer bearing its sequence number. */
    public Message ask(Message request) {
        return askBytes(MessageCodec.encode(request), request.seq());
    }

    /** Sends a payload (possibly malformed) and returns the answer bearing {@code seq}. */
    public Message askBytes(byte[] payload, int seq) {
        send(Framing.encode(payload));
        long arrived = lineFreeNanos; // (the request's last byte at the board)
        long lineAhead = Math.max(0, arrived - System.nanoTime());
        long answerLine = lineNanos(MAX_ANSWER_WIRE);
        long wait = Math.max(floorMillis * 1_000_000L, ROUND_TRIPS * slowestNanos);
        long millis = (lineAhead + answerLine + wait + 999_999) / 1_000_000;
        Message m = next(seq, millis);
        if (m == null) {
            throw new AssertionError("no answer to " + describe(payload) + " within " + millis + " ms (" + (lineAhead + answerLine) / 1_000_000
                    + " ms of line time at " + (bitsPerSecond == 0 ? "an unlimited rate" : bitsPerSecond + " bit/s") + ", then "
                    + wait / 1_000_000 + " ms: " + floorMillis + " at least, or " + ROUND_TRIPS + " times the slowest answer so far, "
                    + slowestNanos / 1_000_000 + " ms)");
        }
        long service = System.nanoTime() - arrived - lineNanos(lastFrameBytes + 2); // (its COBS code byte and delimiter)
        slowestNanos = Math.max(slowestNanos, service);
        return m;
    }

    /** Sends a payload and expects no answer at all within {@code millis} of the line having carried it (a frame that was dropped). */
    public Message silence(long millis) {
        return next(-1, Math.max(0, lineFreeNanos - System.nanoTime()) / 1_000_000 + millis);
    }

    /** Puts bytes on the line as they are. */
    public void send(byte[] wire) {
        try {
            link.send(wire);
        } catch (LinkException e) {
            throw new AssertionError("the link failed: " + e.getMessage(), e);
        }
        lineFreeNanos = Math.max(lineFreeNanos, System.nanoTime()) + lineNanos(wire.length);
    }

    /** The line's time for {@code bytes} (8N1), 0 on a link that does not limit its rate. */
    private long lineNanos(int bytes) {
        return bitsPerSecond == 0 ? 0 : bytes * 10L * 1_000_000_000L / bitsPerSecond;
    }

    /** Waits up to {@code millis} for an unsolicited message (seq 0) and returns it, or null. */
    public Message awaitUnsolicited(long millis) {
        if (!unsolicited.isEmpty()) {
            return unsolicited.remove(0);
        }
        return next(0, millis);
    }

    /** Forgets the unsolicited messages kept so far and those already received (announcements before a case's own). */
    public void forgetUnsolicited() {
        unsolicited.clear();
        byte[] f;
        while ((f = frames.poll()) != null) {
            MessageCodec.Decoded d = MessageCodec.decode(f);
            if (!d.ok()) {
                throw new AssertionError("the board answered a frame that does not decode: " + d.reason());
            }
        }
    }

    /** The next frame with {@code seq} (any frame when -1); frames with seq 0 are kept aside. */
    private Message next(int seq, long millis) {
        long end = System.nanoTime() + millis * 1_000_000L;
        while (true) {
            long left = end - System.nanoTime();
            byte[] f;
            try {
                f = left <= 0 ? null : frames.poll(left, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
            if (f == null) {
                return null;
            }
            MessageCodec.Decoded d = MessageCodec.decode(f);
            if (!d.ok()) {
                throw new AssertionError("the board answered a frame that does not decode: " + d.reason());
            }
            lastFrameBytes = f.length;
            Message m = d.message();
            if (seq == -1 || m.seq() == seq) {
                return m;
            }
            if (m.seq() == 0) {
                unsolicited.add(m);
            }
            // else: a late answer to an earlier request; dropped as the host's channel drops it
        }
    }

    private static String describe(byte[] payload) {
        return payload.length >= 2 ? String.format("message type 0x%02x", payload[1] & 0xFF) : "a " + payload.length + "-byte frame";
    }

    @Override
    public void close() {
        link.close();
    }
}
