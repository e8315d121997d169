package org.oft.controller.boards;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.oft.controller.model.BoardModels;
import org.oft.hal.BoardBus;
import org.oft.hal.BoardConfig;
import org.oft.hal.BoardInfo;
import org.oft.hal.DeployReport;
import org.oft.hal.Telemetry;
import org.oft.hal.transport.LinkException;
import org.oft.hal.transport.SerialLink;
import org.oft.hal.wire.WireBoardBus;
import org.oft.sim.optical.BoardClocks;
import org.oft.sim.optical.FibrePlant;
import org.oft.sim.optical.SimulatedBench;
import org.oft.sim.optical.TimedFabric;
import org.oft.sim.optical.TimingParameters;
import org.oft.sim.optical.TrafficSource;
import org.oft.controller.fattree.deploy.ElectricalBench;
import org.oft.controller.fattree.deploy.SwitchDeployment;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.hal.BoardTiming;
import org.oft.hal.SwitchCounters;
import org.oft.hal.transport.MailboxLink;
import org.oft.hal.transport.PipeLink;
import org.oft.hal.wire.BoardChannel;
import org.oft.hal.wire.BoardClaims;
import org.oft.hal.wire.BoardReadback;
import org.oft.sim.boards.SwitchBoards;
import org.oft.sim.boards.SwitchFaultPort;
import org.oft.sim.boards.WireBench;
import org.oft.sim.clock.BenchClocks;
import org.oft.sim.optical.OpticalModelPort;
import org.oft.sim.rtl.RtlBench;

/**
 * Where the boards are: {@code sim} (the built-in model, in process), {@code sim-lab[:PPM or :free]} (the same model as a
 * lab's bench of separate FPGA boards: 1 µs slots, every board on its own crystal within ±PPM (100), kept in step by
 * the slot-reference line, or with {@code free} not), {@code sim-pty} (the board
 * model in a process of its own behind a pseudo-terminal, reached through jssc), {@code rtl-pty}
 * (the boards' Verilog, simulated by Verilator behind a pseudo-terminal, reached the same way), {@code rtl-lab[:PPM]}
 * (the same Verilog as a lab's separate boards, each on a pty of its own and a crystal of its own within ±PPM (100), its
 * edges jittered by 50 ps RMS, on a fibre plant), {@code bench:FILE} (separate
 * boards, each on a serial port of its own, as {@link BenchPorts} reads FILE), {@code serial:/dev/ttyUSB0[@baud]},
 * {@code uio:/dev/uio0}.
 */
public record BoardSpec(String kind, String path, int baud) {
    public static final int DEFAULT_BAUD = 3_000_000;

    public static BoardSpec parse(String spec) {
        if (spec.equals("sim") || spec.equals("sim-pty") || spec.equals("rtl-pty")) {
            return new BoardSpec(spec, null, 0);
        }
        if (spec.equals("rtl-lab") || spec.startsWith("rtl-lab:")) {
            return new BoardSpec("rtl-lab", crystals(spec, "rtl-lab[:PPM]"), 0);
        }
        if (spec.startsWith("bench:")) {
            if (spec.length() == 6) {
                throw new IllegalArgumentException("board '" + spec + "': expected bench:FILE, a file naming each board's serial port");
            }
            return new BoardSpec("bench", spec.substring(6), 0);
        }
        if (spec.startsWith("serial:")) {
            String rest = spec.substring(7);
            int at = rest.lastIndexOf('@');
            int baud = DEFAULT_BAUD;
            if (at >= 0) {
                try {
                    baud = Integer.parseInt(rest.substring(at + 1));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("board '" + spec + "': baud rate must be a number");
                }
                rest = rest.substring(0, at);
            }
            if (rest.isEmpty() || baud <= 0) {
                throw new IllegalArgumentException("board '" + spec + "': expected serial:/dev/ttyUSB0[@baud]");
            }
            return new BoardSpec("serial", rest, baud);
        }
        if (spec.equals("sim-lab") || spec.startsWith("sim-lab:")) {
            return new BoardSpec("sim-lab", spec.equals("sim-lab:free") ? "free" : crystals(spec, "sim-lab[:PPM or :free]"), 0);
        }
        if (spec.startsWith("uio:") && spec.length() > 4) {
            return new BoardSpec("uio", spec.substring(4), 0);
        }
        throw new IllegalArgumentException("unknown board '" + spec
                + "' (use sim, sim-lab[:PPM or :free], sim-pty, rtl-pty, rtl-lab[:PPM], bench:FILE, serial:/dev/ttyUSB0[@baud] or uio:/dev/uio0)");
    }

