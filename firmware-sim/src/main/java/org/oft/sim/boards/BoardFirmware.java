package org.oft.sim.boards;

import java.util.zip.CRC32C;
import org.oft.hal.wire.Message;
import org.oft.hal.wire.Protocol;

/**
 * The firmware of one board: two banks of every region, writes into staging, CRCs, and a commit
 * that swaps staging and active at the start of a named slot, atomically, and only if staging
 * holds exactly what the commit names. What becomes active is loaded into the fabric model, so
 * the modelled fabric runs what was deployed over the wire.
 */
final class BoardFirmware {
    static final String FIRMWARE = "oft-sim-fw 1.0";
    private static final int[] NONE = new int[0];

    private final int address;
    private final int kind;
    private int index; // what the board's index switches read: its place in the fabric
    private final int order;
    private final int[] regionSize = new int[Protocol.REGIONS + 1];
    private final byte[][] staging = new byte[Protocol.REGIONS + 1][];
    private final int[] stagingLength = new int[Protocol.REGIONS + 1];
    private final byte[][] active = new byte[Protocol.REGIONS + 1][];
    private final int[] activeLength = new int[Protocol.REGIONS + 1];
    private final int radix;
    private final int lids;
    private final int lmc;
    private long bootId;
    private long pendingEpoch = -1;
    private int[] pendingRegions = new int[0];

    BoardFirmware(int address, int kind, int index, int order, long bootId) {
        this(address, kind, index, order, 0, 0, 0, bootId);
    }

    /** An electrical switch board: one forwarding table of {@code lids} entries, ports 1..radix. */
    static BoardFirmware electricalSwitch(int address, int radix, int lids, int lmc, long bootId) {
        return new BoardFirmware(address, Protocol.KIND_ELECTRICAL_SWITCH, address, 0, radix, lids, lmc, bootId);
    }

    private BoardFirmware(int address, int kind, int index, int order, int radix, int lids, int lmc, long bootId) {
        this.address = address;
        this.kind = kind;
        this.index = index;
        this.order = order;
        this.radix = radix;
        this.lids = lids;
        this.lmc = lmc;
        this.bootId = bootId;
        int n = 1 << order;
        if (kind == Protocol.KIND_ELECTRICAL_SWITCH) {
            regionSize[Protocol.REGION_LFT] = lids;
        } else if (kind == Protocol.KIND_ROUTER_LEVEL) {
            regionSize[Protocol.REGION_SEQUENCE] = Math.max(1, n / 8);
            regionSize[Protocol.REGION_PHASES] = 8 * (n >> index);
        } else {
            regionSize[Protocol.REGION_TABLE] = 2 * n;
            regionSize[Protocol.REGION_PHASES] = 8;
        }
        reset(bootId);
    }

    /** Power cycle: empty banks, nothing scheduled, a new boot id. */
    void reset(long newBootId) {
        bootId = newBootId;
        for (int r = 1; r <= Protocol.REGIONS; r++) {
            staging[r] = regionSize[r] == 0 ? null : new byte[regionSize[r]];
            active[r] = regionSize[r] == 0 ? null : new byte[regionSize[r]];
            stagingLength[r] = 0;
            activeLength[r] = 0;
        }
        pendingEpoch = -1;
        pendingRegions = new int[0];
    }

    int address() {
        return address;
    }

    int kind() {
        return kind;
    }

    /** The index switches are set to {@code index} (a board put in the wrong place): it answers as that board from now on. */
    void setIndexSwitch(int index) {
        this.index = index;
        if (kind == Protocol.KIND_ROUTER_LEVEL) {
            regionSize[Protocol.REGION_PHASES] = 8 * ((1 << order) >> index);
        }
    }

    int index() {
        return index;
    }

    long bootId() {
        return bootId;
    }

    Message identity(int seq) {
        if (kind == Protocol.KIND_ELECTRICAL_SWITCH) {
            return new Message.SwitchIdentity(seq, address, index, radix, lmc, lids, bootId, FIRMWARE);
        }
        return new Message.Identity(seq, address, kind, index, order, 1 << order, bootId, FIRMWARE);
    }

    Message write(Message.Write w) {
        int r = w.region();
        if (r < 1 || r > Protocol.REGIONS || regionSize[r] == 0) {
            return nack(w, Protocol.E_BAD_REGION, "region " + r + " does not exist on this board");
        }
        long end = (long) w.offset() + w.data().length;
        if (w.offset() < 0 || end > regionSize[r]) {
            return nack(w, Protocol.E_OUT_OF_RANGE, "bytes " + w.offset() + ".." + end + " are outside region " + r
                    + " (" + regionSize[r] + " bytes)");
        }
        if (pendingEpoch >= 0 && scheduled(r)) {
            // what becomes active at the epoch is exactly what the commit checked
            return nack(w, Protocol.E_OUT_OF_RANGE, "a commit at epoch " + pendingEpoch + " is scheduled for region " + r
                    + ": abort it before writing");
        }
        System.arraycopy(w.data(), 0, staging[r], w.offset(), w.data().length);
        stagingLength[r] = Math.max(stagingLength[r], (int) end);
        return new Message.Ack(w.seq(), address);
    }

    private boolean scheduled(int region) {
        for (int r : pendingRegions) {
            if (r == region) {
                return true;
            }
        }
        return false;
    }

