package org.oft.controller.service.ownership;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.recipes.leader.LeaderLatch;
import org.apache.curator.framework.recipes.leader.LeaderLatchListener;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.oft.controller.logs.LibraryLogs;

/**
 * The controllers of one bench elect their master through ZooKeeper (Curator's LeaderLatch), not a
 * protocol of their own. The master takes its fencing generation from a counter it bumps by
 * compare-and-set, and keeps there what it deployed, so that a standby taking over computes the same
 * tables. The election may be wrong for a moment (a paused master whose session expired); the boards
 * still refuse its stale generation. Paths are under the connect string's chroot, if any
 * ({@code host:port/oft-bench-1}): one bench per chroot.
 */
public final class MasterElection implements AutoCloseable {
    /** ZooKeeper notices a dead controller after this long: the bound of a take-over, with the claim and the check of the boards. */
    public static final int SESSION_MILLIS = 3000;
    private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger("org.oft.controller");
    static final String LATCH = "/oft/master";
    static final String CANDIDATES = "/oft/candidates";
    /** The shared console token's hash, under a node of its own whose ACL keeps anyone without the token from deleting it. */
    static final String TOKEN_DIR = "/oft/console";
    static final String TOKEN = TOKEN_DIR + "/token";
    /** The ZooKeeper digest user that may change the shared token: its password is the token. */
    static final String TOKEN_USER = "oft-console";

    private final CuratorFramework zk;
    private final String id;
    private final int priority;
    private final JsonObject card;
    private volatile LeaderLatch latch;
    private volatile Listener listener = new Listener() { };
    private volatile boolean closed;
    private final SharedToken token;
    private final ElectionRecords records;
    /** The candidates' cards as ZooKeeper's watches last told them: what a console reads, never waiting on ZooKeeper. */
    private final org.apache.curator.framework.recipes.cache.CuratorCache cards;
    /** Since when the ensemble has been out of reach (System.currentTimeMillis), 0 while it answers. */
    private volatile long unreachableSince;
    /** The listener was told {@link Listener#outOfReach} and not yet whether this controller is master again. */
    private volatile boolean heldOutOfReach;

    /** Told on a thread of the election's, one call at a time. */
    public interface Listener {
        default void elected() {
        }

        default void deposed() {
        }

        /**
         * The session ended while this controller was master because the ensemble is out of reach, not because another
         * was elected: it may hold the boards read-only (their lease and generation still its own) until the ensemble
         * answers; then {@link #elected} or {@link #deposed} follows. (Where only this controller lost the ensemble,
         * another may be elected meanwhile: its higher generation fences this one at the boards.)
         */
        default void outOfReach() {
            deposed();
        }

        /** A controller of higher priority stands: release the boards to it; the election is left and joined again after. */
        default void handOver(String to) {
        }
    }

    private MasterElection(CuratorFramework zk, String id, int priority, JsonObject card) {
        this.zk = zk;
        this.id = id;
        this.priority = priority;
        this.card = card;
        this.token = new SharedToken(zk, () -> closed);
        this.records = new ElectionRecords(zk, id);
        this.cards = org.apache.curator.framework.recipes.cache.CuratorCache.build(zk, CANDIDATES);
        zk.getConnectionStateListenable().addListener((client, state) -> {
            if (state.isConnected()) {
                unreachableSince = 0;
            } else if (unreachableSince == 0) {
                unreachableSince = System.currentTimeMillis();
            }
        });
    }

