package org.oft.sim.rtl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oft.hal.conformance.BoardProbe;
import org.oft.hal.transport.SerialLink;
import org.oft.hal.wire.Message;

/**
 * The RTL's slot clock keeps the period a Clock asks for, to the cycle: clock / rate model cycles a
 * slot, the quotient of the engine's divider. The conformance suite can only bound the rate from
 * below over wall time; here the model runs unpaced and its own cycle count is the clock.
 */
@Timeout(180)
class RtlSlotClockTest {
    @Test
    void aSlotLastsTheModelClockOverTheRateInCycles() throws Exception {
        assumeTrue(RtlBench.buildable(), "Verilator is not installed");
        try (RtlBench rtl = RtlBench.startUnpaced(BoardTargets.ORDER);
             SerialLink link = SerialLink.open(rtl.ptys().get(0), rtl.baud());
             BoardProbe probe = new BoardProbe(link, 10_000)) {
            Message owner = probe.ask(new Message.Claim(probe.nextSeq(), Message.BACKPLANE, 1, 600_000, true, "clock-test"));
            assertInstanceOf(Message.Owner.class, owner, "the backplane is claimed");
            // periods of 2000, 666 2/3, 257.2 and 20,000 cycles: whole, recurring, a fraction of 24 mantissa bits, long
            for (double rate : new double[] {1000, 3000, 7776, 100}) {
                assertInstanceOf(Message.Ack.class, probe.ask(new Message.Clock(probe.nextSeq(), Message.BACKPLANE, 1,
                        Message.Clock.START, rate)), "Clock at " + rate);
                long period = rtl.clockHz() / (long) rate; // whole cycles: the divider keeps the quotient's integer part
                RtlBench.Stats a = rtl.stats();
                RtlBench.Stats b = a;
                // 200 periods of model time, however fast a busy machine runs the model
                while (b.cycles() - a.cycles() < 200 * period) {
                    Thread.sleep(100);
                    b = rtl.stats();
                }
                long cycles = b.cycles() - a.cycles();
                long slots = b.slot() - a.slot();
                assertTrue(slots > 100, "the clock ran at " + rate + " slots/s: " + slots + " slots in " + cycles + " cycles");
                assertEquals((double) cycles / period, slots, 1.0,
                        "slots in " + cycles + " cycles at " + rate + " slots/s (" + period + " cycles a slot)");
            }
        }
    }
}
