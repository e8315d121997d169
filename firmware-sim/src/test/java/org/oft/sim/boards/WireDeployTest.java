package org.oft.sim.boards;

import static org.oft.sim.boards.SampleConfigs.config;
import org.oft.sim.optical.FabricWiring;
import org.oft.sim.optical.SlotFabric;

import static org.awaitility.Awaitility.await;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oft.hal.BoardConfig;
import org.oft.hal.BoardException;
import org.oft.hal.BoardInfo;
import org.oft.hal.DeployException;
import org.oft.hal.DeployReport;
import org.oft.hal.transport.FaultyLink;
import org.oft.hal.transport.PipeLink;
import org.oft.hal.wire.BoardChannel;
import org.oft.hal.wire.Message;
import org.oft.hal.wire.Regions;
import org.oft.hal.wire.WireBoardBus;

/** The controller side of the protocol against the board firmware, over an in-process pipe. */
@Timeout(300)
class WireDeployTest {
    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    private <T extends AutoCloseable> T keep(T t) {
        open.add(t);
        return t;
    }

    @Test
    void deploysAtOneEpochAndTheFabricRunsWhatWasDeployed() {
        PipeLink[] pipe = PipeLink.pair("t");
        WireBench bench = keep(new WireBench(new SlotFabric(FabricWiring.of(3), 1), pipe[1]));
        WireBoardBus bus = keep(new WireBoardBus(pipe[0], WireBoardBus.Options.defaults()));
        List<BoardInfo> boards = bus.discover();
        assertEquals(3 + 8, boards.size());
        assertEquals("router-1", boards.get(0).id());
        assertEquals("proc-7", boards.get(10).id());
        List<BoardConfig> cfg = config(boards, 3, 1);
        DeployReport report = bus.deploy(cfg);
        assertTrue(report.epoch() > 0);
        for (BoardConfig c : cfg) {
            if (c.table() != null) {
                int p = Integer.parseInt(c.boardId().substring(5));
                for (int i = 0; i < 8; i++) {
                    int row = i;
                    assertEquals(c.table()[i], (int) bench.call(() -> bench.fabric().boards().tableEntry(p, row)));
                }
            }
        }
        assertTrue(bench.call(() -> bench.fabric().boards().fullyLoaded()));
    }

    @Test
    void aSecondDeploySendsOnlyTheBlocksThatChanged() {
        PipeLink[] pipe = PipeLink.pair("t");
        WireBench bench = keep(new WireBench(new SlotFabric(FabricWiring.of(6), 1), pipe[1]));
        WireBoardBus bus = keep(new WireBoardBus(pipe[0], WireBoardBus.Options.defaults()));
        List<BoardInfo> boards = bus.discover();
        List<BoardConfig> first = config(boards, 6, 1);
        DeployReport full = bus.deploy(first);
        assertEquals(full.payloadBytes(), full.bytesWritten());

        // one row of proc-9's table (2 bytes of a 128-byte region) changes: one 64-byte block travels
        List<BoardConfig> second = new ArrayList<>(first);
        int a = 6 + 9;
        int[] rows = first.get(a).table().clone();
        rows[40] ^= 5;
        second.set(a, BoardConfig.processor("proc-9", rows, null));
        DeployReport one = bus.deploy(second);
        assertEquals(1, one.blocksWritten());
        assertEquals(DeployReport.BLOCK_BYTES, one.bytesWritten());
        assertEquals(rows[40], (int) bench.call(() -> bench.fabric().boards().tableEntry(9, 40)));
        assertEquals(first.get(a).table()[41], (int) bench.call(() -> bench.fabric().boards().tableEntry(9, 41)));

        // the same again: nothing to write, and every board still switches at one epoch
        DeployReport none = bus.deploy(second);
        assertEquals(0, none.bytesWritten());
        assertTrue(none.epoch() > one.epoch());

        // a board that rebooted holds nothing: it alone gets everything again
        long boot = bus.statuses(List.of(a)).get(a).bootId();
        bench.reboot(a);
        await().atMost(java.time.Duration.ofSeconds(10)).until(() -> bus.statuses(List.of(a)).get(a).bootId() != boot);
        DeployReport after = bus.deploy(second);
        assertEquals(2 * (1 << 6), after.bytesWritten(), "proc-9's whole table, nothing else");
        assertTrue(bench.call(() -> bench.fabric().boards().fullyLoaded()));
    }

