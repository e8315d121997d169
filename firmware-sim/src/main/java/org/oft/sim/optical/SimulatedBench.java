package org.oft.sim.optical;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.oft.hal.BoardBus;
import org.oft.hal.BoardConfig;
import org.oft.hal.Region;
import org.oft.hal.wire.Regions;
import org.oft.hal.DeployReport;
import org.oft.hal.BoardException;
import org.oft.hal.BoardInfo;
import org.oft.hal.BoardKind;
import org.oft.hal.BoardTiming;
import org.oft.hal.SlotCounters;
import org.oft.hal.Telemetry;

/**
 * The built-in bench: r router-level boards and 2^r processor boards modelled in this process by a
 * {@link SlotFabric}, with the slot clock on a thread of its own. Telemetry is latched at slot
 * boundaries and handed out at most {@value #MAX_TELEMETRY_PER_SECOND} times a second.
 */
public final class SimulatedBench implements BoardBus, BoardTiming, OpticalModelPort {
    public static final String FIRMWARE = "oft-sim 0.1";
    static final int MAX_TELEMETRY_PER_SECOND = 20;
    private static final double MAX_SLOTS_PER_SECOND = 1e9;
    private static final double MIN_SLOTS_PER_SECOND = 1e-3;
    /** How long one run of slots holds the model: a stop, a read or a close waits at most about this. */
    private static final long CHUNK_NANOS = 2_000_000L;
    private double nanosPerSlot = 1000; // measured; sizes the chunks

    private final FabricModel fabric;
    private final TrafficSource traffic;
    private final List<BoardInfo> boards;
    private final ScheduledExecutorService clock;
    private final Object lock = new Object();
    private volatile Consumer<Telemetry> listener = t -> { };
    private ScheduledFuture<?> ticking;
    private boolean running;
    private double slotsDue;
    private long lastPublishedSlot;
    private volatile Telemetry latest;
    private long snapshots; // taken under lock; numbers them for delivery
    private final Object delivery = new Object();
    private long delivered; // under delivery: the newest snapshot handed to the listener
    private boolean closed;
    private final ActiveFaults faults = new ActiveFaults(); // under lock

    public SimulatedBench(int order, int latency) {
        this(new SlotFabric(FabricWiring.of(order), latency), TrafficSource.SATURATED);
    }

