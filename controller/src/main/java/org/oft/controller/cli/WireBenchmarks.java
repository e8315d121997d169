package org.oft.controller.cli;

import java.util.Locale;
import java.util.SplittableRandom;
import org.oft.controller.oft.LyndonPreferOne;
import org.oft.controller.oft.RoutingTables;
import org.oft.controller.boards.BenchDeployment;
import org.oft.controller.boards.BenchDescription;
import org.oft.controller.boards.BoardSpec;
import org.oft.controller.timing.Calibration;
import org.oft.hal.DeployReport;
import org.oft.hal.transport.SerialLink;
import org.oft.hal.wire.Framing;
import org.oft.hal.wire.Message;
import org.oft.hal.wire.MessageCodec;
import org.oft.hal.wire.WireBoardBus;
import org.oft.hal.BoardConfig;

/** Figures of the wire path: deploy goodput over a pty, and a long decoder fuzz run. */
final class WireBenchmarks {
    private final BenchOutput out;

    WireBenchmarks(BenchOutput out) {
        this.out = out;
    }

    static final int[] BAUDS = {0, 3_000_000, 921_600, 115_200};

    /** Deploys an order-r OFT to a board-sim process over a pty, unthrottled and at three line rates. */
    void deploy(int order) {
        deploy(order, BAUDS);
    }

    void deploy(int order, int[] bauds) {
        out.section("deploy", "deploy over a pseudo-terminal to a board-sim process, order " + order
                + " (goodput = region bytes written / upload time; efficiency = region bytes / bytes on the wire both ways;"
                + " unthrottled: median of 3 after a warm-up deploy; retransmits: all deploys of the row)",
                "baud", "line_bytes_per_s", "written_bytes", "upload_s", "goodput_bytes_per_s", "goodput_of_line", "efficiency",
                "retransmits", "deploy_s");
        for (int baud : bauds) {
            int r = baud == 115_200 ? Math.max(1, order - 1) : order; // keep the slow line to some seconds
            BoardSpec.BoardProcess.Spawned sp = BoardSpec.BoardProcess.spawn("--pty", "--order", Integer.toString(r),
                    "--baud", Integer.toString(baud));
            try {
                String line = sp.announce();
                try (WireBoardBus bus = new WireBoardBus(SerialLink.open(line.substring(4), baud == 0 ? 3_000_000 : baud),
                        WireBoardBus.Options.defaults(), baud / 10.0)) {
                    BenchDescription nominal = BenchDescription.of(r, 1, null);
                    Calibration.Result cal = Calibration.compute(nominal.plant(), nominal.clocks(), 1);
                    bus.discover();
                    // A line-bound rate needs one deploy; an unthrottled one measures the board-sim JVM too,
                    // so it is warmed up by one deploy and the median of three is reported.
                    int runs = baud == 0 ? 3 : 1;
                    if (baud == 0) {
                        BenchDeployment.deploy(bus, new RoutingTables(LyndonPreferOne.generate(r), 2), cal);
                    }
                    DeployReport[] reports = new DeployReport[runs];
                    double[] totals = new double[runs];
                    long sent0 = bus.channel().wireBytes();
                    long recv0 = bus.channel().receivedBytes();
                    for (int k = 0; k < runs; k++) {
                        long t0 = System.nanoTime();
                        // latencies 1, 3, 1...: every deploy changes every table, so all of it travels
                        reports[k] = BenchDeployment.deploy(bus, new RoutingTables(LyndonPreferOne.generate(r), 1 + 2 * (k % 2)), cal)
                                .report();
                        totals[k] = (System.nanoTime() - t0) / 1e9;
                    }
                    long wire = (bus.channel().wireBytes() - sent0 + bus.channel().receivedBytes() - recv0) / runs;
                    Integer[] byUpload = {0, 1, 2};
                    java.util.Arrays.sort(byUpload, 0, runs, java.util.Comparator.comparingLong(i -> reports[i].uploadNanos()));
                    DeployReport rep = reports[byUpload[runs / 2]];
                    double total = totals[byUpload[runs / 2]];
                    double upload = rep.uploadNanos() / 1e9;
                    double goodput = rep.bytesWritten() / upload;
                    double lineRate = baud / 10.0;
                    out.row("%s,%s,%d,%.3f,%.4g,%s,%.3f,%d,%.3f", baud == 0 ? "unthrottled" : (Object) baud,
                            baud == 0 ? "-" : (Object) lineRate, rep.bytesWritten(), upload, goodput,
                            baud == 0 ? "-" : (Object) (goodput / lineRate),
                            (double) rep.bytesWritten() / wire, bus.channel().retransmits(), total);
                    if (baud == 0) {
                        incremental(bus, r, cal);
                    }
                }
            } finally {
                BoardSpec.BoardProcess.kill(sp.process());
            }
        }
    }

