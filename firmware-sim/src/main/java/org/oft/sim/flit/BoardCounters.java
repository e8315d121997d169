package org.oft.sim.flit;

import java.util.Arrays;

import static org.oft.sim.flit.FlitWord.*;
import static org.oft.sim.flit.PortCounterRecord.*;

/**
 * What the switch boards report of the model, since it started: a port's counters (InfiniBand
 * PortCounters where one exists) and the fabric's totals. Cold: read by a board's telemetry, not
 * per cycle; flits received are what the far end sent less what is still on the link, so the hot
 * loop counts each hop once.
 */
final class BoardCounters {
    private BoardCounters() {
    }

    static void readPort(FlitSimulator sim, int g, long[] into) {
        System.arraycopy(sim.portCounters, g * PC, into, 0, PC);
        into[XMIT_FLITS] = sim.xmit[2 * g];
        into[XMIT_PKTS] = sentPackets(sim, g);
        // received = what the far end sent, less what is still on the link (one line per hop saved)
        if (sim.underWayAt != sim.cycle) {
            countUnderWay(sim);
        }
        int from = sim.net.peer()[g];
        into[RCV_FLITS] = sim.xmit[2 * from] - sim.underWay[2 * g];
        into[RCV_PKTS] = sentPackets(sim, from) - sim.underWay[2 * g + 1];
    }

    static long sentPackets(FlitSimulator sim, int g) {
        return sim.singleFlit ? sim.xmit[2 * g] : sim.xmit[2 * g + 1];
    }

    /** Flits and tails on their way to each port now, from the lanes' pending lists. */
    static void countUnderWay(FlitSimulator sim) {
        if (sim.underWay == null) {
            sim.underWay = new int[2 * sim.ports];
        }
        Arrays.fill(sim.underWay, 0);
        for (Lane w : sim.lanes) {
            for (int at = 0; at < w.chanToCount.length; at++) {
                for (int k = 0, base = at * sim.chanCap; k < w.chanToCount[at]; k++) {
                    long f = w.chanTo[base + k];
                    int in = flitPort(f);
                    sim.underWay[2 * in]++;
                    if (flitTail(f)) {
                        sim.underWay[2 * in + 1]++;
                    }
                }
            }
        }
        sim.underWayAt = sim.cycle;
    }

    /** The fabric's totals, in the order of {@link FlitSimulator#TOTALS}. */
    static long[] totals(FlitSimulator sim) {
        return new long[] {sim.cycle, sim.created, sim.sum(l -> l.delivered), sim.sum(l -> l.misdelivered), sim.sum(l -> l.loops), sim.sum(l -> l.unroutable),
            sim.sum(l -> l.ejectedFlits), sim.sum(l -> l.latencySumAll), sim.flitsInNetwork, sim.totalTransmitWait(), sim.sum(l -> l.deadLinkWaits),
            sim.sum(l -> l.linkDownDiscards)};
    }
}
