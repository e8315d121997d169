package org.oft.sim.rtl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.oft.hal.conformance.BoardProbe;
import org.oft.hal.transport.SerialLink;
import org.oft.hal.wire.Message;
import org.oft.hal.wire.Protocol;
import org.oft.sim.optical.BoardClocks;
import org.oft.sim.optical.BoardState;
import org.oft.sim.optical.FabricWiring;

/**
 * A lone optical board's optics pins, as the RTL drives them (rtl/src/board_optics.v), slot by slot against
 * the Java model: a router-level board's state pin carries ξ(t mod 2^r) of the sequence the Java model
 * says is active in slot t, switched exactly its phase's cycles from the slot's first cycle; a processor
 * board's strobe rises once a slot, exactly at its injection phase, with the destination the Java model's
 * table gives for slot t; a commit made while the clock runs changes the pins at its epoch's slot, phase and
 * all. The board is driven over its UART by the protocol, as a controller drives it; every slot of the run is
 * checked, and the board's telemetry counts what its pins did. Orders 3 and 4, 300 slots after the commit
 * (-Doft.pins.slots=10000 for the run: docs/performance.md); and order 3 at gate level (the netlist a real
 * board's image is made of, rtl/build.sh gates), whose clock is 48 kHz: every slot is 1,000 cycles of the board's
 * clock and every phase the same number of cycles on both, so the pins must change at the same cycles.
 */
@Timeout(600)
class BoardPinsTest {
    private static final long CYCLES_A_SLOT = 1000;
    /** The phases below are written for the RTL's 2 MHz clock; a slower model's are as many of its cycles. */
    private static final long RTL_HZ = 2_000_000;
    private static final int SLOTS = Integer.getInteger("oft.pins.slots", 300);

    @TempDir
    Path dir;

    /** What was asked of the board: its contents from slot {@code from} on (a commit's epoch is after the board's slot: slot 0 runs no table). */
    private record Epoch(long from, long phasePs, long[] bits, int[] rows) {
    }

    /** The board's model: its RTL, or its gates (Yosys's netlist) where {@code gates}. */
    private static RtlBench start(String role, int order, boolean gates, Path trace) {
        if (gates) {
            RtlTools.require(RtlBench.synthesizable(), "Yosys or Verilator is not installed");
            return RtlBench.startGates(role, order, trace, ProcessBuilder.Redirect.INHERIT);
        }
        RtlTools.require(RtlBench.buildable(), "Verilator is not installed");
        return RtlBench.startBoard(role, order, trace, ProcessBuilder.Redirect.INHERIT);
    }

    @ParameterizedTest(name = "order {0}, gates {1}")
    @CsvSource({"3, false", "4, false", "3, true"})
    void aRouterLevelBoardSwitchesItsStateAtItsPhaseAroundEverySlotBoundary(int order, boolean gates) throws Exception {
        int n = 1 << order;
        int level = 2;
        long mask = n == 64 ? -1L : (1L << n) - 1;
        long[] first = {new Random(order).nextLong() & mask};
        long[] second = {~first[0] & mask}; // its complement: every slot's state changes at the commit
        byte[] firstBytes = sequenceBytes(first[0], n);
        byte[] secondBytes = sequenceBytes(second[0], n);
        Path trace = dir.resolve("router.trace");
        List<Epoch> epochs = new ArrayList<>();
        long lost;
        long hz;
        try (RtlBench rtl = start("router:" + level, order, gates, trace);
                SerialLink host = SerialLink.open(rtl.ptys().get(0), rtl.baud());
                BoardProbe probe = new BoardProbe(host, 5_000)) {
            hz = rtl.clockHz();
            Board b = new Board(probe, hz);
            int nodes = n >> level;
            // a guard of 10.5 cycles before each slot (rounded as the board rounds it), then 3 after the boundary
            epochs.add(b.load(1, Protocol.REGION_SEQUENCE, firstBytes, b.ps(-5_250_000), nodes, first, null));
            b.start();
            b.awaitSlot(30);
            long at = b.slot() + b.ahead();
            epochs.add(b.load(at, Protocol.REGION_SEQUENCE, secondBytes, b.ps(1_500_000), nodes, second, null));
            b.awaitSlot(at + SLOTS);
            b.stop();
            Message.Telemetry t = b.telemetry();
            lost = t.counters()[4];
        }
        assertEquals(0, lost, "slots the board did not drive");
        Trace tr = Trace.read(trace);
        assertTrue(tr.boundaries.size() > epochs.get(1).from + 20, "slots traced: " + tr.boundaries.size());
        tr.assertPeriod(CYCLES_A_SLOT);

        // the Java model: what each slot's state is, and when the board switches to it
        BoardState model = new BoardState(FabricWiring.of(order));
        TreeMap<Long, Integer> expected = new TreeMap<>();
        int last = -1;
        for (int t = (int) epochs.get(0).from; t < tr.boundaries.size() - 1; t++) {
            Epoch e = active(epochs, t);
            model.loadSequence(level, e.bits, n);
            int state = model.stateBit(level, t);
            if (state != last) {
                expected.put(tr.boundaries.get(t) + BoardClocks.phaseCycles(e.phasePs, hz), state);
                last = state;
            }
        }
        long end = tr.boundaries.get(tr.boundaries.size() - 1) - 12;
        TreeMap<Long, Integer> seen = new TreeMap<>(tr.states.headMap(end));
        expected = new TreeMap<>(expected.headMap(end));
        if (expected.firstEntry().getValue() == 0) { // the pin is low from power-up: a first state of 0 is no change
            expected.remove(expected.firstKey());
        }
        assertEquals(expected, seen, "the state pin's changes (cycle = value), against the Java model's sequence");
    }

