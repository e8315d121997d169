package org.oft.sim.flit;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A cycle-accurate flit-level model of input-queued switches that forward only by the forwarding
 * tables their boards hold: virtual channels with credit-based flow control, wormhole or virtual
 * cut-through, separable input-first round-robin allocation with speedup 1, hosts with unbounded
 * source queues and Bernoulli injection.
 *
 * <p>Timing, per hop: a flit that arrives in an input buffer at cycle t may cross the switch at
 * t + routerDelay and arrives in the next buffer channelLatency cycles later; the credit for the
 * slot it left is usable upstream creditDelay cycles after it left. A host's network interface
 * counts as a router. An unloaded packet of P flits over H links thus takes
 * H·(routerDelay + channelLatency) + P − 1 cycles from its creation to the ejection of its tail.
 *
 * <p>Everything is in flat arrays; a cycle allocates nothing (source queues and the packet pool
 * grow, amortised, only when they fill).
 */
public final class FlitSimulator {
    /** How a host picks among its destination's K addresses (LMC), per packet. */
    public enum PathPolicy { HASH, ROUND_ROBIN, RANDOM }

    /** Where a host sends its next packet; called for different hosts from several threads at once, so stateless but for {@code rnd}. */
    public interface Traffic {
        /** A destination host for a packet from {@code src}, never src itself; -1 for none. */
        int destination(int src, SplittableRandom rnd);
    }

    private final FlitNetwork net;
    private final FlitParameters par;
    private final byte[][] lft;
    private final int paths;
    private final PathPolicy policy;
    private final int ports;
    private final int vcs;
    private final int depth;
    private final int maxHops;
    private final int[] portNode;
    private final int[] switchOf; // node -> switch index (-1 for hosts)
    private final int radix; // the largest switch's
    private final boolean singleFlit; // one-flit packets
    private final int headCredits; // what a head needs downstream: the whole packet (cut-through), or one flit

    // input VCs (indexed port * vcs + vc, port = the receiving port)
    private final int[] buf;
    // the state of each input VC, in one record of 16 bytes (iv * IVS): buffer head and count, the
    // output port its packet goes to (-1 not routed yet, -2 no route, -3 dropping), and its front
    // flit: a VC holding one flit touches no buffer line. buf holds the flits behind the front, from
    // HEAD on. What only packets of several flits need is apart, in ivPacket
    private static final int IVS = 4;
    private static final int BUSY = Integer.MIN_VALUE;
    private static final int HEAD = 0;
    private static final int COUNT = 1;
    private static final int ROUTE = 2;
    private static final int FRONT = 3;
    private final int[] ivs;
    private final int[] ivPacket; // per input VC, at 2 * iv: flits of its packet sent, then the output VC they go to
    private final int[] inRr; // per port: next VC to look at
    private final long[] vcMask; // per input port: bit v set while VC v holds a flit
    private final long[] inMask; // per switch, words from maskBase: bit i set while local input i holds a flit
    private final int[] maskBase;
    private final int[] maskPos; // per port: its bit in inMask, as word * 64 + bit
    // output VCs (indexed port * vcs + vc, port = the sending port)
    private final int[] credits; // per output VC: credits, with BUSY set while a packet holds it
    private final int[] outRr; // per port: next input (local) to look at
    private final boolean[] dead;
    private int deadLinks; // links with dead set at both ends: none, and a route's port is not looked up
    // credits and flits under way, as per-slot event lists: a cycle touches only what arrives in it
    private final int creditSlots;
    // a flit under way is one word in its receiving lane's list: see flit()
    private static final int FLIT_TAIL = 0x100;
    private static final int FLIT_PORT_SHIFT = 41;
    private static final int MAX_PORTS = 1 << (64 - FLIT_PORT_SHIFT - 1);

    /** A flit under way: packet id in the low 32 bits, then VC (8 bits) and tail bit, then the receiving port. */
    private static long flit(int port, int vc, boolean tail, int packet) {
        return (long) port << FLIT_PORT_SHIFT | (long) (tail ? vc | FLIT_TAIL : vc) << 32 | (packet & 0xFFFFFFFFL);
    }

    private static int flitPort(long f) {
        return (int) (f >>> FLIT_PORT_SHIFT);
    }

    private static int flitVc(long f) {
        return (int) (f >>> 32) & 0xFF;
    }

    private static boolean flitTail(long f) {
        return (f >>> 32 & FLIT_TAIL) != 0;
    }
    private final int chanSlots;
    private final boolean[] toHost; // per port: its link ends at a host
    // the lanes a cycle runs in (one per thread), and which lane owns each port
    private Lane[] lanes;
    // per port, what a hop through it reads, in one record (port * LINK): its peer, the first of the
    // lists (2 · chanSlots per lane: to switches, then to hosts) what it sends lands in, its peer's
    // first output VC (which a credit for its input VC v goes to, at + v), and where that credit goes
    // (the peer's lane, times creditSlots)
    private static final int LINK = 4;
    private static final int PEER = 0;
    private static final int SENDS_TO = 1;
    private static final int PEER_VCS = 2;
    private static final int CREDITS_TO = 3;
    private int[] link;
    // per cycle a port receives at most one flit, and one credit (for the input it feeds, or a host's
    // ejection): the most ports a lane has bounds a slot's lists
    private int chanCap;
    private int creditCap;
    private LaneThreads threads;
    private final long[] upRng; // per switch: random up-port state (SplitMix64), so that no lane shares a generator
    // hosts
    private int[][] srcQueue;
    private final int[] srcHead;
    private final int[] srcCount;
    private final int[] hostSent;
    private final int[] hostOutVc;
    private final int[] rrPath;
    // packets
    private int[] pktDst;
    private int[] pktSrc;
    private long[] pktBorn;
    private int[] pktEjected;
    private int[] pktHops;
    private boolean[] pktMeasured;
    // free packet ids: each lane takes from and frees into its own pool; between cycles the pools are
    // topped up from the spare ids (the packet arrays grow only then, when no lane reads them)
    private int[] spare = new int[0];
    private int spareCount;
    private final SplittableRandom[] hostRnd; // per host: injection, destinations and random paths, so that lanes inject side by side
    private int[] laneOfHost;
    private int[] hostIndex; // per host: where it is in its lane's hosts
    // this cycle's injection, read by the lanes
    private double injectPerPacket;
    // the same Bernoulli trial in integers: nextDouble() is (nextLong() >>> 11) · 2^-53, exactly, so
    // it is below p exactly when nextLong() >>> 11 is below ⌈p · 2^53⌉
    private long injectBelow;
    private Traffic injectTraffic;