    /** A lab bench's crystal spread from {@code KIND[:PPM]} (100 unless said), checked: 0..1000 ppm. */
    private static String crystals(String spec, String form) {
        String arg = spec.length() > 8 ? spec.substring(8) : "100";
        double ppm;
        try {
            ppm = Double.parseDouble(arg);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("board '" + spec + "': expected " + form);
        }
        if (!(ppm >= 0 && ppm <= 1000)) {
            throw new IllegalArgumentException("board '" + spec + "': crystals are within 0..1000 ppm, got " + arg);
        }
        return arg;
    }

    /** The fabric's timing as the boards run it: a lab bench's (sim-lab), else the model's default. */
    public TimingParameters timing() {
        return kind.equals("sim-lab") ? TimingParameters.lab() : TimingParameters.defaults();
    }

    /** Reaches the boards; the caller closes the bus (which also ends a spawned board process). */
    public BoardBus open(int order, int latency, String benchText) {
        return openOpticalBench(order, latency, benchText).bus();
    }

    /** A bench of OFT boards: the bus that reaches them, and the model's port when the model runs in this process. */
    public record OpticalBench(BoardBus bus, OpticalModelPort model) {
    }

    /** As {@link #open}, with the port of a model built in this process ({@link org.oft.sim.optical.OpticalModelPort#NONE} else). */
    public OpticalBench openOpticalBench(int order, int latency, String benchText) {
        switch (kind) {
            case "sim": {
                BoardClocks physical = new BoardClocks(order, TimingParameters.defaults().slotPs());
                FibrePlant plant = BoardModels.plant(order, latency, TimingParameters.defaults(), benchText, physical);
                TimedFabric fabric = new TimedFabric(plant, latency);
                BoardModels.copyClocks(physical, fabric, order);
                SimulatedBench sim = new SimulatedBench(fabric, TrafficSource.SATURATED);
                return new OpticalBench(sim, sim);
            }
            case "sim-lab": { // separate boards, each on its own crystal, kept in step by the slot-reference line (or not)
                BoardClocks physical = new BoardClocks(order, TimingParameters.lab().slotPs());
                FibrePlant plant = BoardModels.plant(order, latency, TimingParameters.lab(), benchText, physical);
                TimedFabric fabric = new TimedFabric(plant, latency);
                boolean free = path.equals("free");
                fabric.clocks().setSeparate(new BenchClocks(order, free ? 100 : Double.parseDouble(path), 50, 1, !free));
                SimulatedBench sim = new SimulatedBench(fabric, TrafficSource.SATURATED);
                return new OpticalBench(sim, sim);
            }
            case "sim-pty":
                return new OpticalBench(BoardProcess.start("--pty", "--order", Integer.toString(order), "--latency",
                        Integer.toString(latency)), OpticalModelPort.NONE);
            case "rtl-pty":
                return new OpticalBench(BoardProcess.rtl(order, latency), OpticalModelPort.NONE);
            case "rtl-lab":
                return new OpticalBench(BoardProcess.rtlLab(order, latency, Double.parseDouble(path)), OpticalModelPort.NONE);
            default:
                return new OpticalBench(openLink(), OpticalModelPort.NONE);
        }
    }

