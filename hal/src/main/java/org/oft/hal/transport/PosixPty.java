package org.oft.hal.transport;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Structure;
import java.nio.charset.StandardCharsets;

/**
 * A pseudo-terminal opened through libc with JNA: the master side, in raw mode, read and written
 * through its file descriptor. The slave path ({@code /dev/pts/N}) is what a serial client opens.
 */
public final class PosixPty implements AutoCloseable {
    private static final int O_RDWR = 2;
    private static final int O_NOCTTY = 0x100;
    private static final int TCSANOW = 0;
    private static final short POLLIN = 0x1;
    private static final int EINTR = 4;
    private static final int EAGAIN = 11;
    private static final int EIO = 5;

    /** The libc calls used; errors come back as LastErrorException with errno. */
    interface LibC extends Library {
        LibC INSTANCE = Native.load("c", LibC.class);

        int posix_openpt(int flags) throws LastErrorException;

        int grantpt(int fd) throws LastErrorException;

        int unlockpt(int fd) throws LastErrorException;

        int ptsname_r(int fd, byte[] buf, long buflen);

        int tcgetattr(int fd, byte[] termios) throws LastErrorException;

        void cfmakeraw(byte[] termios);

        int tcsetattr(int fd, int actions, byte[] termios) throws LastErrorException;

        long read(int fd, byte[] buf, long count) throws LastErrorException;

        long write(int fd, byte[] buf, long count) throws LastErrorException;

        int poll(PollFd[] fds, int nfds, int timeoutMs) throws LastErrorException;

        int close(int fd) throws LastErrorException;
    }

    /** struct pollfd. */
    @Structure.FieldOrder({"fd", "events", "revents"})
    public static class PollFd extends Structure {
        public int fd;
        public short events;
        public short revents;
    }

    private final int fd;
    private final String slavePath;
    private volatile boolean closed;

    private PosixPty(int fd, String slavePath) {
        this.fd = fd;
        this.slavePath = slavePath;
    }

    /** Opens a new pty pair and puts the master in raw mode (no echo, no line editing, no \n rewriting). */
    public static PosixPty open() {
        LibC c = LibC.INSTANCE;
        int fd;
        try {
            fd = c.posix_openpt(O_RDWR | O_NOCTTY);
        } catch (LastErrorException e) {
            throw new LinkException("cannot open a pseudo-terminal: errno " + e.getErrorCode());
        }
        try {
            c.grantpt(fd);
            c.unlockpt(fd);
            byte[] name = new byte[128];
            int rc = c.ptsname_r(fd, name, name.length);
            if (rc != 0) {
                throw new LinkException("ptsname_r failed: " + rc);
            }
            byte[] termios = new byte[256]; // larger than any struct termios
            c.tcgetattr(fd, termios);
            c.cfmakeraw(termios);
            c.tcsetattr(fd, TCSANOW, termios);
            int len = 0;
            while (len < name.length && name[len] != 0) {
                len++;
            }
            return new PosixPty(fd, new String(name, 0, len, StandardCharsets.US_ASCII));
        } catch (LastErrorException e) {
            try {
                c.close(fd);
            } catch (LastErrorException ignored) {
                // already failing
            }
            throw new LinkException("cannot set up the pseudo-terminal: errno " + e.getErrorCode());
        }
    }

    public String slavePath() {
        return slavePath;
    }

    /**
     * Reads what is there, waiting up to {@code timeoutMs}; returns 0 on time-out or while no one has
     * the slave open, -1 once closed.
     */
    public int read(byte[] buf, int timeoutMs) {
        if (closed) {
            return -1;
        }
        PollFd[] p = (PollFd[]) new PollFd().toArray(1);
        p[0].fd = fd;
        p[0].events = POLLIN;
        try {
            int ready = LibC.INSTANCE.poll(p, 1, timeoutMs);
            if (ready <= 0) {
                return closed ? -1 : 0;
            }
            long n = LibC.INSTANCE.read(fd, buf, buf.length);
            return (int) Math.max(0, n);
        } catch (LastErrorException e) {
            if (closed) {
                return -1;
            }
            if (e.getErrorCode() == EIO) {
                // No one holds the slave open (yet, or any more): wait and look again.
                sleep(Math.min(timeoutMs, 20));
                return 0;
            }
            if (e.getErrorCode() == EINTR || e.getErrorCode() == EAGAIN) {
                return 0;
            }
            throw new LinkException("pty " + slavePath + ": read failed, errno " + e.getErrorCode());
        }
    }

    /** Writes all of {@code bytes}. */
    public void write(byte[] bytes, int off, int len) {
        byte[] chunk = off == 0 && len == bytes.length ? bytes : java.util.Arrays.copyOfRange(bytes, off, off + len);
        int done = 0;
        while (done < chunk.length) {
            if (closed) {
                throw new LinkException("pty " + slavePath + " closed");
            }
            byte[] rest = done == 0 ? chunk : java.util.Arrays.copyOfRange(chunk, done, chunk.length);
            try {
                long n = LibC.INSTANCE.write(fd, rest, rest.length);
                done += (int) Math.max(0, n);
            } catch (LastErrorException e) {
                if (e.getErrorCode() == EINTR || e.getErrorCode() == EAGAIN) {
                    sleep(1);
                    continue;
                }
                throw new LinkException("pty " + slavePath + ": write failed, errno " + e.getErrorCode());
            }
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            try {
                LibC.INSTANCE.close(fd);
            } catch (LastErrorException e) {
                // closing anyway
            }
        }
    }
}
