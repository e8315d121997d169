package org.oft.controller.service.ownership;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.KeeperException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oft.controller.service.http.ConsoleToken;
import org.oft.controller.service.http.TokenHolder;

/**
 * The console token the controllers of a bench share through ZooKeeper: the ensemble holds only its salted hash,
 * readable by anyone and changed or deleted only by a client that knows the token, so reaching the ensemble gives
 * neither the token nor a way to put one's own in its place; a standby accepts the bench's token, never an empty one.
 */
@Timeout(120)
class SharedTokenTest {

    @Test
    void theEnsembleHoldsNoTokenAndNoOneWithoutItChangesIt() throws Exception {
        try (TestingServer server = new TestingServer(true)) {
            MasterElection a = MasterElection.join(server.getConnectString(), "A", 0);
            MasterElection b = null;
            try (CuratorFramework anyone = CuratorFrameworkFactory.newClient(server.getConnectString(), new RetryOneTime(100))) {
                ConsoleToken mine = ConsoleToken.fresh();
                assertSame(mine, a.token().share(mine), "the first controller's token is the bench's");
                anyone.start();
                String held = new String(anyone.getData().forPath(MasterElection.TOKEN), StandardCharsets.UTF_8);
                assertTrue(held.startsWith("sha256:"), held);
                assertFalse(held.contains(mine.plain()), "the ensemble holds the token itself: " + held);
                // someone who can reach the ensemble but does not know the token: cannot blank, replace or delete it
                assertThrows(KeeperException.NoAuthException.class, () -> anyone.setData().forPath(MasterElection.TOKEN, new byte[0]));
                assertThrows(KeeperException.NoAuthException.class, () -> anyone.delete().forPath(MasterElection.TOKEN));
                assertThrows(KeeperException.NotEmptyException.class, () -> anyone.delete().forPath(MasterElection.TOKEN_DIR));
                assertThrows(KeeperException.NoAuthException.class, () -> anyone.create().forPath(MasterElection.TOKEN_DIR + "/planted"));
                assertThrows(KeeperException.NoAuthException.class, () -> anyone.setACL().withACL(org.apache.zookeeper.ZooDefs.Ids.OPEN_ACL_UNSAFE)
                        .forPath(MasterElection.TOKEN));

                b = MasterElection.join(server.getConnectString(), "B", 0);
                ConsoleToken adopted = b.token().share(ConsoleToken.fresh());
                assertNull(adopted.plain(), "a standby knows only the hash");
                assertTrue(adopted.accepts(mine.plain()), "a page's token works on the standby");
                assertFalse(adopted.accepts(""));
                assertFalse(adopted.accepts(mine.plain().substring(0, 31)));
                assertFalse(adopted.accepts(null));
                assertFalse(ConsoleToken.fresh().accepts(""), "an empty token passes nowhere");
            } finally {
                a.close();
                if (b != null) {
                    b.close();
                }
            }
        }
    }

    /** A token planted where anyone may change it (an empty one, say) is not adopted: the controller says what to do. */
    @Test
    void aPlantedTokenIsNotAdopted() throws Exception {
        try (TestingServer server = new TestingServer(true);
             CuratorFramework anyone = CuratorFrameworkFactory.newClient(server.getConnectString(), new RetryOneTime(100))) {
            anyone.start();
            anyone.create().creatingParentsIfNeeded().forPath(MasterElection.TOKEN, ConsoleToken.fresh().stored().getBytes(StandardCharsets.UTF_8));
            MasterElection c = MasterElection.join(server.getConnectString(), "C", 0);
            try {
                IllegalStateException e = assertThrows(IllegalStateException.class, () -> c.token().share(ConsoleToken.fresh()));
                assertEquals("the console token the election holds (/oft/console/token) is not one an oftctl stored, or anyone may change"
                        + " it: delete /oft/console (zkCli.sh deleteall /oft/console) and start the bench's controllers again", e.getMessage());
            } finally {
                c.close();
            }
        }
    }

    /**
     * A token rotated on the master reaches the standby, which then refuses the old one; the election takes the new
     * token's hash, and neither someone without a token nor the holder of the old one can change it any more.
     */
    @Test
    void aRotationReachesTheStandbyAndTheOldTokenOpensNothing() throws Exception {
        try (TestingServer server = new TestingServer(true)) {
            MasterElection a = MasterElection.join(server.getConnectString(), "A", 0);
            MasterElection b = MasterElection.join(server.getConnectString(), "B", 0);
            try {
                ConsoleToken mine = ConsoleToken.fresh();
                a.token().share(mine);
                TokenHolder standby = new TokenHolder(b.token().share(ConsoleToken.fresh()));
                b.token().follow(standby::adopt);
                assertTrue(standby.accepts(mine.plain()));
                ConsoleToken fresh = ConsoleToken.fresh();
                a.token().rotate(mine.plain(), fresh);
                long until = System.nanoTime() + 10_000_000_000L;
                while (!standby.accepts(fresh.plain()) && System.nanoTime() < until) {
                    Thread.sleep(50);
                }
                assertTrue(standby.accepts(fresh.plain()), "the standby follows the master's rotation");
                assertFalse(standby.accepts(mine.plain()), "the old token opens nothing");
                try (CuratorFramework old = CuratorFrameworkFactory.builder().connectString(server.getConnectString()).retryPolicy(new RetryOneTime(100))
                        .authorization("digest", (MasterElection.TOKEN_USER + ":" + mine.plain()).getBytes(StandardCharsets.UTF_8)).build()) {
                    old.start();
                    assertThrows(KeeperException.NoAuthException.class, () -> old.setData().forPath(MasterElection.TOKEN, new byte[0]),
                            "the old token's holder cannot put a hash back");
                }
                // a controller that never knew the token (a standby, which holds its hash only) cannot rotate it
                ConsoleToken other = ConsoleToken.fresh();
                assertThrows(IllegalStateException.class, () -> b.token().rotate("not-the-token-at-all-not-the-token-at-all", other),
                        "the election refuses a rotation by one who does not know the token");
                Thread.sleep(300);
                assertTrue(standby.accepts(fresh.plain()) && !standby.accepts(other.plain()), "and nothing changed");
            } finally {
                a.close();
                b.close();
            }
        }
    }
}
