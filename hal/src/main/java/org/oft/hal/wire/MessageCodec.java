package org.oft.hal.wire;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Message layer: header (version u8, type u8, seq u16, board u16) then the body, little-endian.
 * Decoding never throws: anything it cannot read becomes a {@link Decoded} error naming why, with
 * the header's seq and board when they could be read, so the board can Nack it.
 */
public final class MessageCodec {
    static final int T_IDENTIFY = 0x01;
    static final int T_WRITE = 0x02;
    static final int T_CRC_QUERY = 0x03;
    static final int T_COMMIT = 0x04;
    static final int T_ABORT = 0x05;
    static final int T_CLOCK = 0x06;
    static final int T_TELEMETRY_QUERY = 0x07;
    static final int T_STATUS_QUERY = 0x08;
    static final int T_PORT_COUNTERS_QUERY = 0x09;
    static final int T_CLAIM = 0x0A;
    static final int T_OWNER_QUERY = 0x0B;
    static final int T_OWNER = 0x8C;
    static final int T_PORT_COUNTERS = 0x8B;
    static final int T_IDENTITY = 0x81;
    static final int T_BACKPLANE = 0x82;
    static final int T_CRC = 0x83;
    static final int T_CRCS = 0x89;
    static final int T_SWITCH_IDENTITY = 0x8A;
    static final int T_TELEMETRY = 0x87;
    static final int T_STATUS = 0x88;
    static final int T_ACK = 0x90;
    static final int T_NACK = 0x91;
    static final int T_REBOOTED = 0xA0;

    private static final int MAX_STRING = 200;
    private static final int MAX_LIST = 64;

    /** A message, or why there is none (code from {@link Protocol}), with seq/board when known (-1 if not). */
    public record Decoded(Message message, int code, String reason, int seq, int board) {
        public boolean ok() {
            return message != null;
        }
    }

    private MessageCodec() {
    }

    // ---- encoding ----------------------------------------------------------------------------

