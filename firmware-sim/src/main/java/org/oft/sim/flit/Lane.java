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
    final long[] queued; // bit k set while hosts[k] has a packet in its source queue
    final int[] switches;
    // switch allocation's scratch, sized to the largest radix: the best offer per output this cycle
    final long[] best; // per output: distance from its pointer << 40 | input << 16 | input VC << 8 | output VC of the best offer
    final long[] bestAge;
    final int[] requested;
    final int[] heldInputs;
    // VC allocation's scratch: per output VC (local port · vcs + vc) the best request, distance from its pointer << 32 | input VC
    final long[] vcBest;
    // this router's cycle so far: output VCs requested, outputs requested, inputs that hold the switch
    int vcOffers;
    int outputs;
    int held;
    final long[] vcBestAge;
    final int[] vcTouched;
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
    final SampleBatches batches;
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
        for (int k = 0; k < hosts.length; k++) {
            sim.hostIndex[hosts[k]] = k;
        }
        this.switches = switches;
        this.best = new long[sim.radix];
        this.bestAge = new long[sim.radix];
        this.requested = new int[sim.radix];
        this.heldInputs = new int[sim.radix];
        Arrays.fill(best, Long.MAX_VALUE);
        this.vcBest = new long[sim.radix * sim.vcs];
        this.vcBestAge = new long[sim.radix * sim.vcs];
        this.vcTouched = new int[sim.radix * sim.vcs];
        Arrays.fill(vcBest, Long.MAX_VALUE);
        this.chanTo = new long[lanes * 2 * sim.chanSlots * sim.chanCap];
        this.chanToCount = new int[lanes * 2 * sim.chanSlots];
        this.creditTo = new int[lanes * sim.creditSlots * sim.creditCap];
        this.creditToCount = new int[lanes * sim.creditSlots];
        this.ejectedBySource = new long[sim.net.hosts()];
        this.batches = new SampleBatches();
    }

    /**
     * One cycle of this lane, in the order BookSim2 runs one: credits and flits that arrive are taken
     * in ({@link #receiveCredits}, {@link #inputQueuing}, which ejects at hosts); its hosts inject and
     * send; then every switch holding flits runs its router stages ({@link #router}).
     */
    void run() {
        inject(); // a packet may leave in the cycle it is created (injection delay 0)
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
                if ((sim.vaIn[w] | sim.saIn[w]) != 0) {
                    router(n);
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
        queued[k >>> 6] |= 1L << k;
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

    /** The credit for a flit that left input VC {@code vc} of port {@code in}: to the port upstream, a switch or a host. */
    private void sendCredit(int in, int vc) {
        int i = sim.link[in * LINK + PEER_VCS] + vc;
        int at = sim.link[in * LINK + CREDITS_TO] + sim.creditDueTo[sim.toHost[in]]; // a load, not a branch on where the link goes
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
                int pos = sim.maskPos[in];
                if (sim.ivs[iv * IVS + OUT_VC] < 0) { // a head, or a flit of a packet being dropped
                    if (sim.directTables && sim.ivs[iv * IVS + ROUTE] == -1) {
                        lookUp(in, iv, p);
                    }
                    sim.vaMask[in] |= 1L << vc;
                    sim.vaIn[pos >>> 6] |= 1L << pos; // shifts are mod 64
                } else { // the rest of a packet whose head left
                    sim.saMask[in] |= 1L << vc;
                    sim.saIn[pos >>> 6] |= 1L << pos;
                }
            }
        }
        int hostList = id * 2 * sim.chanSlots + sim.chanSlots + sim.chanNow; // to hosts
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

    /**
     * The table lookup of a head that arrives at the front of its VC, done in the loop over arrivals,
     * where one flit's lookup does not wait on another's, rather than at the end of a chain of loads
     * in VC allocation in the same cycle (which counts the hop, and computes and counts a missing
     * route as before). Only with direct tables: no up-port draws whose order would change.
     */
    private void lookUp(int in, int iv, int p) {
        int local = (sim.lft[sim.switchOfPort[in]][sim.pktDst[p]] & 0xFF) - 1; // entry 0 (none) reads -1
        if (local >= 0 && local < sim.radixOf[in]) {
            sim.ivs[iv * IVS + ROUTE] = (sim.firstOf[in] + local) | LOOKED_UP;
        }
    }

    private void eject(int host, int p, int from) {
        flitDelta--;
        ejectedFlits++;
        moved = true;
        if (sim.inWindow()) {
            ejectedInWindow++;
            ejectedBySource[sim.pktSrc[p]]++;
            batches.ejected(sim.cycle);
        }
        if (!sim.singleFlit && ++sim.pktEjected[p] < sim.par.packetFlits()) { // one flit: head and tail
            return;
        }
        long lat = sim.cycle - sim.pktBorn[p] + sim.par.ejectionDelay();
        if ((sim.paths == 1 ? sim.pktDst[p] : sim.pktDst[p] / sim.paths) != host) {
            misdelivered++;
            sim.portCounters[from * PC + MISDELIVERED]++;
        } else {
            delivered++;
            latencySumAll += lat;
        }
        if (sim.pktMeasured[p]) {
            latencySum += lat;
            latencyCount++;
            latencyHistogram[(int) Math.min(latencyHistogram.length - 1, lat)]++;
            batches.measured(sim.pktBorn[p], lat);
            measuredDelta--;
        }
        free(p);
    }

    /**
     * A host's network interface, as BookSim2's source: the flits of one packet after another; a head
     * takes the first VC after the one its last packet took that is free and has room, the rest of
     * the packet follows on it as credits allow.
     */
    private void sendFromHost(int h, int k) {
        int p = sim.srcQueue[h][sim.srcHead[h]];
        int out = sim.net.portBase()[h];
        int sent = sim.hostSent[h];
        int vc;
        if (sent == 0) {
            if (sim.cycle < sim.pktBorn[p] + sim.par.injectionDelay()) {
                return;
            }
            if (sim.deadLinks > 0 && sim.dead[out]) { // a packet already on the cable finishes (the cut lands between packets)
                deadLinkWaits++;
                return;
            }
            vc = -1;
            for (int j = 1, last = sim.hostLastVc[h]; j <= sim.vcs; j++) {
                int v = last + j;
                v -= v >= sim.vcs ? sim.vcs : 0;
                if (sim.credits[out * sim.vcs + v] >= sim.headCredits) { // a held VC reads negative
                    vc = v;
                    break;
                }
            }
            if (vc < 0) {
                sim.portCounters[out * PC + XMIT_WAIT]++;
                return;
            }
            sim.hostLastVc[h] = vc;
            flitDelta += sim.par.packetFlits();
            if (!sim.singleFlit) {
                sim.credits[out * sim.vcs + vc] |= BUSY;
                sim.hostOutVc[h] = vc;
            }
        } else {
            vc = sim.hostOutVc[h];
            if ((sim.credits[out * sim.vcs + vc] & ~BUSY) == 0) {
                sim.portCounters[out * PC + XMIT_WAIT]++;
                return;
            }
        }
        boolean tail = sent + 1 == sim.par.packetFlits();
        sendFlit(out, vc, p, tail, sim.chanDueHost);
        if (!tail) {
            sim.hostSent[h] = sent + 1;
            return;
        }
        if (!sim.singleFlit) {
            sim.credits[out * sim.vcs + vc] &= ~BUSY;
            sim.hostSent[h] = 0;
            sim.hostOutVc[h] = -1;
        }
        sim.srcHead[h] = (sim.srcHead[h] + 1) & (sim.srcQueue[h].length - 1);
        if (--sim.srcCount[h] == 0) {
            queued[k >>> 6] &= ~(1L << k);
        }
    }

    /** Link traversal: the flit lands in the receiving lane's list for the cycle it is in the next buffer ({@code due}). */
    private void sendFlit(int out, int vc, int p, boolean tail, int due) {
        sim.credits[out * sim.vcs + vc]--;
        int l = out * LINK;
        int at = sim.link[l + SENDS_TO] + due;
        chanTo[at * sim.chanCap + chanToCount[at]++] = flit(sim.link[l + PEER], vc, tail, p);
        moved = true;
        sim.xmit[2 * out]++;
        if (tail && !sim.singleFlit) { // one-flit packets: as many packets as flits (see sentPackets)
            sim.xmit[2 * out + 1]++;
        }
    }

    /**
     * One cycle of the router of switch {@code node}, in BookSim2's stages. Every stage first looks at
     * the state the cycle began with (evaluate), then all of them change it (update), so what one stage
     * grants is seen by the others only from the next cycle:
     * <ol>
     * <li>route computation: a head at the front of its VC is routed by the table its board holds;</li>
     * <li>VC allocation, separable input-first: each such head asks for the free VCs of its output and
     * takes the one nearest after its own round-robin pointer; each output VC grants the nearest
     * input VC after its pointer;</li>
     * <li>switch allocation, separable input-first: an input that holds the switch for a packet sends its
     * next flit if there is a credit (or lets go); every other input offers, of its VCs that have an
     * output VC and a credit, the one whose output is nearest after its pointer (VCs in round robin
     * among those for one output), and each output grants the nearest input after its pointer;</li>
     * <li>switch traversal: the flits granted leave their buffers, their credits go upstream, and a
     * packet's flit that has another behind it holds the switch for it.</li>
     * </ol>
     * With oldest-first arbitration an older packet wins every arbiter, round robin breaking ties.
     */
    private void router(int node) {
        int first = sim.net.portBase()[node];
        int radix = sim.net.portBase()[node + 1] - first;
        int sw = sim.switchOf[node];
        int vcs = sim.vcs;
        int span = radix * vcs;
        int mb = sim.maskBase[node];
        int me = sim.maskBase[node + 1];
        long vcBits = vcs == 64 ? -1L : (1L << vcs) - 1;
        boolean age = sim.ageArbitration;
        vcOffers = 0;
        outputs = 0;
        held = 0;
        // route computation and VC allocation: the inputs with a head (or a dropped packet's flit) at the front of a VC
        for (int w = mb; w < me; w++) {
            long m = sim.vaIn[w];
            while (m != 0) {
                int i = ((w - mb) << 6) + Long.numberOfTrailingZeros(m);
                m &= m - 1;
                int in = first + i;
                int r = sim.randomUp ? sim.inRr[in] : 0; // VC allocation keeps the least key, so only the up-ports' random draws need the round-robin order
                long vm = sim.vaMask[in];
                long order = (r == 0 ? vm : (vm >>> r) | (vm << (vcs - r))) & vcBits; // bit k: VC (r + k) mod vcs
                while (order != 0) {
                    int v = r + Long.numberOfTrailingZeros(order);
                    order &= order - 1;
                    v -= vcs - 1 - v >> 31 & vcs; // mod vcs, branch-free
                    int s = (in * vcs + v) * IVS;
                    int route = sim.ivs[s + ROUTE];
                    int p = sim.ivs[s + FRONT];
                    if (route >= LOOKED_UP) { // looked up as it arrived (see inputQueuing): the hop is counted now
                        route -= LOOKED_UP;
                        if (++sim.pktHops[p] == sim.maxHops + 1) {
                            loops++;
                        }
                        sim.ivs[s + ROUTE] = route;
                    } else if (route == -1) { // a head: route computation, by the table the board holds
                        route = route(sw, first, radix, p);
                        if (route == -2) {
                            sim.portCounters[in * PC + RELAY_DROPS]++;
                            unroutable++;
                            route = -3; // counted: the flits follow
                        }
                        sim.ivs[s + ROUTE] = route;
                    }
                    if (sim.deadLinks > 0 && route >= 0 && sim.dead[route]) {
                        linkDown(route);
                        sim.ivs[s + ROUTE] = route = -2;
                    }
                    if (route <= -2) {
                        discard(in, v, p);
                        continue;
                    }
                    long free = ~sim.outBusy[route] & vcBits;
                    if (free == 0) {
                        sim.portCounters[route * PC + XMIT_WAIT]++;
                        continue;
                    }
                    int base = (route - first) * vcs;
                    int ptr = sim.ivs[s + VC_PTR] - base;
                    int from = ptr >= 0 && ptr < vcs ? ptr : 0; // the input arbiter: nearest after its pointer
                    long rot = from == 0 ? free : ((free >>> from) | (free << (vcs - from))) & vcBits;
                    int ov = from + Long.numberOfTrailingZeros(rot);
                    ov -= vcs - 1 - ov >> 31 & vcs;
                    int lov = base + ov;
                    int inVc = i * vcs + v;
                    int dist = inVc - sim.vcOutPtr[first * vcs + lov];
                    dist += dist >> 31 & span;
                    long key = (long) dist << 32 | i << 8 | v; // dist alone orders: one per input VC
                    long heldKey = vcBest[lov];
                    if (heldKey == Long.MAX_VALUE) {
                        vcTouched[vcOffers++] = (route - first) << 8 | ov;
                    }
                    if (!age) {
                        vcBest[lov] = Math.min(heldKey, key);
                    } else {
                        long born = sim.pktBorn[p];
                        if (heldKey == Long.MAX_VALUE || born < vcBestAge[lov] || (born == vcBestAge[lov] && key < heldKey)) {
                            vcBest[lov] = key;
                            vcBestAge[lov] = born;
                        }
                    }
                }
            }
        }
        // switch allocation's requests: the inputs with a flit that has an output VC at the front of a VC
        for (int w = mb; w < me; w++) {
            long m = sim.saIn[w];
            while (m != 0) {
                int i = ((w - mb) << 6) + Long.numberOfTrailingZeros(m);
                m &= m - 1;
                int in = first + i;
                int hv = sim.holdVc[in];
                if (hv >= 0 && sim.deadLinks == 0) {
                    heldInputs[held++] = in;
                    continue;
                }
                int r = sim.inRr[in];
                long vm = sim.saMask[in];
                long order = (r == 0 ? vm : (vm >>> r) | (vm << (vcs - r))) & vcBits; // bit k: VC (r + k) mod vcs
                int pickOut = -1;
                int pickVcs = 0; // input VC << 8 | output VC
                int pickDist = Integer.MAX_VALUE;
                long pickAge = Long.MAX_VALUE;
                while (order != 0) {
                    int v = r + Long.numberOfTrailingZeros(order);
                    order &= order - 1;
                    v -= vcs - 1 - v >> 31 & vcs; // mod vcs, branch-free
                    int s = (in * vcs + v) * IVS;
                    int route = sim.ivs[s + ROUTE];
                    int ovc = sim.ivs[s + OUT_VC];
                    int sent = sim.ivs[s + SENT];
                    if (sim.deadLinks > 0 && sent == 0 && sim.dead[route]) { // a head given a VC whose link went down since
                        linkDown(route);
                        release(route, ovc);
                        sim.ivs[s + OUT_VC] = -1;
                        sim.ivs[s + ROUTE] = -2;
                        toVcAllocation(in, v);
                        discard(in, v, sim.ivs[s + FRONT]);
                        continue;
                    }
                    if (hv >= 0) { // the input holds the switch: no other request from it
                        continue;
                    }
                    int need = sent == 0 ? sim.headCredits : 1;
                    if ((sim.credits[route * vcs + ovc] & ~BUSY) < need) {
                        sim.portCounters[route * PC + XMIT_WAIT]++;
                        continue;
                    }
                    if (sim.holdIn[route] >= 0) { // another input holds that output
                        continue;
                    }
                    int dist = route - first - sim.swInPtr[in];
                    dist += dist >> 31 & radix;
                    if (!age) {
                        if (dist < pickDist) { // VCs come in round-robin order: the first for an output wins it
                            pickDist = dist;
                            pickOut = route;
                            pickVcs = v << 8 | ovc;
                        }
                    } else {
                        long born = sim.pktBorn[sim.ivs[s + FRONT]];
                        if (born < pickAge || (born == pickAge && dist < pickDist)) {
                            pickAge = born;
                            pickDist = dist;
                            pickOut = route;
                            pickVcs = v << 8 | ovc;
                        }
                    }
                }
                if (hv >= 0) {
                    heldInputs[held++] = in;
                    continue;
                }
                if (pickOut < 0) {
                    continue;
                }
                int o = pickOut - first;
                int dist = i - sim.outRr[pickOut];
                dist += dist >> 31 & radix; // branch-free: which input is nearer is a coin toss
                // the offer as one key, nearest input first: an output keeps the least (no branch)
                long key = (long) dist << 40 | (long) i << 16 | pickVcs;
                long heldKey = best[o];
                requested[outputs] = o;
                outputs += heldKey == Long.MAX_VALUE ? 1 : 0;
                if (!age) {
                    best[o] = Math.min(heldKey, key);
                } else if (heldKey == Long.MAX_VALUE || pickAge < bestAge[o] || (pickAge == bestAge[o] && key < heldKey)) {
                    best[o] = key;
                    bestAge[o] = pickAge;
                }
            }
        }
        grant(first, radix, span);
    }

    /**
     * A link that is down: a switch discards what it would send there (InfiniBand: PortXmitDiscards).
     * A cut lands between packets: one already crossing finishes, so that no half packet is left to
     * block the far side, and a repaired link carries on from a consistent state.
     */
    private void linkDown(int route) {
        sim.portCounters[route * PC + XMIT_DISCARDS]++;
        linkDownDiscards++;
        unroutable++;
    }

    /**
     * The update of a router's cycle, after every request was made: VC allocation's grants, the
     * inputs that hold the switch send their next flit (or let go), switch allocation's grants cross.
     */
    private void grant(int first, int radix, int span) {
        int vcs = sim.vcs;
        // update: VC allocation's grants
        for (int k = 0; k < vcOffers; k++) {
            int o = vcTouched[k] >>> 8; // the output (local) and its VC: no division
            int v = vcTouched[k] & 0xFF;
            int lov = o * vcs + v;
            long key = vcBest[lov];
            vcBest[lov] = Long.MAX_VALUE;
            int in = first + ((int) key >>> 8);
            int iv = (int) key & 0xFF;
            int inVc = (in - first) * vcs + iv;
            int ivi = in * vcs + iv;
            int ov = first * vcs + lov;
            int out = first + o;
            sim.ivs[ivi * IVS + OUT_VC] = v;
            toSwitchAllocation(in, iv);
            sim.credits[ov] |= BUSY;
            sim.outBusy[out] |= 1L << v;
            sim.ivs[ivi * IVS + VC_PTR] = lov + 1 == span ? 0 : lov + 1;
            sim.vcOutPtr[ov] = inVc + 1 == span ? 0 : inVc + 1;
        }
        // the inputs that hold the switch: the next flit if it has a credit, else the hold ends
        for (int k = 0; k < held; k++) {
            int in = heldInputs[k];
            int v = sim.holdVc[in];
            int out = sim.holdOut[in];
            int ovc = sim.ivs[(in * vcs + v) * IVS + OUT_VC];
            if ((sim.credits[out * vcs + ovc] & ~BUSY) > 0) {
                traverseSwitch(in, v, out, ovc);
            } else {
                sim.portCounters[out * PC + XMIT_WAIT]++;
                unhold(in, out);
            }
        }
        // switch allocation's grants
        for (int k = 0; k < outputs; k++) {
            int o = requested[k];
            long key = best[o];
            best[o] = Long.MAX_VALUE;
            int i = (int) (key >>> 16) & 0xFFFFFF;
            int in = first + i;
            int out = first + o;
            int v = (int) key >>> 8 & 0xFF;
            traverseSwitch(in, v, out, (int) key & 0xFF);
            sim.outRr[out] = i + 1 == radix ? 0 : i + 1;
            sim.swInPtr[in] = o + 1 == radix ? 0 : o + 1;
            sim.inRr[in] = v + 1 == vcs ? 0 : v + 1;
        }
    }

    /**
     * Route computation: the output port the table of switch {@code sw} (ports from {@code first}) holds for packet
     * {@code p}'s address, -2 for none; a routed packet has made one more hop.
     */
    private int route(int sw, int first, int radix, int p) {
        int out;
        if (sim.directTables) { // the common case, small enough to be inlined into the router
            int local = (sim.lft[sw][sim.pktDst[p]] & 0xFF) - 1; // entry 0 (none) reads -1
            if (local < 0 || local >= radix) {
                return -2;
            }
            out = first + local;
        } else if ((out = routeByMap(sw, first, radix, p)) < 0) {
            return -2;
        }
        if (++sim.pktHops[p] == sim.maxHops + 1) {
            loops++;
        }
        return out;
    }

    /** {@link #route} with a port map, up-ports chosen apart from the table, or a switch without a table; -2 for none. */
    private int routeByMap(int sw, int first, int radix, int p) {
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
        return out;
    }

    /** Output VC {@code ovc} of port {@code out} is free again. */
    private void release(int out, int ovc) {
        sim.credits[out * sim.vcs + ovc] &= ~BUSY;
        sim.outBusy[out] &= ~(1L << ovc);
    }

    private void unhold(int in, int out) {
        sim.holdVc[in] = -1;
        sim.holdOut[in] = -1;
        sim.holdIn[out] = -1;
    }

    /** Takes the front flit out of input VC {@code v} of port {@code in}; false if the VC is empty then. */
    private boolean pop(int in, int v, int iv) {
        if (--sim.ivs[iv * IVS + COUNT] > 0) {
            int head = sim.ivs[iv * IVS + HEAD];
            sim.ivs[iv * IVS + FRONT] = sim.buf[iv * sim.depth + head];
            sim.ivs[iv * IVS + HEAD] = head + 1 == sim.depth ? 0 : head + 1;
            return true;
        }
        return false;
    }

    /** Input VC {@code v} of port {@code in} is empty: out of the stages' masks (and the input out of its switch's when no VC is left in one). */
    private void emptied(int in, int v) {
        long keep = ~(1L << v);
        long va = sim.vaMask[in] &= keep;
        long sa = sim.saMask[in] &= keep;
        int pos = sim.maskPos[in];
        int w = pos >>> 6;
        long bit = 1L << pos;
        sim.vaIn[w] &= va == 0 ? ~bit : -1L;
        sim.saIn[w] &= sa == 0 ? ~bit : -1L;
    }

    /** The front of input VC {@code v} of port {@code in} is a head (or a flit of a dropped packet): its work is route computation and VC allocation. */
    private void toVcAllocation(int in, int v) {
        moveStage(in, v, sim.vaMask, sim.vaIn, sim.saMask, sim.saIn);
    }

    /** Input VC {@code v} of port {@code in} has its output VC: its work is switch allocation. */
    private void toSwitchAllocation(int in, int v) {
        moveStage(in, v, sim.saMask, sim.saIn, sim.vaMask, sim.vaIn);
    }

    /** Input VC {@code v} of port {@code in} into the stage of masks {@code to} (per input) and {@code toIn} (per switch), out of the other's. */
    private void moveStage(int in, int v, long[] to, long[] toIn, long[] from, long[] fromIn) {
        long bit = 1L << v;
        to[in] |= bit;
        long left = from[in] &= ~bit;
        int pos = sim.maskPos[in];
        int w = pos >>> 6;
        toIn[w] |= 1L << pos;
        fromIn[w] &= left == 0 ? ~(1L << pos) : -1L;
    }

    /** A flit of a packet its switch has no route for: dropped, its credit returned (InfiniBand: a switch relay error). */
    private void discard(int in, int v, int p) {
        int iv = in * sim.vcs + v;
        if (!pop(in, v, iv)) {
            emptied(in, v);
        }
        sendCredit(in, v);
        flitDelta--;
        moved = true;
        if (++sim.ivs[iv * IVS + SENT] == sim.par.packetFlits()) {
            sim.ivs[iv * IVS + SENT] = 0;
            sim.ivs[iv * IVS + ROUTE] = -1;
            if (sim.pktMeasured[p]) {
                measuredDelta--;
            }
            free(p);
        }
    }

    /**
     * Switch traversal: the front flit of input VC {@code v} of port {@code in} leaves for output VC {@code ovc}
     * of port {@code out}, its credit goes upstream; a tail frees the output VC and the next head of the VC
     * goes to route computation; a flit with another of its packet behind it holds the switch for it.
     */
    private void traverseSwitch(int in, int v, int out, int ovc) {
        int iv = in * sim.vcs + v;
        int s = iv * IVS;
        int p = sim.ivs[s + FRONT];
        boolean more = pop(in, v, iv);
        sendCredit(in, v);
        int sent = sim.ivs[s + SENT] + 1;
        boolean tail = sent == sim.par.packetFlits();
        sendFlit(out, ovc, p, tail, sim.chanDue);
        if (!more) {
            emptied(in, v);
        }
        if (tail) {
            release(out, ovc);
            sim.ivs[s + SENT] = 0;
            sim.ivs[s + OUT_VC] = -1;
            sim.ivs[s + ROUTE] = -1;
            if (more) { // the next packet's head
                toVcAllocation(in, v);
            }
        } else {
            sim.ivs[s + SENT] = sent;
        }
        if (sim.holdVc[in] == v) {
            if (tail || !more) {
                unhold(in, out);
            }
        } else if (!tail && more) {
            sim.holdVc[in] = v;
            sim.holdOut[in] = out;
            sim.holdIn[out] = in;
        }
    }
}
