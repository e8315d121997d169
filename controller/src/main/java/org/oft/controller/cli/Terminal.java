package org.oft.controller.cli;

import com.sun.jna.Library;
import com.sun.jna.Native;

/**
 * Whether a standard stream is a terminal, asked of the C library: {@link System#console()} answers for standard input
 * and output together, which says nothing of standard error (progress goes there; {@code cmd 2> log} on a terminal
 * must write a log, not a terminal's rewritten line).
 */
final class Terminal {
    /** File descriptor of standard error. */
    static final int STDERR = 2;

    private interface LibC extends Library {
        int isatty(int fd);
    }

    private static final LibC LIBC = load();

    private Terminal() {
    }

    private static LibC load() {
        try {
            return Native.load("c", LibC.class);
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            return null; // no C library to ask (not a POSIX system): take it for no terminal, plain lines
        }
    }

    /** Whether {@code fd} is a terminal (false where it cannot be asked). */
    static boolean isTerminal(int fd) {
        return LIBC != null && LIBC.isatty(fd) == 1;
    }
}
