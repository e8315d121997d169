package org.oft.sim.flit;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.oft.sim.flit.FlitWord.*;
import static org.oft.sim.flit.InputVcRecord.*;
import static org.oft.sim.flit.LinkRecord.*;
import static org.oft.sim.flit.PortCounterRecord.*;

/**
 * The switches and hosts one thread runs each cycle, with its own scratch, counters and outgoing
 * event lists. A lane writes only the state of its own ports and hosts, the packets it creates
 * or moves, and what it hands to other lanes for a later cycle, so lanes run a cycle side by
 * side and the result does not depend on how many there are.
 */
final class Lane {
    final FlitSimulator sim;
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

    Lane(FlitSimulator sim, int id, int[] hosts, int[] switches, int lanes) {
        this.sim = sim;
        this.id = id;
        this.hosts = hosts;
        this.rnd = new SplittableRandom[hosts.length];
        for (int k = 0; k < hosts.length; k++) {
            rnd[k] = sim.hostRnd[hosts[k]];
        }
        this.queued = new long[(hosts.length + 63) / 64];
        this.fresh = new long[queued.length];
        for (int k = 0; k < hosts.length; k++) {
            sim.hostIndex[hosts[k]] = k;
        }
        this.switches = switches;
        this.best = new long[sim.radix];
        this.bestAge = new long[sim.radix];
        this.requested = new int[sim.radix];
        Arrays.fill(best, Long.MAX_VALUE);
        this.chanTo = new long[lanes * 2 * sim.chanSlots * sim.chanCap];
        this.chanToCount = new int[lanes * 2 * sim.chanSlots];
        this.creditTo = new int[lanes * sim.creditSlots * sim.creditCap];
        this.creditToCount = new int[lanes * sim.creditSlots];
        this.ejectedBySource = new long[sim.net.hosts()];
    }