    private long cycle;
    private int creditNow;
    private int creditDue;
    private int chanNow; // the slot whose flits reach switches now
    private int chanHostNow; // the slot whose flits reach hosts now
    // the slot a flit sent now lands in: a switch takes it channelLatency + routerDelay cycles on, a
    // host (which has no router to cross) channelLatency on, so a host's lists are read routerDelay slots ahead
    private int chanDue;
    private long lastMove;
    private long flitsInNetwork;
    // statistics of the current measurement
    private boolean measuring;
    private long windowStart;
    private long windowEnd = Long.MAX_VALUE;
    private long measuredOut;
    private final boolean[] sending; // sources that created packets in the window: the flows
    private final long[] linkFlits; // flits sent in the measured sample, per port
    // since the model started (never reset): what boards report (the rest is counted by the lanes)
    private long created;
    // per port, one cache line each: the PORT_COUNTERS at port * PC + their index
    private static final int PC = 8;
    private static final int XMIT_FLITS = 0;
    private static final int RCV_FLITS = 1;
    private static final int XMIT_PKTS = 2;
    private static final int RCV_PKTS = 3;
    private static final int XMIT_WAIT = 4;
    private static final int RELAY_DROPS = 5;
    private static final int MISDELIVERED = 6; // by the switch port that handed the packet to the wrong host
    private static final int XMIT_DISCARDS = 7; // packets a switch discarded because this port's link is down
    private final long[] portCounters; // XMIT_FLITS, XMIT_PKTS, RCV_FLITS and RCV_PKTS are left 0: see xmit, and readPort
    private final long[] xmit; // per port, flits then packets sent (see sentPackets): counted every hop, so dense (16 bytes a port, not a line)
    private int[] underWay; // per port, flits then tails under way to it at cycle underWayAt
    private long underWayAt = -1;
    // random up-port mode: per switch, its up-ports (global ids)
    private boolean randomUp;
    private boolean ageArbitration;
    private int[][] portMap; // per switch: the port (0-based) behind each physical port number; null: physical p = port p - 1
    private byte[][] sourceUp; // [switch level][source]: up-port offset, when the way up is keyed by source
    private final int[] upBase;
    private final int[] upPorts;
    private final int[] switchDownLevel;

    /**
     * @param net    the wiring
     * @param par    router parameters
     * @param lft    per switch (node − hosts), the table its board holds: physical port (1-based) per address, 255 none
     * @param paths  addresses per host (K); address = host · K + path
     * @param policy how a packet's path among the K is chosen
     * @param seed   seed of injection, traffic and random paths: each host draws from its own stream, split from it
     */
    public FlitSimulator(FlitNetwork net, FlitParameters par, byte[][] lft, int paths, PathPolicy policy, long seed) {
        this.net = net;
        this.par = par;
        this.lft = lft;
        this.paths = paths;
        this.policy = policy;
        this.ports = net.ports();
        this.vcs = par.vcs();
        this.depth = par.bufferFlits();
        int nodes = net.nodes();
        if (lft.length != nodes - net.hosts()) {
            throw new IllegalArgumentException(lft.length + " forwarding tables for " + (nodes - net.hosts()) + " switches");
        }
        for (byte[] t : lft) {
            if (t != null && t.length != net.hosts() * paths) {
                throw new IllegalArgumentException("every switch needs a table of " + net.hosts() * paths + " addresses");
            }
        }
        int maxLevel = 0;
        for (int l : net.level()) {
            maxLevel = Math.max(maxLevel, l);
        }
        this.maxHops = 2 * maxLevel;
        this.portNode = new int[ports];
        this.switchOf = new int[nodes];
        int radix = 1;
        for (int n = 0; n < nodes; n++) {
            switchOf[n] = n < net.hosts() ? -1 : n - net.hosts();
            radix = Math.max(radix, net.portBase()[n + 1] - net.portBase()[n]);
            for (int g = net.portBase()[n]; g < net.portBase()[n + 1]; g++) {
                portNode[g] = n;
            }
        }
        this.toHost = new boolean[ports];
        for (int g = 0; g < ports; g++) {
            toHost[g] = portNode[net.peer()[g]] < net.hosts();
        }
        int iv = ports * vcs;
        this.buf = new int[iv * depth];
        this.ivs = new int[iv * IVS];
        this.ivPacket = new int[2 * iv];
        for (int k = 0; k < iv; k++) {
            ivs[k * IVS + ROUTE] = -1;
            ivPacket[2 * k + 1] = -1;
        }
        this.inRr = new int[ports];
        if (vcs > 64) {
            throw new IllegalArgumentException("at most 64 VCs");
        }
        this.vcMask = new long[ports];
        this.maskBase = new int[nodes + 1];
        for (int n = 0; n < nodes; n++) {
            int r = net.portBase()[n + 1] - net.portBase()[n];
            maskBase[n + 1] = maskBase[n] + (r + 63) / 64;
        }
        this.inMask = new long[maskBase[nodes]];
        this.maskPos = new int[ports];
        for (int g = 0; g < ports; g++) {
            maskPos[g] = maskBase[portNode[g]] * 64 + g - net.portBase()[portNode[g]];
        }
        this.credits = new int[iv];
        Arrays.fill(credits, depth);
        this.outRr = new int[ports];
        this.dead = new boolean[ports];
        this.creditSlots = par.creditDelay() + 1;
        // a flit bound for a switch enters arbitration there routerDelay cycles after it arrives: it is
        // handed over that much later, so that allocation never looks at a flit it cannot move yet
        this.chanSlots = par.channelLatency() + par.routerDelay() + 1;
        if (ports >= MAX_PORTS) {
            throw new IllegalArgumentException("at most " + MAX_PORTS + " ports, got " + ports);
        }
        this.radix = radix;
        this.singleFlit = par.packetFlits() == 1;
        this.headCredits = par.cutThrough() ? par.packetFlits() : 1;
        int hosts = net.hosts();
        this.srcQueue = new int[hosts][16];
        this.srcHead = new int[hosts];
        this.srcCount = new int[hosts];
        this.hostSent = new int[hosts];
        this.hostOutVc = new int[hosts];
        Arrays.fill(hostOutVc, -1);
        this.rrPath = new int[hosts];
        this.sending = new boolean[hosts];
        this.linkFlits = new long[ports];
        this.portCounters = new long[ports * PC];
        this.xmit = new long[2 * ports];
        int switches = nodes - net.hosts();
        this.upBase = new int[switches + 1];
        int ups = 0;
        for (int n = net.hosts(); n < nodes; n++) {
            upBase[n - net.hosts()] = ups;
            ups += upCount(n);
        }
        upBase[switches] = ups;
        this.switchDownLevel = new int[switches];
        for (int n = net.hosts(); n < nodes; n++) {
            switchDownLevel[n - net.hosts()] = downLevel(n);
        }
        this.upPorts = new int[ups];
        for (int n = net.hosts(), k = 0; n < nodes; n++) {
            int down = downLevel(n);
            for (int g = net.portBase()[n]; g < net.portBase()[n + 1]; g++) {
                if (net.level()[g] > down) {
                    upPorts[k++] = g;
                }
            }
        }
        growPackets(1024);
        this.hostRnd = new SplittableRandom[hosts];
        SplittableRandom hostSeeds = new SplittableRandom(seed);
        for (int h = 0; h < hosts; h++) {
            hostRnd[h] = hostSeeds.split();
        }
        this.upRng = new long[switches];
        SplittableRandom upSeeds = new SplittableRandom(~seed); // apart from the hosts' streams
        for (int k = 0; k < switches; k++) {
            upRng[k] = upSeeds.nextLong();
        }
        partition(1);
    }

