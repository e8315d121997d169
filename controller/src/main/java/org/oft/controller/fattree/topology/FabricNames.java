package org.oft.controller.fattree.topology;

import org.oft.hal.wire.Protocol;

/**
 * What the InfiniBand side calls the model's nodes and ports: names, node and port GUIDs, physical port numbers.
 * Generated fabrics follow the fixtures' convention; an imported fabric keeps what ibnetdiscover reported.
 */
public interface FabricNames {
    String name(int node);

    long nodeGuid(int node);

    /** GUID of the port a host's LIDs belong to, or of a switch's port 0. */
    long portGuid(int node, int localPort);

    /** The 1-based physical port number of a local (model) port. */
    int physicalPort(int node, int localPort);

    /** What a forwarding table holds for "no route", in local and in physical ports alike (OpenSM's LFT 255). */
    int NO_ROUTE = Protocol.LFT_NO_ROUTE; // the wire protocol's, written once

    /**
     * A forwarding-table entry as the fabric knows it: the physical port of a local one, {@link #NO_ROUTE} kept as it is
     * (it is no port: mapping it would name port 256, or another node's port on an imported fabric).
     */
    default int tablePort(int node, int localPort) {
        return localPort == NO_ROUTE ? NO_ROUTE : physicalPort(node, localPort);
    }

    /** Host j = 0x0001000000000000 + 0x10 j (port GUID + port); level-l switch i = 0x0002000000000000 + (l << 32) + i. */
    static FabricNames generated(PgftTopology t) {
        return new FabricNames() {
            @Override
            public String name(int node) {
                int l = t.level(node);
                int i = t.indexInLevel(node);
                return l == 0 ? String.format("host-%05d", i) : String.format("sw-L%d-%04d", l, i);
            }

            @Override
            public long nodeGuid(int node) {
                int l = t.level(node);
                int i = t.indexInLevel(node);
                return l == 0 ? 0x0001000000000000L + 0x10L * i : 0x0002000000000000L + ((long) l << 32) + i;
            }

            @Override
            public long portGuid(int node, int localPort) {
                return t.level(node) == 0 ? nodeGuid(node) + 1 + localPort : nodeGuid(node);
            }

            @Override
            public int physicalPort(int node, int localPort) {
                return localPort + 1;
            }
        };
    }
}
