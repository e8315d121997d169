package org.oft.controller.service.http;

import java.util.function.Consumer;

/**
 * The console token in force, which a rotation replaces: the one writer of it. The console checks every mutating call
 * against {@link #current}; a rotation publishes the new token's hash first (to the election, for the standbys) and
 * takes it only if that worked, so a failed rotation leaves the old token in force everywhere; a standby follows the
 * master's rotations by {@link #adopt}.
 */
public final class TokenHolder {
    private volatile ConsoleToken current;

    public TokenHolder(ConsoleToken initial) {
        this.current = initial;
    }

    public ConsoleToken current() {
        return current;
    }

    /** Whether {@code given} is the token in force. */
    public boolean accepts(String given) {
        return current.accepts(given);
    }

    /** The token in force becomes {@code t} (the election's, after another controller rotated it), unless it is that one already. */
    public synchronized void adopt(ConsoleToken t) {
        if (!current.stored().equals(t.stored())) {
            current = t;
        }
    }

    /** A fresh token in place of the one in force, once {@code publish} (the election's copy of its hash) has taken it. */
    public synchronized ConsoleToken rotate(Consumer<ConsoleToken> publish) {
        ConsoleToken fresh = ConsoleToken.fresh();
        publish.accept(fresh); // throws, and nothing changes, if the standbys could not be told
        current = fresh;
        return fresh;
    }
}
