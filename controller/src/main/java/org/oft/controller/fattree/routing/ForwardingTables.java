package org.oft.controller.fattree.routing;

import org.oft.controller.fattree.topology.PgftTopology;

/**
 * Linear forwarding tables: for every switch and every address (host d, path q) -> address d K + q, the local
 * output port, one unsigned byte each in one flat array (row per switch). Hosts with several links (w_1 p_1 > 1)
 * get rows too, indexed by source; otherwise a host has one port.
 */
public final class ForwardingTables {
    private final PgftTopology topology;
    private final int paths;
    private final int addresses;
    private final byte[] switchPorts;
    private final byte[] hostPorts;

    ForwardingTables(PgftTopology topology, int paths, byte[] switchPorts, byte[] hostPorts) {
        this.topology = topology;
        this.paths = paths;
        this.addresses = topology.hosts() * paths;
        this.switchPorts = switchPorts;
        this.hostPorts = hostPorts;
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
        return switchPorts[(node - topology.hosts()) * addresses + addr] & 0xff;
    }

    public int hostPort(int host, int addr) {
        return hostPorts == null ? 0 : hostPorts[host * addresses + addr] & 0xff;
    }

    /** Bytes the tables take. */
    public long bytes() {
        return switchPorts.length + (hostPorts == null ? 0 : (long) hostPorts.length);
    }

    /** A table from rows read back from a fabric; rows for every switch, ports as local indices. */
    public static ForwardingTables of(PgftTopology t, int paths, byte[] switchPorts) {
        if (switchPorts.length != (long) t.switches() * t.hosts() * paths) {
            throw new IllegalArgumentException("forwarding table size does not match the topology");
        }
        return new ForwardingTables(t, paths, switchPorts, null);
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
        return new ForwardingTables(topology, addressesPerHost, spread(switchPorts, switchPorts.length / addresses, hosts, addressesPerHost),
                hostPorts == null ? null : spread(hostPorts, hosts, hosts, addressesPerHost));
    }

    private byte[] spread(byte[] rows, int rowCount, int hosts, int perHost) {
        int width = hosts * perHost;
        byte[] out = new byte[rowCount * width];
        for (int r = 0; r < rowCount; r++) {
            for (int d = 0; d < hosts; d++) {
                for (int q = 0; q < perHost; q++) {
                    out[r * width + d * perHost + q] = rows[r * addresses + d * paths + q % paths];
                }
            }
        }
        return out;
    }

    /** A copy of the switch rows (row per switch, {@link #addresses()} bytes each). */
    byte[] switchRows() {
        return switchPorts.clone();
    }

    /** True when both tables send every address the same way at every switch. */
    public boolean sameAs(ForwardingTables o) {
        return o.paths == paths && java.util.Arrays.equals(o.switchPorts, switchPorts)
                && java.util.Arrays.equals(o.hostPorts, hostPorts);
    }
}
