package org.oft.hal.transport;

/**
 * One end of a byte stream to a bench (serial line, register-window mailbox, in-process pipe).
 * It only moves bytes: no framing, no retries.
 */
public interface ByteLink extends AutoCloseable {

    /** Where received bytes go: called from the link's own reader thread, chunks in order. */
    interface Receiver {
        void received(byte[] buf, int off, int len);
    }

    /** Queues bytes for sending; throws {@link LinkException} if the link is down. */
    void send(byte[] bytes);

    /** Sets the receiver; bytes arriving before one is set are dropped. */
    void receiver(Receiver receiver);

    /** The line's rate in bits per second (8N1: ten a byte), or 0 where the link does not limit it (a pipe, a mailbox). */
    default int bitsPerSecond() {
        return 0;
    }

    /** Human-readable name, e.g. {@code serial:/dev/pts/3}. */
    String name();

    @Override
    void close();
}