    @ParameterizedTest(name = "order {0}, gates {1}")
    @CsvSource({"3, false", "4, false", "3, true"})
    void aProcessorBoardInjectsAtItsPhaseWithItsTablesDestinationAndCountsWhatComesBack(int order, boolean gates) throws Exception {
        int n = 1 << order;
        int proc = 5;
        Random rnd = new Random(61);
        int[] first = new int[n];
        int[] second = new int[n];
        for (int i = 0; i < n; i++) {
            first[i] = rnd.nextInt(n);
            second[i] = (first[i] + 1 + rnd.nextInt(n - 1)) % n; // every row changes
        }
        first[3] = proc;
        Path trace = dir.resolve("processor.trace");
        List<Epoch> epochs = new ArrayList<>();
        Message.Telemetry t;
        long hz;
        try (RtlBench rtl = start("processor:" + proc, order, gates, trace);
                SerialLink host = SerialLink.open(rtl.ptys().get(0), rtl.baud());
                BoardProbe probe = new BoardProbe(host, 5_000)) {
            hz = rtl.clockHz();
            Board b = new Board(probe, hz);
            epochs.add(b.load(1, Protocol.REGION_TABLE, rows(first), b.ps(3_000_000), 1, null, first));
            b.start();
            b.awaitSlot(30);
            long at = b.slot() + b.ahead();
            epochs.add(b.load(at, Protocol.REGION_TABLE, rows(second), 0, 1, null, second));
            b.awaitSlot(at + SLOTS);
            b.stop();
            Thread.sleep(50 * RTL_HZ / hz); // the last echo comes back
            t = b.telemetry();
        }
        Trace tr = Trace.read(trace);
        tr.assertPeriod(CYCLES_A_SLOT);
        BoardState model = new BoardState(FabricWiring.of(order));
        TreeMap<Long, Integer> expected = new TreeMap<>();
        for (int s = (int) epochs.get(0).from; s < tr.boundaries.size(); s++) {
            Epoch e = active(epochs, s);
            model.loadTable(proc, e.rows);
            expected.put(tr.boundaries.get(s) + BoardClocks.phaseCycles(e.phasePs, hz), model.tableEntry(proc, s));
        }
        long end = tr.boundaries.get(tr.boundaries.size() - 1);
        assertEquals(expected.headMap(end), tr.injections.headMap(end),
                "injections (cycle = destination), one a slot, against the Java model's table");
        long toSelf = tr.injections.values().stream().filter(d -> d == proc).count();
        assertEquals(tr.injections.size(), t.counters()[0], "injected, in telemetry");
        assertEquals(toSelf, t.counters()[1], "delivered (came back addressed to this processor)");
        assertEquals(tr.injections.size() - toSelf, t.counters()[2], "misdelivered (came back addressed to another)");
        assertEquals(0, t.counters()[4], "slots the board did not drive");
    }

    private static Epoch active(List<Epoch> epochs, long slot) {
        Epoch a = epochs.get(0);
        for (Epoch e : epochs) {
            if (e.from <= slot) {
                a = e;
            }
        }
        return a;
    }

    /** A control sequence's bytes: bit t at byte t/8, bit t mod 8. */
    private static byte[] sequenceBytes(long bits, int n) {
        byte[] b = new byte[Math.max(1, n / 8)];
        for (int t = 0; t < n; t++) {
            if ((bits >>> t & 1) != 0) {
                b[t / 8] |= (byte) (1 << (t % 8));
            }
        }
        return b;
    }

