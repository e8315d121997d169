package org.oft.controller.logs;

import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The libraries the controller embeds log for their own developers: ZooKeeper's client prints its environment in
 * twenty lines and a trace per refused connection, Curator a trace when its retries give up, Hazelcast a trace
 * per member that dies. What such an event means for the bench or the study is said by the controller, once, in
 * its own words (the election's connection states, the study's hand-outs): ZooKeeper and Curator say nothing,
 * Hazelcast its errors only.
 */
public final class LibraryLogs {
    /** Held: a logger nobody references may be collected, and its level with it. */
    private static final List<Logger> SILENT = List.of(Logger.getLogger("org.apache.zookeeper"), Logger.getLogger("org.apache.curator"));
    private static final Logger HAZELCAST = Logger.getLogger("com.hazelcast");

    private LibraryLogs() {
    }

    public static void quiet() {
        for (Logger l : SILENT) {
            l.setLevel(Level.OFF);
        }
        HAZELCAST.setLevel(Level.SEVERE);
    }
}
