package org.oft.hal.wire;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import org.oft.hal.BoardBus;
import org.oft.hal.BoardConfig;
import org.oft.hal.BoardException;
import org.oft.hal.BoardInfo;
import org.oft.hal.BoardKind;
import org.oft.hal.SwitchCounters;
import org.oft.hal.BoardTiming;
import org.oft.hal.DeployReport;
import org.oft.hal.SlotCounters;
import org.oft.hal.Telemetry;
import org.oft.hal.transport.ByteLink;
import org.oft.hal.FencedException;
import org.oft.hal.SwitchPorts;
import org.oft.hal.SwitchTotals;

/**
 * The boards of a bench reached over the wire protocol, through any {@link ByteLink}.
 *
 * <p>A deploy uploads every region into the boards' staging banks, reads back every staging CRC,
 * then commits all boards at one future slot epoch (two phases: every board must accept the
 * commit, else all are aborted). After the epoch it reads back every board's status and checks
 * that each runs exactly the new configuration. A board that reboots on the way is noticed (by
 * its announcement or its boot id) and the deploy starts over; a deploy that cannot finish fails
 * with the board and the reason, and leaves every board on what it ran before.
 */
public final class WireBoardBus implements BoardBus, BoardTiming, BoardReadback, SwitchCounters {

    /**
     * @param timeoutMillis     wait for an answer before sending again
     * @param tries             sends of one request before the board counts as unreachable
     * @param window            requests under way at once
     * @param chunkBytes        data bytes per Write
     * @param attempts          deploys started over (after reboots, lost races) before giving up
     * @param idleSlotsPerSecond clock rate used to count epochs when no rate was set
     * @param commitLeadSeconds  how far ahead of the current slot the commit epoch is set
     */
    public record Options(long timeoutMillis, int tries, int window, int chunkBytes, int attempts, double idleSlotsPerSecond,
                          double commitLeadSeconds) {
        public static Options defaults() {
            // 200 ms at least, as Linux's TCP: the scheduling delays of a busy host stay below it, so a clean
            // line does not retransmit; 15 tries: a board that does not answer is named within about 3 s
            return new Options(200, 15, 32, Protocol.MAX_WRITE, 4, 1000, 0.25);
        }
    }

    final ByteLink link;
    final BoardChannel channel;
    /** A Commit or Status and its answer, framed, with room: what one board costs a round. */
    static final int ROUND_BYTES_PER_BOARD = 96;
    final Options options;
    private final TwoPhaseDeploy deployer = new TwoPhaseDeploy(this);
    final BoardClaims claims = new BoardClaims(this);
    final Set<Integer> rebooted = ConcurrentHashMap.newKeySet();
    volatile List<BoardInfo> boards;
    private final Map<String, Integer> address = new HashMap<>();
    final Map<Integer, Long> bootIds = new ConcurrentHashMap<>();
    private int order;
    volatile double rate;
    volatile boolean running;
    /** The clock that runs was another controller's, kept as it ran (a deploy's take-over): not yet asked a rate. */
    volatile boolean adopted;
    private volatile Consumer<Telemetry> listener = t -> { };
    private Thread poller;

    public WireBoardBus(ByteLink link, Options options) {
        this(link, options, 0);
    }

    /** With the line's rate (bytes/s, a UART's baud / 10) so that a slow line is paced, not flooded. */
    public WireBoardBus(ByteLink link, Options options, double lineBytesPerSecond) {
        this.link = link;
        this.options = options;
        this.channel = new BoardChannel(link, options.timeoutMillis(), options.tries(), options.window(), lineBytesPerSecond);
        channel.onReboot(r -> rebooted.add(r.board()));
        channel.names(this::name);
    }

    public BoardChannel channel() {
        return channel;
    }

    /** This controller's ownership of the boards: claim, renew, release, and who owns them now. */
    public BoardClaims claims() {
        return claims;
    }

    @Override
    public Optional<BoardClaims> ownership() {
        return Optional.of(claims);
    }

