package org.oft.controller.service.ownership;

import java.nio.charset.StandardCharsets;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.oft.controller.service.http.ConsoleToken;

/**
 * The console token the controllers of one bench share, kept in the election's ensemble: only its salted hash, at
 * {@value MasterElection#TOKEN}, readable by anyone, changed or deleted only by a client that knows the token (a
 * ZooKeeper digest ACL on the node and its parent). Shared at start, rotated by the master, followed by the others.
 */
public final class SharedToken {
    private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger("org.oft.controller");
    /** Anyone reads the hash. */
    private static final org.apache.zookeeper.data.ACL READ = new org.apache.zookeeper.data.ACL(org.apache.zookeeper.ZooDefs.Perms.READ,
            org.apache.zookeeper.ZooDefs.Ids.ANYONE_ID_UNSAFE);
    private final CuratorFramework zk;
    private final BooleanSupplier closed;

    SharedToken(CuratorFramework zk, BooleanSupplier closed) {
        this.zk = zk;
        this.closed = closed;
    }

    /**
     * The console token the controllers of this bench share: {@code mine} if none was set yet, else the one set, of
     * which the election holds only the salted hash (a standby checks the token a page carries without knowing it).
     * Anyone may read that node; only a client that knows the token (ZooKeeper digest) may change or delete it, so
     * no one who can reach the ensemble can read the token or put one of theirs in its place.
     */
    public ConsoleToken share(ConsoleToken mine) {
        String held;
        try {
            java.util.List<org.apache.zookeeper.data.ACL> acl = java.util.List.of(READ, writer(mine.plain()));
            try { // both nodes or neither: a node is deleted with its parent's leave, so the parent carries the same ACL
                zk.createContainers("/oft");
                // this session proves it knows the token, so that it may create the token's node under its parent
                zk.getZookeeperClient().getZooKeeper().addAuthInfo("digest", (MasterElection.TOKEN_USER + ":" + mine.plain()).getBytes(StandardCharsets.UTF_8));
                zk.transaction().forOperations(
                        zk.transactionOp().create().withACL(acl).forPath(MasterElection.TOKEN_DIR),
                        zk.transactionOp().create().withACL(acl).forPath(MasterElection.TOKEN, mine.stored().getBytes(StandardCharsets.UTF_8)));
                return mine;
            } catch (KeeperException.NodeExistsException e) {
                boolean guarded = zk.getACL().forPath(MasterElection.TOKEN_DIR).stream().noneMatch(x -> x.getId().equals(org.apache.zookeeper.ZooDefs.Ids.ANYONE_ID_UNSAFE)
                        && x.getPerms() != org.apache.zookeeper.ZooDefs.Perms.READ);
                held = guarded ? new String(zk.getData().forPath(MasterElection.TOKEN), StandardCharsets.UTF_8) : "";
            }
        } catch (Exception e) {
            throw new IllegalStateException("cannot share the console token through the election: " + e.getMessage());
        }
        try {
            return ConsoleToken.adopt(held);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("the console token the election holds (" + MasterElection.TOKEN + ") is not one an oftctl stored, or anyone"
                    + " may change it: delete " + MasterElection.TOKEN_DIR + " (zkCli.sh deleteall " + MasterElection.TOKEN_DIR + ") and start the bench's controllers again");
        }
    }

    /**
     * The bench's token becomes {@code fresh} (its hash, and the digest that may change it), by a client that proves it
     * knows the token in force ({@code old}, as the rotation's caller gave it): the standbys following it take it, and
     * the old one opens nothing any more. ZooKeeper changes ACLs one node at a time, so: both digests may write, the
     * hash changes (the one step that counts, atomic), then the new digest alone; a failure before the hash changed
     * leaves the old token in force.
     */
    public void rotate(String old, ConsoleToken fresh) {
        java.util.List<org.apache.zookeeper.data.ACL> both;
        java.util.List<org.apache.zookeeper.data.ACL> only;
        try {
            org.apache.zookeeper.ZooKeeper z = zk.getZookeeperClient().getZooKeeper();
            z.addAuthInfo("digest", (MasterElection.TOKEN_USER + ":" + old).getBytes(StandardCharsets.UTF_8));
            z.addAuthInfo("digest", (MasterElection.TOKEN_USER + ":" + fresh.plain()).getBytes(StandardCharsets.UTF_8));
            org.apache.zookeeper.data.ACL read = READ;
            org.apache.zookeeper.data.ACL was = writer(old);
            org.apache.zookeeper.data.ACL now = writer(fresh.plain());
            both = java.util.List.of(read, was, now);
            only = java.util.List.of(read, now);
            zk.setACL().withACL(both).forPath(MasterElection.TOKEN_DIR);
            zk.setACL().withACL(both).forPath(MasterElection.TOKEN);
            zk.setData().forPath(MasterElection.TOKEN, fresh.stored().getBytes(StandardCharsets.UTF_8));
        } catch (Exception e) {
            throw new IllegalStateException("the console token was not rotated (the election did not take it, so every controller keeps the "
                    + "old one): " + e.getMessage());
        }
        try {
            zk.setACL().withACL(only).forPath(MasterElection.TOKEN);
            zk.setACL().withACL(only).forPath(MasterElection.TOKEN_DIR);
        } catch (Exception e) {
            LOG.warning("the console token was rotated, but the election still lets the old one change it (" + e.getMessage()
                    + "): rotate it again");
        }
    }

    private static org.apache.zookeeper.data.ACL writer(String token) throws java.security.NoSuchAlgorithmException {
        return new org.apache.zookeeper.data.ACL(org.apache.zookeeper.ZooDefs.Perms.ALL, new org.apache.zookeeper.data.Id("digest",
                org.apache.zookeeper.server.auth.DigestAuthenticationProvider.generateDigest(MasterElection.TOKEN_USER + ":" + token)));
    }

    private volatile Consumer<ConsoleToken> follower;

    /** {@code adopt} is told the bench's token (its hash) now and whenever a master rotates it, as long as this controller stands. */
    public void follow(Consumer<ConsoleToken> adopt) {
        follower = adopt;
        reread();
    }

    /** Reads the bench's token again, and watches it again (after a session ended and came back, the watch went with it). */
    void reread() {
        Consumer<ConsoleToken> adopt = follower;
        if (adopt == null || closed.getAsBoolean()) {
            return;
        }
        try {
            byte[] held = zk.getData().usingWatcher((org.apache.zookeeper.Watcher) event -> {
                if (event.getType() == org.apache.zookeeper.Watcher.Event.EventType.NodeDataChanged) {
                    reread(); // and watch again
                }
            }).forPath(MasterElection.TOKEN);
            adopt.accept(ConsoleToken.adopt(new String(held, StandardCharsets.UTF_8)));
        } catch (Exception e) {
            if (!closed.getAsBoolean()) {
                LOG.warning("could not read the bench's console token from the election: " + e.getMessage());
            }
        }
    }

}
