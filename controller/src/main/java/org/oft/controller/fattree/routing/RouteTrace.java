package org.oft.controller.fattree.routing;

import org.oft.controller.fattree.topology.PgftTopology;

/** A route in the papers' names: {@code (l,a_h,...,a_1):up<q>} or {@code :down<r>} per hop, space-separated. */
public final class RouteTrace {
    private RouteTrace() {
    }

    public static String hops(Routing r, int src, int dst, int path) {
        PgftTopology t = r.topology();
        int[] ports = new int[2 * t.levels()];
        int n = r.walk(src, dst, path, ports);
        if (n < 0) {
            return "unreachable";
        }
        StringBuilder sb = new StringBuilder(n * 16);
        int node = src;
        for (int i = 0; i < n; i++) {
            int lp = ports[i] - t.portBase(node);
            int down = t.downPorts(t.level(node));
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(t.tuple(node)).append(':');
            if (lp < down) {
                sb.append("down").append(lp);
            } else {
                sb.append("up").append(lp - down);
            }
            node = t.peerNode(ports[i]);
        }
        return sb.toString();
    }
}