    /**
     * One cycle of this lane, in BookSim's router stages: credits and flits that arrive are queued
     * ({@link #receiveCredits}, {@link #inputQueuing}); its hosts inject and send; then at each switch
     * holding flits, route computation, VC allocation and switch allocation ({@link #routeAndAllocate},
     * one combined step, input first), and the winners cross the switch and the link
     * ({@link #traverseSwitch}, {@link #sendFlit}).
     */
    void run() {
        for (int w = 0; w < queued.length; w++) {
            queued[w] |= fresh[w];
            fresh[w] = 0;
        }
        inject();
        receiveCredits();
        inputQueuing();
        for (int w = 0; w < queued.length; w++) {
            long m = queued[w];
            while (m != 0) { // only hosts with a packet to send
                int k = (w << 6) + Long.numberOfTrailingZeros(m);
                m &= m - 1;
                sendFromHost(hosts[k], k);
            }
        }
        for (int n : switches) {
            for (int w = sim.maskBase[n]; w < sim.maskBase[n + 1]; w++) {
                if (sim.inMask[w] != 0) {
                    routeAndAllocate(n);
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
        if (sim.injectPerPacket <= 0) {
            return;
        }
        long below = sim.injectBelow;
        FlitSimulator.Traffic traffic = sim.injectTraffic;
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
                int d = traffic.destination(h, sim.hostRnd[h]);
                if (d >= 0 && d != h) {
                    enqueue(h, d);
                }
            }
        }
    }

    void enqueue(int src, int dst) {
        int k = sim.hostIndex[src];
        fresh[k >>> 6] |= 1L << k;
        int p = pool[--poolCount]; // fillPools keeps one per host and cycle
        createdDelta++;
        if (sim.inWindow()) {
            measuredDelta++;
        }
        sim.enqueue(src, dst, p);
    }

    /** Credits that other lanes (or this one) sent for this cycle: their output VCs get a slot back. */
    private void receiveCredits() {
        int at = id * sim.creditSlots + sim.creditNow;
        int base = at * sim.creditCap;
        for (Lane w : sim.lanes) {
            int[] list = w.creditTo;
            int count = w.creditToCount[at];
            for (int k = 0; k < count; k++) {
                sim.credits[list[base + k]]++;
            }
            w.creditToCount[at] = 0;
        }
    }

    /** The credit for a flit that left input VC {@code vc} of port {@code in}: to the port upstream. */
    private void sendCredit(int in, int vc) {
        int i = sim.link[in * LINK + PEER_VCS] + vc;
        int at = sim.link[in * LINK + CREDITS_TO] + sim.creditDue;
        creditTo[at * sim.creditCap + creditToCount[at]++] = i;
    }

    /** Input queuing: the flits due now are written into their input VCs (or ejected at a host). */
    private void inputQueuing() {
        for (Lane w : sim.lanes) {
            inputQueuing(w.chanTo, w.chanToCount);
        }
    }

    private void inputQueuing(long[] list, int[] counts) {
        int list0 = id * 2 * sim.chanSlots + sim.chanNow; // to switches
        int count = counts[list0];
        counts[list0] = 0;
        int listBase = list0 * sim.chanCap;
        for (int k = 0; k < count; k++) {
            long f = list[listBase + k];
            int p = (int) f;
            int vc = flitVc(f);
            int in = flitPort(f);
            int iv = in * sim.vcs + vc;
            int c = sim.ivs[iv * IVS + COUNT]++;
            if (c > 0) {
                int at = sim.ivs[iv * IVS + HEAD] + c - 1;
                sim.buf[iv * sim.depth + (at >= sim.depth ? at - sim.depth : at)] = p;
            } else {
                sim.ivs[iv * IVS + FRONT] = p;
                sim.inMask[sim.maskPos[in] >>> 6] |= 1L << sim.maskPos[in]; // set already if another VC holds a flit; shifts are mod 64
                sim.vcMask[in] |= 1L << vc;
            }
        }
        int hostList = id * 2 * sim.chanSlots + sim.chanSlots + sim.chanHostNow; // to hosts
        count = counts[hostList];
        counts[hostList] = 0;
        listBase = hostList * sim.chanCap;
        for (int k = 0; k < count; k++) {
            long f = list[listBase + k];
            int in = flitPort(f);
            eject(sim.portNode[in], (int) f, sim.link[in * LINK + PEER]);
            sendCredit(in, flitVc(f)); // the host takes the flit at once
        }
    }

    private void eject(int host, int p, int from) {
        flitDelta--;
        ejectedFlits++;
        moved = true;
        if (sim.inWindow()) {
            ejectedInWindow++;
            ejectedBySource[sim.pktSrc[p]]++;
        }
        if (!sim.singleFlit && ++sim.pktEjected[p] < sim.par.packetFlits()) { // one flit: head and tail
            return;
        }
        if ((sim.paths == 1 ? sim.pktDst[p] : sim.pktDst[p] / sim.paths) != host) {
            misdelivered++;
            sim.portCounters[from * PC + MISDELIVERED]++;
        } else {
            delivered++;
            latencySumAll += sim.cycle - sim.pktBorn[p];
        }
        if (sim.pktMeasured[p]) {
            long lat = sim.cycle - sim.pktBorn[p];
            latencySum += lat;
            latencyCount++;
            latencyHistogram[(int) Math.min(latencyHistogram.length - 1, lat)]++;
            measuredDelta--;
        }
        free(p);
    }

    /** VC allocation: a free VC on output {@code out}, looking from VC {@code start} (below vcs) on, with room for what must fit, or -1. */
    private int allocateVc(int out, int start) {
        int need = sim.headCredits;
        for (int k = 0; k < sim.vcs; k++) {
            int v = start + k;
            if (v >= sim.vcs) {
                v -= sim.vcs;
            }
            int i = out * sim.vcs + v;
            if (sim.credits[i] >= need) { // a busy VC reads negative
                return v;
            }
        }
        return -1;
    }

    private void sendFromHost(int h, int k) {
        int p = sim.srcQueue[h][sim.srcHead[h]];
        int out = sim.net.portBase()[h];
        if (sim.singleFlit) {
            sendOneFlitPacket(h, k, p, out);
            return;
        }
        if (sim.hostSent[h] == 0 && sim.cycle < sim.pktBorn[p] + sim.par.routerDelay()) {
            return;
        }
        if (sim.dead[out] && sim.hostSent[h] == 0) { // a packet already on the cable finishes (the cut lands between packets)
            deadLinkWaits++;
            return;
        }
        int vc;
        if (sim.hostSent[h] == 0) {
            vc = allocateVc(out, h % sim.vcs);
            if (vc < 0) {
                sim.portCounters[out * PC + XMIT_WAIT]++;
                return;
            }
            sim.credits[out * sim.vcs + vc] |= BUSY;
            sim.hostOutVc[h] = vc;
            flitDelta += sim.par.packetFlits();
        } else {
            vc = sim.hostOutVc[h];
            if ((sim.credits[out * sim.vcs + vc] & ~BUSY) == 0) {
                sim.portCounters[out * PC + XMIT_WAIT]++;
                return;
            }
        }
        boolean tail = sim.hostSent[h] + 1 == sim.par.packetFlits();
        sendFlit(out, vc, p, tail);
        if (++sim.hostSent[h] == sim.par.packetFlits()) {
            sim.credits[out * sim.vcs + vc] &= ~BUSY;
            sim.hostSent[h] = 0;
            sim.hostOutVc[h] = -1;
            sim.srcHead[h] = (sim.srcHead[h] + 1) & (sim.srcQueue[h].length - 1);
            if (--sim.srcCount[h] == 0) {
                queued[k >>> 6] &= ~(1L << k);
            }
        }
    }

    /** A packet of one flit: it never holds its VC, so nothing of it is kept between cycles. */
    private void sendOneFlitPacket(int h, int k, int p, int out) {
        if (sim.cycle < sim.pktBorn[p] + sim.par.routerDelay()) {
            return;
        }
        if (sim.deadLinks > 0 && sim.dead[out]) {
            deadLinkWaits++;
            return;
        }
        int vc = allocateVc(out, h % sim.vcs);
        if (vc < 0) {
            sim.portCounters[out * PC + XMIT_WAIT]++;
            return;
        }
        flitDelta++;
        sendFlit(out, vc, p, true);
        sim.srcHead[h] = (sim.srcHead[h] + 1) & (sim.srcQueue[h].length - 1);
        if (--sim.srcCount[h] == 0) {
            queued[k >>> 6] &= ~(1L << k);
        }
    }

    /** Link traversal: the flit lands in the receiving lane's list for the cycle it arrives in. */
    private void sendFlit(int out, int vc, int p, boolean tail) {
        sim.credits[out * sim.vcs + vc]--;
        int l = out * LINK;
        int at = sim.link[l + SENDS_TO] + sim.chanDue;
        chanTo[at * sim.chanCap + chanToCount[at]++] = flit(sim.link[l + PEER], vc, tail, p);
        moved = true;
        sim.xmit[2 * out]++;
        if (tail && !sim.singleFlit) { // one-flit packets: as many packets as flits (see sentPackets)
            sim.xmit[2 * out + 1]++;
        }
    }

    /**
     * Route computation, VC allocation and switch allocation at one switch, in one combined step
     * (BookSim2 separates VC and switch allocation into stages of their own): separable input-first
     * allocation, where each input offers one VC, each output takes
     * one input. Inputs are looked at in ascending order and each offer goes straight to its
     * output's arbiter, which keeps the input nearest after its round-robin pointer (or the
     * oldest packet): the same choice as collecting every offer first.
     */
    private void routeAndAllocate(int node) {
        int first = sim.net.portBase()[node];
        int radix = sim.net.portBase()[node + 1] - first;
        int sw = sim.switchOf[node];
        int outputs = 0;
        int mb = sim.maskBase[node];
        int me = sim.maskBase[node + 1];
        long vcBits = sim.vcs == 64 ? -1L : (1L << sim.vcs) - 1;
        for (int w = mb; w < me; w++) {
            long m = sim.inMask[w];
            while (m != 0) { // only inputs that hold flits
                int i = ((w - mb) << 6) + Long.numberOfTrailingZeros(m);
                m &= m - 1;
                int in = first + i;
                int r = sim.inRr[in];
                long vm = sim.vcMask[in];
                long order = (r == 0 ? vm : (vm >>> r) | (vm << (sim.vcs - r))) & vcBits; // bit k: VC (r + k) mod vcs
                int reqOut = -1;
                int reqVcs = 0; // input VC << 8 | output VC
                long reqAge = Long.MAX_VALUE;
                while (order != 0) { // only VCs that hold flits, round robin from inRr
                    int v = r + Long.numberOfTrailingZeros(order);
                    order &= order - 1;
                    v -= sim.vcs - 1 - v >> 31 & sim.vcs; // mod vcs, branch-free
                    int ivi = in * sim.vcs + v;
                    int s = ivi * IVS;
                    int p = sim.ivs[s + FRONT];
                    int sent = sim.singleFlit ? 0 : sim.ivPacket[2 * ivi];
                    int route = sim.ivs[s + ROUTE];
                    if (sent == 0) {
                        if (route == -1) { // head: route by the table the board holds
                            route = route(sw, first, radix, p);
                        }
                        if (sim.deadLinks > 0 && route >= 0 && sim.dead[route]) {
                            // the link is down: a switch discards what it would send there (InfiniBand: PortXmitDiscards).
                            // A cut lands between packets: one already crossing finishes, so that no half packet is
                            // left to block the far side, and a repaired link carries on from a consistent state.
                            sim.portCounters[route * PC + XMIT_DISCARDS]++;
                            linkDownDiscards++;
                            unroutable++;
                            route = -2;
                        } else if (route == -2) {
                            sim.portCounters[in * PC + RELAY_DROPS]++;
                            unroutable++;
                            route = -3; // counted: the flits follow
                        }
                        sim.ivs[s + ROUTE] = route;
                    }
                    if (route <= -2) {
                        discard(in, v, p);
                        break; // the input's turn this cycle
                    }
                    int ovc;
                    if (sent == 0) {
                        ovc = allocateVc(route, v);
                        if (ovc < 0) {
                            sim.portCounters[route * PC + XMIT_WAIT]++;
                            continue;
                        }
                    } else {
                        ovc = sim.ivPacket[2 * ivi + 1];
                        if ((sim.credits[route * sim.vcs + ovc] & ~BUSY) == 0) {
                            sim.portCounters[route * PC + XMIT_WAIT]++;
                            continue;
                        }
                    }
                    if (!sim.ageArbitration) { // round robin takes the first offer
                        reqOut = route;
                        reqVcs = v << 8 | ovc;
                        break;
                    }
                    long born = sim.pktBorn[p]; // age arbitration looks at every VC and keeps the oldest
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
                int dist = i - sim.outRr[reqOut];
                dist += dist >> 31 & radix; // branch-free: which input is nearer is a coin toss
                // the offer as one key, nearest input first: an output keeps the least (no branch)
                long key = (long) dist << 40 | (long) i << 16 | reqVcs;
                long held = best[o];
                requested[outputs] = o;
                outputs += held == Long.MAX_VALUE ? 1 : 0;
                if (!sim.ageArbitration) {
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
            traverseSwitch(first + i, v, out, (int) key & 0xFF);
            sim.outRr[out] = i + 1 == radix ? 0 : i + 1;
            sim.inRr[first + i] = v + 1 == sim.vcs ? 0 : v + 1;
        }
    }

    /**
     * Route computation: the output port the table of switch {@code sw} (ports from {@code first}) holds for packet
     * {@code p}'s address, -2 for none; a routed packet has made one more hop.
     */
    private int route(int sw, int first, int radix, int p) {
        byte[] table = sim.lft[sw];
        int dst = sim.pktDst[p];
        int phys = table == null || dst >= table.length ? 0 : table[dst] & 0xFF;
        int local = sim.portMap == null ? phys - 1 : phys < sim.portMap[sw].length ? sim.portMap[sw][phys] : -1;
        if (phys == 0 || local < 0 || local >= radix) {
            return -2;
        }
        int out = first + local;
        if ((sim.randomUp || sim.sourceUp != null) && sim.net.level()[out] > sim.switchDownLevel[sw]) {
            int ups = sim.upBase[sw + 1] - sim.upBase[sw];
            out = sim.upPorts[sim.upBase[sw] + (sim.randomUp ? sim.randomUp(sw, ups) : (sim.sourceUp[sim.switchDownLevel[sw]][sim.pktSrc[p]] & 0xFF) % ups)];
        }
        if (++sim.pktHops[p] == sim.maxHops + 1) {
            loops++;
        }
        return out;
    }

    /** Takes the head flit out of input VC {@code v} of port {@code in}, keeping the occupancy masks. */
    private void pop(int in, int v, int iv) {
        if (--sim.ivs[iv * IVS + COUNT] > 0) {
            int head = sim.ivs[iv * IVS + HEAD];
            sim.ivs[iv * IVS + FRONT] = sim.buf[iv * sim.depth + head];
            sim.ivs[iv * IVS + HEAD] = head + 1 == sim.depth ? 0 : head + 1;
        } else if ((sim.vcMask[in] &= ~(1L << v)) == 0) {
            sim.inMask[sim.maskPos[in] >>> 6] &= ~(1L << sim.maskPos[in]);
        }
    }

    /** A flit of a packet its switch has no route for: dropped, its credit returned (InfiniBand: a switch relay error). */
    private void discard(int in, int v, int p) {
        int iv = in * sim.vcs + v;
        pop(in, v, iv);
        sendCredit(in, v);
        flitDelta--;
        moved = true;
        if (++sim.ivPacket[2 * iv] == sim.par.packetFlits()) {
            sim.ivPacket[2 * iv] = 0;
            sim.ivs[iv * IVS + ROUTE] = -1;
            if (sim.pktMeasured[p]) {
                measuredDelta--;
            }
            free(p);
        }
    }

    /** Switch traversal: the winning flit leaves its input VC, its credit goes upstream, and it is sent down the link. */
    private void traverseSwitch(int in, int v, int out, int ovc) {
        int iv = in * sim.vcs + v;
        int p = sim.ivs[iv * IVS + FRONT];
        if (sim.singleFlit) { // head and tail at once: the output VC is never held, and the VC's next flit is a head
            pop(in, v, iv);
            sendCredit(in, v);
            sendFlit(out, ovc, p, true);
            sim.ivs[iv * IVS + ROUTE] = -1;
        } else {
            traversePacketFlit(in, v, iv, p, out, ovc);
        }
    }

    /** A flit of a packet of several: the head holds the output VC until the tail has left. */
    private void traversePacketFlit(int in, int v, int iv, int p, int out, int ovc) {
        if (sim.ivPacket[2 * iv] == 0) {
            sim.credits[out * sim.vcs + ovc] |= BUSY;
            sim.ivPacket[2 * iv + 1] = ovc;
        }
        pop(in, v, iv);
        sendCredit(in, v);
        sendFlit(out, ovc, p, sim.ivPacket[2 * iv] + 1 == sim.par.packetFlits());
        if (++sim.ivPacket[2 * iv] == sim.par.packetFlits()) {
            sim.credits[out * sim.vcs + ovc] &= ~BUSY;
            sim.ivPacket[2 * iv] = 0;
            sim.ivs[iv * IVS + ROUTE] = -1;
            sim.ivPacket[2 * iv + 1] = -1;
        }
    }

}