    @Override
    public Optional<BoardChannel> link() {
        return Optional.of(channel);
    }

    @Override
    public Optional<BoardReadback> readback() {
        return Optional.of(this);
    }

    @Override
    public Optional<SwitchCounters> switchCounters() {
        return Optional.of(this);
    }

    /** Every board's address, then the backplane's: what a claim covers. */
    synchronized List<Integer> allAddresses() {
        if (boards == null) {
            discover();
        }
        List<Integer> all = new ArrayList<>();
        for (int a = 0; a < boards.size(); a++) {
            all.add(a);
        }
        all.add(Message.BACKPLANE);
        return all;
    }

    // ---- discovery ---------------------------------------------------------------------------

    @Override
    public synchronized List<BoardInfo> discover() {
        Message.Backplane bp = expect(channel.call(seq -> new Message.Identify(seq, Message.BACKPLANE)), Message.Backplane.class,
                "backplane");
        order = bp.order();
        List<CompletableFuture<Message>> answers = new ArrayList<>();
        for (int a = 0; a < bp.boards(); a++) {
            int board = a;
            answers.add(channel.request(seq -> new Message.Identify(seq, board)));
        }
        List<BoardInfo> list = new ArrayList<>();
        address.clear();
        for (int a = 0; a < bp.boards(); a++) {
            Message m = join(answers.get(a));
            BoardInfo info;
            if (m instanceof Message.SwitchIdentity sw) {
                info = new BoardInfo("switch-" + sw.index(), BoardKind.ELECTRICAL_SWITCH, sw.index(), 0, sw.lids(), sw.firmware(),
                        sw.radix(), sw.lmc());
                bootIds.put(a, sw.bootId());
            } else {
                Message.Identity id = expect(m, Message.Identity.class, "board " + a);
                BoardKind kind = id.kind() == Protocol.KIND_ROUTER_LEVEL ? BoardKind.ROUTER_LEVEL : BoardKind.PROCESSOR;
                String name = (kind == BoardKind.ROUTER_LEVEL ? "router-" : "proc-") + id.index();
                info = new BoardInfo(name, kind, id.index(), id.order(), id.tableRows(), id.firmware());
                bootIds.put(a, id.bootId());
            }
            list.add(info);
            Integer twin = address.put(info.id(), a);
            if (twin != null) {
                address.clear();
                boards = null;
                throw new BoardException("boards at addresses " + twin + " and " + a + " both answer as " + info.id() + " on " + link.name()
                        + ": two boards cannot hold one place in the fabric (check the boards' index switches); nothing was deployed");
            }
        }
        boards = List.copyOf(list);
        return boards;
    }

    synchronized int addressOf(String boardId) {
        if (boards == null) {
            discover();
        }
        Integer a = address.get(boardId);
        if (a == null) {
            throw new BoardException("no board " + boardId + " on " + link.name());
        }
        return a;
    }

    // ---- single-board loads are one-board deploys ---------------------------------------------

    @Override
    public void loadControlSequence(String boardId, long[] packedBits, int length) {
        deploy(List.of(BoardConfig.router(boardId, packedBits, length, null)));
    }

    @Override
    public void loadRoutingTable(String boardId, int[] rows) {
        deploy(List.of(BoardConfig.processor(boardId, rows, null)));
    }

    @Override
    public void loadSlotPhases(String boardId, long[] phasesPs) {
        int a = addressOf(boardId);
        byte[] bytes = Regions.phases(phasesPs);
        Map<Integer, Map<Integer, byte[]>> one = Map.of(a, Map.of(Protocol.REGION_PHASES, bytes));
        deployer.regions(one);
    }

    @Override
    public DeployReport deploy(List<BoardConfig> configs) {
        return deployer.deploy(configs);
    }