    private static byte[] rows(int[] rows) {
        ByteBuffer b = ByteBuffer.allocate(2 * rows.length).order(ByteOrder.LITTLE_ENDIAN);
        for (int r : rows) {
            b.putShort((short) r);
        }
        return b.array();
    }

    private static int crc(byte[] b) {
        CRC32C c = new CRC32C();
        c.update(b);
        return (int) c.getValue();
    }

    /** The lone board (address 0, and its own backplane) as a controller drives it. */
    private static final class Board {
        private final BoardProbe probe;
        private final long g;
        private final long gbp;
        private final long hz;

        Board(BoardProbe probe, long hz) {
            this.probe = probe;
            this.hz = hz;
            this.g = claim(0);
            this.gbp = claim(Message.BACKPLANE);
        }

        /** A phase written for the RTL's clock, as the same number of this board's cycles. */
        long ps(long rtlPs) {
            return rtlPs * RTL_HZ / hz;
        }

        /** Slots a commit is made ahead: half a second at the RTL's rate, a second at a slower model's (its frames are slower). */
        long ahead() {
            return hz == RTL_HZ ? 1000 : 2 * hz / CYCLES_A_SLOT;
        }

        private long claim(int board) {
            Message.Owner o = (Message.Owner) probe.ask(new Message.OwnerQuery(probe.nextSeq(), board));
            long gen = o.generation() + 1;
            assertInstanceOf(Message.Owner.class, probe.ask(new Message.Claim(probe.nextSeq(), board, gen, 600_000, true, "pins")));
            return gen;
        }

        /** Writes a region and the board's phases (every node the same), commits both at {@code epoch}. */
        Epoch load(long epoch, int region, byte[] content, long phasePs, int nodes, long[] bits, int[] table) {
            byte[] phases = new byte[8 * nodes];
            ByteBuffer pb = ByteBuffer.wrap(phases).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < nodes; i++) {
                pb.putLong(phasePs);
            }
            ack(new Message.Write(probe.nextSeq(), 0, g, region, 0, content), "Write");
            ack(new Message.Write(probe.nextSeq(), 0, g, Protocol.REGION_PHASES, 0, phases), "Write phases");
            ack(new Message.Commit(probe.nextSeq(), 0, g, epoch, new int[] {region, Protocol.REGION_PHASES},
                    new int[] {content.length, phases.length}, new int[] {crc(content), crc(phases)}), "Commit");
            return new Epoch(epoch, phasePs, bits, table);
        }

        void start() {
            ack(new Message.Clock(probe.nextSeq(), Message.BACKPLANE, gbp, Message.Clock.START, (double) hz / CYCLES_A_SLOT), "Clock start");
        }

        void stop() {
            ack(new Message.Clock(probe.nextSeq(), Message.BACKPLANE, gbp, Message.Clock.STOP, 0), "Clock stop");
        }

        long slot() {
            return ((Message.Status) probe.ask(new Message.StatusQuery(probe.nextSeq(), 0))).slot();
        }

        void awaitSlot(long slot) throws InterruptedException {
            long end = System.nanoTime() + 60_000_000_000L;
            while (slot() < slot) {
                assertTrue(System.nanoTime() < end, "the board's clock did not reach slot " + slot);
                Thread.sleep(20);
            }
        }

        Message.Telemetry telemetry() {
            return (Message.Telemetry) probe.ask(new Message.TelemetryQuery(probe.nextSeq(), Message.BACKPLANE));
        }

        private void ack(Message m, String what) {
            Message a = probe.ask(m);
            assertInstanceOf(Message.Ack.class, a, what + ": " + a);
        }
    }

    /** The pins as bench_pty.cpp traced them, in model cycles. */
    private static final class Trace {
        final List<Long> boundaries = new ArrayList<>();
        final TreeMap<Long, Integer> states = new TreeMap<>();
        final TreeMap<Long, Integer> injections = new TreeMap<>();

        static Trace read(Path file) throws IOException {
            Trace t = new Trace();
            for (String line : Files.readAllLines(file)) {
                String[] w = line.split(" ");
                long c = Long.parseLong(w[1]);
                switch (w[0]) {
                    case "B" -> t.boundaries.add(c);
                    case "S" -> t.states.put(c, Integer.parseInt(w[2]));
                    case "I" -> t.injections.put(c, Integer.parseInt(w[2]));
                    default -> throw new IllegalStateException("a trace line of no kind: " + line);
                }
            }
            return t;
        }

        /** Every slot lasts the period the Clock asked for, to the cycle. */
        void assertPeriod(long period) {
            for (int i = 1; i < boundaries.size(); i++) {
                assertEquals(period, boundaries.get(i) - boundaries.get(i - 1), "slot " + (i - 1) + "'s length in cycles");
            }
        }
    }
}
