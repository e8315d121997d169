package org.oft.controller.hrelation;

import java.util.Arrays;
import org.oft.controller.model.BoardModels;
import org.oft.sim.optical.DeliverySink;
import org.oft.sim.optical.FabricWiring;
import org.oft.sim.optical.SlotFabric;
import org.oft.sim.optical.TrafficSource;

/**
 * Routes an h-relation on the slot model of the fabric and measures the routing time: slots from
 * the first injection until the last packet reaches its destination.
 */
public final class HRelationRouting implements TrafficSource, DeliverySink {
    /** Send buffers b(s, x) are n² queues. */
    public static final int MAX_ORDER = 12;

    /** @param slots routing time t_r in slots; cost = t_r / h (Honkanen §4) */
    public record Result(int order, int h, Schedule schedule, int latency, long packets, long slots,
                         long networkSends, long misdelivered, long collisions) {
        public double cost() {
            return (double) slots / h;
        }
    }

    private final HRelation relation;
    private final int n;
    private final int[] head;   // [s*n + nextHop] first packet waiting in b(s, nextHop), -1 if empty
    private final int[] tail;
    private final int[] link;   // next packet in the same buffer
    private long delivered;
    private long lastArrival = -1;
    private long misdelivered;

    private HRelationRouting(HRelation relation) {
        this.relation = relation;
        this.n = relation.processors();
        this.head = new int[n * n];
        this.tail = new int[n * n];
        this.link = new int[relation.packets()];
        Arrays.fill(head, -1);
        Arrays.fill(tail, -1);
    }

    public static Result route(int order, HRelation relation, Schedule schedule, int latency) {
        if (order > MAX_ORDER) {
            throw new IllegalArgumentException("h-relations are routed on orders 1.." + MAX_ORDER + ", got " + order);
        }
        FabricWiring wiring = FabricWiring.of(order);
        if (relation.processors() != wiring.processors()) {
            throw new IllegalArgumentException("the h-relation is for " + relation.processors()
                    + " processors, the fabric of order " + order + " has " + wiring.processors());
        }
        SlotFabric fabric = new SlotFabric(wiring, latency);
        BoardModels.loadTables(fabric.boards(), order, latency);
        HRelationRouting run = new HRelationRouting(relation);
        run.fill(schedule);
        long packets = relation.packets();
        // A buffer holds at most h packets and is served once per 2^r slots, in each of at most two phases.
        long n = wiring.processors();
        long bound = 2L * n * relation.h() + 4L * (n + latency + order);
        while (run.delivered < packets) {
            if (fabric.slot() > bound) {
                throw new IllegalStateException("h-relation not routed after " + fabric.slot() + " slots ("
                        + run.delivered + " of " + packets + " packets delivered)");
            }
            fabric.step(run, run);
        }
        long slots = run.lastArrival + 1;
        return new Result(order, relation.h(), schedule, latency, packets, slots, fabric.totalCounters().injected(),
                run.misdelivered, fabric.totalCounters().collisions());
    }

    private void fill(Schedule schedule) {
        int h = relation.h();
        if (schedule == Schedule.DIRECT) {
            for (int p = 0; p < relation.packets(); p++) {
                enqueue(relation.source(p), relation.destination(p), p);
            }
            return;
        }
        // Two-phase: per source, packets in destination order, intermediates round robin from s.
        int[] byDest = new int[h];
        int[] count = new int[n + 1];
        for (int s = 0; s < n; s++) {
            Arrays.fill(count, 0);
            int first = s * h;
            for (int k = 0; k < h; k++) {
                count[relation.destination(first + k) + 1]++;
            }
            for (int d = 0; d < n; d++) {
                count[d + 1] += count[d];
            }
            for (int k = 0; k < h; k++) {
                byDest[count[relation.destination(first + k)]++] = first + k;
            }
            for (int c = 0; c < h; c++) {
                int p = byDest[c];
                int m = (s + c) % n;
                // A packet whose intermediate is its source is already there: straight to phase two.
                enqueue(s, m == s ? relation.destination(p) : m, p);
            }
        }
    }

    private void enqueue(int processor, int nextHop, int packet) {
        int q = processor * n + nextHop;
        link[packet] = -1;
        if (tail[q] < 0) {
            head[q] = packet;
        } else {
            link[tail[q]] = packet;
        }
        tail[q] = packet;
    }

    @Override
    public int take(long slot, int processor, int destination) {
        int q = processor * n + destination;
        int p = head[q];
        if (p < 0) {
            return NOTHING;
        }
        head[q] = link[p];
        if (head[q] < 0) {
            tail[q] = -1;
        }
        return p;
    }

    @Override
    public void arrived(long slot, int processor, int source, int addressed, int packet) {
        if (processor != addressed) {
            misdelivered++;
        }
        int dest = relation.destination(packet);
        if (processor == dest) {
            delivered++;
            lastArrival = slot;
        } else {
            enqueue(processor, dest, packet);
        }
    }
}
