package org.oft.hal;

import java.util.List;

/**
 * How a deploy went.
 *
 * @param epoch    the slot from which every board runs the new configuration (-1 where the bench has no epochs)
 * @param attempts how many times the deploy had to start over (reboots, lost boards)
 * @param events   what happened on the way, e.g. a board that rebooted and was redeployed
 * @param payloadBytes region bytes uploaded in the last attempt (0 where nothing travels)
 * @param uploadNanos  time the last attempt spent uploading and reading the CRCs back
 */
public record DeployReport(long epoch, int attempts, List<String> events, long payloadBytes, long uploadNanos) {
    public DeployReport {
        events = List.copyOf(events);
    }
}
