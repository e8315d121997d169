package org.oft.hal.transport;

/**
 * The board side of a serial line modelled by a pseudo-terminal: a reader thread takes bytes from
 * the master and hands them on; sends write the master. Optionally throttled to a baud rate
 * (8N1: 10 bits a byte) in both directions, as a real UART would be.
 */
public final class PtyLink implements ByteLink {
    private final PosixPty pty;
    private final Thread reader;
    private final Throttle sendThrottle;
    private final Throttle receiveThrottle;
    private volatile Receiver receiver = (b, o, l) -> { };

    public PtyLink(PosixPty pty, int baud) {
        this.pty = pty;
        this.sendThrottle = baud > 0 ? new Throttle(baud / 10.0) : null;
        this.receiveThrottle = baud > 0 ? new Throttle(baud / 10.0) : null;
        this.reader = new Thread(this::readLoop, "oft-pty-reader");
        this.reader.setDaemon(true);
        this.reader.start();
    }

    private void readLoop() {
        byte[] buf = new byte[4096];
        while (true) {
            int n;
            try {
                n = pty.read(buf, 100);
            } catch (LinkException e) {
                return;
            }
            if (n < 0) {
                return;
            }
            if (n > 0) {
                if (receiveThrottle != null) {
                    receiveThrottle.take(n);
                }
                receiver.received(buf, 0, n);
            }
        }
    }

    @Override
    public void send(byte[] bytes) {
        if (sendThrottle != null) {
            sendThrottle.take(bytes.length);
        }
        pty.write(bytes, 0, bytes.length);
    }

    @Override
    public void receiver(Receiver receiver) {
        this.receiver = receiver;
    }

    @Override
    public String name() {
        return "pty:" + pty.slavePath();
    }

    @Override
    public void close() {
        pty.close();
        try {
            reader.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Paces bytes to a rate: blocks the caller until the line would have carried them. A line that
     * was busy keeps its rate when this process was not scheduled: a caller that comes back late
     * (a park that overslept on a loaded host) is owed the time it lost, up to {@link #CATCH_UP_NANOS};
     * a UART keeps sending while its host is descheduled, and a model that lost that time would
     * carry fewer bytes a second than the rate the other side plans its time-outs by.
     */
    static final class Throttle {
        static final long CATCH_UP_NANOS = 50_000_000L;
        private final double bytesPerNano;
        private long freeAt = System.nanoTime();

        Throttle(double bytesPerSecond) {
            this.bytesPerNano = bytesPerSecond / 1e9;
        }

        void take(int bytes) {
            long wait;
            synchronized (this) {
                long now = System.nanoTime();
                // idle longer than that: the line was idle, not late (no credit for an idle line)
                freeAt = Math.max(freeAt, now - CATCH_UP_NANOS) + (long) (bytes / bytesPerNano);
                wait = freeAt - now;
            }
            // Short debts are carried forward: sleeping for microseconds costs a millisecond.
            if (wait > 200_000) {
                java.util.concurrent.locks.LockSupport.parkNanos(wait);
            }
        }
    }
}