    /** Boards behind a serial line or a register window, whatever they are. */
    private BoardBus openLink() {
        switch (kind) {
            case "serial":
                return new WireBoardBus(SerialLink.open(path, baud), WireBoardBus.Options.defaults(), baud / 10.0);
            case "uio":
                return new WireBoardBus(MailboxLink.open(path, false), WireBoardBus.Options.defaults());
            case "bench":
                return BenchPorts.read(java.nio.file.Path.of(path)).open();
            default: // sim-lab, rtl-lab: a bench of OFT boards only
                throw new IllegalArgumentException("--board " + kind + " is a bench of optical boards, not of switches (use sim, sim-pty,"
                        + " rtl-pty, bench, serial or uio)");
        }
    }

    /**
     * Reaches a bench of electrical switch boards: {@code sim} builds the modelled boards in this
     * process behind the wire protocol, {@code sim-pty} in a board-sim process, {@code rtl-pty} their
     * management planes' Verilog (no packet data path: counters read zero, every link up); serial and uio reach
     * whatever boards are there (the deploy then checks they are this tree's switches).
     */
    public BoardBus openSwitches(ElectricalBench bench) {
        return openSwitchBench(bench).bus();
    }

    /** A bench of switch boards: the bus that reaches them, and the model's fault port ({@link org.oft.sim.boards.SwitchFaultPort#NONE} unless the model runs in this process). */
    public record SwitchBench(BoardBus bus, SwitchFaultPort faults) {
    }

    /** As {@link #openSwitches}, with the fault port of a model built in this process. */
    public SwitchBench openSwitchBench(ElectricalBench bench) {
        switch (kind) {
            case "sim": {
                SwitchBoards boards = bench.boards();
                PipeLink[] pipe = PipeLink.pair("switches");
                WireBench model = new WireBench(boards, pipe[1]);
                return new SwitchBench(new BoardProcess(null, model, new WireBoardBus(pipe[0], WireBoardBus.Options.defaults())),
                        model.switchFaults());
            }
            case "rtl-pty":
                return new SwitchBench(BoardProcess.rtlSwitches(bench.tree(), bench.paths()), SwitchFaultPort.NONE);
            case "sim-pty": {
                List<String> args = new ArrayList<>(List.of("--pty"));
                args.addAll(bench.boardSimArgs());
                return new SwitchBench(BoardProcess.start(args.toArray(String[]::new)), SwitchFaultPort.NONE);
            }
            default:
                return new SwitchBench(openLink(), SwitchFaultPort.NONE);
        }
    }

    /**
     * The board model reached over a link: as a process of its own behind a pseudo-terminal
     * (killed when closed), or in this process behind a pipe (closed with the bus).
     */
    public static final class BoardProcess implements BoardBus, BoardTiming {
        private final Process process;
        private final WireBench inProcess;
        private final WireBoardBus bus;

        private BoardProcess(Process process, WireBench inProcess, WireBoardBus bus) {
            this.process = process;
            this.inProcess = inProcess;
            this.bus = bus;
            if (process != null) { // a model that dies under a running controller is said, once, not found out from time-outs
                process.onExit().thenAccept(p -> {
                    if (!closing) {
                        java.util.logging.Logger.getLogger("org.oft.boards").warning("the board model process " + p.pid()
                                + " ended (exit " + p.exitValue() + "): its boards no longer answer; restart the controller to start it again");
                    }
                });
            }
        }

        private volatile boolean closing;

        /** Starts {@code oftctl board-sim --pty ARGS} and reaches it through jssc. */
        static BoardProcess start(String... args) {
            Spawned sp = spawn(args);
            try {
                if (!sp.announce().startsWith("pty ")) {
                    throw new LinkException("the board model process did not announce its pseudo-terminal (got " + sp.announce() + ")");
                }
                String path = sp.announce().substring(4).trim();
                return new BoardProcess(sp.process(), null, new WireBoardBus(SerialLink.open(path, DEFAULT_BAUD),
                        WireBoardBus.Options.defaults()));
            } catch (RuntimeException e) {
                kill(sp.process());
                throw e;
            }
        }

