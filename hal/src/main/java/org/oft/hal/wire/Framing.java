package org.oft.hal.wire;

import java.util.function.Consumer;
import java.util.zip.CRC32C;

/**
 * Framing layer: a frame is COBS(payload ‖ CRC-32C(payload), little-endian) followed by 0x00.
 * The decoder takes bytes as they come, in any chunks, and hands out payloads whose CRC holds;
 * anything else is counted and dropped. It never throws and holds at most one bounded frame.
 */
public final class Framing {
    /** Largest payload (message) in bytes. */
    public static final int MAX_PAYLOAD = 4096;
    static final int MAX_DECODED = MAX_PAYLOAD + 4;
    static final int MAX_ENCODED = Cobs.maxEncodedLength(MAX_DECODED);

    private Framing() {
    }

    /** The bytes to put on the wire for one payload. */
    public static byte[] encode(byte[] payload) {
        if (payload.length > MAX_PAYLOAD) {
            throw new IllegalArgumentException("payload of " + payload.length + " bytes exceeds " + MAX_PAYLOAD);
        }
        byte[] raw = new byte[payload.length + 4];
        System.arraycopy(payload, 0, raw, 0, payload.length);
        CRC32C crc = new CRC32C();
        crc.update(payload, 0, payload.length);
        int c = (int) crc.getValue();
        raw[payload.length] = (byte) c;
        raw[payload.length + 1] = (byte) (c >>> 8);
        raw[payload.length + 2] = (byte) (c >>> 16);
        raw[payload.length + 3] = (byte) (c >>> 24);
        byte[] enc = new byte[Cobs.maxEncodedLength(raw.length) + 1];
        int n = Cobs.encode(raw, raw.length, enc);
        enc[n] = 0;
        byte[] out = new byte[n + 1];
        System.arraycopy(enc, 0, out, 0, n + 1);
        return out;
    }

    /** Streaming decoder; one per direction of a link; not thread-safe. */
    public static final class Decoder {
        private final byte[] encoded = new byte[MAX_ENCODED];
        private final byte[] decoded = new byte[MAX_DECODED];
        private final CRC32C crc = new CRC32C();
        private int length;
        private boolean overflow;
        private long frames;
        private long corrupt;
        private long oversized;

        /** Feeds bytes; calls {@code sink} with each good payload (a fresh array). */
        public void feed(byte[] buf, int off, int len, Consumer<byte[]> sink) {
            for (int i = off; i < off + len; i++) {
                byte b = buf[i];
                if (b != 0) {
                    if (length < encoded.length) {
                        encoded[length++] = b;
                    } else {
                        overflow = true;
                    }
                    continue;
                }
                if (overflow) {
                    oversized++;
                } else if (length > 0) {
                    byte[] payload = frame();
                    if (payload == null) {
                        corrupt++;
                    } else {
                        frames++;
                        sink.accept(payload);
                    }
                }
                length = 0;
                overflow = false;
            }
        }

        private byte[] frame() {
            int n = Cobs.decode(encoded, length, decoded);
            if (n < 4) {
                return null;
            }
            int p = n - 4;
            crc.reset();
            crc.update(decoded, 0, p);
            int want = (decoded[p] & 0xFF) | (decoded[p + 1] & 0xFF) << 8 | (decoded[p + 2] & 0xFF) << 16
                    | (decoded[p + 3] & 0xFF) << 24;
            if ((int) crc.getValue() != want) {
                return null;
            }
            byte[] out = new byte[p];
            System.arraycopy(decoded, 0, out, 0, p);
            return out;
        }

        /** Good frames handed out. */
        public long frames() {
            return frames;
        }

        /** Frames dropped for a bad encoding or CRC. */
        public long corrupt() {
            return corrupt;
        }

        /** Frames dropped for exceeding the size bound. */
        public long oversized() {
            return oversized;
        }
    }
}