    /** Every named board's status, asked all at once. */
    @Override
    public Map<Integer, Message.Status> statuses(java.util.Collection<Integer> boards) {
        Map<Integer, CompletableFuture<Message>> f = new LinkedHashMap<>();
        for (int a : boards) {
            f.put(a, channel.request(seq -> new Message.StatusQuery(seq, a)));
        }
        Map<Integer, Message.Status> out = new LinkedHashMap<>();
        for (var e : f.entrySet()) {
            out.put(e.getKey(), expect(join(e.getValue()), Message.Status.class, name(e.getKey())));
        }
        return out;
    }

    long slot() {
        return expect(channel.call(seq -> new Message.StatusQuery(seq, Message.BACKPLANE)), Message.Status.class, "backplane").slot();
    }

    /** A board's boot id, slot, scheduled commit and active CRCs. */
    @Override
    public Message.Status status(int board) {
        return expect(channel.call(seq -> new Message.StatusQuery(seq, board)), Message.Status.class, name(board));
    }

    @Override
    public int address(String boardId) {
        return addressOf(boardId);
    }

    // ---- clock and telemetry -------------------------------------------------------------------

    /**
     * Starts the clock at {@code slotsPerSecond}; a clock kept from another controller that runs at that rate already
     * (within 5 % of what was measured over a few slots) is left as it runs: restarting it would move every slot's phase.
     */
    @Override
    public void startClock(double slotsPerSecond) {
        if (adopted && running && rate > 0 && Math.abs(rate - slotsPerSecond) <= 0.05 * slotsPerSecond) {
            adopted = false;
            rate = slotsPerSecond;
            return;
        }
        clock(Message.Clock.START, slotsPerSecond);
    }

    @Override
    public void stopClock() {
        clock(Message.Clock.STOP, 0);
    }

    void clock(int op, double slotsPerSecond) {
        long g = claims.forChange();
        Message m = channel.call(seq -> new Message.Clock(seq, Message.BACKPLANE, g, op, slotsPerSecond));
        if (m instanceof Message.Nack n) {
            claims.refused("backplane", n);
            if (n.code() == Protocol.E_FENCED) {
                throw new FencedException("backplane: slot clock refused (" + n.reason() + ")");
            }
            throw new BoardException("backplane: slot clock refused (" + n.reason() + ")");
        }
        running = op == Message.Clock.START;
        adopted = false;
        if (running) {
            rate = slotsPerSecond;
        }
    }

    @Override
    public synchronized void setTelemetryListener(Consumer<Telemetry> listener) {
        this.listener = listener;
        if (poller == null) {
            poller = new Thread(this::poll, "oft-telemetry-poller");
            poller.setDaemon(true);
            poller.start();
        }
    }

    private void poll() {
        while (!Thread.currentThread().isInterrupted()) {
            try {
                try {
                    claims.renewIfDue(); // the owner's lease rides on its telemetry polls
                } catch (BoardException e) {
                    // fenced (the listener was told) or a board that does not answer now: telemetry still reads
                }
                listener.accept(telemetry());
                Thread.sleep(100);
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                try {
                    Thread.sleep(500); // a board that does not answer now may later
                } catch (InterruptedException ie) {
                    return;
                }
            }
        }
    }

    @Override
    public Telemetry telemetry() {
        Message.Telemetry t = expect(channel.call(seq -> new Message.TelemetryQuery(seq, Message.BACKPLANE)),
                Message.Telemetry.class, "backplane");
        long[] c = t.counters();
        List<BoardInfo> known = boards;
        boolean switchBench = known == null || known.isEmpty() || known.get(0).kind() == BoardKind.ELECTRICAL_SWITCH;
        if (switchBench && c.length == SwitchTotals.COUNT) { // a bench of switch boards: its packet model's counters
            SwitchTotals s = SwitchTotals.of(c);
            SlotCounters total = new SlotCounters(s.created(), s.delivered(), s.misdelivered(), s.loops(), s.dropped());
            return new Telemetry(t.slot() - 1, order, t.levelState(), new int[t.levelState().length], SlotCounters.ZERO, total, 0,
                    t.running(), null, s);
        }
        // an OFT bench: totals; then, if the firmware sends them, the last slot's counters and the stuck nodes per level
        SlotCounters total = c.length >= 5 ? new SlotCounters(c[0], c[1], c[2], c[3], c[4]) : SlotCounters.ZERO;
        SlotCounters last = c.length >= 10 ? new SlotCounters(c[5], c[6], c[7], c[8], c[9]) : SlotCounters.ZERO;
        int levels = t.levelState().length;
        int[] stuck = new int[levels];
        if (c.length >= 10 + levels) {
            for (int i = 0; i < levels; i++) {
                stuck[i] = (int) c[10 + i];
            }
        }
        return new Telemetry(t.slot() - 1, order, t.levelState(), stuck, last, total, 0, t.running(), null);
    }

