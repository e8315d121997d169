package org.oft.hal.wire;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.oft.hal.BoardException;
import org.oft.hal.BoardOwner;
import org.oft.hal.FencedException;

/**
 * This controller's ownership of the boards of a {@link WireBoardBus}: it claims every board and the
 * backplane under one fencing generation, renews the lease, releases it when the bus closes, and
 * notices when a board says another controller has taken over. The boards are the arbiter: a claim
 * is granted or refused by each board, and every change this bus sends carries the generation.
 */
public final class BoardClaims {
    /**
     * Who claims: the controller's id (named in every refusal another controller gets), how long a claim
     * holds without renewal, and whether it takes boards whose lease another controller still holds.
     */
    public record Claimant(String controller, long leaseMillis, boolean takeOver) {
        public static final long DEFAULT_LEASE_MILLIS = 10_000;

        public Claimant {
            if (controller == null || controller.isBlank() || controller.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > 64) {
                throw new IllegalArgumentException("a controller id is 1 to 64 bytes, got '" + controller + "'");
            }
            if (leaseMillis < 1000 || leaseMillis > 3_600_000) {
                throw new IllegalArgumentException("a lease is 1 s to 1 h, got " + leaseMillis + " ms");
            }
        }

        /** This process: {@code host:pid}. */
        public static Claimant thisProcess() {
            String host;
            try {
                host = java.net.InetAddress.getLocalHost().getHostName();
            } catch (java.io.IOException e) {
                host = "localhost";
            }
            return new Claimant(host + ":" + ProcessHandle.current().pid(), DEFAULT_LEASE_MILLIS, false);
        }

        public Claimant withTakeOver(boolean takeOver) {
            return new Claimant(controller, leaseMillis, takeOver);
        }
    }

    private final WireBoardBus bus;
    private volatile Claimant claimant = Claimant.thisProcess();
    private volatile long generation; // 0: not claimed
    private volatile String fenced; // why, once a board refused this controller
    private volatile Consumer<String> onFenced = r -> { };
    private volatile long renewedAt;
    private volatile String note;

    /** What the last claim changed ("claimed the boards at generation 4 from controller a"), once: the next deploy's history says it. */
    String takeNote() {
        String n = note;
        note = null;
        return n;
    }

    BoardClaims(WireBoardBus bus) {
        this.bus = bus;
    }

    /** Who this bus claims the boards as; before the first claim. */
    public void claimAs(Claimant c) {
        this.claimant = c;
    }

    public Claimant claimant() {
        return claimant;
    }

    /** The generation the boards run under this controller, 0 before it claimed them. */
    public long generation() {
        return generation;
    }

    /** Why this controller was fenced off the boards, or null while it owns them. */
    public String fenced() {
        return fenced;
    }

    /** Told once, from a bus thread, when a board refuses this controller because another owns it. */
    public void onFenced(Consumer<String> listener) {
        this.onFenced = listener;
    }

    /** What every board and the backplane say of their owner (a read: open to anyone). */
    public List<BoardOwner> owners() {
        List<Integer> targets = bus.allAddresses();
        Map<Integer, CompletableFuture<Message>> f = new LinkedHashMap<>();
        for (int a : targets) {
            f.put(a, bus.channel.request(seq -> new Message.OwnerQuery(seq, a)));
        }
        List<BoardOwner> out = new ArrayList<>();
        for (var e : f.entrySet()) {
            Message.Owner o = WireBoardBus.expect(WireBoardBus.join(e.getValue()), Message.Owner.class, bus.name(e.getKey()));
            out.add(new BoardOwner(bus.name(e.getKey()), o.generation(), o.controller(), o.leaseLeftMillis()));
        }
        return out;
    }

    /**
     * Claims every board and the backplane under a generation above every board's and at least
     * {@code atLeast} (an election's). Without take-over, a live lease of another controller refuses
     * the claim before any board is claimed. Returns the generation.
     */
    /** A generation no controller reaches by counting claims; a board at or above it was set there by someone else. */
    public static final long GENERATION_CEILING = 1L << 62;

