package org.oft.hal.wire;

/**
 * Consistent Overhead Byte Stuffing: removes every 0x00 from a frame so that 0x00 can delimit frames
 * on a byte stream. Overhead: one byte per 254, plus one.
 */
public final class Cobs {
    private Cobs() {
    }

    /** Largest encoding of {@code n} bytes. */
    public static int maxEncodedLength(int n) {
        return n + n / 254 + 1;
    }

    /** Encodes src[0..len) into dst at 0; returns the encoded length. dst must hold maxEncodedLength(len). */
    public static int encode(byte[] src, int len, byte[] dst) {
        int codeAt = 0;
        int out = 1;
        int code = 1;
        for (int i = 0; i < len; i++) {
            byte b = src[i];
            if (b == 0) {
                dst[codeAt] = (byte) code;
                codeAt = out++;
                code = 1;
            } else {
                dst[out++] = b;
                code++;
                if (code == 0xFF) {
                    dst[codeAt] = (byte) code;
                    codeAt = out++;
                    code = 1;
                }
            }
        }
        dst[codeAt] = (byte) code;
        return out;
    }

    /**
     * Decodes src[0..len) (no delimiter) into dst; returns the decoded length, or -1 if the input is
     * not a valid encoding or does not fit dst. Never throws.
     */
    public static int decode(byte[] src, int len, byte[] dst) {
        int in = 0;
        int out = 0;
        while (in < len) {
            int code = src[in++] & 0xFF;
            if (code == 0) {
                return -1;
            }
            for (int k = 1; k < code; k++) {
                if (in >= len || out >= dst.length) {
                    return -1;
                }
                byte b = src[in++];
                if (b == 0) {
                    return -1;
                }
                dst[out++] = b;
            }
            if (code != 0xFF && in < len) {
                if (out >= dst.length) {
                    return -1;
                }
                dst[out++] = 0;
            }
        }
        return out;
    }
}
