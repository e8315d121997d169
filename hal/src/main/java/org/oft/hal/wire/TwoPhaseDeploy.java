package org.oft.hal.wire;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.oft.hal.BoardConfig;
import org.oft.hal.BoardException;
import org.oft.hal.BoardInfo;
import org.oft.hal.BoardKind;
import org.oft.hal.Region;
import org.oft.hal.DeployException;
import org.oft.hal.DeployReport;
import org.oft.hal.FencedException;

/**
 * The two-phase deploy of a {@link WireBoardBus}: every region checked against what each board can
 * hold before anything is sent; then uploaded into the boards' staging banks (only the 64-byte blocks
 * that differ from what a board is known to hold) and read back by CRC; then committed on every board
 * for one slot epoch far enough ahead, verified by each board's active CRCs once the epoch has run, or
 * aborted everywhere. Rebooted boards, lost races and late commits start it over, a bounded number of
 * times; a deploy that cannot finish says which boards run the new tables (docs/board-protocol.md).
 */
final class TwoPhaseDeploy {
    private final WireBoardBus bus;
    /** What each board's staging (and active) bank holds after the last deploy that succeeded, and under which boot id. */
    private final Map<Integer, Map<Integer, byte[]>> held = new java.util.HashMap<>();
    private final Map<Integer, Long> heldBoot = new java.util.HashMap<>();
    /** The generation {@link #held} was deployed under: past it, another controller may have changed the boards since. */
    private long heldGeneration;

    /** The fencing generation this attempt's changes carry. */
    private long generation;

    TwoPhaseDeploy(WireBoardBus bus) {
        this.bus = bus;
    }

