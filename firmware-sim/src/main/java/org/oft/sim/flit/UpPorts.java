package org.oft.sim.flit;

/**
 * Every switch's up-ports, for the modes where the way up is not the table's (random up-ports, or
 * keyed by source): per switch its level of down links, and its up-ports (global ids) from
 * {@code base[sw]} to {@code base[sw + 1]} of {@code ports}. A switch's down links are its
 * lowest-level ones.
 */
record UpPorts(int[] base, int[] ports, int[] downLevel) {
    static UpPorts of(FlitNetwork net) {
        int nodes = net.nodes();
        int switches = nodes - net.hosts();
        int[] base = new int[switches + 1];
        int[] downLevel = new int[switches];
        int ups = 0;
        for (int n = net.hosts(); n < nodes; n++) {
            base[n - net.hosts()] = ups;
            downLevel[n - net.hosts()] = downLevel(net, n);
            ups += upCount(net, n);
        }
        base[switches] = ups;
        int[] ports = new int[ups];
        for (int n = net.hosts(), k = 0; n < nodes; n++) {
            int down = downLevel[n - net.hosts()];
            for (int g = net.portBase()[n]; g < net.portBase()[n + 1]; g++) {
                if (net.level()[g] > down) {
                    ports[k++] = g;
                }
            }
        }
        return new UpPorts(base, ports, downLevel);
    }

    /** The level of a switch's down links: the lowest level among its ports. */
    private static int downLevel(FlitNetwork net, int node) {
        int l = Integer.MAX_VALUE;
        for (int g = net.portBase()[node]; g < net.portBase()[node + 1]; g++) {
            l = Math.min(l, net.level()[g]);
        }
        return l;
    }

    private static int upCount(FlitNetwork net, int node) {
        int down = downLevel(net, node);
        int c = 0;
        for (int g = net.portBase()[node]; g < net.portBase()[node + 1]; g++) {
            if (net.level()[g] > down) {
                c++;
            }
        }
        return c;
    }
}