    /** Connects (failing with the ensemble named when it cannot) and registers as a candidate (not standing yet). */
    public static MasterElection join(String connect, String id, int priority) {
        String refused = refusedByAll(connect);
        if (refused != null) {
            throw new IllegalStateException("cannot reach the ZooKeeper ensemble " + connect + " (--ha): " + refused
                    + " (on a bench, 'oftctl zookeeper --port PORT' runs one)");
        }
        CuratorFramework zk = CuratorFrameworkFactory.builder().connectString(connect).sessionTimeoutMs(SESSION_MILLIS)
                .connectionTimeoutMs(SESSION_MILLIS).retryPolicy(new ExponentialBackoffRetry(100, 5))
                // a master stays master through a blip: only a session that ended (LOST) loses the latch, since while the
                // session lives no other controller can be elected, and the boards fence a master that outlives its session
                .connectionStateErrorPolicy(new org.apache.curator.framework.state.SessionConnectionStateErrorPolicy()).build();
        LibraryLogs.quiet(); // ZooKeeper's own lines would be traces; these are ours
        java.util.concurrent.atomic.AtomicBoolean connected = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.atomic.AtomicReference<MasterElection> joined = new java.util.concurrent.atomic.AtomicReference<>();
        zk.getConnectionStateListenable().addListener((client, state) -> {
            if (state == org.apache.curator.framework.state.ConnectionState.RECONNECTED && joined.get() != null) {
                joined.get().standAgain(); // after a pause past the session, its candidate card went with it
            }
            if (state == org.apache.curator.framework.state.ConnectionState.CONNECTED) {
                connected.set(true);
            } else if (!connected.get()) {
                return; // never reached at all: join says so, once
            } else if (state == org.apache.curator.framework.state.ConnectionState.SUSPENDED) {
                LOG.warning("the ZooKeeper ensemble " + connect + " is out of reach: the election holds until it answers or "
                        + "the session ends (" + SESSION_MILLIS + " ms)");
            } else if (state == org.apache.curator.framework.state.ConnectionState.LOST) {
                LOG.warning("the session with the ZooKeeper ensemble " + connect + " ended: this controller stands again once it answers");
            } else if (state == org.apache.curator.framework.state.ConnectionState.RECONNECTED) {
                LOG.info("the ZooKeeper ensemble " + connect + " answers again");
            }
        });
        zk.start();
        try {
            if (!zk.blockUntilConnected(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("cannot reach the ZooKeeper ensemble " + connect + " (--ha) within 10 s");
            }
            JsonObject card = new JsonObject().put("id", id).put("priority", priority);
            MasterElection e = new MasterElection(zk, id, priority, card);
            e.register();
            e.cards.start();
            joined.set(e);
            return e;
        } catch (KeeperException.NodeExistsException e) {
            zk.close();
            throw new IllegalStateException("a controller named " + id + " already stands in this election (--controller-id)");
        } catch (IllegalStateException e) {
            zk.close();
            throw e;
        } catch (Exception e) {
            zk.close();
            throw new IllegalStateException("cannot join the election at " + connect + ": " + e.getMessage());
        }
    }

    /**
     * Puts this controller's candidate card in the election (ephemeral: it goes with the session). A card left by
     * an earlier session (this controller restarted, or woke from a pause, before ZooKeeper ended that session) is
     * waited out; one this session holds already is kept.
     */
    private synchronized void register() throws Exception {
        String path = CANDIDATES + "/" + id;
        long until = System.nanoTime() + (SESSION_MILLIS + 2000) * 1_000_000L;
        while (true) {
            try {
                zk.create().creatingParentsIfNeeded().withMode(CreateMode.EPHEMERAL).forPath(path, card.encode().getBytes(StandardCharsets.UTF_8));
                return;
            } catch (KeeperException.NodeExistsException e) {
                Stat held = zk.checkExists().forPath(path);
                if (held != null && held.getEphemeralOwner() == zk.getZookeeperClient().getZooKeeper().getSessionId()) {
                    return;
                }
                if (System.nanoTime() > until) {
                    throw e;
                }
                Thread.sleep(200);
            }
        }
    }

    /**
     * Back in the election after the connection returned: a session that ended (a pause past it, a long outage)
     * took the candidate card, without which a controller of higher priority is never handed the boards.
     */
    private void standAgain() {
        if (closed) {
            return;
        }
        Thread t = new Thread(() -> {
            token.reread(); // a rotation while this controller was away, and the watch again
            try {
                register();
            } catch (Exception e) {
                if (!closed) {
                    LOG.warning("could not stand in the election again: " + e.getMessage());
                }
            }
            settleAfterOutage();
        }, "oft-election-stand-again");
        t.setDaemon(true);
        t.start();
    }

    /**
     * Once the ensemble answers again after {@link Listener#outOfReach}: the latch elects this controller (isLeader says
     * so) or another is master, and then the listener is told it is deposed. A latch that names nobody within two
     * sessions counts as deposed too: standing by is the safe side.
     */
    private void settleAfterOutage() {
        long deadline = System.nanoTime() + 2L * SESSION_MILLIS * 1_000_000L;
        while (heldOutOfReach && !closed) {
            LeaderLatch l = latch;
            if (l.hasLeadership()) {
                return;
            }
            if (unreachableSince != 0) {
                return; // away again: the next RECONNECTED settles it
            }
            if (anotherLeads(l) || System.nanoTime() > deadline) {
                heldOutOfReach = false;
                listener.deposed();
                return;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private boolean anotherLeads(LeaderLatch l) {
        try {
            org.apache.curator.framework.recipes.leader.Participant p = l.getLeader();
            return p.isLeader() && !p.getId().equals(id);
        } catch (Exception e) {
            return false; // no leader's node yet
        }
    }

    /**
     * Why every server of {@code connect} turned the connection down outright (nothing listens there, or the
     * name does not resolve), or null when one accepted or did not answer in a second: a wrong port is then
     * said at once, and only a silent network waits out ZooKeeper's own time-out.
     */
    static String refusedByAll(String connect) {
        java.util.List<java.net.InetSocketAddress> servers;
        try {
            servers = new org.apache.zookeeper.client.ConnectStringParser(connect).getServerAddresses();
        } catch (IllegalArgumentException e) {
            return null; // ZooKeeper names what is wrong with it
        }
        java.util.List<String> why = new java.util.ArrayList<>();
        for (java.net.InetSocketAddress server : servers) {
            String host = server.getHostString();
            String name = (host.contains(":") ? "[" + host + "]" : host) + ":" + server.getPort();
            try (java.net.Socket socket = new java.net.Socket()) {
                socket.connect(new java.net.InetSocketAddress(host, server.getPort()), 1000); // resolved here
                return null;
            } catch (java.net.ConnectException e) {
                why.add(name + " refused the connection");
            } catch (java.net.UnknownHostException | IllegalArgumentException e) {
                why.add(name + ": no such host");
            } catch (java.io.IOException e) {
                return null; // no answer: ZooKeeper's wait decides
            }
        }
        return why.isEmpty() ? null : String.join("; ", why);
    }

    /** Where this controller's console serves, for a page that follows the master: on its candidate card. */
    public void announce(String scheme, String host, int port) {
        card.put("scheme", scheme).put("host", host).put("port", port);
        try {
            zk.setData().forPath(CANDIDATES + "/" + id, card.encode().getBytes(StandardCharsets.UTF_8));
        } catch (Exception e) {
            throw new IllegalStateException("cannot announce this controller in the election: " + e.getMessage());
        }
    }

    /** The console token the bench's controllers share, kept in this election's ensemble. */
    public SharedToken token() {
        return token;
    }

    /** Starts standing; {@code listener} is told when this controller becomes master and when it stops being it. */
    public synchronized void stand(Listener listener) {
        this.listener = listener;
        startLatch();
    }

    private void startLatch() {
        LeaderLatch l = new LeaderLatch(zk, LATCH, id, LeaderLatch.CloseMode.NOTIFY_LEADER);
        l.addListener(new LeaderLatchListener() {
            @Override
            public void isLeader() {
                heldOutOfReach = false;
                if (higherPriorityWaiting()) {
                    stepAside(l); // as subnet managers do: the higher priority masters
                    return;
                }
                listener.elected();
                watchForHigherPriority(l);
            }

            @Override
            public void notLeader() {
                if (unreachableSince != 0 && !closed) { // the session ended with the ensemble away: nobody was elected here
                    heldOutOfReach = true;
                    listener.outOfReach();
                } else {
                    listener.deposed();
                }
            }
        });
        latch = l;
        try {
            l.start();
        } catch (Exception e) {
            throw new IllegalStateException("cannot stand in the election: " + e.getMessage());
        }
    }

    /** While master: once a second, whether a controller of higher priority has come; if so, hands over to it. */
    private void watchForHigherPriority(LeaderLatch l) {
        Thread t = new Thread(() -> {
            while (!closed && latch == l && l.hasLeadership()) {
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    return;
                }
                String higher = higherPriorityCandidate();
                if (higher != null && !closed && latch == l && l.hasLeadership()) {
                    listener.handOver(higher);
                    stepAside(l);
                    return;
                }
            }
        }, "oft-election-priority-watch");
        t.setDaemon(true);
        t.start();
    }

    private void stepAside(LeaderLatch l) {
        Thread t = new Thread(() -> {
            synchronized (this) {
                if (closed || latch != l) {
                    return;
                }
                try {
                    l.close(LeaderLatch.CloseMode.SILENT);
                } catch (java.io.IOException e) {
                    // its node goes with the session at worst
                }
                startLatch();
            }
        }, "oft-election-step-aside");
        t.setDaemon(true);
        t.start();
    }

    /** A candidate of higher priority than this one is standing. */
    boolean higherPriorityWaiting() {
        return higherPriorityCandidate() != null;
    }

    /** The id of a candidate of higher priority than this one, or null. */
    private String higherPriorityCandidate() {
        return candidates().stream().map(JsonObject.class::cast)
                .filter(c -> !id.equals(c.getString("id")) && c.getInteger("priority", 0) > priority && !c.containsKey("unknown"))
                .map(c -> c.getString("id")).findFirst().orElse(null);
    }

    /** Waits up to {@code millis} to become master; true if it is. */
    public boolean awaitMaster(long millis) throws InterruptedException {
        LeaderLatch l = latch;
        return l != null && l.await(millis, TimeUnit.MILLISECONDS);
    }

    /** Every controller standing, with its priority and console. */
    public JsonArray candidates() {
        JsonArray out = new JsonArray();
        try {
            for (String child : zk.getChildren().forPath(CANDIDATES)) {
                try {
                    out.add(new JsonObject(new String(zk.getData().forPath(CANDIDATES + "/" + child), StandardCharsets.UTF_8)));
                } catch (KeeperException.NoNodeException gone) {
                    // left meanwhile
                }
            }
        } catch (Exception e) {
            out.add(card.copy().put("unknown", e.getMessage()));
        }
        return out;
    }

    /** Why this controller cannot reach the election now ("out of reach for N s"), or null while the ensemble answers; at once. */
    public String unreachable() {
        long since = unreachableSince;
        return since == 0 ? null : "the ZooKeeper ensemble has been out of reach for " + (System.currentTimeMillis() - since) / 1000 + " s";
    }

    /**
     * Every controller standing as this controller last heard of them, at once: what a console or a refusal reads (on
     * an event loop or beside one), never a wait on ZooKeeper. While the ensemble is out of reach, this controller's own
     * card with "unknown" saying since when, as {@link #candidates} gives when its read fails; this one's own card is
     * always its own copy (a change it announced is shown before the watch brings it back).
     */
    public JsonArray knownCandidates() {
        String away = unreachable();
        if (away != null) {
            JsonArray out = new JsonArray();
            out.add(card.copy().put("unknown", away));
            return out;
        }
        java.util.Map<String, JsonObject> byId = new java.util.TreeMap<>();
        cards.stream().filter(d -> d.getPath().startsWith(CANDIDATES + "/") && d.getData() != null).forEach(d -> {
            try {
                JsonObject c = new JsonObject(new String(d.getData(), StandardCharsets.UTF_8));
                byId.put(c.getString("id", d.getPath()), c);
            } catch (RuntimeException notOurs) {
                // a card that is not JSON is no controller's
            }
        });
        byId.put(id, card.copy());
        JsonArray out = new JsonArray();
        byId.values().forEach(out::add);
        return out;
    }

    /** The next fencing generation: above the counter and {@code atLeast}, set by compare-and-set so two masters never share one. */
    public long nextGeneration(long atLeast) {
        return records.nextGeneration(atLeast);
    }

    /** This controller is master at {@code generation}: the copy it publishes carries it. */
    public void mastering(long generation) {
        records.mastering(generation);
    }

    /** The master keeps what it deployed, as it changes, for whoever is master next ({@link ElectionRecords#publish}). */
    public void publish(JsonObject deployed) {
        records.publish(deployed);
    }

    /** What the last master deployed, or null if none ever published. */
    public JsonObject deployed() {
        return records.deployed();
    }

    public String id() {
        return id;
    }

    public int priority() {
        return priority;
    }

    @Override
    public synchronized void close() {
        closed = true;
        try {
            cards.close();
            LeaderLatch l = latch;
            if (l != null) {
                l.close(LeaderLatch.CloseMode.SILENT);
            }
        } catch (Exception e) {
            // the session's end removes it
        } finally {
            zk.close();
        }
    }
}
