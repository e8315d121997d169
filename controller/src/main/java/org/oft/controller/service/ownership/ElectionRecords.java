package org.oft.controller.service.ownership;

import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;

/**
 * What the controllers of a bench keep in their ensemble besides the election itself: the fencing generation's
 * counter, bumped by compare-and-set, and the master's copy of what it deployed, which whoever is master next takes
 * over from (a change recorded there is finished by any new master).
 */
final class ElectionRecords {
    private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger("org.oft.controller");
    static final String EPOCH = "/oft/generation";
    static final String STATE = "/oft/deployed";
    private final CuratorFramework zk;
    private final String id;
    private volatile long generation;

    ElectionRecords(CuratorFramework zk, String id) {
        this.zk = zk;
        this.id = id;
    }

    /** The next fencing generation: above the counter and {@code atLeast}, set by compare-and-set so two masters never share one. */
    long nextGeneration(long atLeast) {
        for (int attempt = 0; attempt < 100; attempt++) {
            try {
                Stat stat = new Stat();
                long now;
                try {
                    now = Long.parseLong(new String(zk.getData().storingStatIn(stat).forPath(EPOCH), StandardCharsets.UTF_8));
                } catch (KeeperException.NoNodeException e) {
                    try {
                        zk.create().creatingParentsIfNeeded().forPath(EPOCH, "0".getBytes(StandardCharsets.UTF_8));
                    } catch (KeeperException.NodeExistsException raced) {
                        // another made it first
                    }
                    continue;
                }
                long next = Math.max(now + 1, atLeast);
                zk.setData().withVersion(stat.getVersion()).forPath(EPOCH, Long.toString(next).getBytes(StandardCharsets.UTF_8));
                return next;
            } catch (KeeperException.BadVersionException raced) {
                // another bumped it: read again
            } catch (Exception e) {
                throw new IllegalStateException("cannot take a generation from the election: " + e.getMessage());
            }
        }
        throw new IllegalStateException("cannot take a generation from the election: 100 races lost");
    }


    /** This controller is master at {@code generation}: the copy it publishes carries it. */
    void mastering(long generation) {
        this.generation = generation;
    }

    /**
     * The master keeps what it deployed here, as it changes (and a change before it is deployed). Never over the
     * copy of a later master: a master that was paused past its session and wakes up in the middle of a deploy
     * must not put its view back after the controller that took over from it has written its own.
     */
    void publish(JsonObject deployed) {
        byte[] b = deployed.put("master", id).put("generation", generation).encode().getBytes(StandardCharsets.UTF_8);
        try {
            for (int attempt = 0; attempt < 10; attempt++) {
                Stat stat = new Stat();
                byte[] held;
                try {
                    held = zk.getData().storingStatIn(stat).forPath(STATE);
                } catch (KeeperException.NoNodeException e) {
                    try {
                        zk.create().creatingParentsIfNeeded().forPath(STATE, b);
                        return;
                    } catch (KeeperException.NodeExistsException raced) {
                        continue;
                    }
                }
                long theirs = generationOf(held);
                if (theirs > generation) {
                    LOG.warning("the standbys' copy of the deploy was not updated: the master at generation " + theirs
                            + " wrote it since (this controller is at " + generation + ")");
                    return;
                }
                try {
                    zk.setData().withVersion(stat.getVersion()).forPath(STATE, b);
                    return;
                } catch (KeeperException.BadVersionException raced) {
                    // written meanwhile: read again
                }
            }
        } catch (Exception e) {
            LOG.warning("the standbys' copy of the deploy was not updated: " + e.getMessage());
        }
    }

    private static long generationOf(byte[] record) {
        try {
            return new JsonObject(new String(record, StandardCharsets.UTF_8)).getLong("generation", 0L);
        } catch (RuntimeException e) {
            return 0; // not a copy of ours: written over
        }
    }

    /** What the last master deployed, or null if none ever published. */
    JsonObject deployed() {
        try {
            return new JsonObject(new String(zk.getData().forPath(STATE), StandardCharsets.UTF_8));
        } catch (KeeperException.NoNodeException e) {
            return null;
        } catch (Exception e) {
            throw new IllegalStateException("cannot read the master's deploy from the election: " + e.getMessage());
        }
    }

}
