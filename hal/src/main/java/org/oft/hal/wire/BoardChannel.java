package org.oft.hal.wire;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.oft.hal.BoardException;
import org.oft.hal.transport.ByteLink;
import org.oft.hal.transport.LinkException;

/**
 * Reliable exchanges over an unreliable link: every request gets a sequence number and waits for
 * the response carrying it; a request without answer is sent again after a time-out, up to a
 * number of tries; at most {@code window} requests, and on a line of known rate about 20 ms of
 * bytes, are under way at once. Requests are idempotent on the board side, so a retransmitted one
 * that had arrived does no harm.
 */
public final class BoardChannel implements AutoCloseable {
    /** What a board (or the backplane before it) must be able to buffer of received bytes (docs/board-protocol.md). */
    public static final int BOARD_RX_BUFFER = 64 * 1024;
    private final ByteLink link;
    private final long timeoutMillis;
    private final int tries;
    private final Semaphore window;
    private final int windowSize;
    private final Framing.Decoder decoder = new Framing.Decoder();
    private final Map<Integer, Pending> pending = new ConcurrentHashMap<>();
    private final ScheduledExecutorService timer;
    private volatile Consumer<Message.Rebooted> reboots = r -> { };
    private volatile java.util.function.IntFunction<String> names = BoardChannel::who;
    private int nextSeq;
    private volatile boolean closed;
    private final double lineBytesPerSecond;
    private final long byteBudget;
    private long bytesUnderWay;
    private long retransmits;
    private long gaveUp; // requests that ran out of tries
    private long stalls; // time-outs that fired late and started again instead of sending
    private long heldBack; // time-outs held back while another request probed a silent line
    private long probes; // retransmissions sent to a line silent for SILENCE_NANOS (of retransmits)
    private volatile long lastHeard = System.nanoTime(); // when the last frame came in, or this host resumed listening
    private Pending probe; // the request resent while nothing was heard, if any
    private long wireBytes;
    private long receivedBytes;
    // Retransmission time-out from measured round trips (Jacobson/Karels, Karn's rule), in ns.
    private double srtt = -1;
    private double rttvar;

    private final class Pending {
        final int seq;
        final Message request;
        final byte[] frame;
        final CompletableFuture<Message> answer = new CompletableFuture<>();
        int sent; // tries: transmissions, and time-outs held back while the line was silent
        boolean held; // its last time-out was held back while another request probed the line
        long firstSent;
        long due; // when the time-out should fire
        ScheduledFuture<?> timeout;

        Pending(int seq, Message request) {
            this.seq = seq;
            this.request = request;
            this.frame = Framing.encode(MessageCodec.encode(request));
        }
    }

    public BoardChannel(ByteLink link, long timeoutMillis, int tries, int window) {
        this(link, timeoutMillis, tries, window, 0);
    }

