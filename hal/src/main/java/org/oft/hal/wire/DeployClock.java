package org.oft.hal.wire;

import java.util.List;
import org.oft.hal.BoardException;

/**
 * The slot clock a deploy counts its commit's epoch on: kept as it runs when another controller left it running (a
 * take-over), else started at the bus's rate or its idle rate. Never restarted under a running fabric.
 */
final class DeployClock {
    private DeployClock() {
    }

    static void ensure(WireBoardBus bus, List<String> events) {
        if (!bus.running && bus.rate == 0 && bus.telemetry().running()) {
            // a clock another controller left running is kept as it runs, never restarted (which would move its slots'
            // phase, or run it at another rate until the configured one is set): its rate is measured between slot
            // boundaries seen, or left unmeasured when none comes in the window (epochs then lead by slots)
            bus.running = true;
            bus.adopted = true;
            double r = measureRate(bus);
            if (r > 0) {
                bus.rate = r;
            }
            events.add(r > 0 ? String.format(java.util.Locale.ROOT, "the slot clock that runs was kept (%.3g slots/s measured)", r)
                    : "the slot clock that runs was kept (slower than a slot in " + RATE_WINDOW_MILLIS / 1000.0 + " s)");
            return;
        }
        if (!bus.running) {
            double r = bus.rate > 0 ? bus.rate : bus.options.idleSlotsPerSecond();
            bus.clock(Message.Clock.START, r);
            events.add("slot clock started at " + r + " slots/s to count commit epochs");
        }
    }

    /** Longest a running clock is watched for its rate. */
    static final long RATE_WINDOW_MILLIS = 2500;

    /**
     * The running clock's rate in slots/s, from the first slot boundary seen to the last, at least a quarter second
     * and two boundaries apart (one window of 100 ms saw no slot at 4 slots/s, and the clock was restarted at 1,000);
     * 0 when fewer than two come within {@value #RATE_WINDOW_MILLIS} ms.
     */
    private static double measureRate(WireBoardBus bus) {
        long start = System.nanoTime();
        long end = start + RATE_WINDOW_MILLIS * 1_000_000L;
        long s0 = bus.slot();
        long firstSlot = -1;
        long firstAt = 0;
        while (System.nanoTime() < end) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new BoardException("interrupted");
            }
            long s = bus.slot();
            long now = System.nanoTime();
            if (firstSlot < 0 && s > s0) {
                firstSlot = s;
                firstAt = now;
            } else if (firstSlot >= 0 && s > firstSlot && now - firstAt >= 250_000_000L) {
                return (s - firstSlot) / ((now - firstAt) / 1e9);
            }
        }
        return 0;
    }
}
