package org.oft.hal;

/** Switch boards' port counters, as the boards latched them. */
public interface SwitchCounters {
    /** The counters of every port of switch board {@code boardId}. */
    SwitchPorts portCounters(String boardId);
}
