package org.oft.sim.rtl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import org.oft.hal.transport.ByteLink;
import org.oft.hal.transport.PipeLink;
import org.oft.hal.transport.PosixPty;
import org.oft.hal.transport.PtyLink;
import org.oft.hal.transport.SerialLink;
import org.oft.sim.boards.GenerationStore;
import org.oft.sim.boards.WireBench;
import org.oft.sim.optical.FabricWiring;
import org.oft.sim.optical.SlotFabric;
import org.oft.sim.boards.SwitchBoards;

/**
 * The board implementations the protocol tests run against, each started fresh: the Java model in
 * this process behind a pipe, the Java model behind a pseudo-terminal, the RTL behind one, and a
 * real bench named by -Doft.conformance.board=serial:/dev/ttyUSB0[@baud].
 */
final class BoardTargets {
    static final int ORDER = 4;
    /** The switch bench: four 4-port switch boards (a 2-level tree's), 16 LIDs. */
    static final int SWITCHES = 4;
    static final int RADIX = 4;
    static final int LIDS = 16;
    static final int LEVELS = 2;

    /**
     * A bench reached over a link; {@code reboot} restarts a board, {@code powerCycle} switches the bench off and on
     * (null where nobody can).
     */
    record Target(String name, ByteLink link, IntConsumer reboot, Runnable powerCycle, AutoCloseable owner) implements AutoCloseable {
        @Override
        public void close() {
            link.close();
            if (owner != null) {
                try {
                    owner.close();
                } catch (Exception e) {
                    throw new IllegalStateException("the bench did not close: " + e.getMessage(), e);
                }
            }
        }
    }

    interface Opener {
        Target open();
    }

    record Named(String name, Opener opener) {
        @Override
        public String toString() {
            return name;
        }
    }

    private BoardTargets() {
    }

    static List<Named> all() {
        List<Named> l = new ArrayList<>();
        l.add(new Named("java model, in process", BoardTargets::javaInProcess));
        l.add(new Named("java model, behind a pty", BoardTargets::javaPty));
        l.add(new Named("java switch boards, in process", BoardTargets::javaSwitches));
        // (without Verilator the RTL targets are left out, but not in CI, which installs it: there its absence fails)
        if (RtlBench.buildable() || System.getenv("CI") != null) {
            l.add(new Named("rtl, behind a pty", BoardTargets::rtl));
            l.add(new Named("rtl switch boards, behind a pty", BoardTargets::rtlSwitches));
            // a lab's boards: one each on its own port (oft_board with its optics and its flash, order 3); the
            // router-level board has no table, and the cases that commit one say SKIP
            l.add(new Named("rtl lone processor board 5, behind a pty", () -> rtlLone("processor:5")));
            l.add(new Named("rtl lone router-level board 2, behind a pty", () -> rtlLone("router:2")));
        }
        // what a real board's image holds: the same boards synthesized for the iCE40 and run gate by gate
        if (RtlBench.synthesizable() || System.getenv("CI") != null) {
            l.add(new Named("gates of lone processor board 5 (iCE40 netlist), behind a pty", () -> gates("processor:5")));
            l.add(new Named("gates of lone router-level board 2 (iCE40 netlist), behind a pty", () -> gates("router:2")));
        }
        String real = System.getProperty("oft.conformance.board");
        if (real != null && real.startsWith("serial:")) {
            l.add(new Named(real, () -> serial(real.substring(7))));
        }
        return l;
    }

    static Target javaInProcess() {
        PipeLink[] pipe = PipeLink.pair("conformance");
        WireBench bench = new WireBench(new SlotFabric(FabricWiring.of(ORDER), 1), pipe[1]);
        return new Target("java model, in process", pipe[0], bench::reboot, bench::powerCycle, bench);
    }

    /** Switch boards' management planes, no packet model behind them (as the RTL switch bench). */
    static Target javaSwitches() {
        PipeLink[] pipe = PipeLink.pair("conformance-switches");
        int[] radix = new int[SWITCHES];
        java.util.Arrays.fill(radix, RADIX);
        WireBench bench = new WireBench(new SwitchBoards(LEVELS, radix, LIDS, 0), pipe[1]);
        return new Target("java switch boards, in process", pipe[0], bench::reboot, bench::powerCycle, bench);
    }

    static Target rtlSwitches() {
        RtlBench rtl = RtlBench.startSwitches(SWITCHES, RADIX, LIDS, LEVELS, ProcessBuilder.Redirect.INHERIT);
        SerialLink host = SerialLink.open(rtl.ptys().get(0), rtl.baud());
        return new Target("rtl switch boards, behind a pty", host, rtl::reboot, rtl::powerCycle, rtl);
    }

    /** The Java model behind a pty, its generations kept in a file (its flash). */
    static Target javaPty() {
        Path flash;
        GenerationStore store;
        try {
            flash = Files.createTempFile("oft-generations", ".bin");
            Files.delete(flash); // a new flash
            store = GenerationStore.file(flash, ORDER + (1 << ORDER) + 1);
        } catch (IOException e) {
            throw new IllegalStateException("no file for the model's flash: " + e.getMessage(), e);
        }
        PosixPty pty = PosixPty.open();
        PtyLink board = new PtyLink(pty, 0);
        WireBench bench = new WireBench(new SlotFabric(FabricWiring.of(ORDER), 1), store, board);
        SerialLink host = SerialLink.open(pty.slavePath(), 3_000_000);
        return new Target("java model, behind a pty", host, bench::reboot, bench::powerCycle, () -> {
            bench.close();
            board.close();
            Files.deleteIfExists(flash);
        });
    }

    static Target rtl() {
        RtlBench rtl = RtlBench.start(ORDER, 1, 1, ProcessBuilder.Redirect.INHERIT);
        SerialLink host = SerialLink.open(rtl.ptys().get(0), rtl.baud());
        return new Target("rtl, behind a pty", host, rtl::reboot, rtl::powerCycle, rtl);
    }

    /** A lone board's RTL, order 3, on its own pty. */
    static Target rtlLone(String role) {
        return lone(role, false);
    }

    /**
     * A lone board's Yosys netlist, as its image is built, in a gate-level model: its UART runs at 12 kbaud (the
     * probe's waits count the line's time: the bad-frames case's 4 KiB frame takes 3.6 s of it).
     */
    static Target gates(String role) {
        return lone(role, true);
    }

    private static Target lone(String role, boolean gates) {
        try {
            Path trace = Files.createTempFile(gates ? "oft-gates-" : "oft-lone-", ".trace");
            RtlBench rtl = gates ? RtlBench.startGates(role, 3, trace, ProcessBuilder.Redirect.INHERIT)
                    : RtlBench.startBoard(role, 3, trace, ProcessBuilder.Redirect.INHERIT);
            SerialLink host = SerialLink.open(rtl.ptys().get(0), rtl.baud());
            // a lone board's reboot is its reset pin (rtl.reboot pulses it, whatever the address): it says so
            return new Target((gates ? "gates of lone " : "rtl lone ") + role, host, rtl::reboot, rtl::powerCycle, () -> {
                rtl.close();
                Files.deleteIfExists(trace);
            });
        } catch (IOException e) {
            throw new IllegalStateException("no trace file for the lone board: " + e.getMessage(), e);
        }
    }

    static Target serial(String spec) {
        int at = spec.lastIndexOf('@');
        String path = at < 0 ? spec : spec.substring(0, at);
        int baud = at < 0 ? 3_000_000 : Integer.parseInt(spec.substring(at + 1));
        return new Target(spec, SerialLink.open(path, baud), null, null, null);
    }
}