    /**
     * Cuts the fabric into {@code n} lanes, one per thread: every level's switches in contiguous
     * runs, each host with its leaf switch.
     */
    private void partition(int n) {
        int nodes = net.nodes();
        int hosts = net.hosts();
        int[] laneOf = new int[nodes];
        java.util.Map<Integer, Integer> atLevel = new java.util.TreeMap<>();
        for (int node = hosts; node < nodes; node++) {
            atLevel.merge(switchDownLevel[node - hosts], 1, Integer::sum);
        }
        java.util.Map<Integer, Integer> seen = new java.util.HashMap<>();
        for (int node = hosts; node < nodes; node++) {
            int level = switchDownLevel[node - hosts];
            int k = seen.merge(level, 1, Integer::sum) - 1;
            laneOf[node] = (int) ((long) k * n / atLevel.get(level));
        }
        for (int h = 0; h < hosts; h++) {
            laneOf[h] = laneOf[portNode[net.peer()[net.portBase()[h]]]];
        }
        int[] portLane = new int[ports];
        int[] portsOfLane = new int[n];
        int[] hostCount = new int[n];
        int[] switchCount = new int[n];
        for (int node = 0; node < nodes; node++) {
            (node < hosts ? hostCount : switchCount)[laneOf[node]]++;
            for (int g = net.portBase()[node]; g < net.portBase()[node + 1]; g++) {
                portLane[g] = laneOf[node];
                portsOfLane[laneOf[node]]++;
            }
        }
        this.link = new int[ports * LINK];
        for (int g = 0; g < ports; g++) {
            int peer = net.peer()[g];
            link[g * LINK + PEER] = peer;
            link[g * LINK + SENDS_TO] = portLane[peer] * 2 * chanSlots + (toHost[g] ? chanSlots : 0);
            link[g * LINK + PEER_VCS] = peer * vcs;
            link[g * LINK + CREDITS_TO] = portLane[peer] * creditSlots;
        }
        this.chanCap = 1;
        for (int c : portsOfLane) {
            chanCap = Math.max(chanCap, c);
        }
        this.creditCap = 2 * chanCap;
        if (lanes != null) { // the old lanes' free ids are spare again
            for (Lane old : lanes) {
                while (old.poolCount > 0) {
                    spare[spareCount++] = old.pool[--old.poolCount];
                }
            }
        }
        this.laneOfHost = Arrays.copyOf(laneOf, hosts);
        this.hostIndex = new int[hosts];
        Lane[] made = new Lane[n];
        this.lanes = made;
        for (int l = 0; l < n; l++) {
            int[] hs = new int[hostCount[l]];
            int[] ss = new int[switchCount[l]];
            for (int node = 0, a = 0, b = 0; node < nodes; node++) {
                if (laneOf[node] == l) {
                    if (node < hosts) {
                        hs[a++] = node;
                    } else {
                        ss[b++] = node;
                    }
                }
            }
            made[l] = new Lane(l, hs, ss, n);
        }
    }

    /**
     * Runs each cycle on {@code n} threads (the caller's and n − 1 more), each over its part of the
     * fabric; the results are the same for any n. Only between cycles, and only before the model
     * holds flits. A credit delay of 0 hands a credit over within the cycle, in switch order, so it
     * keeps one thread.
     */
    public void setThreads(int n) {
        if (n < 1 || n > 256) {
            throw new IllegalArgumentException("threads must be 1..256, got " + n);
        }
        if (flitsInNetwork != 0 || created != 0) {
            throw new IllegalStateException("threads are set before the first packet");
        }
        int wanted = par.creditDelay() == 0 ? 1 : Math.min(n, net.nodes() - net.hosts());
        close();
        if (wanted != lanes.length) {
            partition(wanted);
        }
        if (wanted > 1) {
            threads = new LaneThreads(lanes.length - 1, this::runLane);
        }
    }

    /** Stops the helper threads of {@link #setThreads}, if any; the caller's thread then runs every lane, with the same results. */
    public void close() {
        if (threads != null) {
            threads.close();
            threads = null;
        }
    }

    private void runLane(int l) {
        lanes[l].run();
    }

    /** The next random up-port offset (below {@code ups}) at switch {@code sw}. */
    private int randomUp(int sw, int ups) {
        long z = upRng[sw] += 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return (int) (((z >>> 32) * ups) >>> 32);
    }

    /** The level of a switch's down links: the lowest level among its ports. */
    private int downLevel(int node) {
        int l = Integer.MAX_VALUE;
        for (int g = net.portBase()[node]; g < net.portBase()[node + 1]; g++) {
            l = Math.min(l, net.level()[g]);
        }
        return l;
    }

    private int upCount(int node) {
        int down = downLevel(node);
        int c = 0;
        for (int g = net.portBase()[node]; g < net.portBase()[node + 1]; g++) {
            if (net.level()[g] > down) {
                c++;
            }
        }
        return c;
    }

    /**
     * Random up-port mode: a packet whose table entry at a switch is an up-port takes one of that
     * switch's up-ports at random instead (the table still decides when to turn down), as
     * simulators that route fat trees by nearest common ancestor do.
     */
    public void setRandomUp(boolean on) {
        randomUp = on;
    }

    /** Which port each physical port number of a table entry is, per switch (null: entry p means port p - 1). */
    public void setPortMap(int[][] localOfPhysical) {
        portMap = localOfPhysical;
    }

    /**
     * Oldest-packet-first allocation instead of round robin: each input offers the VC whose head
     * packet was created first, each output grants the oldest offer (round robin breaks ties). Local
     * round robin is not max-min fair where flows merge at several switches (the parking-lot
     * effect); age approximates global fairness.
     */
    public void setAgeArbitration(boolean on) {
        ageArbitration = on;
    }

    /**
     * Source-keyed up-ports (S-mod-K, which no destination-indexed table can express): a packet
     * whose table entry at a level-l switch is an up-port takes that switch's up-port
     * {@code choice[l][source]} (offset among its up-ports) instead; the table still turns it down.
     */
    public void setSourceUp(byte[][] choice) {
        sourceUp = choice;
    }

    // ---- faults ---------------------------------------------------------------------------------

