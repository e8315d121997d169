package org.oft.sim.optical;

import java.util.Arrays;
import org.oft.hal.TimingTelemetry;
import org.oft.sim.clock.BenchClocks;
import org.oft.sim.clock.SlotTimes;

/**
 * Timing-accurate model of the optical fabric: the slot-level model's routing, with every packet's
 * position in time, in integer picoseconds. Fibres have their own lengths ({@link FibrePlant});
 * every board runs its own clock ({@link BoardClocks}); a node changes state at its slot boundary
 * and is unstable for the switching time.
 *
 * <p>At every node a packet crosses, its interval [a, a + packet) is compared with the node's stable
 * window [B + switching, B' ) of the slot it falls in, giving a margin on each side. Anomalies:
 * <ul>
 * <li><b>truncated</b>: the interval overlaps an unstable one — the node changed state while the
 *     packet passed; the packet is destroyed;</li>
 * <li><b>wrong state</b>: the packet fits wholly in the stable window of another slot than the one
 *     its table entry was computed for, and is switched by that slot's state;</li>
 * <li><b>collision</b>: two packets overlap in time on one fibre; both are destroyed;</li>
 * <li><b>misdelivered</b> / <b>lost</b>: arrived at another processor than addressed, or never
 *     arrived (collision, truncation, dead fibre).</li>
 * </ul>
 * With ideal fibres and calibrated phases it gives exactly the slot-level model's answer.
 *
 * <p>Bookkeeping runs per slot like the slot-level model: the wave of packets injected in slot t is
 * moved through level r-k at step t + latency + k; its times decide what the nodes do to it.
 */
public final class TimedFabric extends WaveFabric {
    private final BoardClocks clocks;
    private final FibrePlant plant;
    private final TimingParameters timing;
    private final long period;
    private final long switching;
    private final long packet;
    private final long bucket;
    private final long[] delay;
    private final boolean[] dead;

    private final long[] wTime;
    private final long[] wSerial;
    private long serial;

    private final long[] lastStart;
    private final long[] lastEnd;
    private final int[] occEntry;
    private final long[] occSerial;

    // packets a board out of step held back (never injected) or dropped (its optics dark), since the last reset
    private long heldBack;
    private long blanked;

    private final TimingStats slotTiming;
    private final TimingStats totalTiming;
    // where things go wrong, since the last reset: a node's packets truncated, switched under another
    // slot's state or forced by its stuck state; a fibre's packets lost dead on it or in a collision
    private final long[] nodeTrouble;  // [k * n + node], k = order - level
    private final long[] fibreTrouble; // [stage * n + link], as FibrePlant numbers fibres

    public TimedFabric(FibrePlant plant, int latency) {
        super(plant.wiring(), latency);
        this.plant = plant;
        this.timing = plant.timing();
        this.clocks = new BoardClocks(order, timing.slotPs());
        this.period = timing.slotPs();
        this.switching = timing.switchingPs();
        this.packet = timing.packetPs();
        // The last bucket holds margins of at least 8/9 of the nominal one: a centred packet lands there.
        this.bucket = Math.max(1, timing.nominalMarginPs() / (TimingStats.BUCKETS - 1));
        this.delay = plant.delayArray();
        this.dead = plant.deadArray();
        this.wTime = new long[entries()];
        this.wSerial = new long[entries()];
        int links = (order + 1) * n;
        this.lastStart = new long[links];
        this.lastEnd = new long[links];
        Arrays.fill(lastEnd, Long.MIN_VALUE);
        this.occEntry = new int[links];
        this.occSerial = new long[links];
        this.slotTiming = new TimingStats(order);
        this.totalTiming = new TimingStats(order);
        this.nodeTrouble = new long[order * n];
        this.fibreTrouble = new long[links];
    }

    /** Copies the per-node and per-fibre trouble counts (see the fields) into the arrays given. */
    public void copyTrouble(long[] nodes, long[] fibres) {
        System.arraycopy(nodeTrouble, 0, nodes, 0, nodeTrouble.length);
        System.arraycopy(fibreTrouble, 0, fibres, 0, fibreTrouble.length);
    }

    public BoardClocks clocks() {
        return clocks;
    }

    public FibrePlant plant() {
        return plant;
    }

    public TimingParameters timing() {
        return timing;
    }

    @Override
    protected void beginSlot() {
        slotTiming.clear();
    }

    @Override
    public void resetTotals() {
        super.resetTotals();
        totalTiming.clear();
        heldBack = 0;
        blanked = 0;
        Arrays.fill(nodeTrouble, 0);
        Arrays.fill(fibreTrouble, 0);
    }

    @Override
    protected void endSlot() {
        slotTiming.addTo(totalTiming);
    }

    @Override
    protected boolean mayInject(int s, long t) {
        SlotTimes times = clocks.procTimes[s];
        if (times == null || times.inStepIn(t)) {
            return true;
        }
        heldBack++;
        return false;
    }

    @Override
    protected void enter(int e, int s, long t) {
        wSerial[e] = ++serial;
        int link = wLink[e];
        SlotTimes times = clocks.procTimes[s];
        long start = (times == null ? BoardClocks.boundary(clocks.procPhase[s], clocks.procDrift[s], t, period)
                : times.start(t) + clocks.procPhase[s]) + clocks.injectPhase[s];
        if (dead[link]) {
            fibreTrouble[link]++;
            kill(e);
        } else {
            occupy(link, e, start);
            wTime[e] = start + delay[link];
        }
    }

