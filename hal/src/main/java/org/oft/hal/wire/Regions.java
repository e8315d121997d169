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

    /** The control sequence's first {@code length} bits, packed as the BoardBus takes them. */
    public static long[] sequenceBits(byte[] b, int length) {
        long[] words = new long[(length + 63) / 64];
        for (int i = 0; i < b.length && 8 * i < length; i++) {
            words[i >>> 3] |= (long) (b[i] & 0xFF) << (8 * (i & 7));
        }
        if ((length & 63) != 0) {
            words[words.length - 1] &= (1L << (length & 63)) - 1;
        }
        return words;
    }

    /** A routing table's rows. */
    public static int[] tableRows(byte[] b) {
        int[] rows = new int[b.length / 2];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = (b[2 * i] & 0xFF) | (b[2 * i + 1] & 0xFF) << 8;
        }
        return rows;
    }

    /** Slot phases. */
    public static long[] phasesOf(byte[] b) {
        long[] phases = new long[b.length / 8];
        for (int i = 0; i < phases.length; i++) {
            long v = 0;
            for (int k = 7; k >= 0; k--) {
                v = (v << 8) | (b[8 * i + k] & 0xFF);
            }
            phases[i] = v;
        }
        return phases;
    }

    public static int crc(byte[] b) {
        CRC32C c = new CRC32C();
        c.update(b, 0, b.length);
        return (int) c.getValue();
    }
}