    DeployReport deploy(List<BoardConfig> configs) {
        Map<Integer, Map<Integer, byte[]>> regions = new LinkedHashMap<>();
        for (BoardConfig c : configs) {
            int a = bus.addressOf(c.boardId());
            BoardInfo info = bus.boards.get(a);
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
        return regions(regions);
    }

    /** Regions by board address and region number, checked already: one deploy at a time, and no discovery under it. */
    DeployReport regions(Map<Integer, Map<Integer, byte[]>> regions) {
        synchronized (bus) {
            return deployRegions(regions);
        }
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

    private DeployReport deployRegions(Map<Integer, Map<Integer, byte[]>> regions) {
        List<String> events = new ArrayList<>();
        generation = bus.claims.forChange(); // claims first, if this bus has not: the deploy that follows a change of owner says so
        String owner = bus.claims.takeNote();
        if (owner != null) {
            events.add(owner);
        }
        DeployClock.ensure(bus, events);
        if (generation != heldGeneration) {
            // this controller owns the boards again after another did (it was master before, stood by, took over):
            // what it deployed then says nothing of them now, and a change the other left half-made (staged, a commit
            // scheduled) must be aborted before a byte is written, as for a controller new to the bench
            held.clear();
            heldBoot.clear();
            heldGeneration = generation;
        }
        if (regions.keySet().stream().noneMatch(held::containsKey)) {
            DeployReport adopted = adopt(regions, events);
            if (adopted != null) {
                return adopted;
            }
        }
        String lastFailure = "";
        double leadSeconds = bus.options.commitLeadSeconds();
        for (int attempt = 1; attempt <= bus.options.attempts(); attempt++) {
            bus.rebooted.clear();
            // Every attempt renews the claim first: a board that rebooted takes changes again, and a
            // controller that was fenced off finds out before it writes a byte.
            bus.claims.renew();
            generation = bus.claims.generation();
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
            long lead = Math.max(32, (long) Math.ceil(bus.rate * Math.max(leadSeconds, 4 * roundSeconds)));
            long epoch = bus.slot() + lead;
            List<String> refused = commit(regions, epoch);
            if (refused.isEmpty()) {
                waitForSlot(epoch);
                List<String> wrong = verify(regions);
                if (wrong.isEmpty()) {
                    long payload = regions.values().stream().flatMap(r -> r.values().stream()).mapToLong(b -> b.length).sum();
                    regions.forEach((a, r) -> {
                        held.put(a, r);
                        heldBoot.put(a, bus.bootIds.get(a));
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
            if (bus.claims.fenced() != null) {
                throw new FencedException("deploy refused, every board keeps its old tables: this controller no longer "
                        + "owns the boards (" + lastFailure + ")");
            }
            throw new DeployException("deploy refused, every board keeps its old tables: " + lastFailure, List.of());
        }
        List<String> now = runningNew(regions);
        throw new DeployException("deploy did not finish after " + bus.options.attempts() + " attempts ("
                + (lastFailure.isEmpty() ? String.join("; ", events) : lastFailure) + "); "
                + (now.isEmpty() ? "every board keeps its old tables" : "running the new tables: " + String.join(", ", now)
                + "; every other board keeps its old tables"), now);
    }

    /**
     * Boards this bus has not deployed yet (a controller that just started, or took over from one that
     * died): a commit another controller left scheduled is aborted first, so that it cannot land on some
     * boards later; then, when every board already runs exactly these regions (active CRCs, and staging
     * holding the same), they are adopted as they are: nothing is written, nothing switches. Null when a
     * deploy is needed.
     */
    private DeployReport adopt(Map<Integer, Map<Integer, byte[]>> regions, List<String> events) {
        Map<Integer, Message.Status> now = bus.statuses(regions.keySet());
        List<Integer> pending = new ArrayList<>();
        now.forEach((a, st) -> {
            if (st.pendingEpoch() >= 0) {
                pending.add(a);
            }
        });
        if (!pending.isEmpty()) {
            abort(new java.util.LinkedHashSet<>(pending));
            events.add("a commit left scheduled on " + pending.size() + " board(s) by an earlier controller was aborted");
            now = bus.statuses(regions.keySet());
        }
        for (var board : regions.entrySet()) {
            Message.Status st = now.get(board.getKey());
            if (st.pendingEpoch() >= 0 || !matches(st, board.getValue())) {
                return null;
            }
        }
        Map<Integer, CompletableFuture<Message>> staging = new LinkedHashMap<>();
        for (int a : regions.keySet()) {
            staging.put(a, bus.channel.request(seq -> new Message.CrcQuery(seq, a, Protocol.BANK_STAGING, Protocol.ALL_REGIONS)));
        }
        boolean stagingKnown = true;
        for (var board : regions.entrySet()) {
            Message.Crcs c = WireBoardBus.expect(WireBoardBus.join(staging.get(board.getKey())), Message.Crcs.class,
                    bus.name(board.getKey()));
            Message.Status st = now.get(board.getKey());
            stagingKnown &= matches(new Message.Status(0, 0, 0, 0, -1, c.lengths(), c.crcs()), board.getValue());
            bus.bootIds.put(board.getKey(), st.bootId());
        }
        if (stagingKnown) { // later deploys then write only the blocks that change
            regions.forEach((a, r) -> {
                held.put(a, r);
                heldBoot.put(a, bus.bootIds.get(a));
            });
        }
        long payload = regions.values().stream().flatMap(r -> r.values().stream()).mapToLong(b -> b.length).sum();
        events.add("every board already ran these tables: adopted, nothing written");
        return new DeployReport(bus.slot(), 1, events, payload, 0, 0, 0);
    }

    private void identify(Set<Integer> targets) {
        Map<Integer, CompletableFuture<Message>> f = new HashMap<>();
        for (int a : targets) {
            f.put(a, bus.channel.request(seq -> new Message.Identify(seq, a)));
        }
        for (int a : targets) {
            Message m = WireBoardBus.join(f.get(a));
            // reboots before this deploy do not matter: a board whose boot id changed gets everything
            bus.bootIds.put(a, m instanceof Message.SwitchIdentity sw ? sw.bootId()
                    : WireBoardBus.expect(m, Message.Identity.class, bus.name(a)).bootId());
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
            List<Integer> writeTo = new ArrayList<>();
            Map<Integer, CompletableFuture<Message>> crcs = new LinkedHashMap<>();
            written[0] = 0;
            written[1] = 0;
            for (var board : todo.entrySet()) {
                int a = board.getKey();
                // What the board's staging holds, when known: it then gets only the blocks that differ.
                Map<Integer, byte[]> before = round == 0 && bus.bootIds.get(a) != null && bus.bootIds.get(a).equals(heldBoot.get(a))
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
                        while (end < data.length && end - off + block <= bus.options.chunkBytes()
                                && !(old != null && old.length == data.length && sameBlock(old, data, end))) {
                            end = Math.min(data.length, end + block);
                        }
                        int o = off;
                        byte[] chunk = java.util.Arrays.copyOfRange(data, off, end);
                        writes.add(bus.channel.request(seq -> new Message.Write(seq, a, generation, region.getKey(), o, chunk)));
                        what.add(bus.name(a) + " region " + region.getKey());
                        writeTo.add(a);
                        written[0] += (end - off + block - 1) / block;
                        written[1] += end - off;
                        off = end;
                    }
                }
                crcs.put(a, bus.channel.request(seq -> new Message.CrcQuery(seq, a, Protocol.BANK_STAGING, Protocol.ALL_REGIONS)));
            }
            for (int i = 0; i < writes.size(); i++) {
                Message m = WireBoardBus.join(writes.get(i));
                if (m instanceof Message.Nack n && n.code() == Protocol.E_NOT_CLAIMED) {
                    bus.rebooted.add(writeTo.get(i)); // it rebooted since the claim: the deploy starts over, claiming it again
                } else if (m instanceof Message.Nack n) {
                    bus.claims.refused(what.get(i), n);
                    String why = what.get(i) + ": write refused (" + Protocol.codeName(n.code()) + ": " + n.reason() + ")";
                    throw n.code() == Protocol.E_FENCED ? new FencedException(why) : new BoardException(why);
                }
            }
            if (todo.keySet().stream().anyMatch(bus.rebooted::contains)) {
                return bus.channel.roundSeconds(regions.size(), WireBoardBus.ROUND_BYTES_PER_BOARD); // the caller starts over
            }
            Map<Integer, Map<Integer, byte[]>> again = new LinkedHashMap<>();
            for (var board : todo.entrySet()) {
                Message.Crcs c = WireBoardBus.expect(WireBoardBus.join(crcs.get(board.getKey())), Message.Crcs.class, bus.name(board.getKey()));
                for (var region : board.getValue().entrySet()) {
                    int i = region.getKey() - 1;
                    if (i >= c.lengths().length || c.lengths()[i] != region.getValue().length
                            || c.crcs()[i] != Regions.crc(region.getValue())) {
                        again.put(board.getKey(), board.getValue());
                    }
                }
            }
            if (again.isEmpty()) {
                return bus.channel.roundSeconds(regions.size(), WireBoardBus.ROUND_BYTES_PER_BOARD);
            }
            todo = again;
        }
        throw new BoardException("staging CRCs still differ after 3 uploads over " + bus.link.name());
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
            f.put(a, bus.channel.request(seq -> new Message.Commit(seq, a, generation, epoch, rs, lengths, crcs)));
        }
        List<String> refused = new ArrayList<>();
        for (var e : f.entrySet()) {
            try {
                Message m = e.getValue().get((long) bus.options.tries() * 1000 + 5000, TimeUnit.MILLISECONDS);
                if (m instanceof Message.Nack n) {
                    bus.claims.refused(bus.name(e.getKey()), n);
                    if (n.code() == Protocol.E_NOT_CLAIMED) {
                        bus.rebooted.add(e.getKey());
                    }
                    refused.add(bus.name(e.getKey()) + ": " + Protocol.codeName(n.code()) + " (" + n.reason() + ")");
                }
            } catch (ExecutionException | java.util.concurrent.TimeoutException ex) {
                refused.add(bus.name(e.getKey()) + ": " + (ex.getCause() != null ? ex.getCause().getMessage() : "no answer"));
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
            f.add(bus.channel.request(seq -> new Message.Abort(seq, a, generation)));
        }
        for (CompletableFuture<Message> x : f) {
            try {
                x.get((long) bus.options.tries() * 1000 + 5000, TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                // checked below through the boards' status
            }
        }
    }

    /** Boards whose active bank holds the new regions (asked, not assumed). */
    private List<String> runningNew(Map<Integer, Map<Integer, byte[]>> regions) {
        Map<Integer, Message.Status> now = bus.statuses(regions.keySet());
        List<String> out = new ArrayList<>();
        for (var board : regions.entrySet()) {
            if (matches(now.get(board.getKey()), board.getValue())) {
                out.add(bus.name(board.getKey()));
            }
        }
        return out;
    }

    private List<String> verify(Map<Integer, Map<Integer, byte[]>> regions) {
        Map<Integer, Message.Status> now = bus.statuses(regions.keySet());
        List<String> wrong = new ArrayList<>();
        for (var board : regions.entrySet()) {
            int a = board.getKey();
            Message.Status s = now.get(a);
            if (s.bootId() != bus.bootIds.get(a)) {
                bus.rebooted.add(a);
                wrong.add(bus.name(a) + " has a new boot id");
            } else if (!matches(s, board.getValue())) {
                wrong.add(bus.name(a) + " does not run what was committed (active CRCs differ)");
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
            if (bus.rebooted.contains(a)) {
                names.add(bus.name(a));
            }
        }
        return names.isEmpty() ? null : String.join(", ", names) + " rebooted";
    }

    /**
     * Waits until slot {@code epoch} has run (the bench's slot counter has passed it). A clock that runs slower than
     * asked (a simulated bench on a loaded host) is waited for as long as its slots still come: only one that has not
     * moved for 5 s past the time the rate allows is reported.
     */
    private void waitForSlot(long epoch) {
        long now = bus.slot();
        long deadline = System.nanoTime() + (long) ((epoch - now) / Math.max(1, bus.rate) * 4e9) + 5_000_000_000L;
        while (now <= epoch) {
            if (System.nanoTime() > deadline) {
                throw new BoardException("the bench clock did not reach slot " + epoch + " (it stands at " + now + ": is it running?)");
            }
            try {
                // Sleep most of the expected remainder at once rather than asking the bench again and again.
                Thread.sleep(Math.max(1, (long) ((epoch + 1 - now) / Math.max(1, bus.rate) * 1000)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new BoardException("interrupted");
            }
            long then = now;
            now = bus.slot();
            if (now > then) {
                deadline = Math.max(deadline, System.nanoTime() + 5_000_000_000L);
            }
        }
    }
}
