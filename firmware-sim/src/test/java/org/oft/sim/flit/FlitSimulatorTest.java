package org.oft.sim.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The flit model on networks small enough to wire by hand, apart from any routing engine: its
 * timing per hop, its tables, its counters, and that threads change nothing.
 */
class FlitSimulatorTest {
    /**
     * Two switches joined by one cable, two hosts on each: hosts 0,1 on switch 4 (ports 4..6: hosts
     * 0 and 1 on physical ports 1 and 2, the cable on 3), hosts 2,3 on switch 5 (ports 7..9, alike).
     */
    static FlitNetwork twoSwitches() {
        int[] portBase = {0, 1, 2, 3, 4, 7, 10};
        int[] peer = new int[10];
        int[] level = new int[10];
        wire(peer, level, 0, 4, 1);
        wire(peer, level, 1, 5, 1);
        wire(peer, level, 2, 7, 1);
        wire(peer, level, 3, 8, 1);
        wire(peer, level, 6, 9, 2);
        return new FlitNetwork(4, portBase, peer, level);
    }

    private static void wire(int[] peer, int[] level, int a, int b, int l) {
        peer[a] = b;
        peer[b] = a;
        level[a] = l;
        level[b] = l;
    }

    /** Each switch's table: its own hosts by their port, the others over the cable (physical port 3). */
    static byte[][] tables() {
        return new byte[][] {{1, 2, 3, 3}, {3, 3, 1, 2}};
    }

    private static FlitSimulator sim(FlitParameters par, byte[][] tables) {
        return new FlitSimulator(twoSwitches(), par, tables, 1, FlitSimulator.PathPolicy.HASH, 7);
    }

    /** A packet created at cycle c, followed until it is delivered: its latency (as the delivered packets' latency sum counts it). */
    private static long latency(FlitSimulator sim, int src, int dst) {
        long start = sim.cycle();
        java.util.List<String> names = java.util.Arrays.asList(FlitSimulator.TOTALS);
        long before = sim.totals()[names.indexOf("delivered")];
        long sumBefore = sim.totals()[names.indexOf("latencySum")];
        sim.inject(src, dst);
        while (sim.totals()[names.indexOf("delivered")] == before) {
            sim.step(0, null);
            if (sim.cycle() - start > 1000) {
                throw new AssertionError("the packet never arrived");
            }
        }
        return sim.totals()[names.indexOf("latencySum")] - sumBefore;
    }

    /**
     * Injection delay, then L + 1 to the first buffer; per switch VC allocation, switch allocation
     * and the crossbar, then its link (3 + L); P − 1 for the body; the ejection delay.
     */
    @ParameterizedTest(name = "{0} to {1}: {2} switches, {3}-flit packets, channel latency {4}, injection {5}, ejection {6}")
    @CsvSource({"0,1,1,1,1,0,0", "0,2,2,1,1,0,0", "0,3,2,4,1,0,0", "3,0,2,8,3,2,5", "1,0,1,2,4,1,0", "2,1,2,1,2,0,3"})
    void anUnloadedPacketTakesTheStagesOfEachSwitchPlusItsLength(int src, int dst, int switches, int packet, int channel, int injection,
                                                                  int ejection) {
        FlitSimulator sim = sim(new FlitParameters(2, 16, packet, 2, channel, injection, ejection, false), tables());
        assertEquals(injection + channel + 1 + switches * (3L + channel) + packet - 1 + ejection, latency(sim, src, dst));
    }

    @Test
    void whatAPortSendsItsPeerCountsAsReceivedOnceItHasArrived() {
        FlitSimulator sim = sim(new FlitParameters(2, 16, 1, 2, 3, 0, 0, false), tables()); // cables 3 cycles long
        sim.inject(0, 2);
        long[] sent = new long[FlitSimulator.PORT_COUNTERS.size()];
        long[] got = new long[FlitSimulator.PORT_COUNTERS.size()];
        int cycles = 0;
        do { // until switch 4's cable port has sent the flit
            sim.step(0, null);
            sim.readPort(6, sent);
        } while (sent[PortCounterRecord.XMIT_FLITS] == 0 && ++cycles < 50);
        sim.readPort(9, got);
        assertEquals(1, sent[PortCounterRecord.XMIT_FLITS]);
        assertEquals(0, got[PortCounterRecord.RCV_FLITS], "on the cable, not received yet");
        // a switch port counts a flit received once it is in the input buffer: the crossbar's cycle, the cable's 3, the buffer write's 1
        for (int k = 0; k < 4; k++) {
            sim.step(0, null);
        }
        sim.readPort(9, got);
        assertEquals(0, got[PortCounterRecord.RCV_FLITS], "on its way, not in the buffer yet");
        sim.step(0, null);
        sim.readPort(9, got);
        assertEquals(1, got[PortCounterRecord.RCV_FLITS], "received: 1 + 3 + 1 cycles after it won the switch");
        assertEquals(1, got[PortCounterRecord.RCV_PKTS]);
    }