    Message crc(Message.CrcQuery q) {
        int r = q.region();
        if (r == Protocol.ALL_REGIONS && (q.bank() == Protocol.BANK_STAGING || q.bank() == Protocol.BANK_ACTIVE)) {
            int[] lengths = new int[Protocol.REGIONS];
            int[] crcs = new int[Protocol.REGIONS];
            bank(q.bank() == Protocol.BANK_STAGING, lengths, crcs);
            return new Message.Crcs(q.seq(), address, q.bank(), lengths, crcs);
        }
        if (r < 1 || r > Protocol.REGIONS || regionSize[r] == 0 || (q.bank() != 0 && q.bank() != 1)) {
            return nack(q, Protocol.E_BAD_REGION, "no bank " + q.bank() + " of region " + r + " on this board");
        }
        boolean stage = q.bank() == Protocol.BANK_STAGING;
        int len = stage ? stagingLength[r] : activeLength[r];
        return new Message.Crc(q.seq(), address, q.bank(), r, len, crc32c(stage ? staging[r] : active[r], len));
    }

    /** Schedules the swap if staging holds exactly what the commit names and makes sense as a table. */
    Message commit(Message.Commit c, long slot) {
        if (c.epoch() <= slot) {
            return nack(c, Protocol.E_EPOCH_PASSED, "epoch " + c.epoch() + " is not after the current slot " + slot);
        }
        if (pendingEpoch >= 0 && pendingEpoch != c.epoch()) {
            return nack(c, Protocol.E_OUT_OF_RANGE, "a commit at epoch " + pendingEpoch + " is already scheduled");
        }
        for (int i = 0; i < c.regions().length; i++) {
            int r = c.regions()[i];
            if (r < 1 || r > Protocol.REGIONS || regionSize[r] == 0) {
                return nack(c, Protocol.E_BAD_REGION, "region " + r + " does not exist on this board");
            }
            int got = crc32c(staging[r], stagingLength[r]);
            if (stagingLength[r] != c.lengths()[i] || got != c.crcs()[i]) {
                return nack(c, Protocol.E_CRC_MISMATCH, String.format("staging region %d holds %d bytes with CRC %08x,"
                        + " the commit names %d bytes with CRC %08x", r, stagingLength[r], got, c.lengths()[i], c.crcs()[i]));
            }
            String bad = checkContent(r);
            if (bad != null) {
                return nack(c, Protocol.E_BAD_CONTENT, bad);
            }
        }
        pendingEpoch = c.epoch();
        pendingRegions = c.regions().clone();
        return new Message.Ack(c.seq(), address);
    }

    Message abort(Message.Abort a) {
        if (pendingEpoch < 0) {
            return nack(a, Protocol.E_NOTHING_SCHEDULED, "no commit is scheduled");
        }
        pendingEpoch = -1;
        pendingRegions = new int[0];
        return new Message.Ack(a.seq(), address);
    }

    Message status(int seq, long slot) {
        int[] lengths = new int[Protocol.REGIONS];
        int[] crcs = new int[Protocol.REGIONS];
        bank(false, lengths, crcs);
        return new Message.Status(seq, address, bootId, slot, pendingEpoch, lengths, crcs);
    }

    /** Length and CRC-32C of every region 1..n of one bank (0, 0 for a region this board has not). */
    private void bank(boolean stage, int[] lengths, int[] crcs) {
        for (int r = 1; r <= Protocol.REGIONS; r++) {
            lengths[r - 1] = regionSize[r] == 0 ? 0 : stage ? stagingLength[r] : activeLength[r];
            crcs[r - 1] = regionSize[r] == 0 ? 0 : crc32c(stage ? staging[r] : active[r], lengths[r - 1]);
        }
    }

    /** At the start of slot {@code slot}: makes the scheduled regions active; returns them (empty if none). */
    int[] commitDue(long slot) {
        if (pendingEpoch < 0 || slot < pendingEpoch) {
            return NONE; // every board, every slot: no allocation
        }
        int[] regions = pendingRegions;
        for (int r : regions) {
            // Staging keeps what became active, so the next deploy writes only the blocks that change.
            System.arraycopy(staging[r], 0, active[r], 0, stagingLength[r]);
            activeLength[r] = stagingLength[r];
        }
        pendingEpoch = -1;
        pendingRegions = new int[0];
        return regions;
    }

    byte[] active(int region) {
        return active[region];
    }

    int activeLength(int region) {
        return activeLength[region];
    }

    /** Null if the staging region is a well-formed, complete table for this board. */
    private String checkContent(int r) {
        if (stagingLength[r] != regionSize[r]) {
            return "region " + r + " holds " + stagingLength[r] + " of its " + regionSize[r] + " bytes";
        }
        if (r == Protocol.REGION_LFT) {
            byte[] t = staging[r];
            for (int lid = 0; lid < lids; lid++) {
                int port = t[lid] & 0xFF;
                if (port > radix && port != Protocol.LFT_NO_ROUTE) {
                    return "LID " + lid + " goes to port " + port + ", beyond the " + radix + " ports of this switch";
                }
            }
        }
        if (r == Protocol.REGION_TABLE) {
            int n = 1 << order;
            byte[] t = staging[r];
            for (int i = 0; i < n; i++) {
                int d = (t[2 * i] & 0xFF) | (t[2 * i + 1] & 0xFF) << 8;
                if (d >= n) {
                    return "table row " + i + " names destination " + d + ", outside 0.." + (n - 1);
                }
            }
        }
        return null;
    }

    private Message nack(Message m, int code, String reason) {
        return new Message.Nack(m.seq(), address, code, reason);
    }

    static int crc32c(byte[] b, int len) {
        CRC32C c = new CRC32C();
        if (b != null) {
            c.update(b, 0, len);
        }
        return (int) c.getValue();
    }
}
