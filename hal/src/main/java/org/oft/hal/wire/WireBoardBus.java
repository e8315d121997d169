package org.oft.hal.wire;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.oft.hal.BoardBus;
import org.oft.hal.BoardConfig;
import org.oft.hal.BoardException;
import org.oft.hal.BoardInfo;
import org.oft.hal.BoardKind;
import org.oft.hal.Region;
import org.oft.hal.BoardTiming;
import org.oft.hal.DeployException;
import org.oft.hal.DeployReport;
import org.oft.hal.SlotCounters;
import org.oft.hal.Telemetry;
import org.oft.hal.transport.ByteLink;

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
public final class WireBoardBus implements BoardBus, BoardTiming {

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
            return new Options(50, 40, 32, Protocol.MAX_WRITE, 4, 1000, 0.25);
        }
    }

    private final ByteLink link;
    private final BoardChannel channel;
    /** A Commit or Status and its answer, framed, with room: what one board costs a round. */
    private static final int ROUND_BYTES_PER_BOARD = 96;
    private final Options options;
    /** What each board's staging (and active) bank holds after the last deploy that succeeded, and under which boot id. */
    private final Map<Integer, Map<Integer, byte[]>> held = new java.util.HashMap<>();
    private final Map<Integer, Long> heldBoot = new java.util.HashMap<>();
    private final Set<Integer> rebooted = ConcurrentHashMap.newKeySet();
    private volatile List<BoardInfo> boards;
    private final Map<String, Integer> address = new HashMap<>();
    private final Map<Integer, Long> bootIds = new ConcurrentHashMap<>();
    private int order;
    private volatile double rate;
    private volatile boolean running;
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
            address.put(info.id(), a);
        }
        boards = List.copyOf(list);
        return boards;
    }

    private synchronized int addressOf(String boardId) {
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
        deployRegions(one);
    }

    // ---- deploy --------------------------------------------------------------------------------

    @Override
    public DeployReport deploy(List<BoardConfig> configs) {
        Map<Integer, Map<Integer, byte[]>> regions = new LinkedHashMap<>();
        for (BoardConfig c : configs) {
            int a = addressOf(c.boardId());
            BoardInfo info = boards.get(a);
            Map<Integer, byte[]> r = new LinkedHashMap<>();
            for (var e : c.regions().entrySet()) {
                String wrong = wrongRegion(info, e.getKey(), e.getValue());
                if (wrong != null) {
                    throw new BoardException(c.boardId() + ": " + wrong);
                }
                r.put(e.getKey().number(), e.getValue());
            }
            if (info.kind() == BoardKind.ROUTER_LEVEL && !r.containsKey(Region.SEQUENCE.number())) {
                throw new BoardException(c.boardId() + ": a router-level board takes a control sequence");
            }
            if (info.kind() == BoardKind.PROCESSOR && !r.containsKey(Region.TABLE.number())) {
                throw new BoardException(c.boardId() + ": a processor board takes a routing table");
            }
            if (info.kind() == BoardKind.ELECTRICAL_SWITCH && !r.containsKey(Region.LFT.number())) {
                throw new BoardException(c.boardId() + ": an electrical switch takes a forwarding table");
            }
            regions.put(a, r);
        }
        return deployRegions(regions);
    }

    /** Why a board cannot take these bytes in this region, or null: checked before anything is sent. */
    private static String wrongRegion(BoardInfo info, Region region, byte[] bytes) {
        int rows = info.tableRows();
        return switch (region) {
            case SEQUENCE -> info.kind() != BoardKind.ROUTER_LEVEL ? "only a router-level board takes a control sequence"
                    : bytes.length != Math.max(1, rows / 8) ? "holds " + rows + " control bits (" + Math.max(1, rows / 8)
                    + " bytes), offered " + bytes.length + " bytes" : null;
            case TABLE -> info.kind() != BoardKind.PROCESSOR ? "only a processor board takes a routing table"
                    : bytes.length != 2 * rows ? "holds " + rows + " table rows, offered " + bytes.length / 2 : null;
            case PHASES -> info.kind() == BoardKind.ROUTER_LEVEL || info.kind() == BoardKind.PROCESSOR ? null
                    : "this board has no slot phases";
            case LFT -> info.kind() != BoardKind.ELECTRICAL_SWITCH ? "only an electrical switch takes a forwarding table"
                    : wrongLft(info, bytes);
        };
    }

    private static String wrongLft(BoardInfo info, byte[] lft) {
        if (lft.length != info.tableRows()) {
            return "its forwarding table has " + info.tableRows() + " LIDs, offered " + lft.length;
        }
        for (int lid = 0; lid < lft.length; lid++) {
            int port = lft[lid] & 0xFF;
            if (port > info.radix() && port != Protocol.LFT_NO_ROUTE) {
                return "LID " + lid + " goes to port " + port + ", beyond its " + info.radix() + " ports";
            }
        }
        return null;
    }

    private synchronized DeployReport deployRegions(Map<Integer, Map<Integer, byte[]>> regions) {
        List<String> events = new ArrayList<>();
        ensureClock(events);
        String lastFailure = "";
        double leadSeconds = options.commitLeadSeconds();
        for (int attempt = 1; attempt <= options.attempts(); attempt++) {
            rebooted.clear();
            identify(regions.keySet());
            // The CRC read-back is a full round to every board: it says how long the commit round may take.
            long uploadStart = System.nanoTime();
            long[] written = new long[2];
            double roundSeconds = upload(regions, written);
            long uploadNanos = System.nanoTime() - uploadStart;
            String reboot = reboots(regions.keySet());
            if (reboot != null) {
                events.add(reboot + " during upload; starting over");
                continue;
            }
            long lead = Math.max(32, (long) Math.ceil(rate * Math.max(leadSeconds, 4 * roundSeconds)));
            long epoch = slot() + lead;
            List<String> refused = commit(regions, epoch);
            if (refused.isEmpty()) {
                waitForSlot(epoch);
                List<String> wrong = verify(regions);
                if (wrong.isEmpty()) {
                    long payload = regions.values().stream().flatMap(r -> r.values().stream()).mapToLong(b -> b.length).sum();
                    regions.forEach((a, r) -> {
                        held.put(a, r);
                        heldBoot.put(a, bootIds.get(a));
                    });
                    return new DeployReport(epoch, attempt, events, payload, uploadNanos, written[0], written[1]);
                }
                reboot = reboots(regions.keySet());
                if (reboot == null) {
                    throw new DeployException("after the commit at slot " + epoch + ": " + String.join("; ", wrong),
                            runningNew(regions));
                }
                events.add(reboot + " around the commit at slot " + epoch + "; redeploying");
                continue;
            }
            abort(regions.keySet());
            lastFailure = String.join("; ", refused);
            List<String> switched = runningNew(regions);
            if (!switched.isEmpty()) {
                leadSeconds *= 4;
                events.add(String.join(", ", switched) + " switched at slot " + epoch
                        + " before the abort reached them; rolling forward with a longer lead");
                continue;
            }
            reboot = reboots(regions.keySet());
            if (reboot != null) {
                events.add(reboot + " during the commit; starting over");
                continue;
            }
            if (refused.stream().allMatch(r -> r.contains("epoch") || r.contains("no answer"))) {
                leadSeconds *= 4;
                events.add("the commit for slot " + epoch + " did not reach every board in time; retrying with a longer lead");
                continue;
            }
            throw new DeployException("deploy refused, every board keeps its old tables: " + lastFailure, List.of());
        }
        List<String> now = runningNew(regions);
        throw new DeployException("deploy did not finish after " + options.attempts() + " attempts ("
                + (lastFailure.isEmpty() ? String.join("; ", events) : lastFailure) + "); "
                + (now.isEmpty() ? "every board keeps its old tables" : "running the new tables: " + String.join(", ", now)
                + "; every other board keeps its old tables"), now);
    }

    private void ensureClock(List<String> events) {
        if (!running) {
            double r = rate > 0 ? rate : options.idleSlotsPerSecond();
            clock(Message.Clock.START, r);
            events.add("slot clock started at " + r + " slots/s to count commit epochs");
        }
    }

    private void identify(Set<Integer> targets) {
        Map<Integer, CompletableFuture<Message>> f = new HashMap<>();
        for (int a : targets) {
            f.put(a, channel.request(seq -> new Message.Identify(seq, a)));
        }
        for (int a : targets) {
            Message m = join(f.get(a));
            // reboots before this deploy do not matter: a board whose boot id changed gets everything
            bootIds.put(a, m instanceof Message.SwitchIdentity sw ? sw.bootId()
                    : expect(m, Message.Identity.class, name(a)).bootId());
        }
    }

    /**
     * Uploads every region and reads the staging CRCs back. Each board's CRC query goes right behind
     * its writes, so the read-back rides the return line while later boards' writes still go out.
     * A board whose staging does not read back right (a frame lost, a board rebooted) is uploaded
     * again, it alone. Returns an estimate, in s, of one round of small requests to every board.
     */
    private double upload(Map<Integer, Map<Integer, byte[]>> regions, long[] written) {
        Map<Integer, Map<Integer, byte[]>> todo = regions;
        for (int round = 0; round < 3; round++) {
            List<CompletableFuture<Message>> writes = new ArrayList<>();
            List<String> what = new ArrayList<>();
            Map<Integer, CompletableFuture<Message>> crcs = new LinkedHashMap<>();
            written[0] = 0;
            written[1] = 0;
            for (var board : todo.entrySet()) {
                int a = board.getKey();
                // What the board's staging holds, when known: it then gets only the blocks that differ.
                Map<Integer, byte[]> before = round == 0 && bootIds.get(a) != null && bootIds.get(a).equals(heldBoot.get(a))
                        ? held.get(a) : null;
                held.remove(a); // staging changes now: unknown until this deploy succeeds
                heldBoot.remove(a);
                for (var region : board.getValue().entrySet()) {
                    byte[] data = region.getValue();
                    byte[] old = before == null ? null : before.get(region.getKey());
                    int block = DeployReport.BLOCK_BYTES;
                    int off = 0;
                    while (off < data.length) {
                        if (old != null && old.length == data.length && sameBlock(old, data, off)) {
                            off += block;
                            continue;
                        }
                        // a run of differing blocks, at most one write long
                        int end = Math.min(data.length, off + block);
                        while (end < data.length && end - off + block <= options.chunkBytes()
                                && !(old != null && old.length == data.length && sameBlock(old, data, end))) {
                            end = Math.min(data.length, end + block);
                        }
                        int o = off;
                        byte[] chunk = java.util.Arrays.copyOfRange(data, off, end);
                        writes.add(channel.request(seq -> new Message.Write(seq, a, region.getKey(), o, chunk)));
                        what.add(name(a) + " region " + region.getKey());
                        written[0] += (end - off + block - 1) / block;
                        written[1] += end - off;
                        off = end;
                    }
                }
                crcs.put(a, channel.request(seq -> new Message.CrcQuery(seq, a, Protocol.BANK_STAGING, Protocol.ALL_REGIONS)));
            }
            for (int i = 0; i < writes.size(); i++) {
                Message m = join(writes.get(i));
                if (m instanceof Message.Nack n) {
                    throw new BoardException(what.get(i) + ": write refused (" + Protocol.codeName(n.code()) + ": " + n.reason() + ")");
                }
            }
            Map<Integer, Map<Integer, byte[]>> again = new LinkedHashMap<>();
            for (var board : todo.entrySet()) {
                Message.Crcs c = expect(join(crcs.get(board.getKey())), Message.Crcs.class, name(board.getKey()));
                for (var region : board.getValue().entrySet()) {
                    int i = region.getKey() - 1;
                    if (i >= c.lengths().length || c.lengths()[i] != region.getValue().length
                            || c.crcs()[i] != Regions.crc(region.getValue())) {
                        again.put(board.getKey(), board.getValue());
                    }
                }
            }
            if (again.isEmpty()) {
                return channel.roundSeconds(regions.size(), ROUND_BYTES_PER_BOARD);
            }
            todo = again;
        }
        throw new BoardException("staging CRCs still differ after 3 uploads over " + link.name());
    }

    private static boolean sameBlock(byte[] a, byte[] b, int off) {
        int end = Math.min(a.length, off + DeployReport.BLOCK_BYTES);
        return java.util.Arrays.equals(a, off, end, b, off, end);
    }

    private List<String> commit(Map<Integer, Map<Integer, byte[]>> regions, long epoch) {
        Map<Integer, CompletableFuture<Message>> f = new LinkedHashMap<>();
        for (var board : regions.entrySet()) {
            int a = board.getKey();
            int count = board.getValue().size();
            int[] rs = new int[count];
            int[] lengths = new int[count];
            int[] crcs = new int[count];
            int i = 0;
            for (var region : board.getValue().entrySet()) {
                rs[i] = region.getKey();
                lengths[i] = region.getValue().length;
                crcs[i] = Regions.crc(region.getValue());
                i++;
            }
            f.put(a, channel.request(seq -> new Message.Commit(seq, a, epoch, rs, lengths, crcs)));
        }
        List<String> refused = new ArrayList<>();
        for (var e : f.entrySet()) {
            try {
                Message m = e.getValue().get((long) options.tries() * 1000 + 5000, TimeUnit.MILLISECONDS);
                if (m instanceof Message.Nack n) {
                    refused.add(name(e.getKey()) + ": " + Protocol.codeName(n.code()) + " (" + n.reason() + ")");
                }
            } catch (ExecutionException | java.util.concurrent.TimeoutException ex) {
                refused.add(name(e.getKey()) + ": " + (ex.getCause() != null ? ex.getCause().getMessage() : "no answer"));
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                refused.add("interrupted");
            }
        }
        return refused;
    }

    private void abort(Set<Integer> targets) {
        List<CompletableFuture<Message>> f = new ArrayList<>();
        for (int a : targets) {
            f.add(channel.request(seq -> new Message.Abort(seq, a)));
        }
        for (CompletableFuture<Message> x : f) {
            try {
                x.get((long) options.tries() * 1000 + 5000, TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                // checked below through the boards' status
            }
        }
    }

    /** Boards whose active bank holds the new regions (asked, not assumed). */
    private List<String> runningNew(Map<Integer, Map<Integer, byte[]>> regions) {
        Map<Integer, Message.Status> now = statuses(regions.keySet());
        List<String> out = new ArrayList<>();
        for (var board : regions.entrySet()) {
            if (matches(now.get(board.getKey()), board.getValue())) {
                out.add(name(board.getKey()));
            }
        }
        return out;
    }

    /** Every named board's status, asked all at once. */
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

    private List<String> verify(Map<Integer, Map<Integer, byte[]>> regions) {
        Map<Integer, Message.Status> now = statuses(regions.keySet());
        List<String> wrong = new ArrayList<>();
        for (var board : regions.entrySet()) {
            int a = board.getKey();
            Message.Status s = now.get(a);
            if (s.bootId() != bootIds.get(a)) {
                rebooted.add(a);
                wrong.add(name(a) + " has a new boot id");
            } else if (!matches(s, board.getValue())) {
                wrong.add(name(a) + " does not run what was committed (active CRCs differ)");
            }
        }
        return wrong;
    }

    private static boolean matches(Message.Status s, Map<Integer, byte[]> regions) {
        for (var region : regions.entrySet()) {
            int i = region.getKey() - 1;
            if (i >= s.activeLengths().length || s.activeLengths()[i] != region.getValue().length
                    || s.activeCrcs()[i] != Regions.crc(region.getValue())) {
                return false;
            }
        }
        return true;
    }

    private String reboots(Set<Integer> targets) {
        List<String> names = new ArrayList<>();
        for (int a : targets) {
            if (rebooted.contains(a)) {
                names.add(name(a));
            }
        }
        return names.isEmpty() ? null : String.join(", ", names) + " rebooted";
    }

    /** Waits until slot {@code epoch} has run (the bench's slot counter has passed it). */
    private void waitForSlot(long epoch) {
        long now = slot();
        long deadline = System.nanoTime() + (long) ((epoch - now) / Math.max(1, rate) * 4e9) + 5_000_000_000L;
        while (now <= epoch) {
            if (System.nanoTime() > deadline) {
                throw new BoardException("the bench clock did not reach slot " + epoch + " (is it running?)");
            }
            try {
                // Sleep most of the expected remainder at once rather than asking the bench again and again.
                Thread.sleep(Math.max(1, (long) ((epoch + 1 - now) / Math.max(1, rate) * 1000)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new BoardException("interrupted");
            }
            now = slot();
        }
    }

    private long slot() {
        return expect(channel.call(seq -> new Message.StatusQuery(seq, Message.BACKPLANE)), Message.Status.class, "backplane").slot();
    }

    /** A board's boot id, slot, scheduled commit and active CRCs. */
    public Message.Status status(int board) {
        return expect(channel.call(seq -> new Message.StatusQuery(seq, board)), Message.Status.class, name(board));
    }

    public int address(String boardId) {
        return addressOf(boardId);
    }

    // ---- clock and telemetry -------------------------------------------------------------------

    @Override
    public void startClock(double slotsPerSecond) {
        clock(Message.Clock.START, slotsPerSecond);
    }

    @Override
    public void stopClock() {
        clock(Message.Clock.STOP, 0);
    }

    private void clock(int op, double slotsPerSecond) {
        Message m = channel.call(seq -> new Message.Clock(seq, Message.BACKPLANE, op, slotsPerSecond));
        if (m instanceof Message.Nack n) {
            throw new BoardException("backplane: slot clock refused (" + n.reason() + ")");
        }
        running = op == Message.Clock.START;
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
        boolean switchBench = known == null || known.isEmpty() || known.get(0).kind() == org.oft.hal.BoardKind.ELECTRICAL_SWITCH;
        if (switchBench && c.length == org.oft.hal.SwitchTotals.COUNT) { // a bench of switch boards: its packet model's counters
            org.oft.hal.SwitchTotals s = org.oft.hal.SwitchTotals.of(c);
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
    public org.oft.hal.SwitchPorts portCounters(String boardId) {
        for (int attempt = 1; ; attempt++) {
            org.oft.hal.SwitchPorts p = portCountersOnce(boardId);
            if (p != null) {
                return p;
            }
            if (attempt == 3) {
                throw new BoardException(boardId + ": its port counters changed while they were read, three times running");
            }
        }
    }

    /** One reading, or null when the frames were of different latches. */
    private org.oft.hal.SwitchPorts portCountersOnce(String boardId) {
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
        return new org.oft.hal.SwitchPorts(boardId, cycle, bootId, Protocol.PORT_COUNTERS, up, counters);
    }

    private String name(int a) {
        List<BoardInfo> known = boards;
        return known != null && a >= 0 && a < known.size() ? known.get(a).id() : BoardChannel.who(a);
    }

    private static Message join(CompletableFuture<Message> f) {
        try {
            return f.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof BoardException b ? b : new BoardException(String.valueOf(e.getCause()), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BoardException("interrupted");
        }
    }

    private static <T extends Message> T expect(Message m, Class<T> type, String who) {
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
        channel.close();
        link.close();
    }
}
