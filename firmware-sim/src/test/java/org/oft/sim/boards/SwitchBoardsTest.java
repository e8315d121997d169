package org.oft.sim.boards;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oft.hal.BoardConfig;
import org.oft.hal.BoardException;
import org.oft.hal.BoardInfo;
import org.oft.hal.BoardKind;
import org.oft.hal.DeployReport;
import org.oft.hal.transport.PipeLink;
import org.oft.hal.wire.Message;
import org.oft.hal.wire.Protocol;
import org.oft.hal.wire.WireBoardBus;
import org.oft.hal.Region;
import org.oft.hal.SwitchPorts;
import org.oft.hal.transport.ByteLink;
import org.oft.hal.wire.Framing;
import org.oft.hal.wire.MessageCodec;
import org.oft.hal.wire.Regions;
import org.oft.sim.flit.FlitNetwork;
import org.oft.sim.flit.FlitParameters;
import org.oft.sim.flit.FlitSimulator;

/**
 * Electrical switch boards behind a link take their forwarding tables through the same deploy as
 * the OFT's boards: staged, read back, committed at one epoch, incremental, refused whole.
 */
@Timeout(60)
class SwitchBoardsTest {
    static final int[] RADIX = {4, 4, 4, 4, 8, 8};
    static final int LIDS = 200;

    static List<BoardConfig> lfts(List<BoardInfo> boards, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<BoardConfig> out = new ArrayList<>();
        for (BoardInfo b : boards) {
            byte[] lft = new byte[b.tableRows()];
            for (int lid = 0; lid < lft.length; lid++) {
                lft[lid] = (byte) (lid == 0 ? Protocol.LFT_NO_ROUTE : rnd.nextInt(1, b.radix() + 1));
            }
            out.add(BoardConfig.electricalSwitch(b.id(), lft));
        }
        return out;
    }

    @Test
    void switchesTakeTheirTablesAtOneEpochAndThenOnlyTheBlocksThatChange() {
        PipeLink[] pipe = PipeLink.pair("sw");
        SwitchBoards model = new SwitchBoards(2, RADIX, LIDS, 0);
        try (WireBench bench = new WireBench(model, pipe[1]);
             WireBoardBus bus = new WireBoardBus(pipe[0], WireBoardBus.Options.defaults())) {
            List<BoardInfo> boards = bus.discover();
            assertEquals(6, boards.size());
            assertEquals(new BoardInfo("switch-4", BoardKind.ELECTRICAL_SWITCH, 4, 0, LIDS, BoardFirmware.FIRMWARE, 8, 0), boards.get(4));
            List<BoardConfig> first = lfts(boards, 1);
            DeployReport full = bus.deploy(first);
            assertEquals(6L * LIDS, full.bytesWritten());
            assertTrue(bench.call(model::fullyLoaded));
            for (int sw = 0; sw < 6; sw++) {
                byte[] want = first.get(sw).region(Region.LFT);
                for (int lid = 0; lid < LIDS; lid++) {
                    int s = sw;
                    int l = lid;
                    assertEquals(want[lid] & 0xFF, (int) bench.call(() -> model.port(s, l)), "switch " + sw + " LID " + lid);
                }
            }
            // one LID of one switch moves to another up-port: one 64-entry block travels
            byte[] moved = first.get(5).region(Region.LFT).clone();
            moved[130] = (byte) (moved[130] % 8 + 1);
            List<BoardConfig> second = new ArrayList<>(first);
            second.set(5, BoardConfig.electricalSwitch("switch-5", moved));
            DeployReport one = bus.deploy(second);
            assertEquals(1, one.blocksWritten());
            assertEquals(moved[130] & 0xFF, (int) bench.call(() -> model.port(5, 130)));
        }
    }