    @Test
    void aMalformedTableIsRefusedAndNothingChanges() {
        PipeLink[] pipe = PipeLink.pair("t");
        WireBench bench = keep(new WireBench(new SlotFabric(FabricWiring.of(2), 1), pipe[1]));
        WireBoardBus bus = keep(new WireBoardBus(pipe[0], WireBoardBus.Options.defaults()));
        List<BoardInfo> boards = bus.discover();
        bus.deploy(config(boards, 2, 0));
        Message.Status before = bus.status(bus.address("proc-1"));
        List<BoardConfig> bad = config(boards, 2, 1);
        bad.set(3, BoardConfig.processor("proc-1", new int[] {0, 1, 2, 9}, null)); // row 3 names processor 9 of 4
        BoardException e = assertThrows(BoardException.class, () -> bus.deploy(bad));
        assertTrue(e.getMessage().startsWith("deploy refused, every board keeps its old tables: proc-1: bad region content"),
                e.getMessage());
        for (BoardInfo b : boards) {
            Message.Status s = bus.status(bus.address(b.id()));
            assertEquals(-1, s.pendingEpoch());
        }
        assertEquals(before.activeCrcs()[1], bus.status(bus.address("proc-1")).activeCrcs()[1]);
    }

    @Test
    void aBoardThatStopsAnsweringFailsTheDeployWithTheReasonAndNothingChanges() {
        PipeLink[] pipe = PipeLink.pair("dead");
        FaultyLink toBoards = new FaultyLink(pipe[0], FaultyLink.Profile.CLEAN, 1);
        WireBench bench = keep(new WireBench(new SlotFabric(FabricWiring.of(2), 1), pipe[1]));
        WireBoardBus bus = keep(new WireBoardBus(toBoards, new WireBoardBus.Options(5, 10, 16, 1024, 3, 5000, 0.01)));
        List<BoardInfo> boards = bus.discover();
        List<BoardConfig> a = config(boards, 2, 0);
        bus.deploy(a);
        toBoards.cut(60_000); // the cable is pulled
        BoardException e = assertThrows(BoardException.class, () -> bus.deploy(config(boards, 2, 1)));
        assertTrue(e.getMessage().matches("(router|proc)-\\d+: no answer to (Claim|Identify) after 10 tries over faulty\\(pipe:dead-controller\\)"),
                e.getMessage());
        toBoards.cut(0); // plugged back in
        for (int i = 0; i < boards.size(); i++) {
            assertTrue(runs(bus.status(i), a.get(i)), boards.get(i).id() + " must still run the first configuration");
        }
    }

