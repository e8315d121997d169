package org.oft.hal.transport;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.io.IOException;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.locks.LockSupport;

/**
 * A board's register window mapped with libc {@code mmap} (a UIO device such as /dev/uio0, or a
 * file under /dev/shm that the board model serves), used as a mailbox: two byte rings, one each
 * way, with free-running head and tail registers.
 *
 * <pre>
 * 0    magic 'OFT1' u32 | 4 version u32 | 8 ring bytes u32
 * 64   to-board head     | 128 to-board tail     | 320 to-board doorbell
 * 192  to-host head      | 256 to-host tail      | 384 to-host doorbell
 * 4096 to-board ring | 4096 + ring: to-host ring
 * </pre>
 * Memory ordering: the producer writes the data, then a full fence, then the head (and rings the
 * doorbell); the consumer reads the head, a full fence, the data, a full fence, then the tail.
 */
public final class MailboxLink implements ByteLink {
    static final int MAGIC = 0x3154464F; // "OFT1"
    static final int RING = 1 << 16;
    static final long SIZE = 4096L + 2L * RING;
    private static final int TO_BOARD_HEAD = 64;
    private static final int TO_BOARD_TAIL = 128;
    private static final int TO_HOST_HEAD = 192;
    private static final int TO_HOST_TAIL = 256;
    private static final int TO_BOARD_BELL = 320;
    private static final int TO_HOST_BELL = 384;

    interface LibC extends Library {
        LibC INSTANCE = Native.load("c", LibC.class);

        int open(String path, int flags, int mode) throws LastErrorException;

        int ftruncate(int fd, long length) throws LastErrorException;

        Pointer mmap(Pointer addr, long length, int prot, int flags, int fd, long offset) throws LastErrorException;

        int munmap(Pointer addr, long length) throws LastErrorException;

        int close(int fd) throws LastErrorException;

        int memfd_create(String name, int flags) throws LastErrorException;

        int fcntl(int fd, int cmd, int arg) throws LastErrorException;
    }

    private static final int MFD_CLOEXEC = 1;
    private static final int MFD_ALLOW_SEALING = 2;
    private static final int F_ADD_SEALS = 1033;
    private static final int F_GET_SEALS = 1034;
    private static final int F_SEAL_SEAL = 1;
    private static final int F_SEAL_SHRINK = 2;
    private static final int F_SEAL_GROW = 4;

    private final String path;
    private final Pointer window;
    private final int fd;
    private final long sendHead;
    private final long sendTail;
    private final long sendBell;
    private final long sendData;
    private final long recvHead;
    private final long recvTail;
    private final long recvData;
    private final Thread poller;
    private volatile Receiver receiver = (b, o, l) -> { };
    private volatile boolean closed;
    /** Holds this side's lock on the window, so that one board model and one controller use it; null for a device without locks. */
    private final FileChannel guard;
    /** The link the board side made at the window's path (to its sealed memory), removed when it closes; else null. */
    private final Path published;
    private volatile String broken;
    private boolean released; // under this monitor
    /** A window file that can be truncated under the mapping (not sealed memory, not a device): its size is watched. */
    private final boolean mayShrink;

    private MailboxLink(String path, int fd, Pointer window, boolean boardSide, FileChannel guard, Path published, boolean mayShrink) {
        this.path = path;
        this.fd = fd;
        this.window = window;
        this.guard = guard;
        this.published = published;
        this.mayShrink = mayShrink;
        this.sendHead = boardSide ? TO_HOST_HEAD : TO_BOARD_HEAD;
        this.sendTail = boardSide ? TO_HOST_TAIL : TO_BOARD_TAIL;
        this.sendBell = boardSide ? TO_HOST_BELL : TO_BOARD_BELL;
        this.sendData = boardSide ? 4096L + RING : 4096L;
        this.recvHead = boardSide ? TO_BOARD_HEAD : TO_HOST_HEAD;
        this.recvTail = boardSide ? TO_BOARD_TAIL : TO_HOST_TAIL;
        this.recvData = boardSide ? 4096L : 4096L + RING;
        this.poller = new Thread(this::pollLoop, "oft-mailbox-" + (boardSide ? "board" : "host"));
        this.poller.setDaemon(true);
    }

