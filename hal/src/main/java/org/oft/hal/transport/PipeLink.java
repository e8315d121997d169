package org.oft.hal.transport;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/** An in-process byte pipe: what one end sends, the other receives, in order, on its own thread. */
public final class PipeLink implements ByteLink {
    private final String name;
    private final ExecutorService delivery;
    private volatile PipeLink peer;
    private volatile Receiver receiver = (b, o, l) -> { };
    private volatile boolean closed;

    private PipeLink(String name) {
        this.name = name;
        this.delivery = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "oft-pipe-" + name);
            t.setDaemon(true);
            return t;
        });
    }

    /** Two connected ends: [0] for the controller, [1] for the boards. */
    public static PipeLink[] pair(String name) {
        PipeLink a = new PipeLink(name + "-controller");
        PipeLink b = new PipeLink(name + "-boards");
        a.peer = b;
        b.peer = a;
        return new PipeLink[] {a, b};
    }

    @Override
    public void send(byte[] bytes) {
        PipeLink p = peer;
        if (closed || p.closed) {
            throw new LinkException(name + ": pipe closed");
        }
        byte[] copy = bytes.clone();
        try {
            p.delivery.execute(() -> p.receiver.received(copy, 0, copy.length));
        } catch (RejectedExecutionException e) {
            throw new LinkException(name + ": pipe closed");
        }
    }

    @Override
    public void receiver(Receiver receiver) {
        this.receiver = receiver;
    }

    @Override
    public String name() {
        return "pipe:" + name;
    }

    @Override
    public void close() {
        closed = true;
        delivery.shutdownNow();
        try {
            delivery.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