        /**
         * The boards' RTL at order {@code order}, simulated by Verilator behind a pseudo-terminal (built
         * first when its sources changed), reached through jssc at the model's UART rate; its log goes
         * to this process's stderr.
         */
        static BoardProcess rtl(int order, int latency) {
            RtlBench rtl;
            try {
                rtl = RtlBench.start(order, 1, latency, ProcessBuilder.Redirect.INHERIT);
            } catch (IllegalStateException e) {
                throw new LinkException(e.getMessage());
            }
            return reached(rtl);
        }

        /**
         * The switch boards' management planes of {@code tree} in Verilog behind a pseudo-terminal, one
         * board a switch, each as many ports as the tree's widest (a board's table names only its own),
         * the addresses of {@code paths} paths per host.
         */
        static BoardProcess rtlSwitches(FatTree tree, int paths) {
            PgftTopology t = tree.topology();
            int radix = 0;
            for (int v = t.hosts(); v < t.nodes(); v++) {
                radix = Math.max(radix, SwitchDeployment.radix(tree, v));
            }
            int lids = t.hosts() * paths;
            int lmc = SwitchDeployment.lmc(paths);
            RtlBench rtl;
            try {
                RtlBench.checkSwitches(t.switches(), radix, lids, t.levels(), lmc);
                rtl = RtlBench.startSwitches(t.switches(), radix, lids, t.levels(), lmc, ProcessBuilder.Redirect.INHERIT);
            } catch (IllegalStateException e) {
                throw new LinkException(e.getMessage());
            }
            return reached(rtl);
        }

        /**
         * A lab's bench of separate RTL boards at order {@code order} (rtl/build.sh lab), each behind a pty of its own,
         * reached through jssc one serial link a board and made one address space by a {@link org.oft.hal.wire.BoardHub}.
         */
        static BoardProcess rtlLab(int order, int latency, double ppm) {
            RtlBench rtl;
            try {
                rtl = RtlBench.startLab(order, latency, ppm, ppm > 0 ? 50 : 0, System.nanoTime(), ProcessBuilder.Redirect.INHERIT);
            } catch (IllegalStateException e) {
                throw new LinkException(e.getMessage());
            }
            List<BenchPorts.Port> ports = new ArrayList<>();
            for (String pty : rtl.ptys()) {
                ports.add(new BenchPorts.Port(pty, rtl.baud()));
            }
            try {
                return new BoardProcess(rtl.process(), null, new BenchPorts(ports).open());
            } catch (RuntimeException e) {
                rtl.close();
                throw e;
            }
        }

        /** A started RTL model reached through jssc at its UART's rate (ended if it cannot be). */
        private static BoardProcess reached(RtlBench rtl) {
            try {
                return new BoardProcess(rtl.process(), null, new WireBoardBus(SerialLink.open(rtl.ptys().get(0), rtl.baud()),
                        WireBoardBus.Options.defaults(), rtl.baud() / 10.0));
            } catch (RuntimeException e) {
                rtl.close();
                throw e;
            }
        }

        @Override
        public java.util.Optional<BoardClaims> ownership() {
            return bus.ownership();
        }

        @Override
        public java.util.Optional<BoardChannel> link() {
            return bus.link();
        }

        @Override
        public java.util.Optional<BoardReadback> readback() {
            return bus.readback();
        }

        @Override
        public java.util.Optional<SwitchCounters> switchCounters() {
            return bus.switchCounters();
        }

        /** The modelled boards when they run in this process (for fault injection), else null. */
        public WireBench inProcess() {
            return inProcess;
        }

        /** A board-sim process of this same build and the first line it printed ("pty /dev/pts/N" or "uio FILE"). */
        public record Spawned(Process process, String announce) {
        }

