package org.oft.hal;

/**
 * A board refused this controller's claim or change because another controller owns it (a live
 * lease, or a higher fencing generation). Nothing was changed on that board; a fenced controller
 * stops writing and becomes a standby.
 */
public class FencedException extends BoardException {
    private static final long serialVersionUID = 1L;

    public FencedException(String message) {
        super(message);
    }
}