    /** A repaired link: both ends send on it again (nothing was left half-sent across it). */
    public void reviveLink(int port) {
        if (dead[port]) {
            deadLinks--;
        }
        dead[port] = false;
        dead[net.peer()[port]] = false;
    }

    /** A dead link: neither end starts a packet on it any more. */
    public void killLink(int port) {
        if (!dead[port]) {
            deadLinks++;
        }
        dead[port] = true;
        dead[net.peer()[port]] = true;
    }

    // ---- packets --------------------------------------------------------------------------------

    /** Packet arrays of {@code size} entries; the new ids are spare. Only between cycles. */
    private void growPackets(int size) {
        int old = pktDst == null ? 0 : pktDst.length;
        pktDst = pktDst == null ? new int[size] : Arrays.copyOf(pktDst, size);
        pktSrc = pktSrc == null ? new int[size] : Arrays.copyOf(pktSrc, size);
        pktBorn = pktBorn == null ? new long[size] : Arrays.copyOf(pktBorn, size);
        pktEjected = pktEjected == null ? new int[size] : Arrays.copyOf(pktEjected, size);
        pktHops = pktHops == null ? new int[size] : Arrays.copyOf(pktHops, size);
        pktMeasured = pktMeasured == null ? new boolean[size] : Arrays.copyOf(pktMeasured, size);
        spare = Arrays.copyOf(spare, size);
        for (int p = size - 1; p >= old; p--) {
            spare[spareCount++] = p;
        }
    }

    /**
     * Between cycles: every lane's pool holds an id for each packet its hosts may create in one
     * cycle, and none holds many more than that (ids freed at the destinations flow back).
     */
    private void fillPools() {
        for (Lane lane : lanes) {
            int need = lane.hosts.length + 1;
            while (lane.poolCount > 4 * need) {
                spare[spareCount++] = lane.pool[--lane.poolCount];
            }
            while (lane.poolCount < need) {
                if (spareCount == 0) {
                    growPackets(pktDst.length * 2);
                }
                lane.free(spare[--spareCount]);
            }
        }
    }

    /** Injects one packet now (outside the Bernoulli process): for tests and traces. */
    public void inject(int src, int dst) {
        fillPools();
        Lane lane = lanes[laneOfHost[src]];
        lane.enqueue(src, dst);
        absorb(lane);
    }

    /** Takes what a lane changed in the simulator's totals. */
    private void absorb(Lane lane) {
        flitsInNetwork += lane.flitDelta;
        measuredOut += lane.measuredDelta;
        created += lane.createdDelta;
        if (lane.moved) {
            lastMove = cycle;
        }
        lane.flitDelta = 0;
        lane.measuredDelta = 0;
        lane.createdDelta = 0;
        lane.moved = false;
    }

    /** Host {@code src}'s next packet, to {@code dst} by one of its K addresses, at the end of its source queue. */
    private void enqueue(int src, int dst, int p) {
        int q;
        switch (policy) {
            case HASH -> q = paths == 1 ? 0 : Math.floorMod(src * 0x9E3779B1 + dst * 0x85EBCA6B, paths);
            case ROUND_ROBIN -> q = paths == 1 ? 0 : rrPath[src]++ % paths;
            default -> q = hostRnd[src].nextInt(paths);
        }
        pktSrc[p] = src;
        pktDst[p] = dst * paths + q;
        pktBorn[p] = cycle;
        pktEjected[p] = 0;
        pktHops[p] = 0;
        pktMeasured[p] = inWindow();
        if (pktMeasured[p]) {
            sending[src] = true;
        }
        int[] queue = srcQueue[src];
        if (srcCount[src] == queue.length) {
            int[] bigger = new int[queue.length * 2];
            for (int i = 0; i < srcCount[src]; i++) {
                bigger[i] = queue[(srcHead[src] + i) & (queue.length - 1)];
            }
            srcQueue[src] = queue = bigger;
            srcHead[src] = 0;
        }
        queue[(srcHead[src] + srcCount[src]) & (queue.length - 1)] = p; // lengths are powers of two
        srcCount[src]++;
    }

    // ---- one cycle ------------------------------------------------------------------------------

    /**
     * Runs one cycle with Bernoulli injection at {@code flitsPerNodePerCycle} (0 for none) and
     * destinations from {@code traffic}; every lane injects at its own hosts, each host drawing from
     * its own random stream, so {@code traffic} may be called from several threads at once.
     */
    public void step(double flitsPerNodePerCycle, Traffic traffic) {
        creditNow = (int) (cycle % creditSlots); // once a cycle; per flit the slots below are used
        creditDue = creditNow + par.creditDelay() >= creditSlots ? creditNow + par.creditDelay() - creditSlots
                : creditNow + par.creditDelay();
        chanNow = (int) (cycle % chanSlots);
        chanHostNow = chanNow + par.routerDelay() >= chanSlots ? chanNow + par.routerDelay() - chanSlots : chanNow + par.routerDelay();
        int viaRouter = par.channelLatency() + par.routerDelay();
        chanDue = chanNow + viaRouter >= chanSlots ? chanNow + viaRouter - chanSlots : chanNow + viaRouter;
        injectPerPacket = flitsPerNodePerCycle > 0 ? flitsPerNodePerCycle / par.packetFlits() : 0;
        injectBelow = (long) Math.ceil(Math.min(injectPerPacket, 2.0) * 0x1p53);
        injectTraffic = traffic;
        fillPools();
        if (threads != null) {
            threads.cycle(); // lanes 1.. on the helpers, lane 0 here
        } else {
            for (Lane lane : lanes) {
                lane.run();
            }
        }
        for (Lane lane : lanes) {
            absorb(lane);
        }
        injectTraffic = null;
        cycle++;
    }

    /**
     * The switches and hosts one thread runs each cycle, with its own scratch, counters and outgoing
     * event lists. A lane writes only the state of its own ports and hosts, the packets it creates
     * or moves, and what it hands to other lanes for a later cycle, so lanes run a cycle side by
     * side and the result does not depend on how many there are.
     */
    private final class Lane {
        final int id;
        final int[] hosts;
        final SplittableRandom[] rnd; // hosts[k]'s random stream
        final long[] queued; // bit k set while hosts[k] has a packet in its source queue, from the cycle after it was created
        final long[] fresh; // hosts that created a packet this cycle: none can send it before the next
        final int[] switches;
        // output arbitration scratch, sized to the largest radix: the best offer per output this cycle
        final long[] best; // per output: distance from its pointer << 40 | input << 16 | input VC << 8 | output VC of the best offer
        final long[] bestAge;
        final int[] requested;
        // what this lane hands to lane r for a later cycle: per slot, the flits (see flit()) and the credits
        // (output VCs) that arrive; list (r, slot) starts at (r * slots + slot) * capacity; its length is at
        // [r * slots + slot] of the count. Lane r's flit lists are 2 · chanSlots: to its switches, then to its hosts
        final long[] chanTo;
        final int[] chanToCount;
        final int[] creditTo;
        final int[] creditToCount;
        // what the cycle changed in the simulator's totals, merged after it
        long flitDelta;
        long measuredDelta;
        long createdDelta;
        boolean moved;
        // free packet ids this lane creates packets from and frees ejected ones into
        int[] pool = new int[64];
        int poolCount;
        // statistics: of the current measurement
        long ejectedInWindow;
        final long[] ejectedBySource;
        final long[] latencyHistogram = new long[1 << 16];
        long latencySum;
        long latencyCount;
        // since the model started
        long misdelivered;
        long loops;
        long unroutable;
        long deadLinkWaits;
        long linkDownDiscards;
        long delivered;
        long ejectedFlits;
        long latencySumAll;

