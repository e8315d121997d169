package org.oft.sim.boards;

import org.oft.sim.optical.FabricModel;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.oft.hal.transport.ByteLink;
import org.oft.hal.transport.LinkException;
import org.oft.hal.wire.Framing;
import org.oft.hal.wire.Message;
import org.oft.hal.wire.MessageCodec;
import org.oft.hal.wire.Protocol;

/**
 * A bench of boards behind one link or more (a management port per controller), as the controller reaches real hardware: r router-level boards
 * (addresses 0..r-1 for levels 1..r) and 2^r processor boards (addresses r..r+2^r-1), each running
 * {@link BoardFirmware}, around a fabric model that runs what the boards have made active.
 *
 * <p>Two threads, as on hardware where the firmware's CPU does not wait for the fabric: the
 * firmware thread takes frames, answers them and counts slots; the fabric thread runs the model.
 * Every slot the firmware hands the fabric what became active at its start and a step, in order,
 * so a commit still lands exactly between two slots of the model. The slot counter waits for a
 * fabric that falls more than {@value #MAX_FABRIC_LAG} slots behind (a cold model, a large
 * order), so slots and epochs stay the model's; but an answer never waits for a slot to be
 * computed. Anything undecodable is Nacked when its header could be read, else dropped.
 */
public final class WireBench implements AutoCloseable {
    private static final AtomicLong BOOTS = new AtomicLong(System.nanoTime() & 0xFFFF_FFFFL);

    private final BoardModel model;
    private final FabricModel fabric; // the OFT's, when this is an OFT bench
    private final ByteLink[] links;
    private final BoardFirmware[] boards;
    /** Who may change each board (index = address) and, last, the backplane. */
    private final BoardOwnership[] owners;
    private final GenerationStore store;
    private final int order;
    private final long bootId = BOOTS.incrementAndGet() << 16;
    /** Slots the fabric may be behind the firmware's slot counter. */
    static final int MAX_FABRIC_LAG = 4;
    private final ScheduledExecutorService loop;
    private final java.util.concurrent.ExecutorService fabricThread;
    private final java.util.concurrent.atomic.AtomicInteger fabricLag = new java.util.concurrent.atomic.AtomicInteger();
    /** What the fabric thread last published: counters and level states after a slot. */
    private volatile FabricSnapshot latest;

    private record FabricSnapshot(long[] counters, byte[] levelStates) {
    }

    /** Telemetry is polled a few times a second: a snapshot every 10 ms of fabric time is fresh enough. */
    private static final long SNAPSHOT_NANOS = 10_000_000L;
    private long snapshotAt;
    private final Runnable stepTask = this::stepOnce;

    /** One slot of the model on the fabric thread, publishing a snapshot now and then. */
    private void stepOnce() {
        try {
            if (model.step()) {
                long now = System.nanoTime();
                if (now - snapshotAt >= SNAPSHOT_NANOS) {
                    snapshotAt = now;
                    publish();
                }
            }
        } finally {
            fabricLag.decrementAndGet();
        }
    }

    /** Makes the model's counters what telemetry answers (fabric thread). */
    private void publish() {
        latest = new FabricSnapshot(model.counters(), model.levelStates());
    }
    private ScheduledFuture<?> ticking;
    private boolean running;
    private double slotsDue;

    private long lastTick; // when the clock last ticked
    private long slot;

    /**
     * The OFT's router-level and processor boards around {@code fabric}, reached through {@code links}: one
     * management port each (two controllers, master and standby, reach the boards each through its own).
     */
    public WireBench(FabricModel fabric, ByteLink... links) {
        this(new OftBoards(fabric), fabric, null, links);
    }

    /** The same, its boards' generations kept in {@code store} (a file: they outlive the process). */
    public WireBench(FabricModel fabric, GenerationStore store, ByteLink... links) {
        this(new OftBoards(fabric), fabric, store, links);
    }

    /** Electrical switch boards holding forwarding tables. */
    public WireBench(SwitchBoards switches, ByteLink... links) {
        this(switches, null, null, links);
    }