    /**
     * @param lineBytesPerSecond the line's rate when known (a UART: baud / 10), else 0. Bytes under
     *        way are then kept to about 20 ms of line time, and time-outs allow for that queue, so a
     *        slow line is kept full without retransmitting what is merely queued.
     */
    public BoardChannel(ByteLink link, long timeoutMillis, int tries, int window, double lineBytesPerSecond) {
        this.link = link;
        this.timeoutMillis = timeoutMillis;
        this.tries = tries;
        this.window = new Semaphore(window);
        this.windowSize = window;
        this.lineBytesPerSecond = lineBytesPerSecond;
        // Three of the largest frames at least, so that scheduling jitter never leaves a slow line idle;
        // never more than a board is bound to buffer.
        this.byteBudget = Math.min(BOARD_RX_BUFFER - (Framing.MAX_ENCODED + 1), lineBytesPerSecond > 0
                ? Math.max(3 * (Framing.MAX_ENCODED + 1), (long) (lineBytesPerSecond * 0.02)) : Long.MAX_VALUE);
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "oft-channel-timer");
            t.setDaemon(true);
            return t;
        });
        link.receiver((buf, off, len) -> {
            synchronized (decoder) {
                receivedBytes += len;
                decoder.feed(buf, off, len, this::onFrame);
            }
        });
    }

    public boolean isClosed() {
        return closed;
    }

    /** How boards are named in errors (by address), once they are known. */
    public void names(java.util.function.IntFunction<String> names) {
        this.names = names;
    }

    /** Called with every Rebooted announcement, from the link's thread. */
    public void onReboot(Consumer<Message.Rebooted> listener) {
        this.reboots = listener;
    }

    /** Sends a request built for the sequence number it is given; completes with the answer. */
    public CompletableFuture<Message> request(IntFunction<Message> build) {
        if (closed) {
            return CompletableFuture.failedFuture(new BoardException(link.name() + ": channel closed"));
        }
        try {
            window.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CompletableFuture.failedFuture(new BoardException("interrupted"));
        }
        Pending p;
        synchronized (this) {
            while (bytesUnderWay > 0 && bytesUnderWay + Framing.MAX_ENCODED > byteBudget && !closed) {
                try {
                    wait(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    window.release();
                    return CompletableFuture.failedFuture(new BoardException("interrupted"));
                }
            }
            int seq;
            do {
                nextSeq = nextSeq % 0xFFFF + 1; // 1..65535; 0 is for unsolicited messages
                seq = nextSeq;
            } while (pending.containsKey(seq));
            p = new Pending(seq, build.apply(seq));
            pending.put(seq, p);
            bytesUnderWay += p.frame.length;
        }
        Pending done = p;
        p.answer.whenComplete((m, e) -> {
            synchronized (this) {
                bytesUnderWay -= done.frame.length;
                notifyAll();
            }
            window.release();
        });
        transmit(p);
        return p.answer;
    }

    /** Blocking form of {@link #request}; failures are BoardExceptions naming the board. */
    public Message call(IntFunction<Message> build) {
        try {
            return request(build).get((long) tries * 1000 + 5000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof BoardException b ? b : new BoardException(String.valueOf(e.getCause()), e.getCause());
        } catch (TimeoutException e) {
            throw new BoardException(link.name() + ": no answer");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BoardException("interrupted");
        }
    }

    /**
     * A time-out that fires this much after it was due means this process did not run meanwhile (a loaded
     * or paused host): the answer may be waiting unread, so the time-out starts again rather than send.
     */
    static final long LATE_NANOS = 20_000_000L;

    /**
     * Silence this long with requests unanswered is a stalled board or a dead line, not a lost frame
     * (the lossy lines this channel runs over lose single frames among answers that keep coming).
     */
    public static final long SILENCE_NANOS = 100_000_000L;

    private void timedOut(Pending p) {
        synchronized (p) {
            if (p.answer.isDone()) {
                return;
            }
            if (System.nanoTime() - p.due > LATE_NANOS) {
                long rto;
                synchronized (this) {
                    stalls++;
                    rto = rtoNanos();
                }
                // this host was not listening (paused, descheduled): the line's silence counts from now
                lastHeard = Math.max(lastHeard, System.nanoTime());
                p.due = System.nanoTime() + rto;
                p.timeout = timer.schedule(() -> timedOut(p), rto, TimeUnit.NANOSECONDS);
                return;
            }
            boolean send = true;
            boolean probing = false;
            synchronized (this) {
                // Nothing heard for SILENCE_NANOS: the board (or the line) is silent, not lossy. One
                // request probes it; the others wait a time-out each, as TCP resends only its oldest
                // segment. A board that was merely slow (its host descheduled) then gets one duplicate,
                // not a window of them queued ahead of its answers.
                if (System.nanoTime() - lastHeard >= SILENCE_NANOS) {
                    if (probe != null && probe != p && !probe.answer.isDone()) {
                        send = false;
                    } else {
                        probe = p;
                        probing = true;
                    }
                }
            }
            transmit(p, send, probing);
        }
    }

    private void transmit(Pending p) {
        transmit(p, true, false);
    }

    /** Sends p (or, not sending, counts a try held back), then sets its time-out; gives up after the last try. */
    private void transmit(Pending p, boolean send, boolean probing) {
        synchronized (p) {
            if (p.answer.isDone()) {
                return;
            }
            if (p.sent >= tries) {
                synchronized (this) {
                    gaveUp++;
                }
                pending.remove(p.seq, p);
                p.answer.completeExceptionally(new BoardException(names.apply(p.request.board()) + ": no answer to "
                        + p.request.getClass().getSimpleName() + " after " + tries + " tries over " + link.name()));
                return;
            }
            long rto;
            synchronized (this) {
                p.held = !send;
                if (!send) {
                    heldBack++;
                } else if (p.sent > 0) {
                    retransmits++;
                    probes += probing ? 1 : 0;
                } else {
                    p.firstSent = System.nanoTime();
                }
                if (send) {
                    wireBytes += p.frame.length;
                }
                rto = rtoNanos();
            }
            p.sent++;
            if (send) {
                try {
                    link.send(p.frame);
                } catch (LinkException e) {
                    // the link is down for now; the time-out retries
                }
            }
            // No exponential back-off: a serial line loses frames to noise, not to congestion.
            p.due = System.nanoTime() + rto;
            p.timeout = timer.schedule(() -> timedOut(p), rto, TimeUnit.NANOSECONDS);
        }
    }

    private void onFrame(byte[] payload) {
        lastHeard = System.nanoTime();
        MessageCodec.Decoded d = MessageCodec.decode(payload);
        if (!d.ok()) {
            return; // an answer we cannot read is as good as lost: the time-out retries
        }
        Message m = d.message();
        if (m instanceof Message.Rebooted r) {
            reboots.accept(r);
            return;
        }
        Pending p = pending.get(m.seq());
        if (p == null || p.request.board() != m.board() || !answers(p.request, m)) {
            return; // a duplicate, or a late answer to a request already retried and answered
        }
        if (pending.remove(m.seq(), p)) {
            synchronized (p) {
                if (p.timeout != null) {
                    p.timeout.cancel(false);
                }
                if (p.sent == 1) { // Karn: only unambiguous samples
                    sample(System.nanoTime() - p.firstSent);
                }
            }
            p.answer.complete(m);
            boolean probeAnswered;
            synchronized (this) {
                probeAnswered = probe == p;
                if (probeAnswered) {
                    probe = null;
                }
            }
            if (probeAnswered) {
                releaseHeld();
            }
        }
    }

    /**
     * The probe was answered: the line is back. A request held while it probed gets a fresh time-out from
     * now, at whose end it is sent whether or not the line has spoken since: its answer, if under way, comes
     * within it; if it was lost to the silence, it goes again. Held to their own time-outs, the held ones
     * came due together, found the line quiet since the probe's answer (nothing else had been sent), and
     * again only one went out a time-out: a 700 ms cut could cost one of them all its tries.
     */
    private void releaseHeld() {
        long grace;
        synchronized (this) {
            grace = rtoNanos();
        }
        for (Pending q : pending.values()) {
            synchronized (q) {
                if (q.held && !q.answer.isDone()) {
                    if (q.timeout != null) {
                        q.timeout.cancel(false);
                    }
                    q.due = System.nanoTime() + grace;
                    q.timeout = timer.schedule(() -> transmit(q), grace, TimeUnit.NANOSECONDS);
                }
            }
        }
    }

    private static boolean answers(Message request, Message answer) {
        if (answer instanceof Message.Nack || answer instanceof Message.Ack) {
            return true;
        }
        if (request instanceof Message.Identify) {
            return answer instanceof Message.Identity || answer instanceof Message.SwitchIdentity
                    || answer instanceof Message.Backplane;
        }
        if (request instanceof Message.CrcQuery) {
            return answer instanceof Message.Crc || answer instanceof Message.Crcs;
        }
        if (request instanceof Message.TelemetryQuery) {
            return answer instanceof Message.Telemetry;
        }
        if (request instanceof Message.StatusQuery) {
            return answer instanceof Message.Status;
        }
        if (request instanceof Message.PortCountersQuery) {
            return answer instanceof Message.PortCounters;
        }
        if (request instanceof Message.Claim || request instanceof Message.OwnerQuery) {
            return answer instanceof Message.Owner;
        }
        return false;
    }

    private synchronized void sample(long rttNanos) {
        if (srtt < 0) {
            srtt = rttNanos;
            rttvar = rttNanos / 2.0;
        } else {
            rttvar = 0.75 * rttvar + 0.25 * Math.abs(srtt - rttNanos);
            srtt = 0.875 * srtt + 0.125 * rttNanos;
        }
    }

    /**
     * The configured time-out at least, more when the link is slow or deep: the measured round trip
     * plus its variation, and that variation allowed the configured time-out at least, as Linux's TCP
     * does (RTO = SRTT + max(4·RTTVAR, rto_min)). A round trip that is long but steady, such as a
     * board whose host is loaded, then still has room for the next delay.
     */
    private long rtoNanos() {
        long min = timeoutMillis * 1_000_000L;
        long floor = min;
        if (lineBytesPerSecond > 0) {
            // Everything under way may be queued ahead of this frame, and the answer queued behind it.
            floor = Math.max(floor, (long) (3e9 * Math.min(bytesUnderWay + Framing.MAX_ENCODED, byteBudget) / lineBytesPerSecond));
        }
        return srtt < 0 ? floor : Math.max(floor, (long) (srtt + Math.max(4 * rttvar, min)));
    }

    /**
     * How long a round of {@code requests} small exchanges ({@code bytesEach} on the wire each way)
     * should take: line time where the rate is known, plus round trips as measured so far.
     */
    public synchronized double roundSeconds(int requests, int bytesEach) {
        double rtt = srtt < 0 ? timeoutMillis / 1e3 : srtt / 1e9;
        if (lineBytesPerSecond > 0) {
            return (double) requests * bytesEach / lineBytesPerSecond + rtt;
        }
        return rtt * Math.ceil((double) requests / windowSize);
    }

    static String who(int board) {
        return board == Message.BACKPLANE ? "backplane" : "board " + board;
    }

    /** Time-outs that found this process had not run when they were due, and waited again instead of sending. */
    public synchronized long stalls() {
        return stalls;
    }

    public synchronized long retransmits() {
        return retransmits;
    }

    /**
     * Of {@link #retransmits}, those sent to probe a line that had been silent for {@link #SILENCE_NANOS}
     * (a stalled board, or one whose host is descheduled, or a dead line); the others resent a request
     * while answers to others kept coming, which only a lost frame, or a time-out too short, explains.
     */
    public synchronized long probes() {
        return probes;
    }

    /** Time-outs that did not resend: the line was silent and another request was probing it. */
    public synchronized long heldBack() {
        return heldBack;
    }

    /** Requests given up after every try went unanswered (time-outs). */
    public synchronized long timeouts() {
        return gaveUp;
    }

    /** Bytes put on the wire by this side, retransmissions included. */
    public synchronized long wireBytes() {
        return wireBytes;
    }

    /** Bytes received from the wire. */
    public long receivedBytes() {
        synchronized (decoder) {
            return receivedBytes;
        }
    }

    @Override
    public void close() {
        closed = true;
        timer.shutdownNow();
        for (Pending p : pending.values()) {
            p.answer.completeExceptionally(new BoardException(link.name() + ": channel closed"));
        }
        pending.clear();
    }
}