    /**
     * A board that falls silent (its line cut for 700 ms mid-deploy, as a board model starved of CPU
     * would be) is probed by one request at a time, as TCP resends only its oldest segment: the
     * window of requests under way waits, rather than each being resent every time-out and queued
     * ahead of the board's answers when it speaks again. The deploy then completes.
     */
    @Test
    void aSilentBoardIsProbedByOneRequestNotAWindowOfThem() throws Exception {
        int order = 4;
        PipeLink[] pipe = PipeLink.pair("silent");
        FaultyLink toBoards = new FaultyLink(pipe[0], FaultyLink.Profile.CLEAN, 1);
        WireBench bench = keep(new WireBench(new SlotFabric(FabricWiring.of(order), 1), pipe[1]));
        WireBoardBus bus = keep(new WireBoardBus(toBoards, WireBoardBus.Options.defaults()));
        List<BoardInfo> boards = bus.discover();
        Thread cutter = new Thread(() -> {
            sleep(5);
            toBoards.cut(700);
        });
        cutter.start();
        long t0 = System.nanoTime();
        DeployReport r = bus.deploy(config(boards, order, 1));
        long took = System.nanoTime() - t0;
        cutter.join();
        assertTrue(r.epoch() > 0);
        long resent = bus.channel().retransmits();
        long probes = bus.channel().probes();
        String counts = resent + " retransmits, " + probes + " probes, " + bus.channel().heldBack() + " held back";
        assertTrue(toBoards.droppedBytes() > 0, "the cut fell within the deploy");
        // One request probes at a time, each after a silence: no more probes than silences the deploy
        // had room for (700 ms at a time-out of 200 ms and more: 4 on an idle host; a host that
        // stalls its threads makes silences of its own). Then what the cut dropped is resent once
        // each, a window (32) at most. Every request of the window resent at every time-out, as
        // before, made 84 here.
        assertTrue(probes <= took / BoardChannel.SILENCE_NANOS + 1, counts + " in " + took / 1_000_000 + " ms");
        assertTrue(resent - probes <= WireBoardBus.Options.defaults().window(), counts);
    }

    /**
     * Seeded fault trials over a link that drops, corrupts, duplicates and delays bytes, is cut now
     * and then, and whose boards reset mid-upload: every deploy succeeds or fails with a reason;
     * no board ever runs anything but a complete old or new configuration; after a success every
     * board runs exactly the new one. CI runs a seeded 200 of them on eight benches side by side (a
     * trial waits on time-outs far more than it computes: 25 in turn on each, about 15 s); the
     * campaign of a thousand is {@code mvn -pl firmware-sim test -Dtest=WireDeployTest -Doft.trials=1000}.
     */
    @Test
    void seededDeploysOverABadLinkNeverLeaveAHalfAppliedOrSilentlyWrongBoard() throws Exception {
        int trials = Integer.getInteger("oft.trials", 200);
        int benches = 8;
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(benches);
        try {
            List<java.util.concurrent.Future<Campaign>> runs = new ArrayList<>();
            for (int b = 0; b < benches; b++) {
                int seed = b;
                int share = trials / benches + (b < trials % benches ? 1 : 0);
                runs.add(pool.submit(() -> campaign(seed, share)));
            }
            int ok = 0;
            int failed = 0;
            int restarted = 0;
            for (java.util.concurrent.Future<Campaign> f : runs) {
                Campaign c = f.get();
                ok += c.ok();
                failed += c.failed();
                restarted += c.restarted();
            }
            assertTrue(ok > trials * 9 / 10, "successful deploys: " + ok + " of " + trials + " (" + failed + " failed, " + restarted + " restarted)");
        } finally {
            pool.shutdownNow();
        }
    }

    record Campaign(int ok, int failed, int restarted) {
    }