    /**
     * Maps the window. The board side creates and initialises it (a file); the host side maps what
     * is there and checks its magic. Both check the file before mapping it: touching a mapping past
     * the end of a file kills the JVM (SIGBUS), so nothing is mapped that is not known to be large
     * enough, and nothing of a mapping is read after it is unmapped.
     */
    public static MailboxLink open(String path, boolean boardSide) {
        checkWindowFile(path, boardSide);
        return boardSide ? serve(path) : reach(path);
    }

    /**
     * The board side: the window is memory of its own (memfd) sealed against shrinking, so that no
     * process can truncate it under a mapping (which would kill both JVMs with SIGBUS), published at
     * {@code path} as a link to it; an existing window there is taken over only if no board model holds it.
     */
    private static MailboxLink serve(String path) {
        LibC c = LibC.INSTANCE;
        Path at = Path.of(path);
        if (Files.exists(at)) { // an old window: refused while another board model holds it
            try (FileChannel old = FileChannel.open(at, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                FileLock held = lock(old, 0, path, true);
                if (held != null) {
                    held.release();
                }
            } catch (IOException e) {
                throw new LinkException("register window " + path + ": cannot open (" + e.getMessage() + ")");
            }
        }
        int fd;
        try {
            fd = c.memfd_create("oft-register-window", MFD_CLOEXEC | MFD_ALLOW_SEALING);
            c.ftruncate(fd, SIZE);
            c.fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL);
        } catch (LastErrorException e) {
            throw new LinkException("register window " + path + ": cannot make its memory (" + errno(e.getErrorCode()) + ")");
        }
        Path self = Path.of("/proc/" + ProcessHandle.current().pid() + "/fd/" + fd);
        FileChannel guard = null;
        try {
            guard = FileChannel.open(self, StandardOpenOption.READ, StandardOpenOption.WRITE);
            lock(guard, 0, path, true);
            Files.deleteIfExists(at);
            Files.createSymbolicLink(at, self);
        } catch (IOException | RuntimeException e) {
            closeQuietly(guard);
            closeQuietly(fd);
            throw e instanceof LinkException l ? l
                    : new LinkException("register window " + path + ": cannot publish it (" + e.getMessage() + ")");
        }
        Pointer w;
        try {
            w = c.mmap(null, SIZE, 3, 1, fd, 0); // PROT_READ|PROT_WRITE, MAP_SHARED
        } catch (LastErrorException e) {
            closeQuietly(guard);
            closeQuietly(fd);
            throw new LinkException("register window " + path + ": cannot map " + SIZE + " bytes (" + errno(e.getErrorCode()) + ")");
        }
        w.setMemory(0, 4096, (byte) 0);
        w.setInt(4, 1);
        w.setInt(8, RING);
        VarHandle.fullFence();
        w.setInt(0, MAGIC);
        MailboxLink link = new MailboxLink(path, fd, w, true, guard, at, false);
        link.poller.start();
        return link;
    }

    /** The host side: maps what the board side (or a UIO device) offers, once it holds the controller's lock on it. */
    private static MailboxLink reach(String path) {
        LibC c = LibC.INSTANCE;
        FileChannel guard = null;
        try {
            guard = FileChannel.open(Path.of(path), StandardOpenOption.READ, StandardOpenOption.WRITE);
            if (lock(guard, 1, path, false) == null) {
                closeQuietly(guard);
                guard = null; // a device that takes no locks
            }
        } catch (IOException e) {
            guard = null; // a device that FileChannel does not open: mapped as it is
        }
        int fd;
        try {
            fd = c.open(path, 0x2, 0600); // O_RDWR
        } catch (LastErrorException e) {
            closeQuietly(guard);
            throw new LinkException("register window " + path + ": cannot open (" + errno(e.getErrorCode()) + ")");
        }
        Pointer w;
        try {
            w = c.mmap(null, SIZE, 3, 1, fd, 0); // PROT_READ|PROT_WRITE, MAP_SHARED
        } catch (LastErrorException e) {
            closeQuietly(guard);
            closeQuietly(fd);
            throw new LinkException("register window " + path + ": cannot map " + SIZE + " bytes (" + errno(e.getErrorCode()) + ")");
        }
        int magic = w.getInt(0);
        int ring = w.getInt(8);
        if (magic != MAGIC || ring != RING) {
            try {
                c.munmap(w, SIZE);
            } catch (LastErrorException ignored) {
                // failing anyway
            }
            closeQuietly(guard);
            closeQuietly(fd);
            throw new LinkException(notAMailbox(path, magic, ring));
        }
        boolean sealed;
        try {
            sealed = (c.fcntl(fd, F_GET_SEALS, 0) & F_SEAL_SHRINK) != 0;
        } catch (LastErrorException e) {
            sealed = false; // a file system without seals
        }
        MailboxLink link = new MailboxLink(path, fd, w, false, guard, null, guard != null && !sealed);
        link.poller.start();
        return link;
    }