    @Test
    void aSwitchWithoutATableDropsAtItsInputPortAndCountsIt() {
        FlitSimulator sim = sim(FlitParameters.defaults(), new byte[][] {{1, 2, 3, 3}, null});
        sim.inject(0, 3);
        for (int k = 0; k < 50; k++) {
            sim.step(0, null);
        }
        assertEquals(0, sim.flitsInNetwork(), "the dropped packet leaves the network");
        long[] c = new long[FlitSimulator.PORT_COUNTERS.size()];
        sim.readPort(9, c); // switch 5's cable port, where the packet came in
        assertEquals(1, c[PortCounterRecord.RELAY_DROPS]);
        long[] totals = sim.totals();
        assertEquals(1, totals[java.util.Arrays.asList(FlitSimulator.TOTALS).indexOf("dropped")]);
        assertEquals(0, totals[java.util.Arrays.asList(FlitSimulator.TOTALS).indexOf("delivered")]);
    }

    @Test
    void aWrongEntryIsAMisdeliveryCountedAtThePortThatMadeIt() {
        FlitSimulator sim = sim(FlitParameters.defaults(), new byte[][] {{1, 2, 3, 3}, {3, 3, 2, 2}}); // host 2's entry points at host 3
        sim.inject(0, 2);
        for (int k = 0; k < 50; k++) {
            sim.step(0, null);
        }
        long[] c = new long[FlitSimulator.PORT_COUNTERS.size()];
        sim.readPort(8, c); // switch 5's port to host 3
        assertEquals(1, c[PortCounterRecord.MISDELIVERED]);
    }

    @ParameterizedTest(name = "{0}-flit packets, cut-through {1}")
    @CsvSource({"1,false", "4,false", "4,true"})
    void threadsChangeNothingButTheSpeed(int packet, boolean cutThrough) {
        FlitSimulator.Traffic others = (src, rnd) -> (src + 1 + rnd.nextInt(3)) % 4;
        FlitSimulator.Result[] r = new FlitSimulator.Result[2];
        for (int threads = 1; threads <= 2; threads++) {
            FlitSimulator sim = sim(new FlitParameters(2, 8, packet, 2, 1, 0, 0, cutThrough), tables());
            sim.setThreads(threads);
            try {
                r[threads - 1] = sim.run(0.6, others, 200, 2_000, 5_000, 1_000);
            } finally {
                sim.close();
            }
        }
        assertEquals(r[0].accepted(), r[1].accepted());
        assertEquals(r[0].meanLatency(), r[1].meanLatency());
        assertEquals(r[0].transmitWait(), r[1].transmitWait());
        assertTrue(r[0].accepted() > 0.2, "the cable between the switches carries traffic: " + r[0].accepted());
    }

    @Test
    void theCableBetweenTheSwitchesBoundsWhatCrossesIt() {
        // every host sends to the other switch's hosts: two flows share the cable each way, so each
        // gets at most half a flit a cycle
        FlitSimulator.Traffic across = (src, rnd) -> src < 2 ? 2 + rnd.nextInt(2) : rnd.nextInt(2);
        FlitSimulator sim = sim(FlitParameters.defaults(), tables());
        FlitSimulator.Result r = sim.run(1.0, across, 1_000, 5_000, 0, 5_000);
        assertTrue(r.accepted() <= 0.5 + 1e-9, "accepted " + r.accepted());
        assertTrue(r.accepted() > 0.45, "accepted " + r.accepted());
        assertEquals(0, r.misdelivered());
    }
}
