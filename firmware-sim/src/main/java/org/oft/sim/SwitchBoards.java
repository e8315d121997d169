package org.oft.sim;

import java.util.function.LongSupplier;
import org.oft.hal.wire.Protocol;

/**
 * Electrical switch boards of a fat tree behind one link: board i is switch i, with its radix, a
 * LID space and an LMC, holding one linear forwarding table (one egress port per LID, 255 for no
 * route) in its staging and active banks. What the boards make active is kept here, per switch, for
 * a packet model to forward by. There is no packet model yet: slots only count, for commit epochs.
 */
public final class SwitchBoards implements BoardModel {
    private final int levels;
    private final int[] radix;
    private final int lids;
    private final int lmc;
    private final byte[][] active;
    private int loaded;

    /**
     * @param levels the fat tree's height (reported as the backplane's order)
     * @param radix  ports of each switch, in board-address order
     * @param lids   the LID space: entries of every forwarding table
     * @param lmc    LID mask control: each host owns 2^lmc consecutive LIDs
     */
    public SwitchBoards(int levels, int[] radix, int lids, int lmc) {
        if (radix.length == 0 || radix.length > 0xFFFF) {
            throw new IllegalArgumentException("a bench holds 1..65535 switch boards, got " + radix.length);
        }
        for (int r : radix) {
            if (r < 1 || r > 254) {
                throw new IllegalArgumentException("a switch has 1..254 ports, got " + r);
            }
        }
        if (lids < 1 || lids > Protocol.MAX_REGION_BYTES) {
            throw new IllegalArgumentException("LID space must be 1.." + Protocol.MAX_REGION_BYTES + ", got " + lids);
        }
        if (lmc < 0 || lmc > 7) {
            throw new IllegalArgumentException("LMC must be 0..7, got " + lmc);
        }
        this.levels = levels;
        this.radix = radix.clone();
        this.lids = lids;
        this.lmc = lmc;
        this.active = new byte[radix.length][];
    }

    @Override
    public BoardFirmware[] boards(LongSupplier bootIds) {
        BoardFirmware[] boards = new BoardFirmware[radix.length];
        for (int i = 0; i < radix.length; i++) {
            boards[i] = BoardFirmware.electricalSwitch(i, radix[i], lids, lmc, bootIds.getAsLong());
        }
        return boards;
    }

    @Override
    public int order() {
        return levels;
    }

    @Override
    public void activate(int kind, int index, int region, byte[] bytes) {
        if (region == Protocol.REGION_LFT) {
            if (active[index] == null) {
                loaded++;
            }
            active[index] = bytes;
        }
    }

    @Override
    public void clear(int kind, int index) {
        if (active[index] != null) {
            loaded--;
        }
        active[index] = null;
    }

    /** Every switch holds a forwarding table. */
    public boolean fullyLoaded() {
        return loaded == radix.length;
    }

    /** The egress port switch {@code sw} forwards {@code lid} to (1..radix; 255: no route); -1 when it holds no table. */
    public int port(int sw, int lid) {
        byte[] t = active[sw];
        return t == null ? -1 : t[lid] & 0xFF;
    }

    @Override
    public boolean step() {
        return false; // no packet model runs here yet: the slot only counts, for commit epochs
    }

    @Override
    public long[] counters() {
        return new long[5];
    }

    @Override
    public byte[] levelStates() {
        return new byte[0];
    }
}