    /** {@code trials} seeded trials on a bench of their own ({@code seed} 0 is the campaign CI ran alone before). */
    private Campaign campaign(int seed, int trials) throws Exception {
        int order = 2;
        PipeLink[] pipe = PipeLink.pair("faulty-" + seed);
        FaultyLink.Profile profile = new FaultyLink.Profile(0.01, 0.01, 0.005, 0.01, 3);
        FaultyLink toBoards = new FaultyLink(pipe[0], profile, 11 + 2L * seed);
        FaultyLink toController = new FaultyLink(pipe[1], profile, 12 + 2L * seed);
        WireBench bench = new WireBench(new SlotFabric(FabricWiring.of(order), 1), toController);
        WireBoardBus bus = new WireBoardBus(toBoards, new WireBoardBus.Options(2, 400, 16, 64, 6, 20_000, 0.005));
        synchronized (open) {
            open.add(bench);
            open.add(bus);
            open.add(toController);
        }
        List<BoardInfo> boards = bus.discover();
        bus.startClock(20_000);
        SplittableRandom rnd = new SplittableRandom(2026 + seed);
        int ok = 0;
        int failed = 0;
        int restarted = 0;
        List<BoardConfig> current = null;
        for (int trial = 0; trial < trials; trial++) {
            long t0 = System.nanoTime();
            List<BoardConfig> next = config(boards, order, trial % 5);
            Thread chaos = null;
            int fault = rnd.nextInt(10);
            if (fault == 0) {
                int victim = rnd.nextInt(boards.size());
                long delay = rnd.nextInt(0, 8);
                chaos = new Thread(() -> {
                    sleep(delay);
                    bench.reboot(victim);
                });
            } else if (fault == 1) {
                long delay = rnd.nextInt(0, 8);
                long cut = rnd.nextInt(1, 30);
                chaos = new Thread(() -> {
                    sleep(delay);
                    toBoards.cut(cut);
                });
            }
            if (chaos != null) {
                chaos.start();
            }
            List<BoardConfig> previous = current;
            boolean success;
            String why = "";
            List<String> switched = List.of();
            try {
                DeployReport r = bus.deploy(next);
                ok++;
                restarted += r.attempts() > 1 ? 1 : 0;
                current = next;
                success = true;
            } catch (DeployException e) {
                failed++;
                why = e.getMessage();
                switched = e.runningNew();
                assertTrue(why != null && !why.isBlank());
                success = false;
            }
            if (chaos != null) {
                chaos.join();
            }
            String name = "bench " + seed + " trial " + trial;
            if (Boolean.getBoolean("oft.trace")) {
                System.out.printf("%s fault %d %s %.1f ms %s%n", name, fault, success, (System.nanoTime() - t0) / 1e6, why);
            }
            java.util.Map<Integer, Message.Status> now = bus.statuses(java.util.stream.IntStream.range(0, boards.size()).boxed().toList());
            for (int a = 0; a < boards.size(); a++) {
                Message.Status s = now.get(a);
                BoardInfo b = boards.get(a);
                if (success) {
                    // Exactly what was deployed, unless the board rebooted after the check of the deploy.
                    assertTrue(runs(s, next.get(a)) || (fault == 0 && empty(s, next.get(a))),
                            name + ": " + b.id() + " does not run what the controller deployed");
                } else if (switched.contains(b.id())) {
                    assertTrue(runs(s, next.get(a)), name + ": " + b.id() + " reported as switched but is not");
                } else {
                    // Not reported as switched: the old configuration, or nothing after a reboot, never the new one.
                    assertTrue((previous != null && runs(s, previous.get(a))) || empty(s, next.get(a)),
                            name + ": " + b.id() + " runs something the failed deploy said it would not (" + why + ")");
                }
            }
        }
        assertTrue(bus.channel().retransmits() > 0, "bench " + seed);
        assertTrue(toBoards.droppedBytes() > 0 && toBoards.corruptedBytes() > 0, "bench " + seed + ": the link to the boards was damaged");
        assertTrue(toController.droppedBytes() > 0 && toController.corruptedBytes() > 0, "bench " + seed + ": the link back was damaged");
        return new Campaign(ok, failed, restarted);
    }

    static boolean runs(Message.Status s, BoardConfig c) {
        for (var e : c.regions().entrySet()) {
            int i = e.getKey().number() - 1;
            if (s.activeLengths()[i] != e.getValue().length || s.activeCrcs()[i] != Regions.crc(e.getValue())) {
                return false;
            }
        }
        return true;
    }

    private static boolean empty(Message.Status s, BoardConfig c) {
        for (var r : c.regions().keySet()) {
            if (s.activeLengths()[r.number() - 1] != 0) {
                return false;
            }
        }
        return true;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