    @Test
    void malformedTablesAreRefusedWithTheReasonAndNothingChanges() {
        PipeLink[] pipe = PipeLink.pair("sw");
        SwitchBoards model = new SwitchBoards(2, RADIX, LIDS, 0);
        try (WireBench bench = new WireBench(model, pipe[1]);
             WireBoardBus bus = new WireBoardBus(pipe[0], WireBoardBus.Options.defaults())) {
            List<BoardInfo> boards = bus.discover();
            List<BoardConfig> good = lfts(boards, 2);
            bus.deploy(good);
            int before = bench.call(() -> model.port(1, 7));

            List<BoardConfig> beyond = new ArrayList<>(lfts(boards, 3));
            byte[] bad = beyond.get(1).region(Region.LFT).clone();
            bad[7] = 5; // switch-1 has 4 ports
            beyond.set(1, BoardConfig.electricalSwitch("switch-1", bad));
            assertEquals("switch-1: LID 7 goes to port 5, beyond its 4 ports",
                    assertThrows(BoardException.class, () -> bus.deploy(beyond)).getMessage());

            List<BoardConfig> shortTable = new ArrayList<>(lfts(boards, 3));
            shortTable.set(2, BoardConfig.electricalSwitch("switch-2", new byte[LIDS - 1]));
            assertEquals("switch-2: its forwarding table has 200 LIDs, offered 199",
                    assertThrows(BoardException.class, () -> bus.deploy(shortTable)).getMessage());

            assertEquals("switch-0: only a processor board takes a routing table", assertThrows(BoardException.class,
                    () -> bus.deploy(List.of(BoardConfig.processor("switch-0", new int[LIDS], null)))).getMessage());
            assertEquals(before, (int) bench.call(() -> model.port(1, 7)), "nothing was applied");

            // the board's own check, should a host skip the host-side one: the commit is refused
            long g = bus.claims().generation(); // the deploys above claimed the boards
            bus.channel().call(seq -> new Message.Write(seq, 1, g, Protocol.REGION_LFT, 0, bad));
            int crc = Regions.crc(bad);
            Message m = bus.channel().call(seq -> new Message.Commit(seq, 1, g, 1L << 40, new int[] {Protocol.REGION_LFT},
                    new int[] {LIDS}, new int[] {crc}));
            assertTrue(m instanceof Message.Nack n && n.code() == Protocol.E_BAD_CONTENT
                    && n.reason().contains("LID 7 goes to port 5, beyond the 4 ports"), String.valueOf(m));
            assertEquals(before, (int) bench.call(() -> model.port(1, 7)));
        }
    }

    /**
     * A star: one switch of {@code radix} ports with a host on each, host h on physical port h + 1,
     * sending uniform traffic at load 0.5 once the switch holds its table.
     */
    static SwitchBoards star(int radix) {
        int[] portBase = new int[radix + 2];
        for (int n = 0; n <= radix; n++) {
            portBase[n] = n;
        }
        portBase[radix + 1] = 2 * radix;
        int[] peer = new int[2 * radix];
        int[] level = new int[2 * radix];
        for (int h = 0; h < radix; h++) {
            peer[h] = radix + h;
            peer[radix + h] = h;
        }
        java.util.Arrays.fill(level, 1);
        FlitSimulator.Traffic uniform = (src, rnd) -> {
            int d = rnd.nextInt(radix - 1);
            return d >= src ? d + 1 : d;
        };
        return new SwitchBoards(1, new int[] {radix}, radix, 0, new SwitchBoards.PacketModel(
                new FlitNetwork(radix, portBase, peer, level), FlitParameters.defaults(), 1,
                FlitSimulator.PathPolicy.HASH, uniform, 0.5, 1, 10, false, false, null, 1));
    }

    /**
     * The controller's end of a link that, while armed, lets the board latch new counters (a slot of
     * the model) after it sent the first frame of a port-counter reading and before the controller
     * takes it: the frames of that reading are then of two latches.
     */
    static final class LatchBetweenFrames implements ByteLink {
        private final ByteLink inner;
        private final Framing.Decoder frames = new Framing.Decoder();
        private final java.util.concurrent.atomic.AtomicInteger armed = new java.util.concurrent.atomic.AtomicInteger();
        private volatile Runnable latch = () -> { };

        LatchBetweenFrames(ByteLink inner) {
            this.inner = inner;
        }

        /** The next {@code times} readings each see {@code latch} run between their first and second frame. */
        void arm(int times, Runnable latch) {
            this.latch = latch;
            armed.set(times);
        }

        @Override
        public void send(byte[] bytes) {
            inner.send(bytes);
        }