        Lane(int id, int[] hosts, int[] switches, int lanes) {
            this.id = id;
            this.hosts = hosts;
            this.rnd = new SplittableRandom[hosts.length];
            for (int k = 0; k < hosts.length; k++) {
                rnd[k] = hostRnd[hosts[k]];
            }
            this.queued = new long[(hosts.length + 63) / 64];
            this.fresh = new long[queued.length];
            for (int k = 0; k < hosts.length; k++) {
                hostIndex[hosts[k]] = k;
            }
            this.switches = switches;
            this.best = new long[radix];
            this.bestAge = new long[radix];
            this.requested = new int[radix];
            Arrays.fill(best, Long.MAX_VALUE);
            this.chanTo = new long[lanes * 2 * chanSlots * chanCap];
            this.chanToCount = new int[lanes * 2 * chanSlots];
            this.creditTo = new int[lanes * creditSlots * creditCap];
            this.creditToCount = new int[lanes * creditSlots];
            this.ejectedBySource = new long[net.hosts()];
        }

        /** One cycle of this lane: what arrives at its ports, then its hosts send, then its switches allocate. */
        void run() {
            for (int w = 0; w < queued.length; w++) {
                queued[w] |= fresh[w];
                fresh[w] = 0;
            }
            inject();
            arriveCredits();
            arriveFlits();
            for (int w = 0; w < queued.length; w++) {
                long m = queued[w];
                while (m != 0) { // only hosts with a packet to send
                    int k = (w << 6) + Long.numberOfTrailingZeros(m);
                    m &= m - 1;
                    sendFromHost(hosts[k], k);
                }
            }
            for (int n : switches) {
                for (int w = maskBase[n]; w < maskBase[n + 1]; w++) {
                    if (inMask[w] != 0) {
                        allocate(n);
                        break;
                    }
                }
            }
        }

        void free(int p) {
            if (poolCount == pool.length) {
                pool = Arrays.copyOf(pool, pool.length * 2);
            }
            pool[poolCount++] = p;
        }

        /** Bernoulli injection at this lane's hosts, each from its own random stream. */
        private void inject() {
            if (injectPerPacket <= 0) {
                return;
            }
            long below = injectBelow;
            Traffic traffic = injectTraffic;
            // which hosts inject is a coin toss each: drawn first into a mask (no branch), then visited
            for (int from = 0; from < hosts.length; from += 64) {
                int to = Math.min(hosts.length, from + 64);
                long inject = 0;
                for (int k = from; k < to; k++) {
                    inject |= (rnd[k].nextLong() >>> 11 < below ? 1L : 0L) << k; // shifts are mod 64
                }
                while (inject != 0) {
                    int h = hosts[from + Long.numberOfTrailingZeros(inject)];
                    inject &= inject - 1;
                    int d = traffic.destination(h, hostRnd[h]);
                    if (d >= 0 && d != h) {
                        enqueue(h, d);
                    }
                }
            }
        }

        void enqueue(int src, int dst) {
            int k = hostIndex[src];
            fresh[k >>> 6] |= 1L << k;
            int p = pool[--poolCount]; // fillPools keeps one per host and cycle
            createdDelta++;
            if (inWindow()) {
                measuredDelta++;
            }
            FlitSimulator.this.enqueue(src, dst, p);
        }

        private void arriveCredits() {
            int at = id * creditSlots + creditNow;
            int base = at * creditCap;
            for (Lane w : lanes) {
                int[] list = w.creditTo;
                int count = w.creditToCount[at];
                for (int k = 0; k < count; k++) {
                    credits[list[base + k]]++;
                }
                w.creditToCount[at] = 0;
            }
        }

        /** The credit for a flit that left input VC {@code vc} of port {@code in}: to the port upstream. */
        private void returnCredit(int in, int vc) {
            int i = link[in * LINK + PEER_VCS] + vc;
            if (par.creditDelay() == 0) {
                credits[i]++;
            } else {
                int at = link[in * LINK + CREDITS_TO] + creditDue;
                creditTo[at * creditCap + creditToCount[at]++] = i;
            }
        }

        private void arriveFlits() {
            for (Lane w : lanes) {
                arriveFlits(w.chanTo, w.chanToCount);
            }
        }

        private void arriveFlits(long[] list, int[] counts) {
            int list0 = id * 2 * chanSlots + chanNow; // to switches
            int count = counts[list0];
            counts[list0] = 0;
            int listBase = list0 * chanCap;
            for (int k = 0; k < count; k++) {
                long f = list[listBase + k];
                int p = (int) f;
                int vc = flitVc(f);
                int in = flitPort(f);
                int iv = in * vcs + vc;
                int c = ivs[iv * IVS + COUNT]++;
                if (c > 0) {
                    int at = ivs[iv * IVS + HEAD] + c - 1;
                    buf[iv * depth + (at >= depth ? at - depth : at)] = p;
                } else {
                    ivs[iv * IVS + FRONT] = p;
                    inMask[maskPos[in] >>> 6] |= 1L << maskPos[in]; // set already if another VC holds a flit; shifts are mod 64
                    vcMask[in] |= 1L << vc;
                }
            }
            int hostList = id * 2 * chanSlots + chanSlots + chanHostNow; // to hosts
            count = counts[hostList];
            counts[hostList] = 0;
            listBase = hostList * chanCap;
            for (int k = 0; k < count; k++) {
                long f = list[listBase + k];
                int in = flitPort(f);
                eject(portNode[in], (int) f, link[in * LINK + PEER]);
                returnCredit(in, flitVc(f)); // the host takes the flit at once
            }
        }

