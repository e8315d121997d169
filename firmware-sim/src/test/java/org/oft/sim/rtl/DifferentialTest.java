package org.oft.sim.rtl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oft.hal.conformance.BoardProbe;
import org.oft.hal.wire.Message;
import org.oft.hal.wire.MessageCodec;
import org.oft.hal.wire.Protocol;
import org.oft.hal.wire.Framing;

/**
 * The Java model and the RTL answer a seeded stream of requests alike, byte for byte: claims,
 * writes, CRC queries, commits, aborts, clock requests and reads to every board, the backplane and
 * addresses that hold none, valid or not (stale generations, regions a board has not, ranges past
 * a region, malformed and truncated frames, other versions, unknown types), with boards power-cycled
 * on the way. What may differ is set aside: boot ids, the firmware string, a Nack's reason text
 * (its code is compared) and how many milliseconds a live lease has left (that it is live is
 * compared). The clock is never started, so slots, epochs and telemetry are the same on both.
 * -Doft.diff.requests and -Doft.diff.seed run another stream.
 */
@Timeout(600)
class DifferentialTest {
    private static final int ORDER = BoardTargets.ORDER;
    private static final int N = 1 << ORDER;
    private static final int BATCH = 8;

    private final Random r = new Random(Long.getLong("oft.diff.seed", 38));
    private final Map<Integer, Long> generation = new HashMap<>();
    private final Map<Long, int[]> staging = new HashMap<>(); // (board, region) -> length, crc as last read
    private final String[] ids = {"a", "b", "ctrl-c"};
    /** The bench the stream is for: an OFT's boards, or switch boards. */
    private boolean switches;
    private int boards = ORDER + N;

    @Test
    void theJavaModelAndTheRtlAnswerTheSameStreamAlike() throws Exception {
        assumeTrue(RtlBench.buildable(), "Verilator is not installed");
        try (BoardTargets.Target java = BoardTargets.javaInProcess(); BoardTargets.Target rtl = BoardTargets.rtl()) {
            stream(java, rtl, Integer.getInteger("oft.diff.requests", 10_000), List.of("Identity"));
        }
    }

    @Test
    void switchBoardsAnswerTheSameStreamAlike() throws Exception {
        assumeTrue(RtlBench.buildable(), "Verilator is not installed");
        switches = true;
        boards = BoardTargets.SWITCHES;
        try (BoardTargets.Target java = BoardTargets.javaSwitches(); BoardTargets.Target rtl = BoardTargets.rtlSwitches()) {
            stream(java, rtl, Integer.getInteger("oft.diff.requests", 10_000) / 2, List.of("SwitchIdentity", "PortCounters"));
        }
    }

    private void stream(BoardTargets.Target java, BoardTargets.Target rtl, int requests, List<String> kindsToDraw) {
        BoardProbe pj = new BoardProbe(java.link(), 3000);
        BoardProbe pr = new BoardProbe(rtl.link(), 3000);
        int sent = 0;
        int seq = 1;
        Map<String, Integer> kinds = new java.util.TreeMap<>();
        Map<String, Integer> answers = new java.util.TreeMap<>();
        while (sent < requests) {
            if (r.nextInt(100) == 0) { // a board power-cycles on both
                int board = r.nextInt(boards);
                java.reboot().accept(board);
                rtl.reboot().accept(board);
                Message a = pj.awaitUnsolicited(3000);
                Message b = pr.awaitUnsolicited(3000);
                same(a, b, "the announcement of board " + board + "'s reboot");
            }
            List<byte[]> batch = new ArrayList<>();
            List<Integer> seqs = new ArrayList<>();
            for (int i = 0; i < BATCH && sent < requests; i++, sent++) {
                seq = seq == 0xFFFF ? 1 : seq + 1;
                byte[] p = request(seq, kinds);
                batch.add(p);
                seqs.add(seq);
            }
            List<Message> aj = exchange(pj, batch, seqs);
            List<Message> ar = exchange(pr, batch, seqs);
            for (int i = 0; i < batch.size(); i++) {
                same(aj.get(i), ar.get(i), "request " + (sent - batch.size() + i) + " (" + hex(batch.get(i)) + ")");
                learn(aj.get(i), batch.get(i));
                Message a = aj.get(i);
                answers.merge(a == null ? "none" : a instanceof Message.Nack n ? "Nack " + n.code() : a.getClass().getSimpleName(), 1,
                        Integer::sum);
            }
        }
        System.out.println("differential: " + requests + " requests, identical; by kind " + kinds + "; answers " + answers);
        // the stream reaches past the refusals: changes are taken, commits scheduled, every code seen
        List<String> drawn = new ArrayList<>(List.of("Ack", "Owner", "Crc", "Crcs", "Status", "Telemetry", "Backplane", "Nack 1",
                "Nack 2", "Nack 3", "Nack 4", "Nack 5", "Nack 6", "Nack 7", "Nack 8", "Nack 9", "Nack 10", "Nack 11", "Nack 12", "Nack 13"));
        drawn.addAll(kindsToDraw);
        for (String a : drawn) {
            assertTrue(answers.getOrDefault(a, 0) > 0, "the stream never drew " + a + ": " + answers);
        }
    }

