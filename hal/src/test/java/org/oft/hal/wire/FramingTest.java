package org.oft.hal.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class FramingTest {

    @Test
    void cobsRoundTripsAnyBytesAndNeverEmitsZero() {
        SplittableRandom rnd = new SplittableRandom(1);
        for (int trial = 0; trial < 2000; trial++) {
            int len = rnd.nextInt(0, 1200);
            byte[] src = new byte[len];
            for (int i = 0; i < len; i++) {
                src[i] = (byte) (rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(256)); // plenty of zeros and long runs
            }
            byte[] enc = new byte[Cobs.maxEncodedLength(len)];
            int n = Cobs.encode(src, len, enc);
            for (int i = 0; i < n; i++) {
                assert enc[i] != 0;
                if (enc[i] == 0) {
                    throw new AssertionError("zero in encoding");
                }
            }
            byte[] dec = new byte[len];
            assertEquals(len, Cobs.decode(enc, n, dec));
            assertArrayEquals(src, dec);
        }
    }

    @Test
    void cobsKnownVectors() {
        assertArrayEquals(new byte[] {1, 1}, enc(new byte[] {0}));
        assertArrayEquals(new byte[] {3, 0x11, 0x22, 2, 0x33}, enc(new byte[] {0x11, 0x22, 0, 0x33}));
        assertArrayEquals(new byte[] {1}, enc(new byte[0]));
    }

    private static byte[] enc(byte[] src) {
        byte[] out = new byte[Cobs.maxEncodedLength(src.length)];
        int n = Cobs.encode(src, src.length, out);
        return java.util.Arrays.copyOf(out, n);
    }

    @Test
    void framesSurviveAnyChunkingOfTheStream() throws Exception {
        SplittableRandom rnd = new SplittableRandom(2);
        List<byte[]> sent = new ArrayList<>();
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        for (int i = 0; i < 300; i++) {
            byte[] p = new byte[rnd.nextInt(0, Framing.MAX_PAYLOAD + 1)];
            for (int k = 0; k < p.length; k++) {
                p[k] = (byte) rnd.nextInt(256);
            }
            sent.add(p);
            wire.write(Framing.encode(p));
        }
        byte[] all = wire.toByteArray();
        List<byte[]> got = new ArrayList<>();
        Framing.Decoder d = new Framing.Decoder();
        for (int off = 0; off < all.length; ) {
            int n = Math.min(all.length - off, rnd.nextInt(1, 700));
            d.feed(all, off, n, got::add);
            off += n;
        }
        assertEquals(sent.size(), got.size());
        for (int i = 0; i < sent.size(); i++) {
            assertArrayEquals(sent.get(i), got.get(i));
        }
        assertEquals(0, d.corrupt());
    }

    @Test
    void aFlippedBitIsCaughtByTheCrcAndTheNextFrameStillArrives() {
        byte[] a = Framing.encode(new byte[] {1, 2, 3, 4, 5});
        byte[] b = Framing.encode(new byte[] {9, 8, 7});
        a[2] ^= 0x10;
        List<byte[]> got = new ArrayList<>();
        Framing.Decoder d = new Framing.Decoder();
        d.feed(a, 0, a.length, got::add);
        d.feed(b, 0, b.length, got::add);
        assertEquals(1, got.size());
        assertArrayEquals(new byte[] {9, 8, 7}, got.get(0));
        assertEquals(1, d.corrupt());
    }

    @Test
    void aFrameLongerThanTheBoundIsDroppedWithoutBufferingIt() {
        byte[] flood = new byte[3 * Framing.MAX_ENCODED];
        java.util.Arrays.fill(flood, (byte) 7);
        Framing.Decoder d = new Framing.Decoder();
        List<byte[]> got = new ArrayList<>();
        d.feed(flood, 0, flood.length, got::add);
        d.feed(new byte[] {0}, 0, 1, got::add);
        byte[] ok = Framing.encode(new byte[] {42});
        d.feed(ok, 0, ok.length, got::add);
        assertEquals(1, d.oversized());
        assertEquals(1, got.size());
    }
}