        private void eject(int host, int p, int from) {
            flitDelta--;
            ejectedFlits++;
            moved = true;
            if (inWindow()) {
                ejectedInWindow++;
                ejectedBySource[pktSrc[p]]++;
            }
            if (!singleFlit && ++pktEjected[p] < par.packetFlits()) { // one flit: head and tail
                return;
            }
            if ((paths == 1 ? pktDst[p] : pktDst[p] / paths) != host) {
                misdelivered++;
                portCounters[from * PC + MISDELIVERED]++;
            } else {
                delivered++;
                latencySumAll += cycle - pktBorn[p];
            }
            if (pktMeasured[p]) {
                long lat = cycle - pktBorn[p];
                latencySum += lat;
                latencyCount++;
                latencyHistogram[(int) Math.min(latencyHistogram.length - 1, lat)]++;
                measuredDelta--;
            }
            free(p);
        }

        /** A free VC on output {@code out}, looking from VC {@code start} (below vcs) on, with room for what must fit, or -1. */
        private int freeVc(int out, int start) {
            int need = headCredits;
            for (int k = 0; k < vcs; k++) {
                int v = start + k;
                if (v >= vcs) {
                    v -= vcs;
                }
                int i = out * vcs + v;
                if (credits[i] >= need) { // a busy VC reads negative
                    return v;
                }
            }
            return -1;
        }

        private void sendFromHost(int h, int k) {
            int p = srcQueue[h][srcHead[h]];
            int out = net.portBase()[h];
            if (singleFlit) {
                sendOneFlitPacket(h, k, p, out);
                return;
            }
            if (hostSent[h] == 0 && cycle < pktBorn[p] + par.routerDelay()) {
                return;
            }
            if (dead[out] && hostSent[h] == 0) { // a packet already on the cable finishes (the cut lands between packets)
                deadLinkWaits++;
                return;
            }
            int vc;
            if (hostSent[h] == 0) {
                vc = freeVc(out, h % vcs);
                if (vc < 0) {
                    portCounters[out * PC + XMIT_WAIT]++;
                    return;
                }
                credits[out * vcs + vc] |= BUSY;
                hostOutVc[h] = vc;
                flitDelta += par.packetFlits();
            } else {
                vc = hostOutVc[h];
                if ((credits[out * vcs + vc] & ~BUSY) == 0) {
                    portCounters[out * PC + XMIT_WAIT]++;
                    return;
                }
            }
            boolean tail = hostSent[h] + 1 == par.packetFlits();
            send(out, vc, p, tail);
            if (++hostSent[h] == par.packetFlits()) {
                credits[out * vcs + vc] &= ~BUSY;
                hostSent[h] = 0;
                hostOutVc[h] = -1;
                srcHead[h] = (srcHead[h] + 1) & (srcQueue[h].length - 1);
                if (--srcCount[h] == 0) {
                    queued[k >>> 6] &= ~(1L << k);
                }
            }
        }

        /** A packet of one flit: it never holds its VC, so nothing of it is kept between cycles. */
        private void sendOneFlitPacket(int h, int k, int p, int out) {
            if (cycle < pktBorn[p] + par.routerDelay()) {
                return;
            }
            if (deadLinks > 0 && dead[out]) {
                deadLinkWaits++;
                return;
            }
            int vc = freeVc(out, h % vcs);
            if (vc < 0) {
                portCounters[out * PC + XMIT_WAIT]++;
                return;
            }
            flitDelta++;
            send(out, vc, p, true);
            srcHead[h] = (srcHead[h] + 1) & (srcQueue[h].length - 1);
            if (--srcCount[h] == 0) {
                queued[k >>> 6] &= ~(1L << k);
            }
        }

        private void send(int out, int vc, int p, boolean tail) {
            credits[out * vcs + vc]--;
            int l = out * LINK;
            int at = link[l + SENDS_TO] + chanDue;
            chanTo[at * chanCap + chanToCount[at]++] = flit(link[l + PEER], vc, tail, p);
            moved = true;
            xmit[2 * out]++;
            if (tail && !singleFlit) { // one-flit packets: as many packets as flits (see sentPackets)
                xmit[2 * out + 1]++;
            }
        }

        /**
         * Separable input-first allocation at one switch: each input offers one VC, each output takes
         * one input. Inputs are looked at in ascending order and each offer goes straight to its
         * output's arbiter, which keeps the input nearest after its round-robin pointer (or the
         * oldest packet): the same choice as collecting every offer first.
         */
        private void allocate(int node) {
            int first = net.portBase()[node];
            int radix = net.portBase()[node + 1] - first;
            int sw = switchOf[node];
            int outputs = 0;
            int mb = maskBase[node];
            int me = maskBase[node + 1];
            long vcBits = vcs == 64 ? -1L : (1L << vcs) - 1;
            for (int w = mb; w < me; w++) {
                long m = inMask[w];
                while (m != 0) { // only inputs that hold flits
                    int i = ((w - mb) << 6) + Long.numberOfTrailingZeros(m);
                    m &= m - 1;
                    int in = first + i;
                    int r = inRr[in];
                    long vm = vcMask[in];
                    long order = (r == 0 ? vm : (vm >>> r) | (vm << (vcs - r))) & vcBits; // bit k: VC (r + k) mod vcs
                    int reqOut = -1;
                    int reqVcs = 0; // input VC << 8 | output VC
                    long reqAge = Long.MAX_VALUE;
                    while (order != 0) { // only VCs that hold flits, round robin from inRr
                        int v = r + Long.numberOfTrailingZeros(order);
                        order &= order - 1;
                        v -= vcs - 1 - v >> 31 & vcs; // mod vcs, branch-free
                        int ivi = in * vcs + v;
                        int s = ivi * IVS;
                        int p = ivs[s + FRONT];
                        int sent = singleFlit ? 0 : ivPacket[2 * ivi];
                        int route = ivs[s + ROUTE];
                        if (sent == 0) {
                            if (route == -1) { // head: route by the table the board holds
                                route = route(sw, first, radix, p);
                            }
                            if (deadLinks > 0 && route >= 0 && dead[route]) {
                                // the link is down: a switch discards what it would send there (InfiniBand: PortXmitDiscards).
                                // A cut lands between packets: one already crossing finishes, so that no half packet is
                                // left to block the far side, and a repaired link carries on from a consistent state.
                                portCounters[route * PC + XMIT_DISCARDS]++;
                                linkDownDiscards++;
                                unroutable++;
                                route = -2;
                            } else if (route == -2) {
                                portCounters[in * PC + RELAY_DROPS]++;
                                unroutable++;
                                route = -3; // counted: the flits follow
                            }
                            ivs[s + ROUTE] = route;
                        }
                        if (route <= -2) {
                            discard(in, v, p);
                            break; // the input's turn this cycle
                        }
                        int ovc;
                        if (sent == 0) {
                            ovc = freeVc(route, v);
                            if (ovc < 0) {
                                portCounters[route * PC + XMIT_WAIT]++;
                                continue;
                            }
                        } else {
                            ovc = ivPacket[2 * ivi + 1];
                            if ((credits[route * vcs + ovc] & ~BUSY) == 0) {
                                portCounters[route * PC + XMIT_WAIT]++;
                                continue;
                            }
                        }
                        if (!ageArbitration) { // round robin takes the first offer
                            reqOut = route;
                            reqVcs = v << 8 | ovc;
                            break;
                        }
                        long born = pktBorn[p]; // age arbitration looks at every VC and keeps the oldest
                        if (born < reqAge) {
                            reqOut = route;
                            reqVcs = v << 8 | ovc;
                            reqAge = born;
                        }
                    }
                    if (reqOut < 0) {
                        continue;
                    }
                    int o = reqOut - first;
                    int dist = i - outRr[reqOut];
                    dist += dist >> 31 & radix; // branch-free: which input is nearer is a coin toss
                    // the offer as one key, nearest input first: an output keeps the least (no branch)
                    long key = (long) dist << 40 | (long) i << 16 | reqVcs;
                    long held = best[o];
                    requested[outputs] = o;
                    outputs += held == Long.MAX_VALUE ? 1 : 0;
                    if (!ageArbitration) {
                        best[o] = Math.min(held, key);
                    } else if (held == Long.MAX_VALUE || reqAge < bestAge[o] || (reqAge == bestAge[o] && key < held)) {
                        best[o] = key;
                        bestAge[o] = reqAge;
                    }
                }
            }
            for (int k = 0; k < outputs; k++) {
                int o = requested[k];
                long key = best[o];
                best[o] = Long.MAX_VALUE;
                int i = (int) (key >>> 16) & 0xFFFFFF;
                int out = first + o;
                int v = (int) key >>> 8 & 0xFF;
                grant(first + i, v, out, (int) key & 0xFF);
                outRr[out] = i + 1 == radix ? 0 : i + 1;
                inRr[first + i] = v + 1 == vcs ? 0 : v + 1;
            }
        }