    /** Sends a batch back to back and takes the answers by sequence number; a request the board drops answers null. */
    private static List<Message> exchange(BoardProbe p, List<byte[]> batch, List<Integer> seqs) {
        for (byte[] b : batch) {
            p.send(Framing.encode(b));
        }
        Map<Integer, Message> got = new HashMap<>();
        Set<Integer> want = new HashSet<>();
        for (int i = 0; i < batch.size(); i++) {
            if (batch.get(i).length >= 6) {
                want.add(seqs.get(i));
            }
        }
        long end = System.currentTimeMillis() + 5000;
        while (!want.isEmpty() && System.currentTimeMillis() < end) {
            Message m = p.silence(200);
            if (m != null && want.remove(m.seq())) {
                got.put(m.seq(), m);
            }
        }
        if (!want.isEmpty()) {
            throw new AssertionError("no answer to seq " + want);
        }
        List<Message> out = new ArrayList<>();
        for (int i = 0; i < batch.size(); i++) {
            out.add(got.get(seqs.get(i)));
        }
        return out;
    }

    private static void same(Message a, Message b, String what) {
        byte[] x = a == null ? new byte[0] : MessageCodec.encode(normal(a));
        byte[] y = b == null ? new byte[0] : MessageCodec.encode(normal(b));
        assertEquals(hex(x), hex(y), what + ": the Java model answered " + a + ", the RTL " + b);
    }

    /** The answer with what may differ set aside. */
    private static Message normal(Message m) {
        if (m instanceof Message.SwitchIdentity i) {
            return new Message.SwitchIdentity(i.seq(), i.board(), i.index(), i.radix(), i.lmc(), i.lids(), 0, "");
        }
        if (m instanceof Message.PortCounters p) {
            return new Message.PortCounters(p.seq(), p.board(), p.ports(), p.firstPort(), p.cycle(), 0, p.linkState(), p.perPort(), p.counters());
        }
        if (m instanceof Message.Identity i) {
            return new Message.Identity(i.seq(), i.board(), i.kind(), i.index(), i.order(), i.tableRows(), 0, "");
        }
        if (m instanceof Message.Backplane b) {
            return new Message.Backplane(b.seq(), b.board(), b.boards(), b.order(), 0);
        }
        if (m instanceof Message.Status s) {
            return new Message.Status(s.seq(), s.board(), 0, s.slot(), s.pendingEpoch(), s.activeLengths(), s.activeCrcs());
        }
        if (m instanceof Message.Rebooted x) {
            return new Message.Rebooted(x.seq(), x.board(), 0);
        }
        if (m instanceof Message.Nack n) {
            return new Message.Nack(n.seq(), n.board(), n.code(), "");
        }
        if (m instanceof Message.Owner o) {
            return new Message.Owner(o.seq(), o.board(), o.generation(), o.leaseLeftMillis() > 0 ? 1 : 0, o.controller());
        }
        return m;
    }

    /** What the stream needs to know to make requests that may pass: generations and staging CRCs as the boards answered. */
    private void learn(Message answer, byte[] request) {
        if (answer instanceof Message.Owner o) {
            generation.put(o.board(), o.generation());
        } else if (answer instanceof Message.Crc c && c.bank() == 0) {
            staging.put(key(c.board(), c.region()), new int[] {c.length(), c.crc()});
        }
    }

    private static long key(int board, int region) {
        return (long) board << 8 | region;
    }

    private int address() {
        int k = r.nextInt(40);
        if (k < 32) {
            return k % boards;
        }
        if (k < 37) {
            return Message.BACKPLANE;
        }
        return k == 37 ? boards : r.nextInt(0x10000);
    }

    private long gen(int board) {
        long g = generation.getOrDefault(board, 0L);
        return switch (r.nextInt(8)) {
            case 0 -> g + 1;
            case 1 -> Math.max(0, g - 1);
            case 2 -> r.nextInt(4);
            default -> g;
        };
    }

    private int region(int board) {
        if (r.nextInt(6) == 0) {
            return r.nextInt(6);
        }
        if (switches) {
            return Protocol.REGION_LFT;
        }
        boolean router = board < ORDER;
        return r.nextBoolean() ? Protocol.REGION_PHASES : router ? Protocol.REGION_SEQUENCE : Protocol.REGION_TABLE;
    }

    private int size(int board, int region) {
        if (switches) {
            return region == Protocol.REGION_LFT ? BoardTargets.LIDS : 0;
        }
        boolean router = board < ORDER;
        return switch (region) {
            case Protocol.REGION_SEQUENCE -> router ? Math.max(1, N / 8) : 0;
            case Protocol.REGION_TABLE -> router ? 0 : 2 * N;
            case Protocol.REGION_PHASES -> router ? 8 * (N >> (board + 1)) : 8;
            default -> 0;
        };
    }

