package org.oft.hal.wire;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.oft.hal.transport.ByteLink;
import org.oft.hal.transport.LinkException;

/**
 * A lab's bench of separate boards, each on a link of its own (a USB serial port a board) and answering there at
 * address 0 and as its own backplane, made one link with one address space, as a backplane would: board
 * {@code k} of the list is address {@code k}. A request to the backplane goes to every board's backplane and
 * one answer comes back: Identify the bench's size; Telemetry the processors' counters summed, each level's state
 * from the board that drives it, the slot every board has reached; Status the board furthest behind (a commit's
 * epoch has passed once it has passed there); an ownership answer the highest
 * generation seen; an Ack only when every board acked, else the first refusal. A board that does not answer leaves
 * the request unanswered, and the channel's retransmission asks every board again. A Clock goes to the board that
 * leads the slot-reference line (the root's router-level board, known from its Identity) only once every other
 * board has answered it.
 */
public final class BoardHub implements ByteLink {
    private final List<ByteLink> links;
    private final Framing.Decoder fromHost = new Framing.Decoder();
    private final List<Framing.Decoder> fromBoards = new ArrayList<>();
    /**
     * A backplane request and each board's answer so far, kept across its retransmissions (a board answers each alike);
     * {@code held}: the leading board's copy, sent once every other board has answered (a Clock).
     */
    private record Gathering(byte[] request, Message[] answers, int held) {
    }

    private volatile int leader = -1; // the root's router-level board, which leads the slot-reference line (-1: not known)

    // by seq; a new request under a seq (it wrapped) starts afresh; the oldest forgotten past 256 (one given up on)
    private final Map<Integer, Gathering> gathering = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, Gathering> eldest) {
            return size() > 256;
        }
    };
    private final ExecutorService delivery; // answers reach the receiver in order, and never under this hub's lock
    private volatile Receiver receiver = (b, o, l) -> { };
    private final String name;

    public BoardHub(List<ByteLink> links) {
        if (links.isEmpty() || links.size() >= Message.BACKPLANE) {
            throw new IllegalArgumentException("a bench of separate boards has 1.." + (Message.BACKPLANE - 1) + " boards, got " + links.size());
        }
        this.links = List.copyOf(links);
        List<String> names = new ArrayList<>();
        for (int k = 0; k < links.size(); k++) {
            int board = k;
            Framing.Decoder d = new Framing.Decoder();
            fromBoards.add(d);
            names.add(links.get(k).name());
            links.get(k).receiver((buf, off, len) -> d.feed(buf, off, len, p -> fromBoard(board, p)));
        }
        name = "bench[" + String.join(", ", names) + "]";
        delivery = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "oft-board-hub");
            t.setDaemon(true);
            return t;
        });
    }

    /** How many boards. */
    public int boards() {
        return links.size();
    }

    @Override
    public void send(byte[] bytes) {
        List<byte[]> payloads = new ArrayList<>();
        synchronized (fromHost) {
            fromHost.feed(bytes, 0, bytes.length, payloads::add);
        }
        for (byte[] p : payloads) {
            toBoards(p);
        }
    }

    private void toBoards(byte[] payload) {
        if (payload.length < 6) {
            return; // the host's own framing never makes one; nothing a board could answer
        }
        int seq = u16(payload, 2);
        int board = u16(payload, 4);
        if (board == Message.BACKPLANE) {
            // A Clock reaches the leading board last: the boards that follow restart their clocks first, and so are out
            // of step (dark) before the leader's slots change, never injecting at the old rate into its new slots.
            int held = (payload[1] & 0xFF) == MessageCodec.T_CLOCK ? leader : -1;
            Gathering g;
            boolean all;
            synchronized (gathering) {
                g = gathering.get(seq);
                if (g == null || !Arrays.equals(g.request(), payload)) { // (a retransmission adds to what came)
                    g = new Gathering(payload, new Message[links.size()], held);
                    gathering.put(seq, g);
                }
                all = othersAnswered(g);
            }
            byte[] frame = Framing.encode(payload);
            for (int k = 0; k < links.size(); k++) {
                if (k != g.held() || all) {
                    links.get(k).send(frame);
                }
            }
        } else if (board < links.size()) {
            byte[] own = payload.clone();
            own[4] = 0;
            own[5] = 0;
            links.get(board).send(Framing.encode(own));
        } else {
            answer(new Message.Nack(seq, board, Protocol.E_NO_SUCH_BOARD, "no board at address " + board + " on " + name + " (it has "
                    + links.size() + ")"));
        }
    }

    private void fromBoard(int k, byte[] payload) {
        if (payload.length < 6) {
            return;
        }
        int board = u16(payload, 4);
        if (board != Message.BACKPLANE) {
            if ((payload[1] & 0xFF) == MessageCodec.T_IDENTITY // (only Identity is decoded here: the channel decodes every answer)
                    && MessageCodec.decode(payload).message() instanceof Message.Identity id && id.kind() == Protocol.KIND_ROUTER_LEVEL
                    && id.index() == id.order()) {
                leader = k; // (lab_bench.v and docs/rtl.md: the root's board leads the line)
            }
            byte[] own = payload.clone(); // the board's own answer, at its place in the bench
            own[4] = (byte) k;
            own[5] = (byte) (k >>> 8);
            deliver(Framing.encode(own));
            return;
        }
        MessageCodec.Decoded d = MessageCodec.decode(payload);
        if (d.message() == null || d.message() instanceof Message.Rebooted) {
            return; // a board's restart is announced at its own address as well
        }
        Message[] all;
        Gathering release = null;
        synchronized (gathering) {
            Gathering g = gathering.get(d.message().seq());
            if (g == null || g.answers()[k] != null) {
                return; // a late or repeated answer
            }
            g.answers()[k] = d.message();
            if (g.held() >= 0 && k != g.held() && g.answers()[g.held()] == null && othersAnswered(g)) {
                release = g;
            }
        }
        if (release != null) {
            links.get(release.held()).send(Framing.encode(release.request())); // the others have restarted: now the leader
            return;
        }
        synchronized (gathering) {
            Gathering g = gathering.get(d.message().seq());
            if (g == null) {
                return;
            }
            for (Message m : g.answers()) {
                if (m == null) {
                    return;
                }
            }
            all = gathering.remove(d.message().seq()).answers();
        }
        answer(BackplaneAnswers.combine(all, links.size()));
    }

    /** Every board but the held one has answered. */
    private static boolean othersAnswered(Gathering g) {
        for (int k = 0; k < g.answers().length; k++) {
            if (k != g.held() && g.answers()[k] == null) {
                return false;
            }
        }
        return true;
    }

    private void answer(Message m) {
        deliver(Framing.encode(MessageCodec.encode(m)));
    }

    private void deliver(byte[] frame) {
        delivery.execute(() -> receiver.received(frame, 0, frame.length));
    }

    private static int u16(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8;
    }

    @Override
    public void receiver(Receiver receiver) {
        this.receiver = receiver;
    }

    /** The slowest board's line. */
    @Override
    public int bitsPerSecond() {
        int slowest = 0;
        for (ByteLink l : links) {
            int b = l.bitsPerSecond();
            if (b > 0 && (slowest == 0 || b < slowest)) {
                slowest = b;
            }
        }
        return slowest;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void close() {
        LinkException first = null;
        for (ByteLink l : links) {
            try {
                l.close();
            } catch (LinkException e) {
                first = first == null ? e : first;
            }
        }
        delivery.shutdownNow();
        if (first != null) {
            throw first;
        }
    }
}
