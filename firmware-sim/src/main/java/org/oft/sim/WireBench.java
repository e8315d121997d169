package org.oft.sim;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.oft.hal.SlotCounters;
import org.oft.hal.transport.ByteLink;
import org.oft.hal.transport.LinkException;
import org.oft.hal.wire.Framing;
import org.oft.hal.wire.Message;
import org.oft.hal.wire.MessageCodec;
import org.oft.hal.wire.Protocol;

/**
 * A bench of boards behind one link, as the controller reaches real hardware: r router-level boards
 * (addresses 0..r-1 for levels 1..r) and 2^r processor boards (addresses r..r+2^r-1), each running
 * {@link BoardFirmware}, around a fabric model that runs what the boards have made active.
 *
 * <p>One thread does everything (frames in, answers out, slot clock), so a commit happens exactly
 * between two slots. Anything undecodable is Nacked when its header could be read, else dropped.
 */
public final class WireBench implements AutoCloseable {
    private static final AtomicLong BOOTS = new AtomicLong(System.nanoTime() & 0xFFFF_FFFFL);

    private final FabricModel fabric;
    private final ByteLink link;
    private final BoardFirmware[] boards;
    private final int order;
    private final long bootId = BOOTS.incrementAndGet() << 16;
    private final ScheduledExecutorService loop;
    private final Framing.Decoder decoder = new Framing.Decoder();
    private ScheduledFuture<?> ticking;
    private boolean running;
    private double slotsDue;
    private long slot;

