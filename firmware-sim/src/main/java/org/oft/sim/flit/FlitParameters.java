package org.oft.sim.flit;

/**
 * Router and link parameters of the flit-level model.
 *
 * @param vcs            virtual channels per input port
 * @param bufferFlits    buffer depth of each VC, in flits
 * @param packetFlits    packet length, in flits
 * @param creditDelay    cycles from a flit leaving a buffer until its credit is usable upstream (at least 1: a switch
 *                       allocates once a cycle, so a credit freed in a cycle is usable from the next)
 * @param channelLatency cycles a flit spends on a link
 * @param routerDelay    cycles a flit waits in an input buffer before it can cross the switch (at least 1)
 * @param cutThrough     virtual cut-through (a head leaves only if the next buffer holds the whole packet);
 *                       otherwise wormhole (a head leaves with one credit)
 */
public record FlitParameters(int vcs, int bufferFlits, int packetFlits, int creditDelay, int channelLatency, int routerDelay,
                             boolean cutThrough) {
    public FlitParameters {
        check(vcs, 1, 64, "VCs");
        check(bufferFlits, 1, 1 << 16, "buffer depth (flits)");
        check(packetFlits, 1, 1 << 16, "packet length (flits)");
        if (creditDelay == 0) { // 0 used to be taken and run as 1 for most switches: refused rather than mean something else
            throw new IllegalArgumentException("credit delay must be at least 1 cycle: a switch allocates once a cycle, so a credit "
                    + "freed in one cycle is usable upstream from the next at the earliest");
        }
        check(creditDelay, 1, 1 << 12, "credit delay (cycles)");
        check(channelLatency, 1, 1 << 12, "channel latency (cycles)");
        check(routerDelay, 1, 1 << 12, "router delay (cycles)");
        if (cutThrough && packetFlits > bufferFlits) {
            throw new IllegalArgumentException("virtual cut-through needs buffers of at least one packet: "
                    + bufferFlits + " flits < " + packetFlits);
        }
    }

    private static void check(int v, int lo, int hi, String what) {
        if (v < lo || v > hi) {
            throw new IllegalArgumentException(what + " must be in " + lo + ".." + hi + ", got " + v);
        }
    }

    /** 4 VCs of 16 flits, 1-flit packets, credit delay 2, channel latency 1, router delay 1, wormhole. */
    public static FlitParameters defaults() {
        return new FlitParameters(4, 16, 1, 2, 1, 1, false);
    }
}
