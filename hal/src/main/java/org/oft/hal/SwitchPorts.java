package org.oft.hal;

import java.util.List;

/**
 * A switch board's port counters as read back: per port (0-based, physical port = index + 1) its
 * link state and the counters {@link #names()} lists, cumulative since the board booted.
 *
 * @param boardId  the board
 * @param cycle    the switch cycle at which the board latched them, counted from its boot
 * @param bootId   the board's boot id: another one than before means the board restarted, and its
 *                 cycle and counters start from zero
 * @param names    counter names (InfiniBand PortCounters names where one exists)
 * @param up       link state per port
 * @param counters port-major: port p's counter k is {@code counters[p * names.size() + k]}
 */
public record SwitchPorts(String boardId, long cycle, long bootId, List<String> names, boolean[] up, long[] counters) {
    public SwitchPorts {
        names = List.copyOf(names);
        up = up.clone();
        counters = counters.clone();
        if (counters.length != up.length * names.size()) {
            throw new IllegalArgumentException(counters.length + " counters for " + up.length + " ports of " + names.size());
        }
    }

    public int ports() {
        return up.length;
    }

    public boolean up(int port) {
        return up[port];
    }

    @Override
    public boolean[] up() {
        return up.clone();
    }

    @Override
    public long[] counters() {
        return counters.clone();
    }
}
