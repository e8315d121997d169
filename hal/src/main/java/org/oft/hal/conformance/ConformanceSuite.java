package org.oft.hal.conformance;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32C;
import org.oft.hal.wire.Framing;
import org.oft.hal.wire.Message;
import org.oft.hal.wire.MessageCodec;
import org.oft.hal.wire.Protocol;

/**
 * What every board implementation must do, as docs/board-protocol.md says it: the same cases for
 * the Java model, the RTL and a real board. A case takes the bench as it finds it (a real board
 * keeps its generation across runs): it claims with take-over under a generation above the board's,
 * and names its own controller. The cases need an OFT bench (router-level and processor boards);
 * a bench of switch boards runs the cases that do not write regions.
 */
public final class ConformanceSuite {
    /**
     * One case: a name, whether it restarts a board (needsReboot) or switches a bench's power off and on
     * (needsPowerCycle), and the check (throws AssertionError, with what was expected, on failure).
     */
    public record Case(String name, boolean needsReboot, boolean needsPowerCycle, Check check) {
        public Case(String name, boolean needsReboot, Check check) {
            this(name, needsReboot, false, check);
        }
    }

    @FunctionalInterface
    public interface Check {
        void run(ConformanceBench bench);
    }

    /** A case that cannot check anything on this bench (it lacks the board kind the case needs): SKIP, never PASS. */
    public static final class Skip extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Skip(String reason) {
            super(reason, null, false, false);
        }
    }

    /** The board whose table the commit cases write: a processor board's, else a switch board's; none: the case skips. */
    private static int tableBoardOrSkip(ConformanceBench b) {
        int board = b.tableBoard();
        if (board < 0) {
            throw new Skip("no processor or switch board on this bench: the case commits a routing or forwarding table");
        }
        return board;
    }

    private ConformanceSuite() {
    }

    static int crc32c(byte[] b) {
        CRC32C c = new CRC32C();
        c.update(b, 0, b.length);
        return (int) c.getValue();
    }

    static void check(boolean ok, String what, Object got) {
        if (!ok) {
            throw new AssertionError(what + "; got " + got);
        }
    }

    static <T extends Message> T expect(Class<T> type, Message m, String request) {
        if (!type.isInstance(m)) {
            throw new AssertionError(request + ": expected " + type.getSimpleName() + ", got " + m);
        }
        return type.cast(m);
    }

    static void nack(int code, Message m, String what) {
        if (!(m instanceof Message.Nack n) || n.code() != code) {
            throw new AssertionError(what + ": expected Nack " + code + " (" + Protocol.codeName(code) + "), got " + m);
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted");
        }
    }

    /** Every case, in the order a bench should be taken through them. */
    public static List<Case> cases() {
        List<Case> c = new ArrayList<>();
        c.add(new Case("identify", false, ConformanceSuite::identify));
        c.add(new Case("bad frames are dropped and the next is answered", false, ConformanceSuite::badFrames));
        c.add(new Case("malformed requests are refused by code", false, ConformanceSuite::malformed));
        c.add(new Case("claim, renew, refuse, take over, release", false, ConformanceSuite::claims));
        c.add(new Case("a change under another generation is fenced", false, ConformanceSuite::fencing));
        c.add(new Case("a lease runs out", false, ConformanceSuite::lease));
        c.add(new Case("writes fill staging and its CRC reads back", false, ConformanceSuite::writes));
        c.add(new Case("a commit is checked against staging", false, ConformanceSuite::commitChecks));
        c.add(new Case("a scheduled commit locks its region until it is aborted", false, ConformanceSuite::abort));
        c.add(new Case("the active bank changes at the epoch and staging keeps it", false, ConformanceSuite::commitAtEpoch));
        c.add(new Case("the slot clock runs, stops and refuses what is out of range", false, ConformanceSuite::clock));
        c.add(new Case("a rebooted board says so, keeps its generation and empties its banks", true, ConformanceSuite::reboot));
        c.add(new Case("a power cycle keeps the generation (a lower one is refused, a higher one taken and kept) and is announced with a new boot id", false, true,
                ConformanceSuite::powerCycle));
        return c;
    }

    private static void identify(ConformanceBench b) {
        check(b.boards >= 1 && b.order >= 1, "the backplane names its boards and order", b.boards + " boards, order " + b.order);
        long[] boots = new long[b.boards];
        for (int i = 0; i < b.boards; i++) {
            Message m = b.ask(new Message.Identify(b.seq(), i));
            check(m.board() == i, "an answer carries the address asked", m);
            if (m instanceof Message.Identity id) {
                check(id.order() == b.order && id.tableRows() == b.n(), "a board's order and rows are the bench's", id);
                boots[i] = id.bootId();
            } else {
                boots[i] = expect(Message.SwitchIdentity.class, m, "Identify").bootId();
            }
        }
        check(Arrays.stream(boots).distinct().count() == b.boards, "every board has a boot id of its own", Arrays.toString(boots));
        nack(Protocol.E_NO_SUCH_BOARD, b.ask(new Message.Identify(b.seq(), b.boards)), "Identify beyond the last board");
    }

    private static void badFrames(ConformanceBench b) {
        byte[] good = Framing.encode(MessageCodec.encode(new Message.Identify(b.seq(), Message.BACKPLANE)));
        byte[] corrupt = good.clone();
        corrupt[2] ^= 0x10; // a bit flipped on the line: the CRC no longer holds
        b.probe.send(corrupt);
        byte[] oversized = new byte[Framing.MAX_PAYLOAD + 200];
        Arrays.fill(oversized, (byte) 0x55);
        b.probe.send(oversized);
        b.probe.send(new byte[] {0});
        b.probe.send(new byte[] {1, 0, 0}); // an empty frame and a frame too short for a CRC
        check(b.probe.silence(400) == null, "a corrupt, oversized or empty frame gets no answer", "an answer");
        expect(Message.Backplane.class, b.ask(new Message.Identify(b.seq(), Message.BACKPLANE)), "Identify after bad frames");
        byte[] noHeader = {2, 1, 0};
        b.probe.send(Framing.encode(noHeader));
        check(b.probe.silence(300) == null, "a payload shorter than a header gets no answer", "an answer");
    }

    private static void malformed(ConformanceBench b) {
        int s = b.seq();
        byte[] v = MessageCodec.encode(new Message.Identify(s, Message.BACKPLANE));
        v[0] = 3;
        Message m = b.probe.askBytes(v, s);
        nack(Protocol.E_BAD_VERSION, m, "version 3");
        check(m.board() == Message.BACKPLANE, "a Nack keeps the header's board", m);
        s = b.seq();
        byte[] unknown = MessageCodec.encode(new Message.Identify(s, 0));
        unknown[1] = 0x55;
        nack(Protocol.E_UNKNOWN_TYPE, b.probe.askBytes(unknown, s), "type 0x55");
        s = b.seq();
        byte[] longer = Arrays.copyOf(MessageCodec.encode(new Message.Identify(s, 0)), 7);
        nack(Protocol.E_MALFORMED, b.probe.askBytes(longer, s), "Identify with a byte left over");
        s = b.seq();
        byte[] write = MessageCodec.encode(new Message.Write(s, 0, 1, 1, 0, new byte[4]));
        write[19] = (byte) 0x01;
        write[20] = (byte) 0x10; // says 4097 bytes
        nack(Protocol.E_MALFORMED, b.probe.askBytes(write, s), "Write longer than 2048 bytes");
        s = b.seq();
        byte[] claim = MessageCodec.encode(new Message.Claim(s, 0, 1, 10, false, "x"));
        claim[19] = (byte) 201;
        nack(Protocol.E_MALFORMED, b.probe.askBytes(claim, s), "a string over 200 bytes");
        s = b.seq();
        nack(Protocol.E_NO_SUCH_BOARD, b.ask(new Message.StatusQuery(s, 0x7FFF)), "StatusQuery to no board");
    }

    private static void claims(ConformanceBench b) {
        for (int board : new int[] {0, Message.BACKPLANE}) {
            long g = b.claim(board, "conf-a", 60_000);
            Message.Owner o = b.owner(board);
            check(o.generation() == g && o.controller().equals("conf-a") && o.leaseLeftMillis() > 0 && o.leaseLeftMillis() <= 60_000,
                    "OwnerQuery answers the owner and its lease", o);
            expect(Message.Owner.class, b.ask(new Message.Claim(b.seq(), board, g, 60_000, false, "conf-a")), "a renewal");
            nack(Protocol.E_FENCED, b.ask(new Message.Claim(b.seq(), board, g, 60_000, false, "conf-b")), "the same generation from another id");
            nack(Protocol.E_FENCED, b.ask(new Message.Claim(b.seq(), board, g - 1, 60_000, true, "conf-b")), "a lower generation");
            nack(Protocol.E_OWNED, b.ask(new Message.Claim(b.seq(), board, g + 1, 60_000, false, "conf-b")),
                    "a higher generation against a live lease, without take-over");
            Message.Owner t = expect(Message.Owner.class, b.ask(new Message.Claim(b.seq(), board, g + 1, 60_000, true, "conf-b")), "take-over");
            check(t.generation() == g + 1 && t.controller().equals("conf-b"), "a take-over makes the new owner", t);
            Message.Owner r = expect(Message.Owner.class, b.ask(new Message.Claim(b.seq(), board, g + 1, 0, false, "conf-b")), "release");
            check(r.leaseLeftMillis() == 0 && r.generation() == g + 1, "a release ends the lease and keeps the generation", r);
            expect(Message.Owner.class, b.ask(new Message.Claim(b.seq(), board, g + 2, 60_000, false, "conf-c")),
                    "a claim after a release, without take-over");
        }
    }

    private static void fencing(ConformanceBench b) {
        int board = b.first(Protocol.KIND_PROCESSOR) >= 0 ? b.first(Protocol.KIND_PROCESSOR) : 0;
        long ga = b.claim(board, "conf-a", 60_000);
        long gbp = b.claim(Message.BACKPLANE, "conf-a", 60_000);
        long gb = b.claim(board, "conf-b", 60_000);
        b.claim(Message.BACKPLANE, "conf-b", 60_000);
        check(gb > ga, "a take-over raises the generation", gb);
        int region = b.kinds[board] == Protocol.KIND_ELECTRICAL_SWITCH ? Protocol.REGION_LFT : Protocol.REGION_PHASES;
        nack(Protocol.E_FENCED, b.write(board, ga, region, 0, new byte[1]), "a Write of the fenced owner");
        nack(Protocol.E_FENCED, b.ask(new Message.Abort(b.seq(), board, ga)), "an Abort of the fenced owner");
        nack(Protocol.E_FENCED, b.ask(new Message.Clock(b.seq(), Message.BACKPLANE, gbp, Message.Clock.START, 100)),
                "a Clock of the fenced owner");
        nack(Protocol.E_FENCED, b.write(board, gb + 5, region, 0, new byte[1]), "a Write under a generation nobody claimed");
        expect(Message.Ack.class, b.write(board, gb, region, 0, new byte[1]), "a Write of the new owner");
    }

    private static void lease(ConformanceBench b) {
        long g = b.claim(0, "conf-a", 300);
        Message.Owner o = b.owner(0);
        check(o.leaseLeftMillis() > 0 && o.leaseLeftMillis() <= 300, "a lease counts down from what was claimed", o);
        // the board counts the lease on its own clock: it must end, within a few seconds of wall time
        // however loaded the host that reaches it (or simulates it) is
        long end = System.currentTimeMillis() + 5000;
        while (b.owner(0).leaseLeftMillis() != 0) {
            check(System.currentTimeMillis() < end, "a lease of 300 ms ends within 5 s", b.owner(0));
            sleep(50);
        }
        expect(Message.Owner.class, b.ask(new Message.Claim(b.seq(), 0, g + 1, 60_000, false, "conf-b")),
                "a claim without take-over once the lease has run out");
    }

    private static void writes(ConformanceBench b) {
        for (int board : new int[] {b.first(Protocol.KIND_ROUTER_LEVEL), b.first(Protocol.KIND_PROCESSOR), b.first(Protocol.KIND_ELECTRICAL_SWITCH)}) {
            if (board < 0) {
                continue;
            }
            long g = b.claim(board, "conf-w", 60_000);
            int region = b.tableRegion(board);
            byte[] t = b.table(board, 7 + board);
            b.writeAll(board, g, region, t);
            Message.Crc c = b.crc(board, Protocol.BANK_STAGING, region);
            check(c.length() == t.length && c.crc() == crc32c(t), "staging reads back the length and CRC-32C written",
                    c + " against " + t.length + " bytes, CRC " + Integer.toHexString(crc32c(t)));
            Message.Crcs all = expect(Message.Crcs.class, b.ask(new Message.CrcQuery(b.seq(), board, Protocol.BANK_STAGING, 0)), "CrcQuery 0");
            check(all.lengths().length == Protocol.REGIONS && all.lengths()[region - 1] == t.length && all.crcs()[region - 1] == crc32c(t),
                    "CrcQuery for region 0 lists every region", Arrays.toString(all.lengths()));
            if (b.otherRegion(board) > 0) { // the other region of the board leaves this one as it was
                byte[] phases = new byte[8];
                new Random(board).nextBytes(phases);
                b.writeAll(board, g, Protocol.REGION_PHASES, phases);
                all = expect(Message.Crcs.class, b.ask(new Message.CrcQuery(b.seq(), board, Protocol.BANK_STAGING, 0)), "CrcQuery 0");
                check(all.crcs()[region - 1] == crc32c(t) && all.lengths()[Protocol.REGION_PHASES - 1] == 8
                        && all.crcs()[Protocol.REGION_PHASES - 1] == crc32c(phases), "each region keeps its own bytes and CRC",
                        Arrays.toString(all.lengths()) + " " + Arrays.toString(all.crcs()));
                check(b.crc(board, Protocol.BANK_STAGING, region).crc() == crc32c(t), "a region's CRC alone is the same as in the list",
                        "another");
            }
            nack(Protocol.E_BAD_REGION, b.write(board, g, b.missingRegion(board), 0, new byte[1]), "a Write to a region the board has not");
            nack(Protocol.E_BAD_REGION, b.write(board, g, 9, 0, new byte[1]), "a Write to region 9");
            nack(Protocol.E_OUT_OF_RANGE, b.write(board, g, region, t.length - 1, new byte[2]), "a Write past the region's end");
            nack(Protocol.E_BAD_REGION, b.ask(new Message.CrcQuery(b.seq(), board, 2, region)), "CrcQuery of bank 2");
            // a rewrite of the same bytes changes nothing (requests are idempotent)
            b.writeAll(board, g, region, t);
            check(b.crc(board, Protocol.BANK_STAGING, region).crc() == crc32c(t), "a rewrite leaves the same CRC", "another");
        }
    }

    private static void commitChecks(ConformanceBench b) {
        int board = tableBoardOrSkip(b);
        int region = b.tableRegion(board);
        long g = b.claim(board, "conf-c", 60_000);
        byte[] t = b.table(board, 11);
        b.writeAll(board, g, region, t);
        long far = b.slot() + 1_000_000_000L;
        nack(Protocol.E_CRC_MISMATCH, b.commit(board, g, far, region, t.length, crc32c(t) ^ 1), "a Commit naming another CRC");
        nack(Protocol.E_CRC_MISMATCH, b.commit(board, g, far, region, t.length - 1, crc32c(t)), "a Commit naming another length");
        nack(Protocol.E_EPOCH_PASSED, b.commit(board, g, 0, region, t.length, crc32c(t)), "a Commit at slot 0");
        nack(Protocol.E_BAD_REGION, b.commit(board, g, far, b.missingRegion(board), 1, 0), "a Commit of a region the board has not");
        byte[] bad = t.clone();
        if (b.isSwitch(board)) {
            bad[0] = (byte) (b.radix[board] + 1); // a port the switch has not
        } else {
            bad[0] = (byte) 0xFF;
            bad[1] = (byte) 0x7F; // row 0 names processor 32767
        }
        b.writeAll(board, g, region, bad);
        nack(Protocol.E_BAD_CONTENT, b.commit(board, g, far, region, bad.length, crc32c(bad)), "a table naming what is not there");
        Message.Status before = b.status(board);
        check(before.pendingEpoch() == -1, "a refused Commit schedules nothing", before);
    }

    private static void abort(ConformanceBench b) {
        int board = tableBoardOrSkip(b);
        int region = b.tableRegion(board);
        long g = b.claim(board, "conf-x", 60_000);
        Message first = b.ask(new Message.Abort(b.seq(), board, g));
        if (first instanceof Message.Ack) { // something was scheduled before this case: now it is not
            first = b.ask(new Message.Abort(b.seq(), board, g));
        }
        nack(Protocol.E_NOTHING_SCHEDULED, first, "an Abort with nothing scheduled");
        byte[] t = b.table(board, 13);
        b.writeAll(board, g, region, t);
        long epoch = b.slot() + 1_000_000_000L;
        expect(Message.Ack.class, b.commit(board, g, epoch, region, t.length, crc32c(t)), "Commit");
        check(b.status(board).pendingEpoch() == epoch, "Status names the scheduled epoch", b.status(board));
        expect(Message.Ack.class, b.commit(board, g, epoch, region, t.length, crc32c(t)), "the same Commit again");
        nack(Protocol.E_OUT_OF_RANGE, b.commit(board, g, epoch + 1, region, t.length, crc32c(t)), "a Commit at another epoch");
        nack(Protocol.E_OUT_OF_RANGE, b.write(board, g, region, 0, new byte[2]), "a Write into the committed region");
        if (b.otherRegion(board) > 0) {
            expect(Message.Ack.class, b.write(board, g, b.otherRegion(board), 0, new byte[8]), "a Write into a region not committed");
        }
        expect(Message.Ack.class, b.ask(new Message.Abort(b.seq(), board, g)), "Abort");
        check(b.status(board).pendingEpoch() == -1, "an Abort leaves nothing scheduled", b.status(board));
        expect(Message.Ack.class, b.write(board, g, region, 0, new byte[2]), "a Write after the Abort");
    }

    private static void commitAtEpoch(ConformanceBench b) {
        int board = tableBoardOrSkip(b);
        int region = b.tableRegion(board);
        long g = b.claim(board, "conf-e", 60_000);
        long gbp = b.claim(Message.BACKPLANE, "conf-e", 60_000);
        byte[] t = b.table(board, System.nanoTime());
        b.writeAll(board, g, region, t);
        b.clock(gbp, Message.Clock.START, 1000);
        try {
            long epoch = b.slot() + 300;
            Message.Status old = b.status(board);
            expect(Message.Ack.class, b.commit(board, g, epoch, region, t.length, crc32c(t)), "Commit");
            Message.Status waiting = b.status(board);
            check(waiting.pendingEpoch() == epoch && waiting.activeCrcs()[region - 1] == old.activeCrcs()[region - 1],
                    "before its epoch the board runs what it ran", waiting);
            b.awaitSlot(epoch, 5000);
            Message.Status now = b.status(board);
            check(now.pendingEpoch() == -1 && now.activeLengths()[region - 1] == t.length && now.activeCrcs()[region - 1] == crc32c(t),
                    "from its epoch the board runs the committed table", now);
            Message.Crc active = b.crc(board, Protocol.BANK_ACTIVE, region);
            Message.Crc staging = b.crc(board, Protocol.BANK_STAGING, region);
            check(active.crc() == crc32c(t) && staging.crc() == crc32c(t) && staging.length() == t.length,
                    "after a commit staging still holds what became active", staging);
        } finally {
            b.clock(gbp, Message.Clock.STOP, 0);
        }
    }

    private static void clock(ConformanceBench b) {
        long g = b.claim(Message.BACKPLANE, "conf-k", 60_000);
        b.clock(g, Message.Clock.START, 2000);
        Message.Telemetry t0 = expect(Message.Telemetry.class, b.ask(new Message.TelemetryQuery(b.seq(), Message.BACKPLANE)), "TelemetryQuery");
        check(t0.running(), "Telemetry says the clock runs", t0);
        sleep(300);
        long s1 = b.slot();
        check(s1 >= t0.slot() + 100, "a clock at 2000 slots/s runs 100 slots in 300 ms at least", s1 - t0.slot());
        b.clock(g, Message.Clock.STOP, 0);
        long s2 = b.slot();
        sleep(200);
        check(b.slot() == s2, "a stopped clock counts no slot", b.slot() - s2);
        Message.Telemetry t1 = expect(Message.Telemetry.class, b.ask(new Message.TelemetryQuery(b.seq(), Message.BACKPLANE)), "TelemetryQuery");
        check(!t1.running(), "Telemetry says the clock stopped", t1);
        nack(Protocol.E_OUT_OF_RANGE, b.ask(new Message.Clock(b.seq(), Message.BACKPLANE, g, 3, 100)), "clock op 3");
        nack(Protocol.E_OUT_OF_RANGE, b.ask(new Message.Clock(b.seq(), Message.BACKPLANE, g, Message.Clock.START, 0)), "0 slots/s");
        nack(Protocol.E_OUT_OF_RANGE, b.ask(new Message.Clock(b.seq(), Message.BACKPLANE, g, Message.Clock.START, Double.NaN)), "NaN slots/s");
        nack(Protocol.E_OUT_OF_RANGE, b.ask(new Message.Clock(b.seq(), Message.BACKPLANE, g, Message.Clock.START, 2e9)), "2e9 slots/s");
        nack(Protocol.E_UNKNOWN_TYPE, b.ask(new Message.TelemetryQuery(b.seq(), 0)), "TelemetryQuery to a board");
        nack(Protocol.E_UNKNOWN_TYPE, b.ask(new Message.CrcQuery(b.seq(), Message.BACKPLANE, 0, 1)), "CrcQuery to the backplane");
    }

    private static long bootOf(Message identity) {
        if (identity instanceof Message.SwitchIdentity s) {
            return s.bootId();
        }
        return expect(Message.Identity.class, identity, "Identify").bootId();
    }

    /** The owner of {@code board} once the bench answers again (it reads its flash after power-up). */
    private static Message.Owner ownerAfterPowerUp(ConformanceBench b, int board) {
        long end = System.nanoTime() + 10_000_000_000L;
        while (true) {
            try {
                return b.owner(board);
            } catch (AssertionError e) {
                if (System.nanoTime() > end) {
                    throw new AssertionError("no answer within 10 s of a power cycle: " + e.getMessage(), e);
                }
            }
        }
    }

    /**
     * The Rebooted that board {@code board} sent after a power cycle (others' are passed over), with a boot id
     * other than every one in {@code before}, and the Identity that carries it.
     */
    private static long announcedAfterPowerUp(ConformanceBench b, int board, java.util.Set<Long> before) {
        long end = System.nanoTime() + 5_000_000_000L;
        Message m;
        while ((m = b.probe.awaitUnsolicited(Math.max(1, (end - System.nanoTime()) / 1_000_000))) != null) {
            if (m instanceof Message.Rebooted rb && rb.board() == board) {
                check(!before.contains(rb.bootId()) && rb.seq() == 0, "a power cycle gives a new boot id, never one used before "
                        + before.stream().map(Long::toHexString).toList(), rb);
                Message id = b.ask(new Message.Identify(b.seq(), board));
                check(bootOf(id) == rb.bootId(), "Identity carries the boot id announced at power-up", id);
                return rb.bootId();
            }
        }
        throw new AssertionError("no Rebooted from board " + board + " within 5 s of its power-up");
    }

    private static void powerCycle(ConformanceBench b) {
        int board = 0;
        long g = b.claim(board, "conf-p", 60_000);
        long gbp = b.claim(Message.BACKPLANE, "conf-p", 60_000);
        java.util.Set<Long> boots = new java.util.HashSet<>(java.util.List.of(bootOf(b.ask(new Message.Identify(b.seq(), board)))));
        b.probe.forgetUnsolicited();
        b.powerCycle.run();
        Message.Owner o = ownerAfterPowerUp(b, board);
        boots.add(announcedAfterPowerUp(b, board, boots));
        check(o.generation() == g && o.leaseLeftMillis() == 0, "a power cycle keeps the generation and ends the lease", o);
        Message.Owner bp = b.owner(Message.BACKPLANE);
        check(bp.generation() == gbp, "a power cycle keeps the backplane's generation", bp);
        nack(Protocol.E_FENCED, b.ask(new Message.Claim(b.seq(), board, g - 1, 60_000, true, "conf-fenced")),
                "a claim below the kept generation, after a power cycle");
        Message.Owner again = expect(Message.Owner.class, b.ask(new Message.Claim(b.seq(), board, g + 1, 60_000, true, "conf-p")),
                "a claim above the kept generation");
        check(again.generation() == g + 1, "the claim above is granted", again);
        b.probe.forgetUnsolicited();
        b.powerCycle.run();
        Message.Owner kept = ownerAfterPowerUp(b, board);
        announcedAfterPowerUp(b, board, boots);
        check(kept.generation() == g + 1, "the generation a claim raised after the power cycle is kept by the next", kept);
        nack(Protocol.E_FENCED, b.ask(new Message.Claim(b.seq(), board, g, 60_000, true, "conf-fenced")),
                "a claim at the generation before, after the second power cycle");
    }

    private static void reboot(ConformanceBench b) {
        int board = b.tableBoard() >= 0 ? b.tableBoard() : 0;
        int region = b.otherRegion(board) > 0 ? b.otherRegion(board) : b.tableRegion(board);
        long g = b.claim(board, "conf-r", 60_000);
        long boot = bootOf(b.ask(new Message.Identify(b.seq(), board)));
        expect(Message.Ack.class, b.write(board, g, region, 0, new byte[] {1, 2, 3}), "Write");
        b.probe.forgetUnsolicited(); // (a power-up's announcements, before this case)
        b.reboot.accept(board);
        Message r = b.probe.awaitUnsolicited(3000);
        Message.Rebooted rb = expect(Message.Rebooted.class, r, "after a power cycle, unsolicited");
        check(rb.board() == board && rb.bootId() != boot && rb.seq() == 0, "Rebooted names the board and its new boot id", rb);
        Message id = b.ask(new Message.Identify(b.seq(), board));
        check(bootOf(id) == rb.bootId(), "Identity carries the new boot id", id);
        Message.Owner o = b.owner(board);
        check(o.generation() == g && o.leaseLeftMillis() == 0, "a reboot keeps the generation and ends the lease", o);
        nack(Protocol.E_NOT_CLAIMED, b.write(board, g, region, 0, new byte[1]), "a Write after a reboot, before a claim");
        check(b.crc(board, Protocol.BANK_STAGING, region).length() == 0, "a rebooted board's staging is empty", "bytes");
        expect(Message.Owner.class, b.ask(new Message.Claim(b.seq(), board, g, 60_000, false, "conf-r")), "a claim again");
        expect(Message.Ack.class, b.write(board, g, region, 0, new byte[1]), "a Write once claimed again");
    }
}
