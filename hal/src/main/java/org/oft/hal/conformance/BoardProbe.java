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
 */
public final class BoardProbe implements AutoCloseable {
    private final ByteLink link;
    private final BlockingQueue<byte[]> frames = new LinkedBlockingQueue<>();
    private final List<Message> unsolicited = new ArrayList<>();
    private final long timeoutMillis;
    private int seq = 1;

    public BoardProbe(ByteLink link, long timeoutMillis) {
        this.link = link;
        this.timeoutMillis = timeoutMillis;
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
        Message m = next(seq, timeoutMillis);
        if (m == null) {
            throw new AssertionError("no answer to " + describe(payload) + " within " + timeoutMillis + " ms");
        }
        return m;
    }

    /** Sends a payload and expects no answer at all within {@code millis} (a frame that was dropped). */
    public Message silence(long millis) {
        return next(-1, millis);
    }

    /** Puts bytes on the line as they are. */
    public void send(byte[] wire) {
        try {
            link.send(wire);
        } catch (LinkException e) {
            throw new AssertionError("the link failed: " + e.getMessage(), e);
        }
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