    /**
     * This side's lock on the window: byte 0 the board model's, byte 1 the controller's. Null when the file
     * takes no locks (some devices); a lock another process (or this one) holds is refused with who holds it.
     */
    private static FileLock lock(FileChannel ch, int role, String path, boolean boardSide) {
        FileLock l;
        try {
            l = ch.tryLock(role, 1, false);
        } catch (java.nio.channels.OverlappingFileLockException e) {
            l = null;
        } catch (IOException e) {
            return null; // no locks on this file
        }
        if (l == null) {
            throw new LinkException("register window " + path + " is " + (boardSide ? "served by another board model"
                    : "reached by another controller") + " already: one at a time");
        }
        return l;
    }

    private static void closeQuietly(FileChannel ch) {
        if (ch != null) {
            try {
                ch.close();
            } catch (IOException ignored) {
                // nothing to do
            }
        }
    }

    /**
     * Refuses what cannot be a register window before anything is mapped: a directory, a FIFO, a
     * file too small for the window, a file without the mailbox header. A character device (a real
     * UIO node) has no size to check and is mapped as it is. The board side may create the file or
     * reuse an empty one or an old window, but never overwrites anything else.
     */
    static void checkWindowFile(String path, boolean boardSide) {
        Path file;
        try {
            file = Path.of(path);
        } catch (InvalidPathException e) {
            throw new LinkException("register window '" + path + "' is not a valid path");
        }
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            if (boardSide) {
                return; // created
            }
            throw new LinkException("register window " + path + ": cannot open (" + errno(2) + ")");
        } catch (IOException e) {
            throw new LinkException("register window " + path + ": cannot read its attributes (" + e.getMessage() + ")");
        }
        if (a.isDirectory()) {
            throw new LinkException("register window " + path + " is a directory, not a UIO device or window file");
        }
        if (a.isOther() && !boardSide && isCharacterDevice(file)) {
            return; // a UIO node: its driver decides what maps
        }
        if (!a.isRegularFile()) {
            throw new LinkException("register window " + path + " is neither a character device (UIO) nor a window file");
        }
        if (boardSide && a.size() == 0) {
            return;
        }
        if (a.size() < SIZE) {
            throw new LinkException("register window " + path + " holds " + a.size() + " bytes; a mailbox window is "
                    + SIZE + " bytes" + (boardSide ? " (refusing to overwrite it)" : ""));
        }
        int magic;
        int ring;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer head = ByteBuffer.allocate(12).order(ByteOrder.nativeOrder());
            while (head.hasRemaining() && ch.read(head) >= 0) {
                // reads the header
            }
            magic = head.getInt(0);
            ring = head.getInt(8);
        } catch (IOException e) {
            throw new LinkException("register window " + path + ": cannot read its header (" + e.getMessage() + ")");
        }
        if (magic != MAGIC || ring != RING) {
            throw new LinkException(notAMailbox(path, magic, ring) + (boardSide ? " (refusing to overwrite it)" : ""));
        }
    }

    private static String errno(int e) {
        String text = switch (e) {
            case 2 -> "no such file or directory";
            case 13 -> "permission denied";
            case 19 -> "the device does not support mapping: not a register window";
            case 22 -> "invalid argument: the device's window is smaller or elsewhere";
            default -> null;
        };
        return text == null ? "errno " + e : text + ", errno " + e;
    }

    private static boolean isCharacterDevice(Path file) {
        try {
            return (((Integer) Files.getAttribute(file, "unix:mode")) & 0170000) == 0020000; // S_IFCHR
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return false;
        }
    }

    private static String notAMailbox(String path, int magic, int ring) {
        return String.format("register window %s holds no mailbox: magic 0x%08x, ring %d bytes; expected 0x%08x ('OFT1') and %d",
                path, magic, ring, MAGIC, RING);
    }

    private static void closeQuietly(int fd) {
        try {
            LibC.INSTANCE.close(fd);
        } catch (LastErrorException ignored) {
            // nothing to do
        }
    }

    @Override
    public synchronized void send(byte[] bytes) {
        int off = 0;
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (off < bytes.length) {
            if (closed || shrank()) {
                throw new LinkException(broken != null ? broken : "register window " + path + " closed");
            }
            int head = window.getInt(sendHead);
            VarHandle.fullFence();
            int tail = window.getInt(sendTail);
            int free = RING - (head - tail);
            if (free <= 0) {
                if (System.nanoTime() > deadline) {
                    throw new LinkException("register window " + path + ": the board does not drain its mailbox");
                }
                LockSupport.parkNanos(50_000);
                continue;
            }
            int n = Math.min(free, bytes.length - off);
            for (int i = 0; i < n; i++) {
                window.setByte(sendData + ((head + i) & (RING - 1)), bytes[off + i]);
            }
            VarHandle.fullFence(); // data before head
            window.setInt(sendHead, head + n);
            window.setInt(sendBell, window.getInt(sendBell) + 1);
            off += n;
        }
    }

    private void pollLoop() {
        byte[] buf = new byte[RING];
        int idle = 0;
        while (!closed) {
            if (shrank()) {
                return;
            }
            int head = window.getInt(recvHead);
            VarHandle.fullFence(); // head before data
            int tail = window.getInt(recvTail);
            int n = head - tail;
            if (n <= 0 || n > RING) {
                // Nothing new; back off gently from spinning to sleeping.
                LockSupport.parkNanos(idle++ < 100 ? 20_000 : 500_000);
                continue;
            }
            idle = 0;
            for (int i = 0; i < n; i++) {
                buf[i] = window.getByte(recvData + ((tail + i) & (RING - 1)));
            }
            VarHandle.fullFence(); // data read before the space is given back
            window.setInt(recvTail, tail + n);
            receiver.received(buf, 0, n);
        }
    }

    /**
     * A window file someone else made (not the board model's sealed memory) can still be truncated under
     * the mapping: its size is checked before every look, and a window that shrank is a link error from
     * then on, never touched again. (A truncation between the check and the look is not caught: serve
     * windows with board-sim, whose memory cannot shrink.)
     */
    private boolean shrank() {
        if (!mayShrink) {
            return false; // board-sim's sealed memory, or a device: nothing to look up on every poll
        }
        try {
            long size = guard.size();
            if (size >= SIZE) {
                return false;
            }
            broken = "register window " + path + " shrank to " + size + " bytes under the mapping: the link is down";
        } catch (IOException e) {
            broken = "register window " + path + ": " + e.getMessage();
        }
        closed = true;
        return true;
    }

    @Override
    public void receiver(Receiver receiver) {
        this.receiver = receiver;
    }

    @Override
    public String name() {
        return "uio:" + path;
    }

    @Override
    public synchronized void close() { // after any send under way: nothing touches the window once it is unmapped
        if (released) {
            return;
        }
        released = true;
        boolean wasBroken = broken != null;
        closed = true;
        try {
            poller.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!wasBroken) { // a shrunk window is not touched, not even to unmap it
            try {
                LibC.INSTANCE.munmap(window, SIZE);
            } catch (LastErrorException ignored) {
                // unmapping anyway
            }
        }
        if (published != null) {
            try {
                if (Files.isSymbolicLink(published) && Files.readSymbolicLink(published).toString().endsWith("/fd/" + fd)) {
                    Files.delete(published);
                }
            } catch (IOException ignored) {
                // left behind: it points nowhere once this process ends
            }
        }
        closeQuietly(guard);
        closeQuietly(fd);
    }
}
