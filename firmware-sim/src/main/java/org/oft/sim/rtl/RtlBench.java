package org.oft.sim.rtl;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The boards in RTL (the project's rtl/ folder): the Verilator model of an order-r bench, built by
 * rtl/build.sh when its sources changed, run as a process of its own behind pseudo-terminals. Its
 * first line names them ("pty /dev/pts/N ..."), as board-sim's does; its standard input takes
 * "reboot N" (a board power-cycles) and its end stops the model.
 */
public final class RtlBench implements AutoCloseable {
    /** Orders the bench is built for (its fabric holds every wave in registers). */
    public static final int MIN_ORDER = 1;
    public static final int MAX_ORDER = 6;
    public static final int MAX_PORTS = 2;
    public static final int MAX_LATENCY = 15;
    public static final int MAX_SWITCHES = 64;

    private final Process process;
    private final OutputStream commands;
    private final List<String> ptys;
    private final int baud;
    private final long clockHz;

    private RtlBench(Process process, List<String> ptys, int baud, long clockHz) {
        this.process = process;
        this.commands = process.getOutputStream();
        this.ptys = ptys;
        this.baud = baud;
        this.clockHz = clockHz;
    }

    /** The rtl/ folder: -Doft.rtl.dir, $OFT_RTL_DIR, or the first rtl/build.sh above the working directory or this code. */
    public static Path rtlDir() {
        String named = System.getProperty("oft.rtl.dir", System.getenv("OFT_RTL_DIR"));
        if (named != null) {
            return Paths.get(named);
        }
        List<Path> starts = new ArrayList<>();
        starts.add(Paths.get("").toAbsolutePath());
        try {
            starts.add(Paths.get(RtlBench.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
        } catch (Exception e) {
            // no code source: the working directory alone
        }
        for (Path start : starts) {
            for (Path p = start; p != null; p = p.getParent()) {
                if (Files.isRegularFile(p.resolve("rtl/build.sh"))) {
                    return p.resolve("rtl");
                }
            }
        }
        throw new IllegalStateException("cannot find the RTL sources (rtl/build.sh) above " + starts.get(0)
                + ": run from the project's folder or set OFT_RTL_DIR");
    }

    /** True when this machine can build the model (Verilator and a C++ compiler on the PATH). */
    public static boolean buildable() {
        return onPath("verilator") && onPath("g++") && onPath("make");
    }

    private static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Paths.get(dir, tool))) {
                return true;
            }
        }
        return false;
    }

    /** Builds the order-r model if its sources changed since the last build; returns the executable. */
    public static Path build(int order) {
        check(order, 1, 0);
        return build(List.of(Integer.toString(order)));
    }

    /** Builds the model of a bench of {@code switches} switch boards' management planes (radix, LIDs, the tree's levels). */
    public static Path buildSwitches(int switches, int radix, int lids, int levels) {
        return buildSwitches(switches, radix, lids, levels, 0);
    }

    /** As {@link #buildSwitches(int, int, int, int)}, each host owning 2^lmc of the LIDs. */
    public static Path buildSwitches(int switches, int radix, int lids, int levels, int lmc) {
        checkSwitches(switches, radix, lids, levels, lmc);
        return build(List.of("switch", Integer.toString(switches), Integer.toString(radix), Integer.toString(lids),
                Integer.toString(levels), Integer.toString(lmc)));
    }

    /** Refuses a switch bench the RTL is not built for, with what it holds. */
    public static void checkSwitches(int switches, int radix, int lids, int levels, int lmc) {
        if (switches < 1 || switches > MAX_SWITCHES || radix < 1 || radix > 254 || lids < 1 || lids > 1 << 16
                || levels < 1 || levels > 16 || lmc < 0 || lmc > 7) {
            throw new IllegalArgumentException("the RTL switch bench holds 1.." + MAX_SWITCHES + " boards of 1..254 ports,"
                    + " 1..65,536 LIDs and an LMC of 0..7; got " + switches + " boards, radix " + radix + ", " + lids
                    + " LIDs, LMC " + lmc);
        }
    }

    /**
     * Starts one optical board with its optics' pins (rtl/build.sh board ROLE ORDER, built first if need be)
     * behind one pty; its pins are traced into {@code trace} (bench_pty.cpp says how) and every injection
     * comes back on its receiver's pins.
     *
     * @param role {@code router:LEVEL} or {@code processor:P}
     */
    public static RtlBench startBoard(String role, int order, Path trace, ProcessBuilder.Redirect log) {
        Path exe = build(List.of("board", role, Integer.toString(order)));
        return start(List.of(exe.toString(), "--trace", trace.toString()), log);
    }

    /**
     * Starts the same board as its real image is synthesized (rtl/build.sh gates ROLE ORDER: Yosys's iCE40 netlist with
     * the SPRAM, the flash and the sync line, which it leads, simulated cell by cell) behind one pty, at 48 kHz: a
     * gate-level model runs about 90,000 cycles a second, so its clock is slowed to stay in step with the wall's.
     */
    public static RtlBench startGates(String role, int order, Path trace, ProcessBuilder.Redirect log) {
        Path exe = build(List.of("gates", role, Integer.toString(order)));
        return start(List.of(exe.toString(), "--trace", trace.toString()), log);
    }

    /**
     * Starts a lab's bench of separate optical boards (rtl/build.sh lab ORDER, built first if need be): each board an
     * oft_board of its own behind a pty of its own ({@link #ptys}: router levels 1..r, then processors 0..2^r-1), on the
     * fibre plant, the root's board leading the slot-reference line; every board on a crystal of its own within
     * {@code ±ppm} of the model's clock, each edge jittered by {@code jitterPs} RMS (drawn from {@code seed}; 0 and 0: one
     * clock for all). Its log goes to {@code log}.
     */
    public static RtlBench startLab(int order, int latency, double ppm, double jitterPs, long seed, ProcessBuilder.Redirect log) {
        if (!(ppm >= 0 && ppm <= 1000)) {
            throw new IllegalArgumentException("the lab bench's crystals are within 0..1000 ppm, got " + ppm);
        }
        if (!(jitterPs >= 0 && jitterPs <= 10_000)) {
            throw new IllegalArgumentException("the lab bench's clock edges jitter by 0..10,000 ps, got " + jitterPs);
        }
        if (order < 3 || order > 4) {
            throw new IllegalArgumentException("a lab bench of separate RTL boards is built for orders 3..4, got " + order);
        }
        if (latency < 0 || latency > MAX_LATENCY) {
            throw new IllegalArgumentException("the lab bench's processor fibres hold 0.." + MAX_LATENCY + " slots, got " + latency);
        }
        Path exe = build(List.of("lab", Integer.toString(order)));
        return start(List.of(exe.toString(), "--latency", Integer.toString(latency), "--ppm", Double.toString(ppm), "--jitter-ps",
                Double.toString(jitterPs), "--seed", Long.toString(seed & 0xFFFF_FFFFL)), log);
    }

    /**
     * What a lab bench's fibre plant saw: slots it looked at, packets that entered it, packets it handed to a receiver,
     * processors that collided with themselves, packets a dark board (out of step: its optical path disabled) stopped;
     * and which boards are in step with the leader and running (bit b: board b).
     */
    public record PlantStats(long cycles, long slots, long carried, long handed, long collisions, long blanked, long inStep,
                             long running) {
    }

    /** Asks a lab bench ({@link #startLab}, its log piped) what its plant saw. */
    public PlantStats plantStats() {
        String[] w = statsLine(19);
        return new PlantStats(Long.parseLong(w[2]), Long.parseLong(w[6]), Long.parseLong(w[8]), Long.parseLong(w[10]),
                Long.parseLong(w[12]), Long.parseLong(w[18]), Long.parseUnsignedLong(w[14], 16), Long.parseUnsignedLong(w[16], 16));
    }

    /** True when this machine can also synthesize a board (Yosys on the PATH), for its gate-level model. */
    public static boolean synthesizable() {
        return buildable() && onPath("yosys");
    }

    /** Starts a bench of switch boards' management planes (built first if need be) behind one pty. */
    public static RtlBench startSwitches(int switches, int radix, int lids, int levels, ProcessBuilder.Redirect log) {
        return startSwitches(switches, radix, lids, levels, 0, log);
    }

    /** As {@link #startSwitches(int, int, int, int, ProcessBuilder.Redirect)}, each host owning 2^lmc of the LIDs. */
    public static RtlBench startSwitches(int switches, int radix, int lids, int levels, int lmc, ProcessBuilder.Redirect log) {
        Path exe = buildSwitches(switches, radix, lids, levels, lmc);
        return start(List.of(exe.toString(), "--ports", "1"), log);
    }

    private static Path build(List<String> what) {
        if (!buildable()) {
            throw new IllegalStateException("the RTL boards need Verilator and g++ to build their model (on Debian: apt-get install"
                    + " verilator g++ make)");
        }
        Path dir = rtlDir();
        Process p;
        try {
            List<String> cmd = new ArrayList<>(List.of("bash", dir.resolve("build.sh").toString()));
            cmd.addAll(what);
            p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot run rtl/build.sh: " + e.getMessage());
        }
        String out;
        try {
            out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
                throw new IllegalStateException("building the RTL model failed:\n" + tail(out, 40));
            }
        } catch (IOException | InterruptedException e) {
            p.destroyForcibly();
            throw new IllegalStateException("building the RTL model was interrupted");
        }
        String[] lines = out.split("\n");
        return Paths.get(lines[lines.length - 1].trim());
    }

    private static String tail(String s, int lines) {
        String[] l = s.split("\n");
        return String.join("\n", Arrays.copyOfRange(l, Math.max(0, l.length - lines), l.length));
    }

    private static void check(int order, int ports, int latency) {
        if (order < MIN_ORDER || order > MAX_ORDER) {
            throw new IllegalArgumentException("the RTL bench is built for orders " + MIN_ORDER + ".." + MAX_ORDER + ", got " + order);
        }
        if (ports < 1 || ports > MAX_PORTS) {
            throw new IllegalArgumentException("the RTL bench has 1.." + MAX_PORTS + " management ports, got " + ports);
        }
        if (latency < 0 || latency > MAX_LATENCY) {
            throw new IllegalArgumentException("the RTL bench's processor fibres hold 0.." + MAX_LATENCY + " slots, got " + latency);
        }
    }

    /** The command that runs the order-r model (built first if need be). */
    public static List<String> command(int order, int ports, int latency) {
        check(order, ports, latency);
        Path exe = build(order);
        return List.of(exe.toString(), "--ports", Integer.toString(ports), "--latency", Integer.toString(latency));
    }

    /** Builds if need be, starts the model and waits for its ptys; {@code log} takes its stderr. */
    public static RtlBench start(int order, int ports, int latency, ProcessBuilder.Redirect log) {
        return start(command(order, ports, latency), log);
    }

    /** The model as fast as it runs, its clock ahead of the wall's (for a benchmark; its stderr is read by {@link #stats}). */
    public static RtlBench startUnpaced(int order) {
        List<String> cmd = new ArrayList<>(command(order, 1, 1));
        cmd.add("--unpaced");
        return start(cmd, ProcessBuilder.Redirect.PIPE);
    }

    /** The model's cycles, wall-clock seconds and slot so far. */
    public record Stats(long cycles, double seconds, long slot) {
    }

    private BufferedReader log;

    /** Asks the model how far it has run (a model started by {@link #startUnpaced}). */
    public Stats stats() {
        String[] w = statsLine(7);
        return new Stats(Long.parseLong(w[2]), Double.parseDouble(w[4]), Long.parseLong(w[6]));
    }

    /** Asks the model for its statistics line and returns its words (at least {@code words} of them). */
    private String[] statsLine(int words) {
        command("stats");
        try {
            if (log == null) {
                log = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8));
            }
            for (String line = log.readLine(); line != null; line = log.readLine()) {
                String[] w = line.trim().split(" ");
                if (w.length >= words && w[0].equals("stats")) {
                    return w;
                }
            }
        } catch (IOException | NumberFormatException e) {
            throw new IllegalStateException("the RTL model's statistics could not be read: " + e.getMessage());
        }
        throw new IllegalStateException("the RTL model ended");
    }

    private static RtlBench start(List<String> cmd, ProcessBuilder.Redirect log) {
        Path dir = Paths.get(cmd.get(0)).getParent();
        int baud = baud(dir);
        long clockHz = clockHz(dir);
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectError(log).start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the RTL model: " + e.getMessage());
        }
        try {
            String line = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).readLine();
            if (line == null || !line.startsWith("pty ")) {
                throw new IllegalStateException("the RTL model did not announce its pseudo-terminals (got " + line + ")");
            }
            return new RtlBench(p, List.of(line.substring(4).trim().split(" ")), baud, clockHz);
        } catch (IOException | RuntimeException e) {
            p.destroyForcibly();
            throw e instanceof IllegalStateException s ? s : new IllegalStateException("RTL model: " + e.getMessage());
        }
    }

    /** The model's UART rate in baud, as build.sh recorded it beside the executable. */
    public static int baud(Path buildDir) {
        return (int) recorded(buildDir, "baud", "line rate");
    }

    /** The model's clock in Hz, as build.sh recorded it beside the executable. */
    private static long clockHz(Path buildDir) {
        return recorded(buildDir, "clock", "clock");
    }

    private static long recorded(Path buildDir, String file, String what) {
        try {
            return Long.parseLong(Files.readString(buildDir.resolve(file)).trim());
        } catch (IOException | NumberFormatException e) {
            throw new IllegalStateException("the RTL build in " + buildDir + " does not say its " + what + ": rebuild it");
        }
    }

    public List<String> ptys() {
        return ptys;
    }

    /** The rate of the model's UARTs: what a host should take the line's rate to be. */
    public int baud() {
        return baud;
    }

    /** The model's clock in Hz: a cycle of {@link Stats#cycles} is 1 / this. */
    public long clockHz() {
        return clockHz;
    }

    public Process process() {
        return process;
    }

    /**
     * The bench's power goes off and on: a new model, every register as configuration leaves it; the boards read
     * their generations back from the harness's SPI flash before they answer.
     */
    public void powerCycle() {
        command("powercycle");
    }

    /** The flash's next page program is cut short, as by a power cut: only its first bytes are programmed. */
    public void tearNextProgram() {
        command("flash tear");
    }

    /** The flash reads ones and keeps nothing from now on (worn out, or its wires cut). */
    public void breakFlash() {
        command("flash stuck");
    }

    /** A lab bench's slot-reference line: its cables to every following board cut ({@code true}) or mended. */
    public void cutLine(boolean cut) {
        command(cut ? "line cut" : "line mend");
    }

    /** Board {@code address} power-cycles: empty banks, a new boot id, announced on every port. */
    public void reboot(int address) {
        command("reboot " + address);
    }

    private void command(String line) {
        try {
            commands.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
            commands.flush();
        } catch (IOException e) {
            throw new IllegalStateException("the RTL model no longer takes commands: " + e.getMessage());
        }
    }

    @Override
    public void close() {
        try {
            commands.close(); // the model ends with its standard input
        } catch (IOException e) {
            // ended already
        }
        try {
            if (!process.waitFor(3, TimeUnit.SECONDS)) {
                process.destroy();
                if (!process.waitFor(3, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(3, TimeUnit.SECONDS);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
