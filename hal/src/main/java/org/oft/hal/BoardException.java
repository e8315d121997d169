package org.oft.hal;

/** A board refused or could not carry out a request; the message names the board and the reason. */
public class BoardException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BoardException(String message) {
        super(message);
    }

    public BoardException(String message, Throwable cause) {
        super(message, cause);
    }
}
