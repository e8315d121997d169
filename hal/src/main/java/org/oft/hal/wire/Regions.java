package org.oft.hal.wire;

import java.util.zip.CRC32C;

/** How tables are laid out in the boards' regions (docs/board-protocol.md, "Regions and banks"). */
public final class Regions {
    private Regions() {
    }

    /** Control sequence: bit t at byte t/8, bit t mod 8; at least one byte. */
    public static byte[] sequence(long[] bits, int length) {
        byte[] out = new byte[Math.max(1, length / 8)];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) (bits[i >>> 3] >>> (8 * (i & 7)));
        }
        if (length < 8) {
            out[0] &= (byte) ((1 << length) - 1);
        }
        return out;
    }

    /** Routing table: one u16 per row, little-endian. */
    public static byte[] table(int[] rows) {
        byte[] out = new byte[2 * rows.length];
        for (int i = 0; i < rows.length; i++) {
            out[2 * i] = (byte) rows[i];
            out[2 * i + 1] = (byte) (rows[i] >>> 8);
        }
        return out;
    }

    /** Phases: one i64 per node (or one for a processor), little-endian. */
    public static byte[] phases(long[] phases) {
        byte[] out = new byte[8 * phases.length];
        for (int i = 0; i < phases.length; i++) {
            for (int k = 0; k < 8; k++) {
                out[8 * i + k] = (byte) (phases[i] >>> (8 * k));
            }
        }
        return out;
    }

    public static int crc(byte[] b) {
        CRC32C c = new CRC32C();
        c.update(b, 0, b.length);
        return (int) c.getValue();
    }
}
