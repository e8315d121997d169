package org.oft.sim.flit;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.oft.sim.flit.FlitWord.*;
import static org.oft.sim.flit.InputVcRecord.*;
import static org.oft.sim.flit.LinkRecord.*;
import static org.oft.sim.flit.PortCounterRecord.*;
import org.oft.hal.wire.Protocol;

/**
 * A cycle-accurate flit-level model of input-queued switches that forward only by the forwarding
 * tables their boards hold: virtual channels with credit-based flow control, wormhole or virtual
 * cut-through, hosts with unbounded source queues and Bernoulli injection. Each switch is BookSim2's
 * input-queued router, stage by stage (see {@link Lane}): route computation (lookahead: a head is
 * routed when it reaches the front of its VC), VC allocation and switch allocation, each a separable
 * input-first round-robin allocator of its own with speedup 1, holding the switch for the rest of
 * a packet, and switch traversal.
 *
 * <p>Timing, as BookSim2 counts it (see {@link FlitParameters}): a head in an input buffer at cycle A
 * is given an output VC at A, crosses the switch at A + 1 at the earliest, and is in the next buffer
 * at A + 3 + channelLatency; a body flit crosses in the cycle it is in the buffer. An unloaded packet
 * over s switches thus takes {@link FlitParameters#zeroLoadLatency} cycles.
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

    final FlitNetwork net;
    final FlitParameters par;
    final byte[][] lft;
    final int paths;
    final PathPolicy policy;
    final int ports;
    final int vcs;
    final int depth;
    final int maxHops;
    final int[] portNode;
    final int[] switchOf; // node -> switch index (-1 for hosts)
    final int[] switchOfPort; // per port: its node's switch index (-1 for hosts)
    final int[] firstOf; // per port: its node's first port
    final int[] radixOf; // per port: its node's port count
    final int radix; // the largest switch's
    final boolean singleFlit; // one-flit packets
    final int headCredits; // what a head needs downstream: the whole packet (cut-through), or one flit

    // input VCs (indexed port * vcs + vc, port = the receiving port)
    final int[] buf;
    // the state of each input VC, one InputVcRecord each
    final int[] ivs;
    final int[] inRr; // per input port: switch allocation's round-robin offset among its VCs
    final int[] swInPtr; // per input port: switch allocation's input arbiter, over the switch's outputs (local)
    final int[] vcOutPtr; // per output VC: VC allocation's output arbiter, over the switch's input VCs (local port · vcs + vc)
    // holding the switch for the rest of a packet: per input port the VC and output it holds (-1 none), per output the input
    final int[] holdVc;
    final int[] holdOut;
    final int[] holdIn;
    // per input port, the VCs each stage has work in (bit v): a front that is a head without an output
    // VC, or a flit of a packet being dropped (route computation and VC allocation); a front with an
    // output VC (switch allocation). A VC that holds flits is in exactly one
    final long[] vaMask;
    final long[] saMask;
    // per switch, words from maskBase: bit i set while local input i has a VC in vaMask, in saMask
    final long[] vaIn;
    final long[] saIn;
    final int[] maskBase;
    final int[] maskPos; // per port: its bit in vaIn and saIn, as word * 64 + bit
    // output VCs (indexed port * vcs + vc, port = the sending port)
    final int[] credits; // per output VC: credits, with BUSY set while a packet holds it
    final long[] outBusy; // per output port: the BUSY marks of its VCs' credits as one mask (bit v), so VC allocation reads one word
    final int[] outRr; // per output port: switch allocation's output arbiter, over the switch's inputs (local)
    final boolean[] dead;
    int deadLinks; // links with dead set at both ends: none, and a route's port is not looked up
    // credits and flits under way, as per-slot event lists: a cycle touches only what arrives in it
    final int creditSlots;
    // a flit under way is one word in its receiving lane's list: see FlitWord
    final int chanSlots;
    final byte[] toHost; // per port: 1 if its link ends at a host
    // the lanes a cycle runs in (one per thread), and which lane owns each port
    Lane[] lanes;
    // per port, what a hop through it reads, one LinkRecord each
    int[] link;
    // per cycle a port receives at most one flit, and one credit (for the input it feeds, or a host's
    // ejection): the most ports a lane has bounds a slot's lists
    int chanCap;
    int creditCap;
    LaneThreads threads;
    final long[] upRng; // per switch: random up-port state (SplitMix64), so that no lane shares a generator
    // hosts
    int[][] srcQueue;
    final int[] srcHead;
    final int[] srcCount;
    final int[] hostSent;
    final int[] hostOutVc;
    final int[] hostLastVc; // the VC its last packet took: the next head looks from the one after
    final int[] rrPath;
    // packets
    int[] pktDst;
    int[] pktSrc;
    long[] pktBorn;
    int[] pktEjected;
    int[] pktHops;
    boolean[] pktMeasured;
    // free packet ids: each lane takes from and frees into its own pool; between cycles the pools are
    // topped up from the spare ids (the packet arrays grow only then, when no lane reads them)
    int[] spare = new int[0];
    int spareCount;
    final SplittableRandom[] hostRnd; // per host: injection, destinations and random paths, so that lanes inject side by side
    int[] laneOfHost;
    int[] hostIndex; // per host: where it is in its lane's hosts
    // this cycle's injection, read by the lanes
    double injectPerPacket;
    // the same Bernoulli trial in integers: nextDouble() is (nextLong() >>> 11) · 2^-53, exactly, so
    // it is below p exactly when nextLong() >>> 11 is below ⌈p · 2^53⌉
    long injectBelow;
    Traffic injectTraffic;

    long cycle;
    int creditNow;
    // the slot a credit sent now lands in, by toHost of the port it is for: a switch takes it after
    // credit_delay, a host as it comes
    final int[] creditDueTo = new int[2];
    int chanNow; // the slot whose flits are in their input buffers (or at their hosts) now
    // the slot a flit sent now lands in: from a switch, crossbar + link + buffer write; from a host, link + buffer write
    int chanDue;
    int chanDueHost;
    long lastMove;
    long flitsInNetwork;
    // statistics of the current measurement
    boolean measuring;
    long windowStart;
    long windowEnd = Long.MAX_VALUE;
    long measuredOut;
    final boolean[] sending; // sources that created packets in the window: the flows
    final long[] linkFlits; // flits sent in the measured sample, per port
    // since the model started (never reset): what boards report (the rest is counted by the lanes)
    long created;
    // per port, one PortCounterRecord each (one cache line)
    final long[] portCounters; // XMIT_FLITS, XMIT_PKTS, RCV_FLITS and RCV_PKTS are left 0: see xmit, and readPort
    final long[] xmit; // per port, flits then packets sent (see sentPackets): counted every hop, so dense (16 bytes a port, not a line)
    int[] underWay; // per port, flits then tails under way to it at cycle underWayAt
    long underWayAt = -1;
    // random up-port mode: per switch, its up-ports (global ids)
    boolean randomUp;
    boolean ageArbitration;
    int[][] portMap; // per switch: the port (0-based) behind each physical port number; null: physical p = port p - 1
    byte[][] sourceUp; // [switch level][source]: up-port offset, when the way up is keyed by source
    // this cycle: every switch has a table, entry e is port e - 1 and the table alone chooses (Lane.route's short way)
    boolean directTables;
    private final boolean everyTable;
    final int[] upBase;
    final int[] upPorts;
    final int[] switchDownLevel;

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
        boolean every = true;
        for (byte[] t : lft) {
            every &= t != null;
        }
        this.everyTable = every;
        int maxLevel = 0;
        for (int l : net.level()) {
            maxLevel = Math.max(maxLevel, l);
        }
        this.maxHops = 2 * maxLevel;
        this.portNode = new int[ports];
        this.switchOf = new int[nodes];
        this.switchOfPort = new int[ports];
        this.firstOf = new int[ports];
        this.radixOf = new int[ports];
        int radix = 1;
        for (int n = 0; n < nodes; n++) {
            switchOf[n] = n < net.hosts() ? -1 : n - net.hosts();
            radix = Math.max(radix, net.portBase()[n + 1] - net.portBase()[n]);
            for (int g = net.portBase()[n]; g < net.portBase()[n + 1]; g++) {
                portNode[g] = n;
                switchOfPort[g] = switchOf[n];
                firstOf[g] = net.portBase()[n];
                radixOf[g] = net.portBase()[n + 1] - net.portBase()[n];
            }
        }
        this.toHost = new byte[ports];
        for (int g = 0; g < ports; g++) {
            toHost[g] = (byte) (portNode[net.peer()[g]] < net.hosts() ? 1 : 0);
        }
        int iv = ports * vcs;
        this.buf = new int[iv * depth];
        this.ivs = new int[iv * IVS];
        for (int k = 0; k < iv; k++) {
            ivs[k * IVS + ROUTE] = -1;
            ivs[k * IVS + OUT_VC] = -1;
        }
        this.inRr = new int[ports];
        this.swInPtr = new int[ports];
        this.vcOutPtr = new int[iv];
        this.holdVc = new int[ports];
        this.holdOut = new int[ports];
        this.holdIn = new int[ports];
        Arrays.fill(holdVc, -1);
        Arrays.fill(holdOut, -1);
        Arrays.fill(holdIn, -1);
        if (vcs > 64) {
            throw new IllegalArgumentException("at most 64 VCs");
        }
        this.vaMask = new long[ports];
        this.saMask = new long[ports];
        this.maskBase = new int[nodes + 1];
        for (int n = 0; n < nodes; n++) {
            int r = net.portBase()[n + 1] - net.portBase()[n];
            maskBase[n + 1] = maskBase[n] + (r + 63) / 64;
        }
        this.vaIn = new long[maskBase[nodes]];
        this.saIn = new long[maskBase[nodes]];
        this.maskPos = new int[ports];
        for (int g = 0; g < ports; g++) {
            maskPos[g] = maskBase[portNode[g]] * 64 + g - net.portBase()[portNode[g]];
        }
        this.credits = new int[iv];
        Arrays.fill(credits, depth);
        this.outBusy = new long[ports];
        this.outRr = new int[ports];
        this.dead = new boolean[ports];
        this.creditSlots = par.channelLatency() + 2 + par.creditDelay();
        this.chanSlots = par.channelLatency() + 3;
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
        this.hostLastVc = new int[hosts];
        Arrays.fill(hostLastVc, -1);
        this.rrPath = new int[hosts];
        this.sending = new boolean[hosts];
        this.linkFlits = new long[ports];
        this.portCounters = new long[ports * PC];
        this.xmit = new long[2 * ports];
        int switches = nodes - net.hosts();
        UpPorts up = UpPorts.of(net);
        this.upBase = up.base();
        this.upPorts = up.ports();
        this.switchDownLevel = up.downLevel();
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
     * Runs each cycle on {@code n} threads (the caller's and n − 1 more), each over its part of the
     * fabric; the results are the same for any n. Only between cycles, and only before the model
     * holds flits.
     */
    public void setThreads(int n) {
        if (n < 1 || n > 256) {
            throw new IllegalArgumentException("threads must be 1..256, got " + n);
        }
        if (flitsInNetwork != 0 || created != 0) {
            throw new IllegalStateException("threads are set before the first packet");
        }
        int wanted = Math.min(n, net.nodes() - net.hosts());
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

    void runLane(int l) {
        lanes[l].run();
    }

    /** The next random up-port offset (below {@code ups}) at switch {@code sw}. */
    int randomUp(int sw, int ups) {
        long z = upRng[sw] += 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return (int) (((z >>> 32) * ups) >>> 32);
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
    void growPackets(int size) {
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
    void fillPools() {
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
    void absorb(Lane lane) {
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
    void enqueue(int src, int dst, int p) {
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
        int back = par.channelLatency() + 1; // a credit's way back over the link
        creditDueTo[0] = (creditNow + back + par.creditDelay()) % creditSlots;
        creditDueTo[1] = (creditNow + back) % creditSlots;
        chanNow = (int) (cycle % chanSlots);
        chanDue = (chanNow + par.channelLatency() + 2) % chanSlots;
        chanDueHost = (chanNow + par.channelLatency() + 1) % chanSlots;
        injectPerPacket = flitsPerNodePerCycle > 0 ? flitsPerNodePerCycle / par.packetFlits() : 0;
        injectBelow = (long) Math.ceil(Math.min(injectPerPacket, 2.0) * 0x1p53);
        injectTraffic = traffic;
        directTables = everyTable && portMap == null && !randomUp && sourceUp == null;
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


    // ---- runs -----------------------------------------------------------------------------------

    /** Cuts the fabric into {@code n} lanes (see {@link LanePartition}). */
    void partition(int n) {
        LanePartition.cut(this, n);
    }

    /**
     * What a run measured. {@code load} is what each host was asked to inject (flits per cycle);
     * {@code offered} and {@code accepted} are the flits per host per cycle created and ejected in the
     * measured sample, both over all hosts, so that hosts a pattern leaves silent (sending to
     * themselves) weigh on neither.
     */
    public record Result(double load, double offered, double accepted, double minFlowAccepted, double meanLatency, long p99Latency,
                         long measuredPackets, long undelivered, long misdelivered, long loops, long unroutable,
                         long deadLinkWaits, boolean deadlock, long cycles, double[] utilisationByLevel, long transmitWait,
                         long[] latencyHistogram, FlitIntervals intervals) {
    }

    /**
     * Warm-up, a measured sample (packets created in it are followed to their ejection), then a
     * drain of at most {@code drainLimit} cycles; a network where nothing moves for
     * {@code stallCycles} while flits are in it is reported as deadlocked, never waited on
     * (see {@link FlitRun}).
     */
    public Result run(double load, Traffic traffic, long warmup, long sample, long drainLimit, long stallCycles) {
        return FlitRun.run(this, load, traffic, warmup, sample, drainLimit, stallCycles);
    }


    long sum(java.util.function.ToLongFunction<Lane> counter) {
        long s = 0;
        for (Lane lane : lanes) {
            s += counter.applyAsLong(lane);
        }
        return s;
    }

    void addXmitFlits(int sign) {
        for (int g = 0; g < ports; g++) {
            linkFlits[g] += sign * xmit[2 * g];
        }
    }

    long totalTransmitWait() {
        long wait = 0;
        for (int g = 0; g < ports; g++) {
            wait += portCounters[g * PC + XMIT_WAIT];
        }
        return wait;
    }

    /** The current cycle is in the measured sample. */
    boolean inWindow() {
        return measuring && cycle >= windowStart && cycle < windowEnd;
    }

    boolean stalled(long stallCycles) {
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
    public static final java.util.List<String> PORT_COUNTERS = Protocol.PORT_COUNTERS;

    /**
     * Counters of global port {@code g}: flits sent and received, packets sent and received, cycles
     * a flit waited for a credit or a free VC, packets dropped for want of a route, packets this
     * port handed to a host they were not for, packets discarded because its link is down. A switch
     * port counts a flit received when it is in its input buffer.
     */
    public void readPort(int g, long[] into) {
        BoardCounters.readPort(this, g, into);
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
        return BoardCounters.totals(this);
    }

    public FlitNetwork network() {
        return net;
    }

    public int paths() {
        return paths;
    }
}