        /**
         * The output port the table of switch {@code sw} (ports from {@code first}) holds for packet
         * {@code p}'s address, -2 for none; a routed packet has made one more hop.
         */
        private int route(int sw, int first, int radix, int p) {
            byte[] table = lft[sw];
            int dst = pktDst[p];
            int phys = table == null || dst >= table.length ? 0 : table[dst] & 0xFF;
            int local = portMap == null ? phys - 1 : phys < portMap[sw].length ? portMap[sw][phys] : -1;
            if (phys == 0 || local < 0 || local >= radix) {
                return -2;
            }
            int out = first + local;
            if ((randomUp || sourceUp != null) && net.level()[out] > switchDownLevel[sw]) {
                int ups = upBase[sw + 1] - upBase[sw];
                out = upPorts[upBase[sw] + (randomUp ? randomUp(sw, ups) : (sourceUp[switchDownLevel[sw]][pktSrc[p]] & 0xFF) % ups)];
            }
            if (++pktHops[p] == maxHops + 1) {
                loops++;
            }
            return out;
        }

        /** Takes the head flit out of input VC {@code v} of port {@code in}, keeping the occupancy masks. */
        private void pop(int in, int v, int iv) {
            if (--ivs[iv * IVS + COUNT] > 0) {
                int head = ivs[iv * IVS + HEAD];
                ivs[iv * IVS + FRONT] = buf[iv * depth + head];
                ivs[iv * IVS + HEAD] = head + 1 == depth ? 0 : head + 1;
            } else if ((vcMask[in] &= ~(1L << v)) == 0) {
                inMask[maskPos[in] >>> 6] &= ~(1L << maskPos[in]);
            }
        }

        /** A flit of a packet its switch has no route for: dropped, its credit returned (InfiniBand: a switch relay error). */
        private void discard(int in, int v, int p) {
            int iv = in * vcs + v;
            pop(in, v, iv);
            returnCredit(in, v);
            flitDelta--;
            moved = true;
            if (++ivPacket[2 * iv] == par.packetFlits()) {
                ivPacket[2 * iv] = 0;
                ivs[iv * IVS + ROUTE] = -1;
                if (pktMeasured[p]) {
                    measuredDelta--;
                }
                free(p);
            }
        }

        private void grant(int in, int v, int out, int ovc) {
            int iv = in * vcs + v;
            int p = ivs[iv * IVS + FRONT];
            if (singleFlit) { // head and tail at once: the output VC is never held, and the VC's next flit is a head
                pop(in, v, iv);
                returnCredit(in, v);
                send(out, ovc, p, true);
                ivs[iv * IVS + ROUTE] = -1;
            } else {
                grantPacketFlit(in, v, iv, p, out, ovc);
            }
        }

        /** A flit of a packet of several: the head holds the output VC until the tail has left. */
        private void grantPacketFlit(int in, int v, int iv, int p, int out, int ovc) {
            if (ivPacket[2 * iv] == 0) {
                credits[out * vcs + ovc] |= BUSY;
                ivPacket[2 * iv + 1] = ovc;
            }
            pop(in, v, iv);
            returnCredit(in, v);
            send(out, ovc, p, ivPacket[2 * iv] + 1 == par.packetFlits());
            if (++ivPacket[2 * iv] == par.packetFlits()) {
                credits[out * vcs + ovc] &= ~BUSY;
                ivPacket[2 * iv] = 0;
                ivs[iv * IVS + ROUTE] = -1;
                ivPacket[2 * iv + 1] = -1;
            }
        }

    }

    // ---- runs -----------------------------------------------------------------------------------

    /** What a run measured. */
    public record Result(double offered, double accepted, double minFlowAccepted, double meanLatency, long p99Latency,
                         long measuredPackets, long undelivered, long misdelivered, long loops, long unroutable,
                         long deadLinkWaits, boolean deadlock, long cycles, double[] utilisationByLevel, long transmitWait,
                         long[] latencyHistogram) {
    }

