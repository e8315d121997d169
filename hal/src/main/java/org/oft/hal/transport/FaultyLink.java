package org.oft.hal.transport;

import java.util.SplittableRandom;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Wraps any link and damages what it sends, seeded: drops, corrupts and duplicates bytes, delays
 * chunks, and can cut the link for a while. Damage applies to the sending direction; wrap both
 * ends for both directions.
 */
public final class FaultyLink implements ByteLink {

    /** Rates per byte (drop, corrupt, duplicate) and per chunk (delay up to maxDelayMs). */
    public record Profile(double drop, double corrupt, double duplicate, double delay, int maxDelayMs) {
        public static final Profile CLEAN = new Profile(0, 0, 0, 0, 0);
    }

    private final ByteLink inner;
    private final Profile profile;
    private final SplittableRandom random;
    private final ExecutorService delayer;
    private volatile long cutUntilNanos;
    private long dropped;
    private long corrupted;

    public FaultyLink(ByteLink inner, Profile profile, long seed) {
        this.inner = inner;
        this.profile = profile;
        this.random = new SplittableRandom(seed);
        this.delayer = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "oft-faulty-link");
            t.setDaemon(true);
            return t;
        });
    }

    /** Everything sent in the next {@code millis} ms is lost, as if the cable were pulled. */
    public void cut(long millis) {
        cutUntilNanos = System.nanoTime() + millis * 1_000_000;
    }

    @Override
    public void send(byte[] bytes) {
        byte[] out;
        long delayMs;
        synchronized (this) {
            if (System.nanoTime() < cutUntilNanos) {
                dropped += bytes.length;
                return;
            }
            byte[] buf = new byte[bytes.length * 2];
            int n = 0;
            for (byte b : bytes) {
                double x = random.nextDouble();
                if (x < profile.drop()) {
                    dropped++;
                    continue;
                }
                if (x < profile.drop() + profile.corrupt()) {
                    b ^= (byte) (1 << random.nextInt(8));
                    corrupted++;
                }
                buf[n++] = b;
                if (random.nextDouble() < profile.duplicate()) {
                    buf[n++] = b;
                }
            }
            out = java.util.Arrays.copyOf(buf, n);
            delayMs = random.nextDouble() < profile.delay() ? random.nextInt(profile.maxDelayMs() + 1) : 0;
        }
        if (profile.delay() == 0) {
            inner.send(out);
            return;
        }
        // One queue: a delayed chunk holds back everything after it, as a byte stream does.
        delayer.execute(() -> {
            try {
                if (delayMs > 0) {
                    TimeUnit.MILLISECONDS.sleep(delayMs);
                }
                inner.send(out);
            } catch (LinkException e) {
                // the link went down meanwhile: the bytes are lost, as on a real wire
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    @Override
    public void receiver(Receiver receiver) {
        inner.receiver(receiver);
    }

    @Override
    public String name() {
        return "faulty(" + inner.name() + ")";
    }

    public synchronized long droppedBytes() {
        return dropped;
    }

    public synchronized long corruptedBytes() {
        return corrupted;
    }

    @Override
    public void close() {
        delayer.shutdownNow();
        inner.close();
    }
}