    public WireBench(FabricModel fabric, ByteLink link) {
        this.fabric = fabric;
        this.link = link;
        this.order = fabric.order();
        int n = fabric.processors();
        this.boards = new BoardFirmware[order + n];
        for (int level = 1; level <= order; level++) {
            boards[level - 1] = new BoardFirmware(level - 1, Protocol.KIND_ROUTER_LEVEL, level, order, newBootId());
        }
        for (int p = 0; p < n; p++) {
            boards[order + p] = new BoardFirmware(order + p, Protocol.KIND_PROCESSOR, p, order, newBootId());
        }
        this.loop = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "oft-board-firmware");
            t.setDaemon(true);
            return t;
        });
        link.receiver((buf, off, len) -> {
            byte[] chunk = java.util.Arrays.copyOfRange(buf, off, off + len);
            try {
                loop.execute(() -> decoder.feed(chunk, 0, chunk.length, this::onFrame));
            } catch (java.util.concurrent.RejectedExecutionException e) {
                // closing
            }
        });
    }

    private static long newBootId() {
        return BOOTS.incrementAndGet() * 0x9E3779B97F4A7C15L;
    }

    public FabricModel fabric() {
        return fabric;
    }

    /** Runs {@code task} on the bench's thread and waits: for tests and the CLI. */
    public <T> T call(java.util.concurrent.Callable<T> task) {
        try {
            return loop.submit(task).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("board model did not answer: " + e, e);
        }
    }

    /** Fault: the board at {@code address} power-cycles: empty banks, new boot id, announced. */
    public void reboot(int address) {
        loop.execute(() -> {
            BoardFirmware fw = boards[address];
            fw.reset(newBootId());
            if (fw.kind() == Protocol.KIND_ROUTER_LEVEL) {
                fabric.boards().clearSequence(fw.index());
            } else {
                fabric.boards().clearTable(fw.index());
            }
            send(new Message.Rebooted(0, address, fw.bootId()));
        });
    }

    // ---- frames in, answers out ----------------------------------------------------------------

    private void onFrame(byte[] payload) {
        MessageCodec.Decoded d = MessageCodec.decode(payload);
        if (!d.ok()) {
            if (d.seq() >= 0) {
                send(new Message.Nack(d.seq(), d.board(), d.code(), d.reason()));
            }
            return;
        }
        Message m = d.message();
        send(answer(m));
    }

    private Message answer(Message m) {
        if (m.board() == Message.BACKPLANE) {
            if (m instanceof Message.Identify) {
                return new Message.Backplane(m.seq(), Message.BACKPLANE, boards.length, order, bootId);
            }
            if (m instanceof Message.Clock c) {
                return clock(c);
            }
            if (m instanceof Message.TelemetryQuery) {
                SlotCounters t = fabric.totalCounters();
                return new Message.Telemetry(m.seq(), Message.BACKPLANE, slot, running,
                        new long[] {t.injected(), t.delivered(), t.misdelivered(), t.collisions(), t.lost()},
                        fabric.levelStates());
            }
            if (m instanceof Message.StatusQuery) {
                return new Message.Status(m.seq(), Message.BACKPLANE, bootId, slot, -1, new int[0], new int[0]);
            }
            return nack(m, Protocol.E_UNKNOWN_TYPE, "the backplane does not take " + m.getClass().getSimpleName());
        }
        if (m.board() < 0 || m.board() >= boards.length) {
            return nack(m, Protocol.E_NO_SUCH_BOARD, "no board at address " + m.board() + " (0.." + (boards.length - 1) + ")");
        }
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
        return nack(m, Protocol.E_UNKNOWN_TYPE, "a board does not take " + m.getClass().getSimpleName());
    }

    private Message clock(Message.Clock c) {
        if (c.op() == Message.Clock.STOP) {
            running = false;
            if (ticking != null) {
                ticking.cancel(false);
                ticking = null;
            }
            return new Message.Ack(c.seq(), Message.BACKPLANE);
        }
        if (c.op() != Message.Clock.START || !(c.slotsPerSecond() > 0) || c.slotsPerSecond() > 1e8) {
            return nack(c, Protocol.E_OUT_OF_RANGE, "clock op " + c.op() + " at " + c.slotsPerSecond() + " slots/s");
        }
        if (ticking != null) {
            ticking.cancel(false);
        }
        running = true;
        slotsDue = 0;
        long periodNanos = (long) Math.max(1e6, 1e9 / c.slotsPerSecond()); // at most 1000 ticks a second
        double perTick = c.slotsPerSecond() * periodNanos / 1e9;
        ticking = loop.scheduleAtFixedRate(() -> tick(perTick), periodNanos, periodNanos, TimeUnit.NANOSECONDS);
        return new Message.Ack(c.seq(), Message.BACKPLANE);
    }

    private void tick(double perTick) {
        slotsDue += perTick;
        long slots = (long) slotsDue;
        slotsDue -= slots;
        for (long i = 0; i < slots; i++) {
            runSlot();
        }
    }

    /** One slot: due commits first, at the boundary; then the fabric, if every board has tables. */
    private void runSlot() {
        for (BoardFirmware fw : boards) {
            for (int region : fw.commitDue(slot)) {
                activate(fw, region);
            }
        }
        if (fabric.boards().fullyLoaded()) {
            fabric.step(TrafficSource.SATURATED, DeliverySink.IGNORE);
        }
        slot++;
    }

    /** Loads what a board just made active into the fabric model. */
    private void activate(BoardFirmware fw, int region) {
        byte[] b = fw.active(region);
        int len = fw.activeLength(region);
        BoardState state = fabric.boards();
        int n = fabric.processors();
        if (region == Protocol.REGION_SEQUENCE) {
            long[] words = new long[(n + 63) / 64];
            for (int i = 0; i < len; i++) {
                words[i >>> 3] |= (long) (b[i] & 0xFF) << (8 * (i & 7));
            }
            state.loadSequence(fw.index(), words, n);
        } else if (region == Protocol.REGION_TABLE) {
            int[] rows = new int[n];
            for (int i = 0; i < n; i++) {
                rows[i] = (b[2 * i] & 0xFF) | (b[2 * i + 1] & 0xFF) << 8;
            }
            state.loadTable(fw.index(), rows);
        } else if (region == Protocol.REGION_PHASES && fabric instanceof TimedFabric timed) {
            long[] phases = new long[len / 8];
            for (int i = 0; i < phases.length; i++) {
                long v = 0;
                for (int k = 7; k >= 0; k--) {
                    v = (v << 8) | (b[8 * i + k] & 0xFF);
                }
                phases[i] = v;
            }
            if (fw.kind() == Protocol.KIND_ROUTER_LEVEL) {
                timed.clocks().setNodePhases(fw.index(), phases);
            } else {
                timed.clocks().setInjectionPhase(fw.index(), phases[0]);
            }
        }
    }

    private Message nack(Message m, int code, String reason) {
        return new Message.Nack(m.seq(), m.board(), code, reason);
    }

    private void send(Message m) {
        try {
            link.send(Framing.encode(MessageCodec.encode(m)));
        } catch (LinkException e) {
            // nobody is listening; the controller will time out and retry
        }
    }

    /** Current slot of the bench clock. */
    public long slot() {
        return call(() -> slot);
    }

    @Override
    public void close() {
        loop.shutdownNow();
        try {
            loop.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