        @Override
        public void receiver(Receiver receiver) {
            inner.receiver((buf, off, len) -> {
                frames.feed(buf, off, len, payload -> {
                    if (MessageCodec.decode(payload).message() instanceof Message.PortCounters m && m.firstPort() == 0
                            && armed.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                        latch.run();
                    }
                });
                receiver.received(buf, off, len);
            });
        }

        @Override
        public String name() {
            return inner.name();
        }

        @Override
        public void close() {
            inner.close();
        }
    }

    @Test
    void portCountersOfSeveralFramesAreAllOfOneLatchAndStartAgainWhenTheBoardReboots() {
        int radix = Protocol.PORTS_PER_FRAME + 2; // two frames
        SwitchBoards model = star(radix);
        PipeLink[] pipe = PipeLink.pair("ports");
        LatchBetweenFrames link = new LatchBetweenFrames(pipe[0]);
        try (WireBench bench = new WireBench(model, pipe[1]);
             WireBoardBus bus = new WireBoardBus(link, WireBoardBus.Options.defaults())) {
            BoardInfo sw = bus.discover().get(0);
            assertEquals(radix, sw.radix());
            byte[] lft = new byte[radix];
            for (int h = 0; h < radix; h++) {
                lft[h] = (byte) (h + 1);
            }
            bus.deploy(List.of(BoardConfig.electricalSwitch(sw.id(), lft)));
            bus.stopClock(); // from here the model latches only when the test says
            java.util.concurrent.Callable<long[]> slot = () -> {
                model.step();
                model.publish();
                return null;
            };
            bench.call(slot);
            Runnable latch = () -> bench.call(slot);
            java.util.function.Supplier<long[]> latched = () -> bench.call(() -> {
                Message.PortCounters a = (Message.PortCounters) model.portCounters(0, 0, 0, 0);
                Message.PortCounters b = (Message.PortCounters) model.portCounters(0, 0, 0, Protocol.PORTS_PER_FRAME);
                long[] all = java.util.Arrays.copyOf(a.counters(), a.counters().length + b.counters().length);
                System.arraycopy(b.counters(), 0, all, a.counters().length, b.counters().length);
                assertEquals(a.cycle(), b.cycle());
                return all;
            });

            SwitchPorts calm = bus.portCounters(sw.id());
            assertArrayEquals(latched.get(), calm.counters());
            assertTrue(java.util.Arrays.stream(calm.counters()).sum() > 0, "hosts sent through the switch");

            // the board latches between the first frame and the second: read again, all of the new latch
            link.arm(1, latch);
            SwitchPorts read = bus.portCounters(sw.id());
            assertEquals(calm.cycle() + 10, read.cycle(), "one slot of 10 cycles later");
            assertArrayEquals(latched.get(), read.counters());

            // a board that latches between frames every time is reported, not read half and half
            link.arm(3, latch);
            assertEquals(sw.id() + ": its port counters changed while they were read, three times running",
                    assertThrows(BoardException.class, () -> bus.portCounters(sw.id())).getMessage());
            link.arm(0, latch);
            SwitchPorts after = bus.portCounters(sw.id());
            assertEquals(read.cycle() + 30, after.cycle());
            assertArrayEquals(latched.get(), after.counters());
            assertEquals(calm.bootId(), after.bootId());

            // a board that reboots counts from zero again, under a new boot id, as a switch does
            bench.reboot(0);
            bench.call(() -> {
                model.publish(); // after the reboot: the bench hands the fabric thread its work in order
                return null;
            });
            SwitchPorts rebooted = bus.portCounters(sw.id());
            assertTrue(rebooted.bootId() != after.bootId(), "a new boot id");
            assertEquals(0, rebooted.cycle());
            assertEquals(0, java.util.Arrays.stream(rebooted.counters()).sum());
            bench.call(slot); // the switch holds no table now: what the hosts send it is dropped, counted at its ports
            SwitchPorts since = bus.portCounters(sw.id());
            assertEquals(10, since.cycle());
            assertArrayEquals(latched.get(), since.counters());
            assertTrue(java.util.Arrays.stream(since.counters()).sum() > 0, "counting again");
        }
    }
}