    private byte[] request(int seq, Map<String, Integer> kinds) {
        int board = address();
        Message m;
        int k = r.nextInt(100);
        String kind;
        if (k < 14) {
            kind = "claim";
            long lease = r.nextInt(3) == 0 ? 0 : 10_000_000L;
            m = new Message.Claim(seq, board, gen(board) + (r.nextInt(3) == 0 ? 1 : 0), lease, r.nextInt(4) == 0, ids[r.nextInt(ids.length)]);
        } else if (k < 34) {
            kind = "write";
            int region = region(board);
            int size = Math.max(1, size(board, region));
            int offset = switch (r.nextInt(6)) {
                case 0 -> r.nextInt(size);
                case 1 -> size;
                case 2 -> size + r.nextInt(8);
                case 3 -> Integer.MIN_VALUE + 1;
                default -> 0;
            };
            int len = r.nextInt(5) == 0 ? r.nextInt(65) : Math.max(0, Math.min(64, size - Math.max(0, offset)));
            byte[] data = new byte[len];
            if (switches && region == Protocol.REGION_LFT && r.nextInt(5) != 0) {
                for (int i = 0; i < len; i++) {
                    data[i] = (byte) (r.nextInt(6) == 0 ? Protocol.LFT_NO_ROUTE : r.nextInt(BoardTargets.RADIX + 1));
                }
            } else if (region == Protocol.REGION_TABLE && r.nextInt(5) != 0) {
                for (int i = 0; i + 1 < len; i += 2) {
                    data[i] = (byte) r.nextInt(N);
                }
            } else {
                r.nextBytes(data);
            }
            m = new Message.Write(seq, board, gen(board), region, offset, data);
        } else if (k < 48) {
            kind = "crc";
            int bank = r.nextInt(10) == 0 ? 2 : r.nextInt(4) == 0 ? 1 : 0;
            m = new Message.CrcQuery(seq, board, bank, r.nextInt(4) == 0 ? 0 : region(board));
        } else if (k < 60) {
            kind = "commit";
            int count = r.nextInt(10) == 0 ? 0 : 1 + r.nextInt(2);
            int[] regions = new int[count];
            int[] lengths = new int[count];
            int[] crcs = new int[count];
            for (int i = 0; i < count; i++) {
                regions[i] = region(board);
                int[] known = staging.get(key(board, regions[i]));
                boolean right = known != null && r.nextInt(5) != 0;
                lengths[i] = right ? known[0] : r.nextInt(70);
                crcs[i] = right ? known[1] : r.nextInt();
            }
            long epoch = switch (r.nextInt(6)) {
                case 0 -> 0;
                case 1 -> -1;
                case 2 -> 1_000_000L + r.nextInt(3);
                default -> 1_000_000L;
            };
            m = new Message.Commit(seq, board, gen(board), epoch, regions, lengths, crcs);
        } else if (k < 66) {
            kind = "abort";
            m = new Message.Abort(seq, board, gen(board));
        } else if (k < 70) {
            kind = "clock";
            int op = r.nextInt(3) == 0 ? r.nextInt(4) : Message.Clock.STOP;
            double rate = switch (r.nextInt(4)) {
                case 0 -> Double.NaN;
                case 1 -> 0;
                case 2 -> 2e9;
                default -> 100;
            };
            m = new Message.Clock(seq, board, gen(board), op == Message.Clock.START ? Message.Clock.STOP : op, rate);
        } else if (k < 76) {
            kind = "owner";
            m = new Message.OwnerQuery(seq, board);
        } else if (k < 82) {
            kind = "status";
            m = new Message.StatusQuery(seq, board);
        } else if (k < 86) {
            kind = "identify";
            m = new Message.Identify(seq, board);
        } else if (k < 89) {
            kind = "telemetry";
            m = r.nextBoolean() ? new Message.TelemetryQuery(seq, board)
                    : new Message.PortCountersQuery(seq, board, r.nextInt(switches ? BoardTargets.RADIX + 2 : 3));
        } else {
            kind = "malformed";
            byte[] p = MessageCodec.encode(new Message.Write(seq, board, gen(board), region(board), 0, new byte[r.nextInt(8)]));
            switch (r.nextInt(6)) {
                case 0 -> p[0] = (byte) (1 + r.nextInt(8)); // another version (2 stays 2)
                case 1 -> p[1] = (byte) (0x0C + r.nextInt(0x70)); // a type nobody has
                case 2 -> p = Arrays.copyOf(p, Math.max(0, p.length - 1 - r.nextInt(p.length)));
                case 3 -> p = Arrays.copyOf(p, p.length + 1 + r.nextInt(4));
                case 4 -> p[1] = (byte) (1 + r.nextInt(0x0B)); // the right header on the wrong body
                default -> p[19] = (byte) 0x09; // a length that is not the body's
            }
            kinds.merge(kind, 1, Integer::sum);
            return p;
        }
        kinds.merge(kind, 1, Integer::sum);
        return MessageCodec.encode(m);
    }

    private static String hex(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (byte x : b) {
            s.append(String.format("%02x", x & 0xFF));
        }
        return s.toString();
    }
}