    private WireBench(BoardModel model, FabricModel fabric, GenerationStore store, ByteLink... links) {
        if (links.length == 0) {
            throw new IllegalArgumentException("a bench needs a link");
        }
        this.model = model;
        this.fabric = fabric;
        this.links = links.clone();
        this.order = model.order();
        this.boards = model.boards(WireBench::newBootId);
        this.owners = new BoardOwnership[boards.length + 1];
        this.store = store != null ? store : GenerationStore.inMemory(owners.length);
        for (int i = 0; i < owners.length; i++) {
            owners[i] = new BoardOwnership(System::nanoTime, this.store, i);
        }
        this.loop = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "oft-board-firmware");
            t.setDaemon(true);
            return t;
        });
        this.fabricThread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "oft-board-fabric");
            t.setDaemon(true);
            return t;
        });
        this.latest = new FabricSnapshot(model.counters(), model.levelStates());
        for (ByteLink link : this.links) {
            Framing.Decoder decoder = new Framing.Decoder(); // each port its own frames
            link.receiver((buf, off, len) -> {
                byte[] chunk = java.util.Arrays.copyOfRange(buf, off, off + len);
                try {
                    loop.execute(() -> decoder.feed(chunk, 0, chunk.length, payload -> onFrame(link, payload)));
                } catch (java.util.concurrent.RejectedExecutionException e) {
                    // closing
                }
            });
        }
    }

    private static long newBootId() {
        return BOOTS.incrementAndGet() * 0x9E3779B97F4A7C15L;
    }

    /** The OFT fabric model this bench runs (null for a bench of switch boards). */
    public FabricModel fabric() {
        return fabric;
    }

    /** Runs {@code task} on the fabric's thread, after all the firmware has handed it so far, and waits. */
    public <T> T call(java.util.concurrent.Callable<T> task) {
        try {
            return loop.submit(() -> fabricThread.submit(task)).get(10, TimeUnit.SECONDS).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("board model did not answer: " + e, e);
        }
    }

    /**
     * Fault: the board at {@code address} has its index switches set to {@code index}, as a board put in
     * another's place answers: it identifies as that board from now on (a controller must refuse two
     * boards of one name rather than deploy to one and miss the other).
     */
    public void setIndexSwitch(int address, int index) {
        try {
            loop.submit(() -> boards[address].setIndexSwitch(index)).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("board model did not answer: " + e, e);
        }
    }

    /**
     * The bench's power goes off and on: every board as it powers up (empty banks, a new boot id, no owner, no
     * lease, the clock stopped), its generation read back from the store; then each says so (Rebooted).
     */
    public void powerCycle() {
        try {
            loop.submit(() -> {
                stopTicking();
                for (int i = 0; i < owners.length; i++) {
                    owners[i] = new BoardOwnership(System::nanoTime, store, i);
                }
                for (int a = 0; a < boards.length; a++) {
                    long boot = restart(a);
                    for (ByteLink link : links) {
                        send(link, new Message.Rebooted(0, a, boot));
                    }
                }
            }).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("board model did not power up: " + e, e);
        }
    }

    /** Fault: the board at {@code address} power-cycles: empty banks, new boot id, announced. */
    public void reboot(int address) {
        loop.execute(() -> {
            owners[address].reboot();
            long boot = restart(address);
            for (ByteLink link : links) {
                send(link, new Message.Rebooted(0, address, boot));
            }
        });
    }

    /** Board {@code address}'s firmware starts again: a new boot id, its tables emptied in the model (firmware thread). */
    private long restart(int address) {
        BoardFirmware fw = boards[address];
        fw.reset(newBootId());
        int kind = fw.kind();
        int index = fw.index();
        long boot = fw.bootId();
        fabricThread.execute(() -> model.clear(kind, index, boot));
        return boot;
    }

    /** The slot clock stops ticking (firmware thread). */
    private void stopTicking() {
        running = false;
        if (ticking != null) {
            ticking.cancel(false);
            ticking = null;
        }
    }

    // ---- frames in, answers out ----------------------------------------------------------------

    private void onFrame(ByteLink link, byte[] payload) {
        MessageCodec.Decoded d = MessageCodec.decode(payload);
        if (!d.ok()) {
            if (d.seq() >= 0) {
                send(link, new Message.Nack(d.seq(), d.board(), d.code(), d.reason()));
            }
            return;
        }
        send(link, answer(d.message()));
    }

    /** Ownership first: claims and owner queries by anyone, changes only under the board's generation. */
    private Message answer(Message m) {
        boolean backplane = m.board() == Message.BACKPLANE;
        if (!backplane && (m.board() < 0 || m.board() >= boards.length)) {
            return nack(m, Protocol.E_NO_SUCH_BOARD, "no board at address " + m.board() + " (0.." + (boards.length - 1) + ")");
        }
        BoardOwnership owner = owners[backplane ? boards.length : m.board()];
        if (m instanceof Message.Claim c) {
            Message before = owner.owner(c.seq(), c.board());
            Message after = owner.claim(c, m.board());
            if (c.takeOver() && after instanceof Message.Owner o && before instanceof Message.Owner b && b.leaseLeftMillis() > 0
                    && !b.controller().equals(o.controller())) {
                LOG.log(System.Logger.Level.WARNING, "{0}: controller {1} took over from {2} (generation {3} to {4})",
                        backplane ? "backplane" : "board " + m.board(), o.controller(), b.controller(), b.generation(), o.generation());
            }
            return after;
        }
        if (m instanceof Message.OwnerQuery) {
            return owner.owner(m.seq(), m.board());
        }
        if (m instanceof Message.Mutating change) {
            Message refused = owner.refuse(change);
            if (refused != null) {
                return refused;
            }
        }
        return backplane ? backplaneAnswer(m) : boardAnswer(m);
    }

    private static final System.Logger LOG = System.getLogger("org.oft.boards");

    private Message backplaneAnswer(Message m) {
        if (m instanceof Message.Identify) {
            return new Message.Backplane(m.seq(), Message.BACKPLANE, boards.length, order, bootId);
        }
        if (m instanceof Message.Clock c) {
            return clock(c);
        }
        if (m instanceof Message.TelemetryQuery) {
            FabricSnapshot f = latest;
            return new Message.Telemetry(m.seq(), Message.BACKPLANE, slot, running, f.counters(), f.levelStates());
        }
        if (m instanceof Message.StatusQuery) {
            return new Message.Status(m.seq(), Message.BACKPLANE, bootId, slot, -1, new int[0], new int[0]);
        }
        return nack(m, Protocol.E_UNKNOWN_TYPE, "the backplane does not take " + m.getClass().getSimpleName());
    }

    private Message boardAnswer(Message m) {
        BoardFirmware fw = boards[m.board()];
        if (m instanceof Message.Identify) {
            return fw.identity(m.seq());
        }
        if (m instanceof Message.Write w) {
            return fw.write(w);
        }
        if (m instanceof Message.CrcQuery q) {
            return fw.crc(q);
        }
        if (m instanceof Message.Commit c) {
            return fw.commit(c, slot);
        }
        if (m instanceof Message.Abort a) {
            return fw.abort(a);
        }
        if (m instanceof Message.StatusQuery) {
            return fw.status(m.seq(), slot);
        }
        if (m instanceof Message.PortCountersQuery q) {
            Message ports = model.portCounters(q.seq(), q.board(), fw.index(), q.firstPort());
            return ports != null ? ports : nack(m, Protocol.E_UNKNOWN_TYPE, "a board without ports does not take PortCountersQuery");
        }
        return nack(m, Protocol.E_UNKNOWN_TYPE, "a board does not take " + m.getClass().getSimpleName());
    }

    private Message clock(Message.Clock c) {
        if (c.op() == Message.Clock.STOP) {
            stopTicking();
            // a stopped clock reports every slot it ran: wait (a few slots at most) for the fabric's last counters
            try {
                fabricThread.submit(() -> {
                    model.publish();
                    publish();
                }).get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                // closing, or a stuck model: telemetry keeps the last snapshot
            }
            return new Message.Ack(c.seq(), Message.BACKPLANE);
        }
        if (c.op() != Message.Clock.START || !(c.slotsPerSecond() >= 1e-3) || c.slotsPerSecond() > 1e9) {
            return nack(c, Protocol.E_OUT_OF_RANGE, "clock op " + c.op() + " at " + c.slotsPerSecond() + " slots/s");
        }
        if (ticking != null) {
            ticking.cancel(false);
        }
        running = true;
        slotsDue = 0;
        long periodNanos = (long) Math.max(1e6, 1e9 / c.slotsPerSecond()); // at most 1000 ticks a second
        double perNano = c.slotsPerSecond() / 1e9;
        lastTick = System.nanoTime();
        // With a fixed delay, not a fixed rate: a tick owes the slots of the time since the last one, so
        // a thread that fell behind (a loaded host) runs them in one tick. At a fixed rate the missed
        // ticks would run back to back, each due before any frame that came meanwhile, and the
        // board would leave the controller's requests unanswered until the clock caught up.
        ticking = loop.scheduleWithFixedDelay(() -> tick(perNano), periodNanos, periodNanos, TimeUnit.NANOSECONDS);
        return new Message.Ack(c.seq(), Message.BACKPLANE);
    }

    private void tick(double perNano) {
        long now = System.nanoTime();
        slotsDue += (now - lastTick) * perNano;
        lastTick = now;
        long slots = (long) slotsDue;
        slotsDue -= slots;
        for (long i = 0; i < slots; i++) {
            if (fabricLag.get() >= MAX_FABRIC_LAG) {
                slotsDue = 0; // the clock waits for the fabric rather than racing ahead of it
                return;
            }
            runSlot();
        }
    }

    /** One slot: due commits first, at the boundary; then the fabric steps, on its own thread. */
    private void runSlot() {
        java.util.List<Runnable> activations = null;
        for (BoardFirmware fw : boards) {
            for (int region : fw.commitDue(slot)) {
                if (activations == null) {
                    activations = new java.util.ArrayList<>();
                }
                activations.add(activation(fw, region));
            }
        }
        fabricLag.incrementAndGet();
        if (activations == null) {
            fabricThread.execute(stepTask); // the common slot: nothing became active, nothing allocated
        } else {
            java.util.List<Runnable> due = activations;
            fabricThread.execute(() -> {
                due.forEach(Runnable::run);
                stepTask.run();
            });
        }
        slot++;
    }

    /** What a board just made active, copied now, to be loaded into the model before its next step. */
    private Runnable activation(BoardFirmware fw, int region) {
        byte[] b = java.util.Arrays.copyOf(fw.active(region), fw.activeLength(region));
        int kind = fw.kind();
        int index = fw.index();
        return () -> model.activate(kind, index, region, b);
    }

    private Message nack(Message m, int code, String reason) {
        return new Message.Nack(m.seq(), m.board(), code, reason);
    }

    private static void send(ByteLink link, Message m) {
        try {
            link.send(Framing.encode(MessageCodec.encode(m)));
        } catch (LinkException e) {
            // nobody is listening; the controller will time out and retry
        }
    }

    /** The switch boards this bench runs (null for an OFT bench). */
    public SwitchBoards switches() {
        return model instanceof SwitchBoards s ? s : null;
    }

    /** Its fault-injection port: cables cut and repaired on the fabric's thread, boards rebooted (null for an OFT bench). */
    public SwitchFaultPort switchFaults() {
        SwitchBoards s = switches();
        if (s == null) {
            return null;
        }
        return new SwitchFaultPort() {
            @Override
            public void killLink(int index, int port) {
                call(() -> {
                    s.killLink(index, port);
                    return null;
                });
            }

            @Override
            public void reviveLink(int index, int port) {
                call(() -> {
                    s.reviveLink(index, port);
                    return null;
                });
            }

            @Override
            public void reboot(int index) {
                WireBench.this.reboot(index);
            }
        };
    }

    /** Current slot of the bench clock. */
    public long slot() {
        return call(() -> slot);
    }

    @Override
    public void close() {
        loop.shutdownNow();
        fabricThread.shutdownNow();
        try {
            loop.awaitTermination(5, TimeUnit.SECONDS);
            if (fabricThread.awaitTermination(5, TimeUnit.SECONDS)) {
                model.close();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
