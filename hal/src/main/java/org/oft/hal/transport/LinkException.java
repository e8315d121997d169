package org.oft.hal.transport;

/** The link cannot move bytes (closed, cable pulled, device gone). */
public class LinkException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public LinkException(String message) {
        super(message);
    }

    public LinkException(String message, Throwable cause) {
        super(message, cause);
    }
}
