package org.oft.controller.files;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where oftctl keeps what outlives a run (~/.oftctl: the deployed tables' record, events, tokens, studies): the
 * folder $OFTCTL_HOME names, else .oftctl under $HOME when it is set, as every Unix tool does (the JVM's user.home
 * is the account's home from the password database, which ignores HOME=/tmp/x oftctl ...), else under user.home.
 */
public final class StateDir {
    private StateDir() {
    }

    /** ~/.oftctl for this process. */
    public static Path dir() {
        return of(System.getenv(), System.getProperty("user.home"));
    }

    /** A file in it. */
    public static Path file(String name) {
        return dir().resolve(name);
    }

    static Path of(Map<String, String> env, String userHome) {
        String own = env.get("OFTCTL_HOME");
        if (own != null && !own.isBlank()) {
            return Path.of(own);
        }
        String home = env.get("HOME");
        return Path.of(home != null && !home.isBlank() ? home : userHome, ".oftctl");
    }
}
