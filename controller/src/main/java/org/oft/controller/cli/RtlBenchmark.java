package org.oft.controller.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.oft.controller.model.BoardModels;
import org.oft.controller.oft.LyndonPreferOne;
import org.oft.controller.oft.RoutingTables;
import org.oft.controller.boards.BoardSpec;
import org.oft.controller.boards.BenchDeployment;
import org.oft.controller.boards.BenchDescription;
import org.oft.controller.timing.Calibration;
import org.oft.hal.DeployReport;
import org.oft.hal.transport.SerialLink;
import org.oft.hal.wire.WireBoardBus;
import org.oft.sim.optical.FabricWiring;
import org.oft.sim.optical.SlotFabric;
import org.oft.sim.rtl.RtlBench;
import org.oft.sim.optical.DeliverySink;
import org.oft.sim.optical.TrafficSource;

/**
 * Figures of the boards in RTL, each beside a reference measured in the same run: a deploy over the
 * model's UART against the Java model behind a pty throttled to the same line rate; the Verilator
 * model's speed (cycles and slots a second, the slot clock as fast as its fabric allows) against the
 * Java slot model's slots a second at the same order; then synthesis and place-and-route of each
 * board for an iCE40 UP5K (rtl/synth/synth.sh), where Yosys and nextpnr are installed.
 */
final class RtlBenchmark {
    // three boards, each synthesized and placed until a placement meets the clock (synth.sh: up to 24 seeds, two at a time: about 40 minutes at most)
    private static final int SYNTHESIS_MINUTES = 60;
    private final BenchOutput out;

    RtlBenchmark(BenchOutput out) {
        this.out = out;
    }

    void run(int order, int synthOrder, boolean synth) {
        deploy(order);
        speed(order);
        if (synth) {
            synthesis(synthOrder);
        }
    }

    private void deploy(int order) {
        out.section("rtl-deploy", "deploy of an order-" + order + " OFT over a pty: the RTL model's UART against board-sim throttled to the"
                + " same line rate (median of 3, after a warm-up deploy)", "boards", "baud", "written_bytes", "deploy_s", "retransmits");
        int baud = RtlBench.baud(RtlBench.build(order).getParent());
        try (RtlBench rtl = RtlBench.start(order, 1, 1, ProcessBuilder.Redirect.DISCARD)) {
            deployRow("rtl (verilator)", rtl.ptys().get(0), baud, order);
        }
        BoardSpec.BoardProcess.Spawned sp = BoardSpec.BoardProcess.spawn("--pty", "--order", Integer.toString(order), "--baud",
                Integer.toString(baud));
        try {
            deployRow("java model (board-sim)", sp.announce().substring(4).trim(), baud, order);
        } finally {
            BoardSpec.BoardProcess.kill(sp.process());
        }
    }

    private void deployRow(String name, String pty, int baud, int order) {
        try (WireBoardBus bus = new WireBoardBus(SerialLink.open(pty, baud), WireBoardBus.Options.defaults(), baud / 10.0)) {
            BenchDescription nominal = BenchDescription.of(order, 1, null);
            Calibration.Result cal = Calibration.compute(nominal.plant(), nominal.clocks(), 1);
            bus.discover();
            BenchDeployment.deploy(bus, new RoutingTables(LyndonPreferOne.generate(order), 2), cal);
            double[] s = new double[3];
            DeployReport last = null;
            for (int k = 0; k < 3; k++) {
                long t0 = System.nanoTime();
                last = BenchDeployment.deploy(bus, new RoutingTables(LyndonPreferOne.generate(order), 1 + 2 * (k % 2)), cal).report();
                s[k] = (System.nanoTime() - t0) / 1e9;
            }
            java.util.Arrays.sort(s);
            out.row("%s,%d,%d,%.3f,%d", name, baud, last.bytesWritten(), s[1], bus.channel().retransmits());
        }
    }

    private void speed(int order) {
        out.section("rtl-speed", "model speed, order " + order + ": the Verilator model with its slot clock as fast as its fabric"
                + " allows, against the Java slot model stepped in this JVM", "model", "cycles_per_s", "slots_per_s", "cycles_per_slot");
        try (RtlBench rtl = RtlBench.startUnpaced(order);
             WireBoardBus bus = new WireBoardBus(SerialLink.open(rtl.ptys().get(0), rtl.baud()), WireBoardBus.Options.defaults(),
                     rtl.baud() / 10.0)) {
            BenchDescription nominal = BenchDescription.of(order, 1, null);
            bus.discover();
            BenchDeployment.deploy(bus, new RoutingTables(LyndonPreferOne.generate(order), 1),
                    Calibration.compute(nominal.plant(), nominal.clocks(), 1));
            bus.startClock(1e9); // one slot a cycle asked: the fabric's own pace
            sleep(500);
            RtlBench.Stats a = rtl.stats();
            sleep(3000);
            RtlBench.Stats b = rtl.stats();
            double secs = b.seconds() - a.seconds();
            double cycles = (b.cycles() - a.cycles()) / secs;
            double slots = (b.slot() - a.slot()) / secs;
            out.row("%s,%.4g,%.4g,%.1f", "rtl (verilator)", cycles, slots, cycles / slots);
        }
        SlotFabric fabric = new SlotFabric(FabricWiring.of(order), 1);
        BoardModels.loadTables(fabric.boards(), order, 1);
        fabric.run(100_000, TrafficSource.SATURATED, DeliverySink.IGNORE); // warm-up
        long slots = 0;
        long t0 = System.nanoTime();
        while (System.nanoTime() - t0 < 2_000_000_000L) {
            fabric.run(10_000, TrafficSource.SATURATED, DeliverySink.IGNORE);
            slots += 10_000;
        }
        double js = slots / ((System.nanoTime() - t0) / 1e9);
        out.row("%s,%s,%.4g,%s", "java slot model", "-", js, "-");
    }

    private void synthesis(int order) {
        out.section("rtl-synthesis", "each board at order " + order + ", synth_ice40 and nextpnr-ice40 --up5k (rtl/synth/synth.sh)",
                "table");
        Path log = null;
        try {
            // the output goes to a file, so that the wait below is what bounds the run (reading a pipe to its end would not)
            log = Files.createTempFile("oft-synth", ".txt");
            Process p = new ProcessBuilder("bash", RtlBench.rtlDir().resolve("synth/synth.sh").toString(), Integer.toString(order))
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            boolean done = p.waitFor(SYNTHESIS_MINUTES, TimeUnit.MINUTES);
            if (!done) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }
            for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                out.note(line);
            }
            if (!done) {
                out.note("synthesis did not finish in " + SYNTHESIS_MINUTES + " minutes (what it printed is above)");
            }
        } catch (IOException | InterruptedException e) {
            out.note("synthesis could not run: " + e.getMessage());
        } finally {
            if (log != null) {
                try {
                    Files.deleteIfExists(log);
                } catch (IOException ignored) {
                    // a temporary file left behind
                }
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted");
        }
    }
}
