package org.oft.controller.fattree.routing;

import org.oft.controller.fattree.topology.PgftTopology;

/**
 * Linear forwarding tables: for every switch and every address (host d, path q) -> address d K + q, the local
 * output port, one unsigned byte each, an array per switch (as a board holds its row), so that tables of fabrics
 * past 100k hosts, more than one Java array holds, are tables like any other. Hosts with several links
 * (w_1 p_1 > 1) get rows too, indexed by source; otherwise a host has one port.
 */
public final class ForwardingTables {
    private final PgftTopology topology;
    private final int paths;
    private final int addresses;
    private final byte[][] switchPorts;
    private final byte[][] hostPorts;

    ForwardingTables(PgftTopology topology, int paths, byte[][] switchPorts, byte[][] hostPorts) {
        this.topology = topology;
        this.paths = paths;
        this.addresses = topology.hosts() * paths;
        this.switchPorts = switchPorts;
        this.hostPorts = hostPorts;
    }

    /** Rows for {@code rows} switches (or hosts) of {@code width} bytes each, zeroed; refused up front by MemoryBudget when too large. */
    static byte[][] rows(int rows, int width) {
        byte[][] out = new byte[rows][];
        for (int i = 0; i < rows; i++) {
            out[i] = new byte[width];
        }
        return out;
    }

    public PgftTopology topology() {
        return topology;
    }

    public int paths() {
        return paths;
    }

    /** Addresses per row: hosts × K. */
    public int addresses() {
        return addresses;
    }

    /** Local output port of switch {@code node} for address {@code addr}. */
    public int port(int node, int addr) {
        return switchPorts[node - topology.hosts()][addr] & 0xff;
    }

    public int hostPort(int host, int addr) {
        return hostPorts == null ? 0 : hostPorts[host][addr] & 0xff;
    }

    /** Bytes the tables take. */
    public long bytes() {
        return (long) switchPorts.length * addresses + (hostPorts == null ? 0 : (long) hostPorts.length * addresses);
    }

    /** A table from rows read back from a fabric, one row per switch (row i: switch i), ports as local indices. */
    public static ForwardingTables of(PgftTopology t, int paths, byte[][] switchRows) {
        if (switchRows.length != t.switches()) {
            throw new IllegalArgumentException("forwarding table has " + switchRows.length + " rows; the topology has " + t.switches() + " switches");
        }
        for (byte[] r : switchRows) {
            if (r.length != (long) t.hosts() * paths) {
                throw new IllegalArgumentException("forwarding table row size does not match the topology");
            }
        }
        return new ForwardingTables(t, paths, switchRows, null);
    }

    /** A table from rows in one flat array (row per switch), as a reroute keeps them. */
    static ForwardingTables ofFlat(PgftTopology t, int paths, byte[] flat) {
        int width = t.hosts() * paths;
        if (flat.length != (long) t.switches() * width) {
            throw new IllegalArgumentException("forwarding table size does not match the topology");
        }
        byte[][] rows = new byte[t.switches()][];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = java.util.Arrays.copyOfRange(flat, i * width, (i + 1) * width);
        }
        return new ForwardingTables(t, paths, rows, null);
    }

    /**
     * The same routes over more addresses per host, as boards whose LID space gives each host
     * {@code addressesPerHost} of them (InfiniBand's 2^LMC LIDs routed over fewer paths): address
     * d·A + q takes path q mod K. {@code addressesPerHost} must be a multiple of K, so that every path
     * gets as many of a host's addresses.
     */
    public ForwardingTables spreadOver(int addressesPerHost) {
        if (addressesPerHost < paths || addressesPerHost % paths != 0) {
            throw new IllegalArgumentException(paths + " path(s) cannot be spread evenly over " + addressesPerHost
                    + " addresses per host: give a divisor of " + addressesPerHost);
        }
        if (addressesPerHost == paths) {
            return this;
        }
        int hosts = topology.hosts();
        return new ForwardingTables(topology, addressesPerHost, spread(switchPorts, hosts, addressesPerHost),
                hostPorts == null ? null : spread(hostPorts, hosts, addressesPerHost));
    }

    /**
     * The first {@code k} of each host's addresses, as tables of {@code k} paths: what a host sending over the engine's K
     * paths uses of tables spread over more ({@link #spreadOver}), address d·A + q as path q. {@code k} must divide the
     * addresses per host.
     */
    public ForwardingTables firstPaths(int k) {
        if (k < 1 || k > paths || paths % k != 0) {
            throw new IllegalArgumentException(k + " path(s) are not a divisor of the " + paths + " addresses per host");
        }
        if (k == paths) {
            return this;
        }
        int hosts = topology.hosts();
        return new ForwardingTables(topology, k, narrow(switchPorts, hosts, k), hostPorts == null ? null : narrow(hostPorts, hosts, k));
    }

    private byte[][] narrow(byte[][] rows, int hosts, int k) {
        byte[][] out = rows(rows.length, hosts * k);
        for (int r = 0; r < rows.length; r++) {
            for (int d = 0; d < hosts; d++) {
                System.arraycopy(rows[r], d * paths, out[r], d * k, k);
            }
        }
        return out;
    }

    private byte[][] spread(byte[][] rows, int hosts, int perHost) {
        byte[][] out = rows(rows.length, hosts * perHost);
        for (int r = 0; r < rows.length; r++) {
            for (int d = 0; d < hosts; d++) {
                for (int q = 0; q < perHost; q++) {
                    out[r][d * perHost + q] = rows[r][d * paths + q % paths];
                }
            }
        }
        return out;
    }

    /**
     * A copy of the switch rows in one flat array (row per switch, {@link #addresses()} bytes each), as a reroute
     * works on them; refused past one Java array (a reroute of a fabric past about 2 GB of tables).
     */
    byte[] switchRows() {
        long size = (long) switchPorts.length * addresses;
        if (size > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("rerouting forwarding tables of " + size + " bytes (" + topology.describe()
                    + ") is not supported: a reroute holds them in one array of at most 2 GB");
        }
        byte[] flat = new byte[(int) size];
        for (int i = 0; i < switchPorts.length; i++) {
            System.arraycopy(switchPorts[i], 0, flat, i * addresses, addresses);
        }
        return flat;
    }

    /** True when both tables send every address the same way at every switch. */
    public boolean sameAs(ForwardingTables o) {
        return o.paths == paths && java.util.Arrays.deepEquals(o.switchPorts, switchPorts)
                && java.util.Arrays.deepEquals(o.hostPorts, hostPorts);
    }
}
