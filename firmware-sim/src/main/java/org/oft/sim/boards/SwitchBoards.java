package org.oft.sim.boards;

import java.util.function.LongSupplier;
import org.oft.hal.wire.Message;
import org.oft.hal.wire.Protocol;
import org.oft.sim.flit.FlitNetwork;
import org.oft.sim.flit.FlitParameters;
import org.oft.sim.flit.FlitSimulator;
import org.oft.hal.SwitchTotals;

/**
 * Electrical switch boards of a fat tree behind one link: board i is switch i, with its radix, a
 * LID space and an LMC, holding one linear forwarding table (one egress port per LID, 255 for no
 * route) in its staging and active banks. What the boards make active is kept here, per switch, for
 * the packet model ({@link FlitSimulator}) to forward by: it runs {@link PacketModel#cyclesPerSlot()}
 * switch cycles per slot once every switch holds a table, and a switch that holds none (rebooted)
 * drops what reaches it. Without a packet model, slots only count, for commit epochs.
 */
public final class SwitchBoards implements BoardModel {
    /**
     * The packets the boards forward: the wiring, router parameters, the hosts' paths and policy,
     * their traffic and Bernoulli load (flits/host/cycle), the switch cycles in one slot, and per
     * switch which of the wiring's ports (0-based) each physical port number is (-1: none; null: port
     * p is physical p + 1), and the threads each cycle runs on (the same results for any number).
     */
    public record PacketModel(FlitNetwork network, FlitParameters parameters, int paths, FlitSimulator.PathPolicy policy,
                              FlitSimulator.Traffic traffic, double load, long seed, int cyclesPerSlot, boolean randomUp,
                              boolean ageArbitration, int[][] localOfPhysical, int threads) {
        public PacketModel {
            if (!(load >= 0) || load > 1) {
                throw new IllegalArgumentException("load must be 0..1 flits/host/cycle, got " + load);
            }
            if (cyclesPerSlot < 1 || cyclesPerSlot > 1_000_000) {
                throw new IllegalArgumentException("cycles per slot must be 1..1000000, got " + cyclesPerSlot);
            }
        }
    }

    /** Port counters are copied out for the firmware thread at most this often (and when the clock stops). */
    private static final long PORTS_NANOS = 100_000_000L;
    private final PacketModel packets;
    private final FlitSimulator sim;
    private boolean started;
    private long portsAt;
    private volatile PortSnapshot portSnapshot;

    /**
     * Per board its boot id and the cycle since that boot; per port its link state and counters since
     * its board's boot: a reading's boot id, cycle and counters are of one moment.
     */
    private record PortSnapshot(long[] boots, long[] cycles, byte[] up, long[] counters) {
    }

    // a board's counters start from zero when it boots, as a switch's do: its boot id, and the model's
    // cycle and its ports' counters when it last booted (fabric thread)
    private final long[] bootIds;
    private final long[] bootCycle;
    private final long[] bootCounters;

