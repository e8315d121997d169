package org.oft.hal.conformance;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.IntConsumer;
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
    /** One case: a name, and the check (throws AssertionError, with what was expected, on failure). */
    public record Case(String name, boolean needsReboot, Check check) {
    }

    @FunctionalInterface
    public interface Check {
        void run(Bench bench);
    }

    /** The bench under test: a probe on its link, what it said it is, and how to power-cycle a board (null if it cannot be). */
    public static final class Bench {
        final BoardProbe probe;
        final IntConsumer reboot;
        int boards;
        int order;
        int[] kinds;
        int[] radix;
        int[] lids;

        public Bench(BoardProbe probe, IntConsumer reboot) {
            this.probe = probe;
            this.reboot = reboot;
            Message bp = ask(new Message.Identify(probe.nextSeq(), Message.BACKPLANE));
            Message.Backplane b = expect(Message.Backplane.class, bp, "Identify to the backplane");
            boards = b.boards();
            order = b.order();
            kinds = new int[boards];
            radix = new int[boards];
            lids = new int[boards];
            for (int i = 0; i < boards; i++) {
                Message id = ask(new Message.Identify(probe.nextSeq(), i));
                kinds[i] = id instanceof Message.Identity x ? x.kind() : id instanceof Message.SwitchIdentity ? Protocol.KIND_ELECTRICAL_SWITCH : 0;
                if (id instanceof Message.SwitchIdentity x) {
                    radix[i] = x.radix();
                    lids[i] = x.lids();
                }
            }
        }

        Message ask(Message m) {
            return probe.ask(m);
        }

        int seq() {
            return probe.nextSeq();
        }

        int n() {
            return 1 << order;
        }

        /** The first board of a kind, or -1. */
        int first(int kind) {
            for (int i = 0; i < boards; i++) {
                if (kinds[i] == kind) {
                    return i;
                }
            }
            return -1;
        }

        Message.Owner owner(int board) {
            return expect(Message.Owner.class, ask(new Message.OwnerQuery(seq(), board)), "OwnerQuery");
        }

        /** Claims {@code board} as {@code id} under a generation above its own, taking over; returns the generation. */
        long claim(int board, String id, long leaseMillis) {
            long g = owner(board).generation() + 1;
            Message.Owner o = expect(Message.Owner.class, ask(new Message.Claim(seq(), board, g, leaseMillis, true, id)), "Claim");
            check(o.generation() == g && o.controller().equals(id), "a granted claim answers the new owner", o);
            return g;
        }

        Message.Status status(int board) {
            return expect(Message.Status.class, ask(new Message.StatusQuery(seq(), board)), "StatusQuery");
        }

        long slot() {
            return status(Message.BACKPLANE).slot();
        }

        /** The first processor board, else the first switch board (a board with a table of destinations), or -1. */
        int tableBoard() {
            return first(Protocol.KIND_PROCESSOR) >= 0 ? first(Protocol.KIND_PROCESSOR) : first(Protocol.KIND_ELECTRICAL_SWITCH);
        }

        boolean isSwitch(int board) {
            return kinds[board] == Protocol.KIND_ELECTRICAL_SWITCH;
        }

        /** Region 1 of a router-level board, 2 of a processor board, 4 of a switch board. */
        int tableRegion(int board) {
            return switch (kinds[board]) {
                case Protocol.KIND_ROUTER_LEVEL -> Protocol.REGION_SEQUENCE;
                case Protocol.KIND_ELECTRICAL_SWITCH -> Protocol.REGION_LFT;
                default -> Protocol.REGION_TABLE;
            };
        }

        /** A region {@code board} does not have. */
        int missingRegion(int board) {
            return kinds[board] == Protocol.KIND_PROCESSOR ? Protocol.REGION_SEQUENCE : Protocol.REGION_TABLE;
        }

        int tableBytes(int board) {
            return switch (kinds[board]) {
                case Protocol.KIND_ROUTER_LEVEL -> Math.max(1, n() / 8);
                case Protocol.KIND_ELECTRICAL_SWITCH -> lids[board];
                default -> 2 * n();
            };
        }

        /** Another region the board has besides its table (its phases), or -1 (a switch board has one). */
        int otherRegion(int board) {
            return isSwitch(board) ? -1 : Protocol.REGION_PHASES;
        }

        /** A well-formed table for {@code board}: rows naming processors 0..n-1, ports 1..radix or 255, or control bits. */
        byte[] table(int board, long seed) {
            Random r = new Random(seed);
            byte[] b = new byte[tableBytes(board)];
            if (isSwitch(board)) {
                for (int i = 0; i < b.length; i++) {
                    b[i] = (byte) (r.nextInt(8) == 0 ? Protocol.LFT_NO_ROUTE : 1 + r.nextInt(radix[board]));
                }
            } else if (kinds[board] == Protocol.KIND_ROUTER_LEVEL) {
                r.nextBytes(b);
            } else {
                for (int i = 0; i < n(); i++) {
                    int d = r.nextInt(n());
                    b[2 * i] = (byte) d;
                    b[2 * i + 1] = (byte) (d >> 8);
                }
            }
            return b;
        }

        Message write(int board, long g, int region, int offset, byte[] data) {
            return ask(new Message.Write(seq(), board, g, region, offset, data));
        }

        /** Writes {@code data} from offset 0 in blocks a Write can carry; every block must be acked. */
        void writeAll(int board, long g, int region, byte[] data) {
            for (int off = 0; off < data.length; off += Protocol.MAX_WRITE) {
                byte[] block = Arrays.copyOfRange(data, off, Math.min(data.length, off + Protocol.MAX_WRITE));
                expect(Message.Ack.class, write(board, g, region, off, block), "Write of region " + region);
            }
        }

        Message.Crc crc(int board, int bank, int region) {
            return expect(Message.Crc.class, ask(new Message.CrcQuery(seq(), board, bank, region)), "CrcQuery");
        }

        Message commit(int board, long g, long epoch, int region, int length, int crc) {
            return ask(new Message.Commit(seq(), board, g, epoch, new int[] {region}, new int[] {length}, new int[] {crc}));
        }

        void clock(long g, int op, double rate) {
            expect(Message.Ack.class, ask(new Message.Clock(seq(), Message.BACKPLANE, g, op, rate)), "Clock");
        }

        /** Waits until the bench's slot passes {@code slot}, or fails after {@code millis}. */
        void awaitSlot(long slot, long millis) {
            long end = System.currentTimeMillis() + millis;
            while (slot() <= slot) {
                if (System.currentTimeMillis() > end) {
                    throw new AssertionError("the slot clock did not pass slot " + slot + " within " + millis + " ms");
                }
                sleep(20);
            }
        }
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
        return c;
    }

    private static void identify(Bench b) {
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

    private static void badFrames(Bench b) {
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

    private static void malformed(Bench b) {
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

    private static void claims(Bench b) {
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

    private static void fencing(Bench b) {
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

    private static void lease(Bench b) {
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

    private static void writes(Bench b) {
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

    private static void commitChecks(Bench b) {
        int board = b.tableBoard();
        if (board < 0) {
            return;
        }
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

    private static void abort(Bench b) {
        int board = b.tableBoard();
        if (board < 0) {
            return;
        }
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

    private static void commitAtEpoch(Bench b) {
        int board = b.tableBoard();
        if (board < 0) {
            return;
        }
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

    private static void clock(Bench b) {
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

    private static void reboot(Bench b) {
        int board = b.tableBoard() >= 0 ? b.tableBoard() : 0;
        int region = b.otherRegion(board) > 0 ? b.otherRegion(board) : b.tableRegion(board);
        long g = b.claim(board, "conf-r", 60_000);
        long boot = bootOf(b.ask(new Message.Identify(b.seq(), board)));
        expect(Message.Ack.class, b.write(board, g, region, 0, new byte[] {1, 2, 3}), "Write");
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