    public synchronized long claim(long atLeast) {
        Claimant c = claimant;
        List<BoardOwner> now = owners();
        long highest = 0;
        for (BoardOwner o : now) {
            if (o.generation() >= GENERATION_CEILING || o.generation() < 0) {
                // generations count claims: an oftctl reaches 2^62 in no lifetime; one there was set to lock the bench
                throw new FencedException(o.board() + " reports ownership generation " + Long.toUnsignedString(o.generation()) + (o.controller()
                        .isEmpty() ? "" : " from controller '" + o.controller() + "'") + ", at the top of the range: no controller could ever claim"
                        + " it again. No oftctl counts that high; reset the board's ownership record (a board-sim: start it again; a board:"
                        + " clear its stored generation, docs/board-protocol.md, Ownership) and claim again");
            }
            highest = Math.max(highest, o.generation());
            if (!c.takeOver() && o.leased() && !o.controller().equals(c.controller())) {
                throw new FencedException(o.board() + " is owned by controller " + o.controller() + " (generation " + o.generation()
                        + ", lease " + seconds(o.leaseLeftMillis()) + " left): stop that controller, or take over");
            }
        }
        long g = Math.max(atLeast, highest + 1);
        send(bus.allAddresses(), g, c.leaseMillis(), c.takeOver());
        java.util.Set<String> before = new java.util.TreeSet<>();
        boolean live = false;
        for (BoardOwner o : now) {
            if (!o.controller().isEmpty() && !o.controller().equals(c.controller())) {
                before.add(o.controller());
                live |= o.leased();
            }
        }
        note = "claimed the boards at generation " + g + (before.isEmpty() ? "" : " from controller " + String.join(", ", before)
                + (live ? " (take-over of a live lease)" : ""));
        generation = g;
        fenced = null;
        renewedAt = System.nanoTime();
        return g;
    }

    /** Renews the lease on every board and the backplane (the telemetry poll calls it a few times a lease). */
    public void renewIfDue() {
        long g = generation;
        if (g == 0 || fenced != null || System.nanoTime() - renewedAt < claimant.leaseMillis() * 1_000_000L / 3) {
            return;
        }
        renew();
    }

    /** Renews now; also claims again the boards that rebooted since (they keep the generation, not the lease). */
    public synchronized void renew() {
        long g = generation;
        if (g == 0) {
            claim(0);
            return;
        }
        checkNotFenced();
        send(bus.allAddresses(), g, claimant.leaseMillis(), false);
        renewedAt = System.nanoTime();
    }

    /** The generation to stamp on a change, claiming first if this bus has not. */
    long forChange() {
        if (generation == 0) {
            claim(0);
        }
        checkNotFenced();
        return generation;
    }

    /** Ends the lease on every board (the generation stays theirs): a clean hand-over. Best effort. */
    public synchronized void release() {
        long g = generation;
        if (g == 0 || fenced != null) {
            return;
        }
        try {
            List<CompletableFuture<Message>> f = new ArrayList<>();
            for (int a : bus.allAddresses()) {
                f.add(bus.channel.request(seq -> new Message.Claim(seq, a, g, 0, false, claimant.controller())));
            }
            for (CompletableFuture<Message> x : f) {
                x.get(2, java.util.concurrent.TimeUnit.SECONDS);
            }
        } catch (Exception e) {
            // the leases run out by themselves
        }
    }

    /** A board's refusal of a change: records the fencing when it is one. */
    void refused(String board, Message.Nack n) {
        if (n.code() == Protocol.E_FENCED || n.code() == Protocol.E_OWNED) {
            fence(board + ": " + n.reason());
        }
    }

    private void send(List<Integer> targets, long g, long leaseMillis, boolean takeOver) {
        String id = claimant.controller();
        Map<Integer, CompletableFuture<Message>> f = new LinkedHashMap<>();
        for (int a : targets) {
            f.put(a, bus.channel.request(seq -> new Message.Claim(seq, a, g, leaseMillis, takeOver, id)));
        }
        List<String> refused = new ArrayList<>();
        boolean fencedOff = false;
        for (var e : f.entrySet()) {
            Message m = WireBoardBus.join(e.getValue());
            if (m instanceof Message.Nack n) {
                refused.add(bus.name(e.getKey()) + ": " + n.reason());
                fencedOff |= n.code() == Protocol.E_FENCED || n.code() == Protocol.E_OWNED;
            } else {
                WireBoardBus.expect(m, Message.Owner.class, bus.name(e.getKey()));
            }
        }
        if (!refused.isEmpty()) {
            String why = "claim refused by " + String.join("; ", refused);
            if (fencedOff) {
                fence(why);
                throw new FencedException(why);
            }
            throw new BoardException(why);
        }
    }

    private void fence(String why) {
        boolean first = fenced == null && generation != 0;
        fenced = why;
        if (first) {
            onFenced.accept(why);
        }
    }

    private void checkNotFenced() {
        String f = fenced;
        if (f != null) {
            throw new FencedException("this controller no longer owns the boards (" + f + ")");
        }
    }

    private static String seconds(long ms) {
        return String.format(java.util.Locale.ROOT, "%.1f s", ms / 1000.0);
    }
}