    private final int levels;
    private final int[] radix;
    private final int[] base; // each board's first port in the port snapshot
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
        this(levels, radix, lids, lmc, null);
    }

    /** Switch boards whose tables forward {@code packets} (null: no packet model). */
    public SwitchBoards(int levels, int[] radix, int lids, int lmc, PacketModel packets) {
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
        this.base = new int[radix.length + 1];
        for (int i = 0; i < radix.length; i++) {
            base[i + 1] = base[i] + radix[i];
        }
        this.packets = packets;
        this.bootIds = new long[radix.length];
        this.bootCycle = new long[radix.length];
        this.bootCounters = new long[base[radix.length] * Protocol.PORT_COUNTERS.size()];
        if (packets != null) {
            FlitNetwork net = packets.network();
            if (net.nodes() - net.hosts() != radix.length) {
                throw new IllegalArgumentException("the packet model has " + (net.nodes() - net.hosts()) + " switches, the bench "
                        + radix.length);
            }
            int[][] map = packets.localOfPhysical();
            for (int i = 0; i < radix.length; i++) {
                int n = net.hosts() + i;
                int ports = net.portBase()[n + 1] - net.portBase()[n];
                if (map == null ? ports != radix[i] : ports > radix[i] || map[i].length != radix[i] + 1) {
                    throw new IllegalArgumentException("switch " + i + " has " + radix[i] + " ports on its board, "
                            + ports + " in the packet model");
                }
            }
            if ((long) net.hosts() * packets.paths() != lids) {
                throw new IllegalArgumentException("the LID space (" + lids + ") must be hosts × paths (" + net.hosts() + " × "
                        + packets.paths() + ")");
            }
            this.sim = new FlitSimulator(net, packets.parameters(), active, packets.paths(), packets.policy(), packets.seed());
            sim.setRandomUp(packets.randomUp());
            sim.setAgeArbitration(packets.ageArbitration());
            sim.setPortMap(packets.localOfPhysical());
            sim.setThreads(packets.threads());
        } else {
            this.sim = null;
        }
        publish();
    }

    @Override
    public BoardFirmware[] boards(LongSupplier bootIds) {
        BoardFirmware[] boards = new BoardFirmware[radix.length];
        for (int i = 0; i < radix.length; i++) {
            boards[i] = BoardFirmware.electricalSwitch(i, radix[i], lids, lmc, bootIds.getAsLong());
            this.bootIds[i] = boards[i].bootId();
        }
        publish();
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
    public void clear(int kind, int index, long bootId) {
        bootIds[index] = bootId;
        if (sim != null) { // the board rebooted: its cycle and counters start again
            bootCycle[index] = sim.cycle();
            readBoard(index, bootCounters);
        }
        if (active[index] != null) {
            loaded--;
        }
        active[index] = null;
        publish(); // a reading after the reboot is of the new boot
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

    /** Stops the packet model's helper threads, if any (after the fabric thread). */
    @Override
    public void close() {
        if (sim != null) {
            sim.close();
        }
    }

    @Override
    public boolean step() {
        if (sim == null) {
            return false; // the slot only counts, for commit epochs
        }
        if (!started) {
            if (!fullyLoaded()) {
                return false; // hosts send nothing into a fabric that is not configured yet
            }
            started = true;
        }
        for (int c = 0; c < packets.cyclesPerSlot(); c++) {
            if (Thread.currentThread().isInterrupted()) {
                return true; // the bench closes: a slot of a large fabric lasts seconds, a cycle milliseconds
            }
            sim.step(packets.load(), packets.traffic());
        }
        long now = System.nanoTime();
        if (now - portsAt >= PORTS_NANOS) {
            portsAt = now;
            publish();
        }
        return true;
    }

    @Override
    public void publish() {
        byte[] up = new byte[base[radix.length]];
        long[] counters = new long[up.length * Protocol.PORT_COUNTERS.size()];
        long[] cycles = new long[radix.length];
        if (sim == null) {
            java.util.Arrays.fill(up, (byte) 1);
        } else {
            FlitNetwork net = sim.network();
            for (int i = 0; i < radix.length; i++) {
                readBoard(i, counters);
                cycles[i] = sim.cycle() - bootCycle[i];
                int g0 = net.portBase()[net.hosts() + i];
                for (int p = 0; p < radix[i]; p++) {
                    int local = local(i, p + 1);
                    up[base[i] + p] = (byte) (local >= 0 && sim.linkUp(g0 + local) ? 1 : 0);
                }
            }
            for (int k = 0; k < counters.length; k++) {
                counters[k] -= bootCounters[k];
            }
        }
        portSnapshot = new PortSnapshot(bootIds.clone(), cycles, up, counters);
    }

    /** Board {@code i}'s ports' counters since the model started, into their place in {@code into} (fabric thread). */
    private void readBoard(int i, long[] into) {
        int per = Protocol.PORT_COUNTERS.size();
        long[] one = new long[per];
        FlitNetwork net = sim.network();
        int g0 = net.portBase()[net.hosts() + i];
        for (int p = 0; p < radix[i]; p++) {
            int local = local(i, p + 1);
            if (local >= 0) { // else a physical port with no cable in the fabric: down, nothing counted
                sim.readPort(g0 + local, one);
                System.arraycopy(one, 0, into, (base[i] + p) * per, per);
            }
        }
    }

    @Override
    public Message portCounters(int seq, int board, int index, int firstPort) {
        if (firstPort >= radix[index]) {
            return new Message.Nack(seq, board, Protocol.E_OUT_OF_RANGE, "port " + firstPort + " of a " + radix[index]
                    + "-port switch");
        }
        PortSnapshot snap = portSnapshot;
        int before = base[index];
        int n = Math.min(Protocol.PORTS_PER_FRAME, radix[index] - firstPort);
        int per = Protocol.PORT_COUNTERS.size();
        int at = before + firstPort;
        return new Message.PortCounters(seq, board, radix[index], firstPort, snap.cycles()[index], snap.boots()[index], java.util.Arrays.copyOfRange(snap.up(), at, at + n), per,
                java.util.Arrays.copyOfRange(snap.counters(), at * per, (at + n) * per));
    }

    /** A dead link (fabric thread): the cable at switch {@code index}'s physical port {@code port} (1-based). */
    public void killLink(int index, int port) {
        sim().killLink(cable(index, port));
    }

    /** A repaired link (fabric thread): the cable at switch {@code index}'s physical port {@code port} carries packets again. */
    public void reviveLink(int index, int port) {
        sim().reviveLink(cable(index, port));
    }

    private FlitSimulator sim() {
        if (sim == null) {
            throw new IllegalStateException("no packet model runs on these boards");
        }
        return sim;
    }

    /** The model's port of the cable at switch {@code index}'s physical port {@code port}, or an error naming both. */
    private int cable(int index, int port) {
        int local = index < 0 || index >= radix.length || port < 1 || port > radix[index] ? -1 : local(index, port);
        if (local < 0) {
            throw new IllegalArgumentException("no cable at port " + port + " of switch " + index);
        }
        return sim().network().portBase()[sim().network().hosts() + index] + local;
    }

    /** The wiring's port (0-based) behind switch i's physical port P, or -1. */
    private int local(int i, int physical) {
        int[][] map = packets.localOfPhysical();
        if (map == null) {
            return physical - 1;
        }
        return physical < map[i].length ? map[i][physical] : -1;
    }

    @Override
    public long[] counters() {
        return sim == null ? new long[SwitchTotals.COUNT] : sim.totals();
    }

    @Override
    public byte[] levelStates() {
        return new byte[0];
    }
}