    public static byte[] encode(Message m) {
        Out o = new Out();
        o.u8(Protocol.VERSION);
        o.u8(0); // type, filled in below
        o.u16(m.seq());
        o.u16(m.board());
        int type;
        if (m instanceof Message.Identify) {
            type = T_IDENTIFY;
        } else if (m instanceof Message.Write x) {
            type = T_WRITE;
            o.u64(x.generation());
            o.u8(x.region());
            o.u32(x.offset());
            o.u16(x.data().length);
            o.bytes(x.data());
        } else if (m instanceof Message.CrcQuery x) {
            type = T_CRC_QUERY;
            o.u8(x.bank());
            o.u8(x.region());
        } else if (m instanceof Message.Commit x) {
            type = T_COMMIT;
            o.u64(x.generation());
            o.u64(x.epoch());
            o.u8(x.regions().length);
            for (int i = 0; i < x.regions().length; i++) {
                o.u8(x.regions()[i]);
                o.u32(x.lengths()[i]);
                o.u32(x.crcs()[i]);
            }
        } else if (m instanceof Message.Abort x) {
            type = T_ABORT;
            o.u64(x.generation());
        } else if (m instanceof Message.Clock x) {
            type = T_CLOCK;
            o.u64(x.generation());
            o.u8(x.op());
            o.u64(Double.doubleToLongBits(x.slotsPerSecond()));
        } else if (m instanceof Message.Claim x) {
            type = T_CLAIM;
            o.u64(x.generation());
            o.u32((int) Math.min(x.leaseMillis(), 0xFFFF_FFFFL));
            o.u8(x.takeOver() ? 1 : 0);
            o.string(x.controller());
        } else if (m instanceof Message.OwnerQuery) {
            type = T_OWNER_QUERY;
        } else if (m instanceof Message.Owner x) {
            type = T_OWNER;
            o.u64(x.generation());
            o.u32((int) Math.min(x.leaseLeftMillis(), 0xFFFF_FFFFL));
            o.string(x.controller());
        } else if (m instanceof Message.TelemetryQuery) {
            type = T_TELEMETRY_QUERY;
        } else if (m instanceof Message.StatusQuery) {
            type = T_STATUS_QUERY;
        } else if (m instanceof Message.PortCountersQuery x) {
            type = T_PORT_COUNTERS_QUERY;
            o.u8(x.firstPort());
        } else if (m instanceof Message.PortCounters x) {
            type = T_PORT_COUNTERS;
            o.u8(x.ports());
            o.u8(x.firstPort());
            o.u64(x.cycle());
            o.u64(x.bootId());
            o.u8(x.linkState().length);
            o.u8(x.perPort());
            for (int i = 0; i < x.linkState().length; i++) {
                o.u8(x.linkState()[i]);
                for (int k = 0; k < x.perPort(); k++) {
                    o.u64(x.counters()[i * x.perPort() + k]);
                }
            }
        } else if (m instanceof Message.Identity x) {
            type = T_IDENTITY;
            o.u8(x.kind());
            o.u16(x.index());
            o.u8(x.order());
            o.u32(x.tableRows());
            o.u64(x.bootId());
            o.string(x.firmware());
        } else if (m instanceof Message.SwitchIdentity x) {
            type = T_SWITCH_IDENTITY;
            o.u16(x.index());
            o.u8(x.radix());
            o.u8(x.lmc());
            o.u32(x.lids());
            o.u64(x.bootId());
            o.string(x.firmware());
        } else if (m instanceof Message.Backplane x) {
            type = T_BACKPLANE;
            o.u16(x.boards());
            o.u8(x.order());
            o.u64(x.bootId());
        } else if (m instanceof Message.Crc x) {
            type = T_CRC;
            o.u8(x.bank());
            o.u8(x.region());
            o.u32(x.length());
            o.u32(x.crc());
        } else if (m instanceof Message.Crcs x) {
            type = T_CRCS;
            o.u8(x.bank());
            o.u8(x.lengths().length);
            for (int i = 0; i < x.lengths().length; i++) {
                o.u32(x.lengths()[i]);
                o.u32(x.crcs()[i]);
            }
        } else if (m instanceof Message.Telemetry x) {
            type = T_TELEMETRY;
            o.u64(x.slot());
            o.u8(x.running() ? 1 : 0);
            o.u8(x.counters().length);
            for (long c : x.counters()) {
                o.u64(c);
            }
            o.u8(x.levelState().length);
            o.bytes(x.levelState());
        } else if (m instanceof Message.Status x) {
            type = T_STATUS;
            o.u64(x.bootId());
            o.u64(x.slot());
            o.u64(x.pendingEpoch());
            o.u8(x.activeLengths().length);
            for (int i = 0; i < x.activeLengths().length; i++) {
                o.u32(x.activeLengths()[i]);
                o.u32(x.activeCrcs()[i]);
            }
        } else if (m instanceof Message.Ack) {
            type = T_ACK;
        } else if (m instanceof Message.Nack x) {
            type = T_NACK;
            o.u8(x.code());
            o.string(x.reason());
        } else if (m instanceof Message.Rebooted x) {
            type = T_REBOOTED;
            o.u64(x.bootId());
        } else {
            throw new IllegalArgumentException("not a protocol message: " + m);
        }
        byte[] out = o.toArray();
        out[1] = (byte) type;
        return out;
    }

    // ---- decoding ----------------------------------------------------------------------------

    public static Decoded decode(byte[] payload) {
        if (payload.length < 6) {
            return new Decoded(null, Protocol.E_MALFORMED, "message of " + payload.length + " bytes is shorter than its header",
                    -1, -1);
        }
        In in = new In(payload);
        int version = in.u8();
        int type = in.u8();
        int seq = in.u16();
        int board = in.u16();
        if (version != Protocol.VERSION) {
            return new Decoded(null, Protocol.E_BAD_VERSION, "protocol version " + version + " (this side speaks "
                    + Protocol.VERSION + ")", seq, board);
        }
        try {
            Message m = body(type, seq, board, in);
            if (m == null) {
                return new Decoded(null, Protocol.E_UNKNOWN_TYPE, String.format("unknown message type 0x%02x", type), seq, board);
            }
            if (in.remaining() != 0) {
                return new Decoded(null, Protocol.E_MALFORMED, in.remaining() + " bytes left after the message", seq, board);
            }
            return new Decoded(m, 0, "", seq, board);
        } catch (Malformed e) {
            return new Decoded(null, Protocol.E_MALFORMED, e.getMessage(), seq, board);
        }
    }

