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
 * @param blocksWritten {@value #BLOCK_BYTES}-byte blocks written in the last attempt: only those that
 *                      differ from what a board already held, where that is known
 * @param bytesWritten  region bytes written in the last attempt (at most payloadBytes)
 */
public record DeployReport(long epoch, int attempts, List<String> events, long payloadBytes, long uploadNanos,
                           long blocksWritten, long bytesWritten) {
    /** The unit of an incremental deploy: 64 bytes, as InfiniBand's LFT blocks are 64 entries. */
    public static final int BLOCK_BYTES = 64;

    public DeployReport {
        events = List.copyOf(events);
    }
}