    /**
     * A switch board's port counters, read back a frame of {@link Protocol#PORTS_PER_FRAME} ports at
     * a time; read again from the first frame when the board latched new counters meanwhile, so that
     * all ports are of one latch.
     */
    @Override
    public SwitchPorts portCounters(String boardId) {
        for (int attempt = 1; ; attempt++) {
            SwitchPorts p = portCountersOnce(boardId);
            if (p != null) {
                return p;
            }
            if (attempt == 3) {
                throw new BoardException(boardId + ": its port counters changed while they were read, three times running");
            }
        }
    }

    /** One reading, or null when the frames were of different latches. */
    private SwitchPorts portCountersOnce(String boardId) {
        int a = addressOf(boardId);
        long cycle = -1;
        long bootId = 0;
        int first = 0;
        int ports = -1;
        int perPort = -1;
        byte[] state = null;
        long[] counters = null;
        do {
            int from = first;
            Message.PortCounters m = expect(channel.call(seq -> new Message.PortCountersQuery(seq, a, from)),
                    Message.PortCounters.class, boardId);
            if (ports < 0) {
                cycle = m.cycle();
                bootId = m.bootId();
                ports = m.ports();
                perPort = m.perPort();
                state = new byte[ports];
                counters = new long[ports * perPort];
            }
            int n = m.linkState().length;
            if (m.ports() != ports || m.perPort() != perPort || m.firstPort() != from || n == 0 || from + n > ports) {
                throw new BoardException(boardId + ": inconsistent port counters (ports " + m.ports() + ", from " + m.firstPort()
                        + ", " + n + " ports of " + m.perPort() + " counters)");
            }
            if (m.cycle() != cycle || m.bootId() != bootId) {
                return null;
            }
            System.arraycopy(m.linkState(), 0, state, from, n);
            System.arraycopy(m.counters(), 0, counters, from * perPort, n * perPort);
            first += n;
        } while (first < ports);
        if (perPort != Protocol.PORT_COUNTERS.size()) {
            throw new BoardException(boardId + ": " + perPort + " counters per port, expected " + Protocol.PORT_COUNTERS.size());
        }
        boolean[] up = new boolean[ports];
        for (int p = 0; p < ports; p++) {
            up[p] = state[p] != 0;
        }
        return new SwitchPorts(boardId, cycle, bootId, Protocol.PORT_COUNTERS, up, counters);
    }

    String name(int a) {
        List<BoardInfo> known = boards;
        return known != null && a >= 0 && a < known.size() ? known.get(a).id() : BoardChannel.who(a);
    }

    static Message join(CompletableFuture<Message> f) {
        try {
            return f.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof BoardException b ? b : new BoardException(String.valueOf(e.getCause()), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BoardException("interrupted");
        }
    }

    static <T extends Message> T expect(Message m, Class<T> type, String who) {
        if (type.isInstance(m)) {
            return type.cast(m);
        }
        if (m instanceof Message.Nack n) {
            throw new BoardException(who + ": " + Protocol.codeName(n.code()) + " (" + n.reason() + ")");
        }
        throw new BoardException(who + ": unexpected answer " + m.getClass().getSimpleName());
    }

    @Override
    public synchronized void close() {
        if (poller != null) {
            poller.interrupt();
        }
        if (!channel.isClosed()) {
            claims.release();
        }
        channel.close();
        link.close();
    }

}
