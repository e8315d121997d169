package org.oft.sim;

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
                byte[] want = first.get(sw).region(org.oft.hal.Region.LFT);
                for (int lid = 0; lid < LIDS; lid++) {
                    int s = sw;
                    int l = lid;
                    assertEquals(want[lid] & 0xFF, (int) bench.call(() -> model.port(s, l)), "switch " + sw + " LID " + lid);
                }
            }
            // one LID of one switch moves to another up-port: one 64-entry block travels
            byte[] moved = first.get(5).region(org.oft.hal.Region.LFT).clone();
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
            byte[] bad = beyond.get(1).region(org.oft.hal.Region.LFT).clone();
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
            bus.channel().call(seq -> new Message.Write(seq, 1, Protocol.REGION_LFT, 0, bad));
            int crc = org.oft.hal.wire.Regions.crc(bad);
            Message m = bus.channel().call(seq -> new Message.Commit(seq, 1, 1L << 40, new int[] {Protocol.REGION_LFT},
                    new int[] {LIDS}, new int[] {crc}));
            assertTrue(m instanceof Message.Nack n && n.code() == Protocol.E_BAD_CONTENT
                    && n.reason().contains("LID 7 goes to port 5, beyond the 4 ports"), String.valueOf(m));
            assertEquals(before, (int) bench.call(() -> model.port(1, 7)));
        }
    }
}