    private static Message body(int type, int seq, int board, In in) {
        switch (type) {
            case T_IDENTIFY:
                return new Message.Identify(seq, board);
            case T_WRITE: {
                long generation = in.u64();
                int region = in.u8();
                int offset = in.u32();
                int len = in.u16();
                if (len > Protocol.MAX_WRITE) {
                    throw new Malformed("write of " + len + " bytes exceeds " + Protocol.MAX_WRITE);
                }
                return new Message.Write(seq, board, generation, region, offset, in.bytes(len));
            }
            case T_CRC_QUERY:
                return new Message.CrcQuery(seq, board, in.u8(), in.u8());
            case T_COMMIT: {
                long generation = in.u64();
                long epoch = in.u64();
                int count = in.list();
                int[] regions = new int[count];
                int[] lengths = new int[count];
                int[] crcs = new int[count];
                for (int i = 0; i < count; i++) {
                    regions[i] = in.u8();
                    lengths[i] = in.u32();
                    crcs[i] = in.u32();
                }
                return new Message.Commit(seq, board, generation, epoch, regions, lengths, crcs);
            }
            case T_ABORT:
                return new Message.Abort(seq, board, in.u64());
            case T_CLOCK:
                return new Message.Clock(seq, board, in.u64(), in.u8(), Double.longBitsToDouble(in.u64()));
            case T_CLAIM:
                return new Message.Claim(seq, board, in.u64(), in.u32() & 0xFFFF_FFFFL, in.u8() != 0, in.string());
            case T_OWNER_QUERY:
                return new Message.OwnerQuery(seq, board);
            case T_OWNER:
                return new Message.Owner(seq, board, in.u64(), in.u32() & 0xFFFF_FFFFL, in.string());
            case T_TELEMETRY_QUERY:
                return new Message.TelemetryQuery(seq, board);
            case T_STATUS_QUERY:
                return new Message.StatusQuery(seq, board);
            case T_PORT_COUNTERS_QUERY:
                return new Message.PortCountersQuery(seq, board, in.u8());
            case T_PORT_COUNTERS: {
                int ports = in.u8();
                int first = in.u8();
                long cycle = in.u64();
                long bootId = in.u64();
                int count = in.list();
                int perPort = in.list();
                byte[] state = new byte[count];
                long[] counters = new long[count * perPort];
                for (int i = 0; i < count; i++) {
                    state[i] = (byte) in.u8();
                    for (int k = 0; k < perPort; k++) {
                        counters[i * perPort + k] = in.u64();
                    }
                }
                return new Message.PortCounters(seq, board, ports, first, cycle, bootId, state, perPort, counters);
            }
            case T_IDENTITY:
                return new Message.Identity(seq, board, in.u8(), in.u16(), in.u8(), in.u32(), in.u64(), in.string());
            case T_SWITCH_IDENTITY:
                return new Message.SwitchIdentity(seq, board, in.u16(), in.u8(), in.u8(), in.u32(), in.u64(), in.string());
            case T_BACKPLANE:
                return new Message.Backplane(seq, board, in.u16(), in.u8(), in.u64());
            case T_CRC:
                return new Message.Crc(seq, board, in.u8(), in.u8(), in.u32(), in.u32());
            case T_CRCS: {
                int bank = in.u8();
                int count = in.list();
                int[] lengths = new int[count];
                int[] crcs = new int[count];
                for (int i = 0; i < count; i++) {
                    lengths[i] = in.u32();
                    crcs[i] = in.u32();
                }
                return new Message.Crcs(seq, board, bank, lengths, crcs);
            }
            case T_TELEMETRY: {
                long slot = in.u64();
                boolean running = in.u8() != 0;
                int count = in.list();
                long[] counters = new long[count];
                for (int i = 0; i < count; i++) {
                    counters[i] = in.u64();
                }
                int levels = in.list();
                return new Message.Telemetry(seq, board, slot, running, counters, in.bytes(levels));
            }
            case T_STATUS: {
                long bootId = in.u64();
                long slot = in.u64();
                long pending = in.u64();
                int count = in.list();
                int[] lengths = new int[count];
                int[] crcs = new int[count];
                for (int i = 0; i < count; i++) {
                    lengths[i] = in.u32();
                    crcs[i] = in.u32();
                }
                return new Message.Status(seq, board, bootId, slot, pending, lengths, crcs);
            }
            case T_ACK:
                return new Message.Ack(seq, board);
            case T_NACK:
                return new Message.Nack(seq, board, in.u8(), in.string());
            case T_REBOOTED:
                return new Message.Rebooted(seq, board, in.u64());
            default:
                return null;
        }
    }

