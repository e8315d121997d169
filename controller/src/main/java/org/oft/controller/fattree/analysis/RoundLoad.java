package org.oft.controller.fattree.analysis;

import java.util.Arrays;
import org.oft.controller.fattree.routing.Routing;
import org.oft.controller.fattree.topology.PgftTopology;

/**
 * One thread's scratch space for routing a round of flows: per directed link the number of flows and the load
 * (amount split evenly over a flow's paths), and every route's links, all in flat arrays reused across rounds.
 * Only the links touched are reset.
 */
final class RoundLoad {
    final PgftTopology t;
    final Routing routing;
    final int maxHops;
    final int[] flowCount;
    final double[] load;
    private final int[] stamp;
    private int stampNow;
    private int[] touched;
    private int touchedSize;
    // routes of the current round: route j has links routeLinks[j*maxHops .. +routeLen[j]), belongs to flow routeFlow[j]
    int[] routeLinks;
    int[] routeLen;
    int[] routeFlow;
    int routes;

    RoundLoad(Routing routing) {
        this.routing = routing;
        this.t = routing.topology();
        this.maxHops = 2 * t.levels();
        flowCount = new int[t.portCount()];
        load = new double[t.portCount()];
        stamp = new int[t.portCount()];
        touched = new int[1024];
        routeLinks = new int[1024 * maxHops];
        routeLen = new int[1024];
        routeFlow = new int[1024];
    }

    /** Routes every flow of the round; {@code useAmounts}: load counts amounts (mload), else connections (ebb). */
    /** Counts the routes no round could take: a pair the fabric's holes cut off. */
    java.util.concurrent.atomic.LongAdder unreachable = new java.util.concurrent.atomic.LongAdder();

    void route(Flows f, boolean useAmounts) {
        reset();
        routes = 0;
        for (int i = 0; i < f.size; i++) {
            int s = f.src[i];
            int d = f.dst[i];
            int k = routing.pathsFor(s, d);
            double weight = (useAmounts ? f.amount[i] : 1.0) / k;
            stampNow++;
            for (int q = 0; q < k; q++) {
                if (routes == routeLen.length) {
                    grow();
                }
                int off = routes * maxHops;
                int hops = routing.walk(s, d, q, routeLinks, off);
                if (hops < 0) {
                    unreachable.increment(); // cut off by the fabric's holes: it loads no link
                    continue;
                }
                routeLen[routes] = hops;
                routeFlow[routes] = i;
                for (int x = 0; x < hops; x++) {
                    int port = routeLinks[off + x];
                    if (flowCount[port] == 0) {
                        touch(port);
                    }
                    load[port] += weight;
                    if (stamp[port] != stampNow) {
                        stamp[port] = stampNow;
                        flowCount[port]++;
                    }
                }
                routes++;
            }
        }
    }

    private void touch(int port) {
        if (touchedSize == touched.length) {
            touched = Arrays.copyOf(touched, touchedSize * 2);
        }
        touched[touchedSize++] = port;
    }

    private void reset() {
        for (int i = 0; i < touchedSize; i++) {
            int p = touched[i];
            flowCount[p] = 0;
            load[p] = 0;
        }
        touchedSize = 0;
    }

    private void grow() {
        int n = routeLen.length * 2;
        routeLinks = Arrays.copyOf(routeLinks, n * maxHops);
        routeLen = Arrays.copyOf(routeLen, n);
        routeFlow = Arrays.copyOf(routeFlow, n);
    }

    int touchedCount() {
        return touchedSize;
    }

    int touchedPort(int i) {
        return touched[i];
    }
}
