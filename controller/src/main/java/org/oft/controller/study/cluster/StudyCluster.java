package org.oft.controller.study.cluster;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.spi.cluster.hazelcast.ConfigUtil;
import io.vertx.spi.cluster.hazelcast.HazelcastClusterManager;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.oft.controller.logs.LibraryLogs;

/**
 * Membership of a study cluster: a clustered Vert.x over Hazelcast, joined over TCP/IP to the addresses given
 * (multicast off: lab networks and Slurm allocations rarely pass it), with failure detection in seconds rather than
 * Hazelcast's default minute. Nothing to install: every member is an {@code oftctl} process.
 */
public final class StudyCluster {
    /** Event-bus addresses of the study protocol; one coordinator per cluster at a time. */
    static final String TAKE = "oft.study.take";
    static final String BEAT = "oft.study.beat";
    static final String DONE = "oft.study.done";

    private StudyCluster() {
    }

    /**
     * The members to join, {@code host[:port]} each (port 5701 if left out); a clear error for an address that is
     * malformed or does not resolve.
     */
    public static List<InetSocketAddress> members(String spec) {
        List<InetSocketAddress> out = new ArrayList<>();
        for (String a : spec.split(",")) {
            String s = a.strip();
            int colon = s.lastIndexOf(':');
            String host = colon < 0 ? s : s.substring(0, colon);
            int port = 5701;
            if (colon >= 0) {
                try {
                    port = Integer.parseInt(s.substring(colon + 1));
                } catch (NumberFormatException e) {
                    port = -1;
                }
            }
            if (host.isEmpty() || port < 1 || port > 65535) {
                throw new IllegalArgumentException("--cluster: '" + s + "' is not HOST[:PORT]");
            }
            InetSocketAddress isa = new InetSocketAddress(host, port);
            if (isa.isUnresolved()) {
                throw new IllegalArgumentException("--cluster: host '" + host + "' does not resolve");
            }
            out.add(isa);
        }
        return out;
    }

    /** The address of this machine that reaches {@code peer} (its route's source), for members to call us back on. */
    public static String localAddressTowards(InetSocketAddress peer) {
        if (peer.getAddress().isLoopbackAddress()) {
            return "127.0.0.1";
        }
        try (DatagramSocket s = new DatagramSocket()) {
            s.connect(peer.getAddress(), peer.getPort()); // no packet is sent: this only picks the route
            return s.getLocalAddress().getHostAddress();
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("--cluster: no route to " + peer + ": " + e.getMessage());
        }
    }

    /** Refuses a {@code --host} that is not an address of this machine (nothing could listen there). */
    static void requireLocal(String host) {
        java.net.InetAddress a;
        try {
            a = java.net.InetAddress.getByName(host);
        } catch (java.net.UnknownHostException e) {
            throw new IllegalArgumentException("--host '" + host + "' does not resolve");
        }
        boolean local;
        try {
            local = a.isLoopbackAddress() || a.isAnyLocalAddress() || java.net.NetworkInterface.getByInetAddress(a) != null;
        } catch (java.net.SocketException e) {
            local = false;
        }
        if (!local) {
            throw new IllegalArgumentException("--host " + host + " is not an address of this machine: a member listens on one of its own"
                    + " addresses (leave --host out to take the one that reaches the members)");
        }
    }

    /** Members of the cluster {@code vertx} belongs to, this one included, as its cluster manager knows them now. */
    public static int size(Vertx vertx) {
        return ((io.vertx.core.internal.VertxInternal) vertx).clusterManager().getNodes().size();
    }

    /** Joins (or starts) the cluster: this member listens on {@code host:port} (the next free port from it), its event bus on a free port. */
    public static Vertx join(List<InetSocketAddress> members, String host, int port, String name) {
        return join(members, host, port, 0, name);
    }

    /** The same, the event bus on {@code busPort} (0: a free one), for firewalls that open named ports only. */
    public static Vertx join(List<InetSocketAddress> members, String host, int port, int busPort, String name) {
        requireLocal(host);
        if (busPort < 0 || busPort > 65535) {
            throw new IllegalArgumentException("--bus-port must be 0..65535, got " + busPort);
        }
        System.setProperty("hazelcast.logging.type", "jdk");
        // Hazelcast warns, with traces, about every member that dies; the coordinator says what that means for the study
        LibraryLogs.quiet();
        Config c = ConfigUtil.loadConfig();
        c.setClusterName(name);
        c.setProperty("hazelcast.heartbeat.interval.seconds", "1");
        c.setProperty("hazelcast.max.no.heartbeat.seconds", "5");
        c.setProperty("hazelcast.wait.seconds.before.join", "0");
        c.setProperty("hazelcast.phone.home.enabled", "false");
        c.setProperty("hazelcast.shutdownhook.enabled", "false");
        // members that started apart (a worker before its coordinator) find each other within seconds, not minutes
        c.setProperty("hazelcast.merge.first.run.delay.seconds", "5");
        c.setProperty("hazelcast.merge.next.run.delay.seconds", "5");
        c.getNetworkConfig().setPort(port).setPortAutoIncrement(true).setPortCount(100);
        c.getNetworkConfig().getInterfaces().setEnabled(true).addInterface(host);
        c.setProperty("hazelcast.local.localAddress", host);
        // the interface chosen is where it listens, nowhere else: by default Hazelcast binds every interface (0.0.0.0)
        // and only advertises the one given, so --host 127.0.0.1 left the member open to the whole network
        c.setProperty("hazelcast.socket.bind.any", "false");
        JoinConfig join = c.getNetworkConfig().getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(true).setConnectionTimeoutSeconds(2);
        for (InetSocketAddress m : members) {
            join.getTcpIpConfig().addMember(m.getHostString() + ":" + m.getPort());
        }
        VertxOptions options = new VertxOptions();
        options.getEventBusOptions().setHost(host).setPort(busPort).setClusterPublicHost(host);
        try {
            return Vertx.builder().with(options).withClusterManager(new HazelcastClusterManager(c)).buildClustered()
                    .toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while joining the cluster");
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("cannot join the study cluster at " + host + ":" + port + ": no member of " + members
                    + " answered within 60 s (is an oftctl study member listening there? members listen from port 5701 up)");
        } catch (java.util.concurrent.ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            String plain = cause.getMessage() == null ? "" : StudyClusterText.plain(cause.getMessage());
            String why = plain.isEmpty() ? "it failed to start" : plain;
            throw new IllegalStateException("cannot join the study cluster at " + host + ":" + port + " (members " + members + "): " + why);
        }
    }

}
