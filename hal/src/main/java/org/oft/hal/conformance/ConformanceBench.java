package org.oft.hal.conformance;

import static org.oft.hal.conformance.ConformanceSuite.check;
import static org.oft.hal.conformance.ConformanceSuite.expect;
import static org.oft.hal.conformance.ConformanceSuite.sleep;

import java.util.Arrays;
import java.util.Random;
import java.util.function.IntConsumer;
import org.oft.hal.wire.Message;
import org.oft.hal.wire.Protocol;

/** The bench under test: a probe on its link, what it said it is, and how to power-cycle a board (null if it cannot be). */
public final class ConformanceBench {
    final BoardProbe probe;
    final IntConsumer reboot;
    final Runnable powerCycle;
    int boards;
    int order;
    int[] kinds;
    int[] radix;
    int[] lids;

    public ConformanceBench(BoardProbe probe, IntConsumer reboot) {
        this(probe, reboot, null);
    }

    /** {@code powerCycle} switches the whole bench off and on (null if nobody here can). */
    public ConformanceBench(BoardProbe probe, IntConsumer reboot, Runnable powerCycle) {
        this.probe = probe;
        this.reboot = reboot;
        this.powerCycle = powerCycle;
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