        /** The JVM options the {@code oftctl} launcher runs with, and why (see there): the board model's hot loop. */
        public static final List<String> MODEL_JVM_OPTIONS = List.of("-XX:-UseCompressedOops", "-XX:MaxRAMPercentage=50");

        /** The command line of {@code oftctl ARGS} run by this JVM and class path, with {@code jvmOptions}. */
        public static List<String> oftctl(List<String> jvmOptions, String... args) {
            List<String> cmd = new ArrayList<>();
            cmd.add(new File(System.getProperty("java.home"), "bin/java").getPath());
            cmd.addAll(jvmOptions);
            cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "org.oft.controller.cli.Oftctl"));
            cmd.addAll(List.of(args));
            return cmd;
        }

        /** Starts {@code oftctl board-sim ARGS} with this JVM and class path; the caller ends it with {@link #kill}. */
        public static Spawned spawn(String... args) {
            return spawn(MODEL_JVM_OPTIONS, args);
        }

        /** The same, with {@code jvmOptions}. */
        public static Spawned spawn(List<String> jvmOptions, String... args) {
            return spawn(jvmOptions, ProcessBuilder.Redirect.INHERIT, args);
        }

        /** The same, its log (stderr) to {@code log}. */
        public static Spawned spawn(List<String> jvmOptions, ProcessBuilder.Redirect log, String... args) {
            String[] sub = new String[args.length + 3];
            sub[0] = "board-sim";
            sub[1] = "--parent-pid"; // it stops when this process ends, even if that is before it started
            sub[2] = Long.toString(ProcessHandle.current().pid());
            System.arraycopy(args, 0, sub, 3, args.length);
            List<String> cmd = oftctl(jvmOptions, sub);
            Process p;
            try {
                p = new ProcessBuilder(cmd).redirectError(log).start();
            } catch (IOException e) {
                throw new LinkException("cannot start the board model process: " + e.getMessage());
            }
            try {
                String line = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).readLine();
                if (line == null) {
                    throw new LinkException("the board model process ended before announcing its link");
                }
                return new Spawned(p, line);
            } catch (IOException | RuntimeException e) {
                kill(p);
                throw e instanceof LinkException l ? l : new LinkException("board model process: " + e.getMessage());
            }
        }

        long pid() {
            return process == null ? ProcessHandle.current().pid() : process.pid();
        }

        /** Ends a board-sim process: politely, then by force. */
        public static void kill(Process p) {
            p.destroy();
            try {
                if (!p.waitFor(5, TimeUnit.SECONDS)) {
                    p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
            }
        }

        @Override
        public List<BoardInfo> discover() {
            return bus.discover();
        }

        @Override
        public void loadControlSequence(String boardId, long[] packedBits, int length) {
            bus.loadControlSequence(boardId, packedBits, length);
        }

        @Override
        public void loadRoutingTable(String boardId, int[] rows) {
            bus.loadRoutingTable(boardId, rows);
        }

        @Override
        public void loadSlotPhases(String boardId, long[] phasesPs) {
            bus.loadSlotPhases(boardId, phasesPs);
        }

        @Override
        public DeployReport deploy(List<BoardConfig> configs) {
            return bus.deploy(configs);
        }

        @Override
        public void startClock(double slotsPerSecond) {
            bus.startClock(slotsPerSecond);
        }

        @Override
        public void stopClock() {
            bus.stopClock();
        }

        @Override
        public void setTelemetryListener(java.util.function.Consumer<Telemetry> listener) {
            bus.setTelemetryListener(listener);
        }

        @Override
        public Telemetry telemetry() {
            return bus.telemetry();
        }

        @Override
        public void close() {
            closing = true;
            try {
                bus.close();
            } finally {
                if (process != null) {
                    kill(process);
                }
                if (inProcess != null) {
                    inProcess.close();
                }
            }
        }
    }
}