    public SimulatedBench(FabricModel fabric, TrafficSource traffic) {
        this.fabric = Objects.requireNonNull(fabric);
        this.traffic = Objects.requireNonNull(traffic);
        int order = fabric.order();
        int n = fabric.processors();
        List<BoardInfo> list = new ArrayList<>(order + n);
        for (int level = 1; level <= order; level++) {
            list.add(new BoardInfo(routerId(level), BoardKind.ROUTER_LEVEL, level, order, n, FIRMWARE));
        }
        for (int p = 0; p < n; p++) {
            list.add(new BoardInfo(processorId(p), BoardKind.PROCESSOR, p, order, n, FIRMWARE));
        }
        this.boards = List.copyOf(list);
        this.clock = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "oft-sim-clock");
            t.setDaemon(true);
            return t;
        });
        this.latest = snapshot(0);
    }

    public static String routerId(int level) {
        return "router-" + level;
    }

    public static String processorId(int processor) {
        return "proc-" + processor;
    }

    @Override
    public List<BoardInfo> discover() {
        return boards;
    }

    @Override
    public void loadControlSequence(String boardId, long[] packedBits, int length) {
        deploy(List.of(BoardConfig.router(boardId, packedBits, length, null)));
    }

    @Override
    public void loadRoutingTable(String boardId, int[] rows) {
        deploy(List.of(BoardConfig.processor(boardId, rows, null)));
    }

    /** All boards change at one slot boundary: everything is checked first, then applied under the lock. */
    @Override
    public DeployReport deploy(List<BoardConfig> configs) {
        synchronized (lock) {
            for (BoardConfig c : configs) {
                apply(c, false);
            }
            for (BoardConfig c : configs) {
                apply(c, true);
            }
            return new DeployReport(fabric.slot(), 0, List.of(), 0, 0, 0, 0);
        }
    }

    /** Checks (really = false) or applies one board's configuration; what is absent is left as it is. */
    private void apply(BoardConfig c, boolean really) {
        BoardInfo b = board(c.boardId());
        boolean router = b.kind() == BoardKind.ROUTER_LEVEL;
        try {
            for (Region r : c.regions().keySet()) {
                if (r == Region.LFT) {
                    throw new IllegalArgumentException("an OFT board has no forwarding table");
                }
            }
            byte[] seq = c.region(Region.SEQUENCE);
            if (seq != null) {
                if (!router) {
                    throw new IllegalArgumentException("a processor board takes a routing table, not a control sequence");
                }
                int n = fabric.processors();
                if (seq.length != Math.max(1, n / 8)) {
                    throw new IllegalArgumentException("holds " + n + " control bits, offered " + seq.length + " bytes");
                }
                long[] bits = Regions.sequenceBits(seq, n);
                if (really) {
                    fabric.boards().loadSequence(b.index(), bits, n);
                } else {
                    fabric.boards().checkSequence(b.index(), bits, n);
                }
            }
            if (c.region(Region.TABLE) != null) {
                if (router) {
                    throw new IllegalArgumentException("a router-level board takes a control sequence, not a routing table");
                }
                if (really) {
                    fabric.boards().loadTable(b.index(), c.table());
                } else {
                    fabric.boards().checkTable(b.index(), c.table());
                }
            }
            if (c.phases() != null) {
                if (!(fabric instanceof TimedFabric timed)) {
                    throw new IllegalArgumentException("the slot-level board model has no slot phases");
                }
                long[] phases = c.phases();
                int nodes = router ? 1 << (fabric.order() - b.index()) : 1;
                if (router && phases.length != nodes) {
                    throw new IllegalArgumentException("router-" + b.index() + " has " + nodes + " nodes, offered "
                            + phases.length + " phases");
                }
                if (!router && phases.length != 1) {
                    throw new IllegalArgumentException("a processor board takes one injection phase, offered " + phases.length);
                }
                if (really && router) {
                    timed.clocks().setNodePhases(b.index(), phases);
                } else if (really) {
                    timed.clocks().setInjectionPhase(b.index(), phases[0]);
                }
            }
        } catch (IllegalArgumentException e) {
            throw new BoardException(c.boardId() + ": " + e.getMessage());
        }
    }

    @Override
    public void startClock(double slotsPerSecond) {
        if (!(slotsPerSecond >= MIN_SLOTS_PER_SECOND) || slotsPerSecond > MAX_SLOTS_PER_SECOND) {
            throw new BoardException("slot clock: rate must be 0.001 to 1e9 slots/s, got " + slotsPerSecond);
        }
        synchronized (lock) {
            if (closed) {
                throw new BoardException("bench is closed");
            }
            try {
                fabric.boards().requireLoaded();
            } catch (IllegalStateException e) {
                throw new BoardException("slot clock not started: " + e.getMessage());
            }
            if (ticking != null) {
                ticking.cancel(false);
            }
            running = true;
            slotsDue = 0;
            // Ticks at the slot rate when slow, else at the telemetry rate, running many slots a tick.
            long periodNanos = (long) Math.max(1e9 / MAX_TELEMETRY_PER_SECOND, 1e9 / slotsPerSecond);
            double slotsPerTick = slotsPerSecond * periodNanos / 1e9;
            long budget = periodNanos * 4 / 5;
            ticking = clock.scheduleAtFixedRate(() -> tick(slotsPerTick, budget), periodNanos, periodNanos, TimeUnit.NANOSECONDS);
        }
    }

    /**
     * One tick: the slots due, in short runs that each hold the model about {@value #CHUNK_NANOS} ns,
     * within {@code budgetNanos}. A model that cannot keep the rate runs slower (what it did not run is
     * dropped, not owed), and telemetry, a stop or a close never wait behind a long run.
     */
    private void tick(double slotsPerTick, long budgetNanos) {
        long deadline = System.nanoTime() + budgetNanos;
        synchronized (lock) {
            if (!running) {
                return;
            }
            slotsDue = Math.min(slotsDue + slotsPerTick, Math.max(1, slotsPerTick));
        }
        while (true) {
            synchronized (lock) {
                long chunk = Math.min((long) slotsDue, Math.max(1, (long) (CHUNK_NANOS / nanosPerSlot)));
                if (!running || chunk <= 0) {
                    break;
                }
                long t0 = System.nanoTime();
                try {
                    fabric.run(chunk, traffic, DeliverySink.IGNORE);
                } catch (RuntimeException e) {
                    // Cannot happen with a loaded fabric; if it does, stop visibly rather than spin.
                    running = false;
                    ticking.cancel(false);
                    System.err.println("oft-sim: slot clock stopped at slot " + fabric.slot() + ": " + e.getMessage());
                    break;
                }
                nanosPerSlot = 0.8 * nanosPerSlot + 0.2 * Math.max(1, (System.nanoTime() - t0) / (double) chunk);
                slotsDue -= chunk;
            }
            if (System.nanoTime() > deadline) {
                synchronized (lock) {
                    slotsDue = Math.min(slotsDue, 1); // behind: the rest of this tick is not owed
                }
                break;
            }
        }
        Telemetry t;
        long number;
        synchronized (lock) {
            if (!running && ticking == null) {
                return; // stopped meanwhile: the stop published
            }
            t = publishLocked();
            number = snapshots;
        }
        deliver(t, number);
    }

    private Telemetry publishLocked() {
        long since = fabric.slot() - lastPublishedSlot;
        lastPublishedSlot = fabric.slot();
        latest = snapshot(since);
        snapshots++;
        return latest;
    }

    /**
     * Hands a snapshot to the listener outside the model's lock, one at a time and never one older
     * than the last handed: a tick that took its snapshot just before {@link #stopClock()} must not
     * be delivered after the stop's, or the listener would be left believing the clock runs.
     */
    private void deliver(Telemetry t, long number) {
        synchronized (delivery) {
            if (number <= delivered) {
                return;
            }
            delivered = number;
            try {
                listener.accept(t);
            } catch (RuntimeException e) {
                // a listener's failure must not stop the clock
            }
        }
    }

    private Telemetry snapshot(long since) {
        return new Telemetry(fabric.slot() - 1, fabric.order(), fabric.levelStates(), fabric.boards().stuckNodes(),
                fabric.slot() == 0 ? SlotCounters.ZERO : fabric.lastSlotCounters(), fabric.totalCounters(), since, running,
                fabric instanceof TimedFabric timed ? timed.timingTelemetry() : null);
    }

    @Override
    public void stopClock() {
        Telemetry t;
        long number;
        synchronized (lock) {
            if (ticking != null) {
                ticking.cancel(false);
                ticking = null;
            }
            running = false;
            t = publishLocked();
            number = snapshots;
        }
        deliver(t, number);
    }

    @Override
    public void setTelemetryListener(Consumer<Telemetry> listener) {
        this.listener = Objects.requireNonNull(listener);
    }

    @Override
    public Telemetry telemetry() {
        return latest;
    }

    /** Runs {@code slots} slots now, on the caller's thread (for tests and single-stepping); the clock must be stopped. */
    public Telemetry stepSlots(long slots) {
        Telemetry t;
        long number;
        synchronized (lock) {
            if (running) {
                throw new BoardException("slot clock is running; stop it before stepping by hand");
            }
            try {
                fabric.run(slots, traffic, DeliverySink.IGNORE);
            } catch (IllegalStateException e) {
                throw new BoardException("cannot step: " + e.getMessage());
            }
            t = publishLocked();
            number = snapshots;
        }
        deliver(t, number);
        return t;
    }

    @Override
    public void loadSlotPhases(String boardId, long[] phasesPs) {
        deploy(List.of(BoardConfig.phasesOnly(boardId, phasesPs)));
    }

    /**
     * An active fault: what it was asked as, what it acts on, and from which slot.
     *
     * @param id the handle to clear it by
     */
    public record ActiveFault(int id, String spec, String target, String description, long sinceSlot) {
    }

    /**
     * A fault in {@link FabricFault}'s notation, applied at the next slot boundary. A fault on a
     * target that already has one replaces it (offsets are absolute); a bad spec leaves the
     * active faults as they were.
     */
    @Override
    public String applyFault(String spec) {
        synchronized (lock) {
            return faults.apply(spec, fabric);
        }
    }

    /**
     * What a calibration campaign measures on the timed model, its fibre delays and board clocks as
     * they are now (faults included), handed to {@code f} under the bench's lock.
     */
    @Override
    public <R> R measure(java.util.function.BiFunction<FibrePlant, BoardClocks, R> f) {
        synchronized (lock) {
            if (!(fabric instanceof TimedFabric timed)) {
                throw new IllegalArgumentException("the slot-level model has no timing to measure");
            }
            return f.apply(timed.plant(), timed.clocks());
        }
    }

    /** Zeroes the totals (counters and timing) from the next telemetry record on; the slot count goes on. */
    @Override
    public void resetCounters() {
        synchronized (lock) {
            fabric.resetTotals();
            latest = snapshot(0);
        }
    }

    @Override
    public boolean modelled() {
        return true;
    }

    @Override
    public java.util.Optional<FabricHealth> nodeHealth() {
        return java.util.Optional.of(health());
    }

    /** Per node and per fibre: what went wrong where since the last reset, and which are stuck or dead now. */
    public FabricHealth health() {
        synchronized (lock) {
            int order = fabric.order();
            int n = fabric.processors();
            long[] nodes = new long[order * n];
            byte[] stuck = new byte[order * n];
            for (int k = 0; k < order; k++) {
                for (int node = 0; node < n; node++) {
                    stuck[k * n + node] = fabric.boards().stuck(k, node);
                }
            }
            long[] fibres = new long[(order + 1) * n];
            boolean[] dead = new boolean[fibres.length];
            if (fabric instanceof TimedFabric timed) {
                timed.copyTrouble(nodes, fibres);
                FibrePlant plant = timed.plant();
                for (int i = 0; i < dead.length; i++) {
                    dead[i] = plant.dead(i);
                }
                return new FabricHealth(order, nodes, stuck, fibres, dead, true);
            }
            return new FabricHealth(order, nodes, stuck, fibres, dead, false);
        }
    }

    /** The faults now in force, oldest first. */
    @Override
    public List<ActiveFault> faults() {
        synchronized (lock) {
            return faults.list();
        }
    }

    /** Undoes one fault; returns what was undone, or throws if no fault has that id. */
    @Override
    public String clearFault(int id) {
        synchronized (lock) {
            return faults.clear(id);
        }
    }

    /** Undoes every fault, newest first; returns how many. */
    @Override
    public int clearFaults() {
        synchronized (lock) {
            return faults.clearAll();
        }
    }

    /** Fault injection: the processor puts two packets on its link in the next slot. */
    @Override
    public void injectTwiceNextSlot(int processor) {
        synchronized (lock) {
            fabric.injectTwiceNextSlot(processor);
        }
    }

    /** What a processor board holds in one table row (as a board would read back). */
    public int tableEntry(int processor, int row) {
        synchronized (lock) {
            return fabric.boards().tableEntry(processor, row);
        }
    }

    private BoardInfo board(String id) {
        for (BoardInfo b : boards) {
            if (b.id().equals(id)) {
                return b;
            }
        }
        throw new BoardException("no board " + id + " on this bench (it has router-1..router-" + fabric.order()
                + " and proc-0..proc-" + (fabric.processors() - 1) + ")");
    }

    @Override
    public void close() {
        synchronized (lock) {
            closed = true;
            running = false;
            if (ticking != null) {
                ticking.cancel(false);
            }
        }
        clock.shutdownNow();
        try {
            clock.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
