package org.oft.sim.rtl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;
import org.oft.hal.conformance.BoardProbe;
import org.oft.hal.wire.Message;
import org.oft.hal.wire.Protocol;

/**
 * Fencing survives the power switch: two controllers claim boards with generations drawn around what they
 * believe the boards hold, while the bench is power-cycled at random moments (between claims, and right
 * after one was answered). No claim below a generation a board has granted is ever accepted, and after
 * every power cycle each board says the highest generation it granted. 200 steps in the build
 * (-Doft.powercycles=N for more: docs/performance.md has a run of 1,000, whose generations fill a flash sector
 * and go on in the other).
 */
@Timeout(600)
class PowerCycleFencingTest {
    private static final int BOARDS = 3; // two boards and the backplane are claimed

    @ParameterizedTest
    @ValueSource(strings = {"rtl, behind a pty", "java model, behind a pty"})
    void noClaimBelowAGrantedGenerationIsTakenAcrossPowerCycles(String name) throws Exception {
        boolean rtl = name.startsWith("rtl");
        RtlTools.require(!rtl || RtlBench.buildable(), "Verilator is not installed");
        int steps = Integer.getInteger("oft.powercycles", 200);
        Random rnd = new Random(61);
        try (BoardTargets.Target t = rtl ? BoardTargets.rtl() : BoardTargets.javaPty();
                BoardProbe probe = new BoardProbe(t.link(), 10_000)) {
            int[] address = {0, 1, Message.BACKPLANE};
            long[] granted = new long[BOARDS]; // the highest generation each board granted
            for (int i = 0; i < BOARDS; i++) {
                granted[i] = owner(probe, address[i]).generation();
            }
            long[] belief = granted.clone();
            int accepted = 0;
            int refused = 0;
            int cycles = 0;
            int raised = 0;
            for (int step = 0; step < steps; step++) {
                int b = rnd.nextInt(BOARDS);
                String who = rnd.nextBoolean() ? "ctl-a" : "ctl-b";
                long g = belief[b] + rnd.nextInt(5) - 2; // below, at or above what this controller believes
                Message m = probe.ask(new Message.Claim(probe.nextSeq(), address[b], g, 60_000, true, who));
                if (m instanceof Message.Owner o) {
                    assertTrue(g >= granted[b], "step " + step + ": board " + address[b] + " granted generation " + g
                            + " below " + granted[b] + ", which it granted before");
                    assertEquals(g, o.generation(), "the owner after a granted claim");
                    if (g > granted[b]) {
                        raised++; // a record kept (an RTL sector holds 255: more and the other one takes a copy)
                    }
                    granted[b] = g;
                    accepted++;
                } else {
                    Message.Nack n = (Message.Nack) m;
                    assertTrue(n.code() == Protocol.E_FENCED || n.code() == Protocol.E_OWNED, "a refusal by code: " + n);
                    refused++;
                }
                belief[b] = Math.max(belief[b], g);
                if (rnd.nextInt(4) == 0) {
                    t.powerCycle().run();
                    cycles++;
                    for (int i = 0; i < BOARDS; i++) {
                        Message.Owner o = owner(probe, address[i]);
                        assertEquals(granted[i], o.generation(), "after power cycle " + cycles + ", board " + address[i]
                                + "'s generation");
                        assertEquals(0, o.leaseLeftMillis(), "a power cycle ends the lease");
                    }
                }
            }
            System.out.printf("%s: %d steps, %d power cycles, %d claims granted (%d raising a generation), %d refused,"
                    + " none below a granted one%n", name, steps, cycles, accepted, raised, refused);
            assertTrue(cycles > steps / 8 && accepted > steps / 8 && refused > steps / 8, "the run mixes all three");
        }
    }

    @org.junit.jupiter.api.Test
    void aBoardWhoseFlashFailsRefusesToRaiseAGenerationAndSaysWhyAndNothingElseBreaks() throws Exception {
        RtlTools.require(RtlBench.buildable(), "Verilator is not installed");
        try (BoardTargets.Target t = BoardTargets.rtl(); BoardProbe probe = new BoardProbe(t.link(), 10_000)) {
            long g = owner(probe, 0).generation() + 1;
            assertTrue(probe.ask(new Message.Claim(probe.nextSeq(), 0, g, 60_000, true, "ctl-a")) instanceof Message.Owner, "a claim");
            ((RtlBench) t.owner()).breakFlash();
            Message m = probe.ask(new Message.Claim(probe.nextSeq(), 0, g + 1, 60_000, true, "ctl-b"));
            assertTrue(m instanceof Message.Nack n && n.code() == Protocol.E_FENCED && n.reason().contains("flash"),
                    "a claim that raises the generation, the flash failed: " + m);
            assertEquals(g, owner(probe, 0).generation(), "the generation the flash could not keep is not taken");
            assertTrue(probe.ask(new Message.Claim(probe.nextSeq(), 0, g, 60_000, false, "ctl-a")) instanceof Message.Owner,
                    "its owner renews at the generation it holds");
            assertTrue(probe.ask(new Message.Write(probe.nextSeq(), 0, g, Protocol.REGION_SEQUENCE, 0, new byte[1])) instanceof Message.Ack,
                    "and writes under it");
        }
    }

    @org.junit.jupiter.api.Test
    void aRecordCutShortIsSkippedTheClaimKeptInTheNextSlotAndReadBackAfterAPowerCycle() throws Exception {
        RtlTools.require(RtlBench.buildable(), "Verilator is not installed");
        try (BoardTargets.Target t = BoardTargets.rtl(); BoardProbe probe = new BoardProbe(t.link(), 10_000)) {
            long g = owner(probe, 0).generation() + 1;
            ((RtlBench) t.owner()).tearNextProgram();
            assertTrue(probe.ask(new Message.Claim(probe.nextSeq(), 0, g, 60_000, true, "ctl-a")) instanceof Message.Owner,
                    "a claim whose first record was cut short is kept in the next slot");
            assertTrue(probe.ask(new Message.Claim(probe.nextSeq(), 0, g + 1, 60_000, true, "ctl-b")) instanceof Message.Owner,
                    "and the log goes on past the slot cut short");
            t.powerCycle().run();
            assertEquals(g + 1, owner(probe, 0).generation(), "after a power cycle, past the record cut short");
        }
    }

    /** The owner of {@code board} once the bench answers again (it reads its flash after power-up). */
    private static Message.Owner owner(BoardProbe probe, int board) {
        long end = System.nanoTime() + 10_000_000_000L;
        while (true) {
            try {
                return (Message.Owner) probe.ask(new Message.OwnerQuery(probe.nextSeq(), board));
            } catch (AssertionError e) {
                if (System.nanoTime() > end) {
                    throw e;
                }
            }
        }
    }
}