    private static final class Malformed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Malformed(String message) {
            super(message, null, false, false);
        }
    }

    private static final class In {
        private final byte[] b;
        private int p;

        In(byte[] b) {
            this.b = b;
        }

        int remaining() {
            return b.length - p;
        }

        private void need(int n) {
            if (b.length - p < n) {
                throw new Malformed("message ends early (" + (b.length - p) + " bytes left, " + n + " needed)");
            }
        }

        int u8() {
            need(1);
            return b[p++] & 0xFF;
        }

        int u16() {
            need(2);
            int v = (b[p] & 0xFF) | (b[p + 1] & 0xFF) << 8;
            p += 2;
            return v;
        }

        int u32() {
            need(4);
            int v = (b[p] & 0xFF) | (b[p + 1] & 0xFF) << 8 | (b[p + 2] & 0xFF) << 16 | (b[p + 3] & 0xFF) << 24;
            p += 4;
            return v;
        }

        long u64() {
            long lo = u32() & 0xFFFFFFFFL;
            long hi = u32() & 0xFFFFFFFFL;
            return lo | hi << 32;
        }

        int list() {
            int n = u8();
            if (n > MAX_LIST) {
                throw new Malformed("list of " + n + " items exceeds " + MAX_LIST);
            }
            return n;
        }

        byte[] bytes(int n) {
            need(n);
            byte[] out = Arrays.copyOfRange(b, p, p + n);
            p += n;
            return out;
        }

        String string() {
            int n = u8();
            if (n > MAX_STRING) {
                throw new Malformed("string of " + n + " bytes exceeds " + MAX_STRING);
            }
            return new String(bytes(n), StandardCharsets.UTF_8);
        }
    }

    private static final class Out {
        private byte[] b = new byte[64];
        private int p;

        private void room(int n) {
            if (p + n > b.length) {
                b = Arrays.copyOf(b, Math.max(b.length * 2, p + n));
            }
        }

        void u8(int v) {
            room(1);
            b[p++] = (byte) v;
        }

        void u16(int v) {
            room(2);
            b[p++] = (byte) v;
            b[p++] = (byte) (v >>> 8);
        }

        void u32(int v) {
            room(4);
            b[p++] = (byte) v;
            b[p++] = (byte) (v >>> 8);
            b[p++] = (byte) (v >>> 16);
            b[p++] = (byte) (v >>> 24);
        }

        void u64(long v) {
            u32((int) v);
            u32((int) (v >>> 32));
        }

        void bytes(byte[] v) {
            room(v.length);
            System.arraycopy(v, 0, b, p, v.length);
            p += v.length;
        }

        void string(String s) {
            byte[] v = s.getBytes(StandardCharsets.UTF_8);
            if (v.length > MAX_STRING) {
                v = Arrays.copyOf(v, MAX_STRING);
            }
            u8(v.length);
            bytes(v);
        }

        byte[] toArray() {
            return Arrays.copyOf(b, p);
        }
    }
}
