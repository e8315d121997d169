package org.oft.sim.flit;

/**
 * Router, link and host parameters of the flit-level model. The router's pipeline is BookSim2's
 * input-queued router with lookahead routing: VC allocation, switch allocation and switch
 * traversal, one cycle each; the delays here mean what BookSim's options of the same name mean.
 *
 * @param vcs            virtual channels per input port
 * @param bufferFlits    buffer depth of each VC, in flits
 * @param packetFlits    packet length, in flits
 * @param creditDelay    cycles a switch takes to process a credit it received (BookSim's credit_delay); a credit
 *                       crosses the link back in channelLatency + 1 cycles first, so a slot a flit left in cycle S
 *                       is usable at the switch upstream from S + channelLatency + 1 + creditDelay (at a host, which
 *                       processes credits at once, from S + channelLatency + 1)
 * @param channelLatency cycles on a link (BookSim's channel latency): a flit that wins a switch in cycle S is in the
 *                       next input buffer at S + 2 + channelLatency (one cycle through the crossbar, then the link, then
 *                       written into the buffer); one a host sends in cycle T at T + 1 + channelLatency
 * @param injectionDelay cycles from a packet's creation until its head may leave the host (0: in the same cycle)
 * @param ejectionDelay  cycles from the arrival of a packet's tail at its host until it is delivered (counted in its latency)
 * @param cutThrough     virtual cut-through (a head crosses the switch only if the next buffer holds the whole packet);
 *                       otherwise wormhole (a head crosses with one credit)
 */
public record FlitParameters(int vcs, int bufferFlits, int packetFlits, int creditDelay, int channelLatency, int injectionDelay,
                             int ejectionDelay, boolean cutThrough) {
    public FlitParameters {
        check(vcs, 1, 64, "VCs");
        check(bufferFlits, 1, 1 << 16, "buffer depth (flits)");
        check(packetFlits, 1, 1 << 16, "packet length (flits)");
        check(creditDelay, 0, 1 << 12, "credit delay (cycles)");
        check(channelLatency, 1, 1 << 12, "channel latency (cycles)");
        check(injectionDelay, 0, 1 << 12, "injection delay (cycles)");
        check(ejectionDelay, 0, 1 << 12, "ejection delay (cycles)");
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

    /** BookSim2's configuration of the 4-ary 3-tree: 4 VCs of 16 flits, 1-flit packets, credit delay 2, channel latency 1, wormhole. */
    public static FlitParameters defaults() {
        return new FlitParameters(4, 16, 1, 2, 1, 0, 0, false);
    }

    /**
     * Cycles an unloaded packet takes from its creation to its delivery over {@code switches} switches:
     * injection, the first link, (3 + channelLatency) per switch, then packetFlits − 1 for the body and the
     * ejection delay. BookSim2, configured alike, reads the same.
     */
    public long zeroLoadLatency(int switches) {
        return injectionDelay + channelLatency + 1L + (long) switches * (3 + channelLatency) + packetFlits - 1 + ejectionDelay;
    }
}