    /**
     * Warm-up, a measured sample (packets created in it are followed to their ejection), then a
     * drain of at most {@code drainLimit} cycles; a network where nothing moves for
     * {@code stallCycles} while flits are in it is reported as deadlocked, never waited on.
     */
    public Result run(double load, Traffic traffic, long warmup, long sample, long drainLimit, long stallCycles) {
        for (Lane lane : lanes) {
            lane.ejectedInWindow = 0;
            Arrays.fill(lane.ejectedBySource, 0);
            Arrays.fill(lane.latencyHistogram, 0);
            lane.latencySum = 0;
            lane.latencyCount = 0;
        }
        Arrays.fill(sending, false);
        Arrays.fill(linkFlits, 0);
        long waitBefore = totalTransmitWait();
        measuring = true;
        windowStart = cycle + warmup;
        windowEnd = windowStart + sample;
        boolean deadlock = false;
        long start = cycle;
        boolean sampled = false;
        while (cycle < windowEnd) {
            if (cycle == windowStart) { // flits sent per link in the sample: the difference of two readings
                addXmitFlits(-1);
                sampled = true;
            }
            step(load, traffic);
            if (stalled(stallCycles)) {
                deadlock = true;
                break;
            }
        }
        if (sampled) {
            addXmitFlits(1);
        }
        long drainEnd = cycle + drainLimit;
        while (!deadlock && measuredOut > 0 && cycle < drainEnd) {
            step(load, traffic);
            if (stalled(stallCycles)) {
                deadlock = true;
            }
        }
        measuring = false;
        long ejectedInWindow = 0;
        long latencySum = 0;
        long latencyCount = 0;
        long[] latencyHistogram = new long[lanes[0].latencyHistogram.length];
        long[] ejectedBySource = new long[net.hosts()];
        for (Lane lane : lanes) {
            ejectedInWindow += lane.ejectedInWindow;
            latencySum += lane.latencySum;
            latencyCount += lane.latencyCount;
            for (int i = 0; i < latencyHistogram.length; i++) {
                latencyHistogram[i] += lane.latencyHistogram[i];
            }
            for (int h = 0; h < ejectedBySource.length; h++) {
                ejectedBySource[h] += lane.ejectedBySource[h];
            }
        }
        double accepted = (double) ejectedInWindow / ((double) net.hosts() * sample);
        long min = Long.MAX_VALUE;
        for (int h = 0; h < net.hosts(); h++) {
            if (sending[h]) {
                min = Math.min(min, ejectedBySource[h]);
            }
        }
        if (min == Long.MAX_VALUE) {
            min = 0;
        }
        int maxLevel = 0;
        for (int l : net.level()) {
            maxLevel = Math.max(maxLevel, l);
        }
        double[] util = new double[maxLevel];
        int[] linksAt = new int[maxLevel];
        long wait = totalTransmitWait() - waitBefore;
        for (int g = 0; g < ports; g++) {
            int l = net.level()[g] - 1;
            util[l] += (double) linkFlits[g] / sample;
            linksAt[l]++;
        }
        for (int l = 0; l < maxLevel; l++) {
            util[l] = linksAt[l] == 0 ? 0 : util[l] / linksAt[l];
        }
        long p99 = 0;
        long seen = 0;
        for (int i = 0; i < latencyHistogram.length; i++) {
            seen += latencyHistogram[i];
            if (seen * 100 >= latencyCount * 99 && latencyCount > 0) {
                p99 = i;
                break;
            }
        }
        return new Result(load, accepted, (double) min / sample, latencyCount == 0 ? Double.NaN : (double) latencySum / latencyCount,
                p99, latencyCount + measuredOut, measuredOut, sum(l -> l.misdelivered), sum(l -> l.loops), sum(l -> l.unroutable),
                sum(l -> l.deadLinkWaits), deadlock, cycle - start, util, wait, latencyHistogram);
    }

    private long sum(java.util.function.ToLongFunction<Lane> counter) {
        long s = 0;
        for (Lane lane : lanes) {
            s += counter.applyAsLong(lane);
        }
        return s;
    }

    private void addXmitFlits(int sign) {
        for (int g = 0; g < ports; g++) {
            linkFlits[g] += sign * xmit[2 * g];
        }
    }

    private long totalTransmitWait() {
        long wait = 0;
        for (int g = 0; g < ports; g++) {
            wait += portCounters[g * PC + XMIT_WAIT];
        }
        return wait;
    }

    /** The current cycle is in the measured sample. */
    private boolean inWindow() {
        return measuring && cycle >= windowStart && cycle < windowEnd;
    }

    private boolean stalled(long stallCycles) {
        return flitsInNetwork > 0 && cycle - lastMove > stallCycles;
    }

    public long cycle() {
        return cycle;
    }

    /** Flits injected into the network and not yet ejected. */
    public long flitsInNetwork() {
        return flitsInNetwork;
    }

    // ---- what boards report (since the model started) ---------------------------------------------

    /** Per-port counter names, in the order {@link #readPort} writes them (InfiniBand PortCounters where one exists). */
    public static final java.util.List<String> PORT_COUNTERS = org.oft.hal.wire.Protocol.PORT_COUNTERS;

    /**
     * Counters of global port {@code g}: flits sent and received, packets sent and received, cycles
     * a flit waited for a credit or a free VC, packets dropped for want of a route, packets this
     * port handed to a host they were not for, packets discarded because its link is down. A switch
     * port counts a flit received when it enters arbitration, routerDelay cycles after it arrived.
     */
    public void readPort(int g, long[] into) {
        System.arraycopy(portCounters, g * PC, into, 0, PC);
        into[XMIT_FLITS] = xmit[2 * g];
        into[XMIT_PKTS] = sentPackets(g);
        // received = what the far end sent, less what is still on the link (one line per hop saved)
        if (underWayAt != cycle) {
            countUnderWay();
        }
        int from = net.peer()[g];
        into[RCV_FLITS] = xmit[2 * from] - underWay[2 * g];
        into[RCV_PKTS] = sentPackets(from) - underWay[2 * g + 1];
    }

    private long sentPackets(int g) {
        return singleFlit ? xmit[2 * g] : xmit[2 * g + 1];
    }

    /** Flits and tails on their way to each port now, from the lanes' pending lists. */
    private void countUnderWay() {
        if (underWay == null) {
            underWay = new int[2 * ports];
        }
        Arrays.fill(underWay, 0);
        for (Lane w : lanes) {
            for (int at = 0; at < w.chanToCount.length; at++) {
                for (int k = 0, base = at * chanCap; k < w.chanToCount[at]; k++) {
                    long f = w.chanTo[base + k];
                    int in = flitPort(f);
                    underWay[2 * in]++;
                    if (flitTail(f)) {
                        underWay[2 * in + 1]++;
                    }
                }
            }
        }
        underWayAt = cycle;
    }

    /** Whether the link from global port {@code g} is up. */
    public boolean linkUp(int g) {
        return !dead[g];
    }

    /** Names of {@link #totals()}, in order. */
    public static final String[] TOTALS = {"cycle", "created", "delivered", "misdelivered", "loops", "dropped", "ejectedFlits",
        "latencySum", "flitsInNetwork", "transmitWait", "deadLinkWaits", "discarded"};

    /**
     * Fabric-wide counters since the model started, as {@link #TOTALS} names them; latencySum is over
     * delivered packets; dropped counts every packet a switch dropped, discarded those of them dropped
     * because a link was down.
     */
    public long[] totals() {
        return new long[] {cycle, created, sum(l -> l.delivered), sum(l -> l.misdelivered), sum(l -> l.loops), sum(l -> l.unroutable),
            sum(l -> l.ejectedFlits), sum(l -> l.latencySumAll), flitsInNetwork, totalTransmitWait(), sum(l -> l.deadLinkWaits),
            sum(l -> l.linkDownDiscards)};
    }

    public FlitNetwork network() {
        return net;
    }

    public int paths() {
        return paths;
    }
}