    /** One row of one processor's table changes: what an incremental deploy sends, and how long it takes. */
    private void incremental(WireBoardBus bus, int r, Calibration.Result cal) {
        RoutingTables tables = new RoutingTables(LyndonPreferOne.generate(r), 1);
        java.util.List<BoardConfig> configs = new java.util.ArrayList<>(BenchDeployment.deploy(bus, tables, cal).configs());
        for (int i = 0; i < configs.size(); i++) {
            BoardConfig c = configs.get(i);
            if (c.table() != null) {
                int[] rows = c.table().clone();
                rows[rows.length / 2] ^= 1;
                configs.set(i, BoardConfig.processor(c.boardId(), rows, c.phases()));
                break;
            }
        }
        long t0 = System.nanoTime();
        DeployReport rep = bus.deploy(configs);
        double total = (System.nanoTime() - t0) / 1e9;
        out.note(String.format(Locale.ROOT, "incremental: one table row changed of %d region bytes: %d block(s), %d bytes written, "
                + "upload %.4f s, deploy %.3f s (commit lead included)", rep.payloadBytes(), rep.blocksWritten(),
                rep.bytesWritten(), rep.uploadNanos() / 1e9, total));
    }

    /** Random and mutated inputs through the frame decoder and the message codec: nothing may throw. */
    void fuzz(long inputs, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Framing.Decoder frames = new Framing.Decoder();
        Message[] samples = {
            new Message.Write(1, 2, 1L, 2, 64, new byte[] {1, 2, 3, 0, 0, 9}),
            new Message.Commit(2, 3, 1L, 77, new int[] {1, 3}, new int[] {8, 16}, new int[] {5, 6}),
            new Message.Status(3, 4, 5, 6, -1, new int[] {1, 2, 3}, new int[] {4, 5, 6}),
            new Message.Identity(4, 5, 2, 7, 6, 64, 99, "fw"),
            new Message.Nack(5, 6, 3, "why"),
            new Message.Telemetry(6, 0xFFFF, 9, true, new long[] {1, 2, 3, 4, 5}, new byte[] {0, 1}),
        };
        long ok = 0;
        long frameOk = 0;
        long t0 = System.nanoTime();
        for (long i = 0; i < inputs; i++) {
            byte[] in;
            int kind = rnd.nextInt(3);
            if (kind == 0) {
                in = new byte[rnd.nextInt(0, 80)];
                rnd.nextBytes(in);
            } else {
                byte[] m = MessageCodec.encode(samples[rnd.nextInt(samples.length)]);
                in = kind == 1 ? m : Framing.encode(m);
                for (int f = rnd.nextInt(0, 4); f > 0; f--) {
                    in[rnd.nextInt(in.length)] = (byte) rnd.nextInt(256);
                }
                if (rnd.nextInt(4) == 0) {
                    in = java.util.Arrays.copyOf(in, rnd.nextInt(0, in.length + 16));
                }
            }
            if (MessageCodec.decode(in).ok()) {
                ok++;
            }
            long before = frames.frames();
            frames.feed(in, 0, in.length, MessageCodec::decode);
            frameOk += frames.frames() - before;
        }
        double s = (System.nanoTime() - t0) / 1e9;
        out.section("fuzz", "decoder fuzz: random and mutated inputs through the frame decoder and the message codec; "
                + "no exception, no hang", "inputs", "seed", "seconds", "decoded_messages", "frames_accepted", "corrupt", "oversized");
        out.row("%d,%d,%.1f,%d,%d,%d,%d", inputs, seed, s, ok, frameOk, frames.corrupt(), frames.oversized());
    }
}
