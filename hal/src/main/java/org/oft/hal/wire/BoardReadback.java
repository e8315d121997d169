package org.oft.hal.wire;

import java.util.Collection;
import java.util.Map;

/** What boards reached over a link say they hold: each one's Status (boot id, slot, scheduled commit, active CRCs). */
public interface BoardReadback {
    /** The board's address on the link. */
    int address(String boardId);

    /** The Status of the board at {@code address}. */
    Message.Status status(int address);

    /** The Status of every board named, asked all at once. */
    Map<Integer, Message.Status> statuses(Collection<Integer> addresses);
}