    @Override
    protected void cross(int base, int count, int k, long t) {
        long boardPhase = clocks.routerPhase[k];
        double drift = clocks.routerDrift[k];
        SlotTimes times = clocks.routerTimes[k];
        boolean anyStuck = boards.anyStuck(k);
        int levelBase = k * n;
        int nextBase = k * 2 * n;
        int stageBase = (k + 1) * n;
        TimingStats st = slotTiming;
        for (int e = base, end = base + count; e < end; e++) {
            if (!wAlive[e]) {
                continue;
            }
            long a = wTime[e];
            int link = wLink[e];
            int node = nodeOf[levelBase + link];
            long np = clocks.nodePhase[levelBase + node];
            long idx;
            long b;
            long bNext;
            if (times != null) {
                idx = times.slotAt(a - np - boardPhase); // the time as the board's clock, without its phases, sees it
                if (!times.inStepIn(idx)) { // its optics dark: a board out of step switches nothing
                    blanked++;
                    nodeTrouble[levelBase + node]++;
                    kill(e);
                    continue;
                }
                b = times.start(idx) + boardPhase + np;
                bNext = times.start(idx + 1) + boardPhase + np;
            } else if (drift == 0) {
                idx = Math.floorDiv(a - np - boardPhase, period);
                b = boardPhase + idx * period + np;
                bNext = b + period;
            } else {
                idx = BoardClocks.slotAt(boardPhase, drift, a - np, period);
                b = BoardClocks.boundary(boardPhase, drift, idx, period) + np;
                bNext = BoardClocks.boundary(boardPhase, drift, idx + 1, period) + np;
            }
            long left = a - b - switching;
            long right = bNext - a - packet;
            st.packets[k]++;
            long phase = a - b;
            if (phase < st.minArrival[k]) {
                st.minArrival[k] = phase;
            }
            if (phase > st.maxArrival[k]) {
                st.maxArrival[k] = phase;
            }
            long margin = Math.min(left, right);
            if (margin < st.worstMargin[k]) {
                st.worstMargin[k] = margin;
            }
            if (margin < 0) {
                st.truncated[k]++;
                nodeTrouble[levelBase + node]++;
                st.histogram[k * TimingStats.PER_LEVEL + TimingStats.NEGATIVE - 1
                        - (int) Math.min(TimingStats.NEGATIVE - 1, (-margin - 1) / bucket)]++;
                kill(e);
                continue;
            }
            st.histogram[k * TimingStats.PER_LEVEL + TimingStats.NEGATIVE + (int) Math.min(TimingStats.BUCKETS - 1, margin / bucket)]++;
            if (idx != t) {
                st.wrongState[k]++;
                nodeTrouble[levelBase + node]++;
            }
            int state = boards.bit(k, idx);
            if (anyStuck) {
                byte forced = boards.stuck(k, node);
                if (forced != BoardState.NOT_STUCK && forced != state) {
                    state = forced;
                    nodeTrouble[levelBase + node]++;
                }
            }
            int out = next[nextBase + state * n + link];
            int fibre = stageBase + out;
            wLink[e] = out;
            if (dead[fibre]) {
                fibreTrouble[fibre]++;
                kill(e);
                continue;
            }
            occupy(fibre, e, a);
            wTime[e] = a + delay[fibre];
        }
    }

    /** The packet occupies the fibre from {@code start} for one packet time; overlap = collision. */
    private void occupy(int fibre, int e, long start) {
        long end = start + packet;
        if (start < lastEnd[fibre] && end > lastStart[fibre]) {
            slotCounters.collisions++;
            fibreTrouble[fibre]++;
            int other = occEntry[fibre];
            if (wSerial[other] == occSerial[fibre] && wAlive[other]) {
                kill(other);
            }
            kill(e);
            lastEnd[fibre] = Math.max(lastEnd[fibre], end);
            return;
        }
        lastStart[fibre] = start;
        lastEnd[fibre] = end;
        occEntry[fibre] = e;
        occSerial[fibre] = wSerial[e];
    }

    // ---- observation ---------------------------------------------------------------------------

    /** Packets processor boards out of step did not inject. */
    public long heldBackTotal() {
        return heldBack;
    }

    /** Packets lost at a router board out of step (dark, not switched). */
    public long blankedTotal() {
        return blanked;
    }

    public long truncatedTotal() {
        return totalTiming.truncatedTotal();
    }

    public long wrongStateTotal() {
        return totalTiming.wrongStateTotal();
    }

    /** Smallest margin seen at any level so far (Long.MAX_VALUE before any packet). */
    public long worstMarginPs() {
        return totalTiming.worstMarginOverall();
    }

    public long bucketPs() {
        return bucket;
    }

    public TimingTelemetry timingTelemetry() {
        BenchClocks own = clocks.separate();
        return new TimingTelemetry(period, bucket, slotTiming.snapshot(), totalTiming.snapshot(),
                own == null || slot() == 0 ? java.util.List.of() : own.states(slot() - 1));
    }
}
