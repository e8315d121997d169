package org.oft.controller.service.fattree;

import io.vertx.core.json.JsonObject;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.hal.BoardBus;
import org.oft.hal.DeployReport;
import org.oft.hal.SwitchTotals;
import org.oft.hal.Telemetry;

/**
 * Measures a deploy to running boards (worker thread): all boards switch at one epoch; it waits for
 * the epoch and the packets
 * in flight through it, and reports what was lost (dropped for want of a route) or misrouted
 * (misdelivered or looping) across it. Packets discarded at dead links are a fault of the fabric,
 * not of the switch-over, and are reported apart.
 */
final class SwitchOverMeter {
    private static final long WAIT_NANOS = 30_000_000_000L;
    private final BoardBus bus;
    private final FatTree tree;
    private final int cyclesPerSlot;

    SwitchOverMeter(BoardBus bus, FatTree tree, int cyclesPerSlot) {
        this.bus = bus;
        this.tree = tree; // its levels bound how long a packet can be in flight
        this.cyclesPerSlot = cyclesPerSlot;
    }

    /** What a measured deploy did: the boards' report, its wall time and the switch-over's counts. */
    record Measured(DeployReport report, long nanos, JsonObject switchOver) {
    }

    /** Runs {@code deploy} (one deploy to the running boards) and measures its switch-over. */
    Measured measure(java.util.function.Supplier<DeployReport> deploy) {
        SwitchTotals before = bus.telemetry().switches();
        long t0 = System.nanoTime();
        DeployReport rep = deploy.get();
        long nanos = System.nanoTime() - t0;
        // the switch-over: the epoch, then enough cycles for every packet in flight through it to land
        long settle = Math.max(2, (4L * tree.topology().levels() * 64 + cyclesPerSlot - 1) / cyclesPerSlot) + 8;
        long deadline = System.nanoTime() + WAIT_NANOS;
        Telemetry t = bus.telemetry();
        while (t.slot() < rep.epoch() + settle) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the boards did not reach slot " + (rep.epoch() + settle) + " within 30 s");
            }
            sleep(20);
            t = bus.telemetry();
        }
        sleep(50); // the fabric's snapshot trails the firmware's slot counter by at most a few slots
        SwitchTotals after = bus.telemetry().switches();
        JsonObject switchOver = new JsonObject()
                .put("cycles", after.cycle() - before.cycle())
                .put("created", after.created() - before.created())
                .put("delivered", after.delivered() - before.delivered())
                .put("lost", after.noRoute() - before.noRoute())
                .put("discardedAtDeadLinks", after.discarded() - before.discarded())
                .put("misrouted", (after.misdelivered() - before.misdelivered()) + (after.loops() - before.loops()))
                .put("flitsInNetworkBefore", before.flitsInNetwork())
                .put("flitsInNetworkAfter", after.flitsInNetwork());
        return new Measured(rep, nanos, switchOver);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted");
        }
    }
}
