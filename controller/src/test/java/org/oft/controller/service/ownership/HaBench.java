package org.oft.controller.service.ownership;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.curator.test.TestingServer;
import org.oft.controller.boards.BoardSpec;
import org.oft.controller.logs.LibraryLogs;
import org.oft.hal.BoardInfo;
import org.oft.hal.transport.SerialLink;
import org.oft.hal.wire.Message;
import org.oft.hal.wire.WireBoardBus;

/**
 * A bench for controllers that share boards, all real: an in-process ZooKeeper, a board-sim process (switch
 * boards of kary:2,2 unless told) with a pseudo-terminal per controller, and {@code oftctl serve --ha} processes.
 */
public final class HaBench implements AutoCloseable {
    private final Path dir;
    private final TestingServer zk;
    private final List<Process> processes = new ArrayList<>();
    /** The boards' management ports, one per controller. */
    public final String[] ports;

    private final List<String> fabric;

    /**
     * The JVM options of processes that serve a bench of a few boards for a minute: C1 alone compiles them and
     * the serial collector cleans up. A controller then costs about half the CPU (2.2 s against 4.0 s in its
     * first 15 s, nearly all of it the start): on a 2-core CI machine, where these tests start some thirty
     * processes, that is the suite's time. Processes that compute (study workers, benchmarks) keep the defaults.
     */
    public static final List<String> BRIEF_JVM = List.of("-XX:-UseCompressedOops", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

    /** Switch boards of kary:2,2. */
    public HaBench(Path dir, int ports) throws Exception {
        this(dir, ports, List.of("--fattree", "kary:2,2"), List.of("--fabric", "fattree", "--topology", "kary:2,2"));
    }

    /** Boards as {@code boardSim} makes them (board-sim options), served with {@code serve} (serve options). */
    public HaBench(Path dir, int ports, List<String> boardSim, List<String> serve) throws Exception {
        this.dir = dir;
        this.fabric = serve;
        LibraryLogs.quiet(); // the ensemble runs in this JVM
        this.zk = new TestingServer(true);
        List<String> sim = new ArrayList<>(List.of("--pty", "--ports", Integer.toString(ports)));
        sim.addAll(boardSim);
        BoardSpec.BoardProcess.Spawned boards = BoardSpec.BoardProcess.spawn(BRIEF_JVM,
                ProcessBuilder.Redirect.appendTo(dir.resolve("boards.err").toFile()), sim.toArray(String[]::new));
        processes.add(boards.process());
        this.ports = boards.announce().substring(4).trim().split(" ");
    }

    /**
     * The ensemble goes away for {@code millis} and comes back (same port, same data): a blip of the lab's ZooKeeper.
     * Answers how long it was away, its stop and restart included (seconds on a loaded machine).
     */
    public long ensembleOutage(long millis) throws Exception {
        long t0 = System.nanoTime();
        zk.stop();
        Thread.sleep(millis);
        zk.restart();
        return (System.nanoTime() - t0) / 1_000_000;
    }

    /** The ensemble goes away (until {@link #ensembleBack}). */
    public void ensembleGone() throws Exception {
        zk.stop();
    }

    /** The ensemble comes back, same port, same data. */
    public void ensembleBack() throws Exception {
        zk.restart();
    }

    /** An oftctl process (a controller, a study's coordinator or worker) and the lines it prints. */
    public record OftctlProcess(Process process, BlockingQueue<String> lines, List<String> seen) {
        /** Waits for a line that starts with {@code prefix}; fails with what it printed. */
        public String until(String prefix, long seconds) throws InterruptedException {
            long end = System.nanoTime() + seconds * 1_000_000_000L;
            while (System.nanoTime() < end) {
                String l = lines.poll(200, TimeUnit.MILLISECONDS);
                if (l != null) {
                    seen.add(l);
                    if (l.startsWith(prefix)) {
                        return l;
                    }
                }
            }
            throw new AssertionError("no line '" + prefix + "...' within " + seconds + " s; got " + seen);
        }

        /** The console link it printed: {url, token}. */
        public String[] console() throws InterruptedException {
            String l = seen.stream().filter(x -> x.contains("; console at ")).findFirst().orElse(null);
            while (l == null || !l.contains("; console at ")) {
                l = until("oftctl: ", 60);
            }
            int t = l.indexOf("/#token=");
            if (t < 0) { // a standby that adopted the bench's token knows only its hash
                int u = l.indexOf("http://");
                return new String[] {l.substring(u, l.indexOf("/ ", u)), null};
            }
            return new String[] {l.substring(l.indexOf("http://"), t), l.substring(t + 8, l.indexOf(' ', t))};
        }
    }

    /** {@code oftctl serve --ha} as controller {@code id} on management port {@code port}, stderr to {@code id}.err (and .2.err...). */
    public OftctlProcess serve(String id, int port, String stderrName, String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of("serve"));
        args.addAll(fabric);
        args.addAll(List.of("--board", "serial:" + ports[port], "--ha", zk.getConnectString(), "--controller-id", id, "--port", "0",
                "--state", dir.resolve(id + ".json").toString(), "--token-file", dir.resolve(id + ".token").toString()));
        List<String> cmd = new ArrayList<>(BoardSpec.BoardProcess.oftctl(BRIEF_JVM, args.toArray(String[]::new)));
        cmd.addAll(List.of(more));
        OftctlProcess p = spawn(cmd, dir.resolve(stderrName));
        processes.add(p.process());
        return p;
    }

    /** A and B serving the bench: A master at generation 1 on management port 0, B standing by on port 1. */
    public OftctlProcess[] masterAndStandby() throws Exception {
        OftctlProcess a = serve("A", 0, "a.err");
        a.until("oftctl: master at generation 1", 60);
        a.console();
        OftctlProcess b = serve("B", 1, "b.err");
        b.until("oftctl: standing by", 60);
        return new OftctlProcess[] {a, b};
    }

    /** The bench's slot, read through management {@code port} (a read, open to anyone). */
    public static long slot(String port) {
        try (WireBoardBus reader = new WireBoardBus(SerialLink.open(port,
                BoardSpec.DEFAULT_BAUD), WireBoardBus.Options.defaults())) {
            reader.discover();
            return reader.status(Message.BACKPLANE).slot();
        }
    }

    /** What each board reports, by its id, read through management {@code port} (a read, open to anyone). */
    public static java.util.Map<String, Message.Status> statuses(String port) {
        java.util.Map<String, Message.Status> out = new java.util.TreeMap<>();
        try (WireBoardBus reader = new WireBoardBus(SerialLink.open(port,
                BoardSpec.DEFAULT_BAUD), WireBoardBus.Options.defaults())) {
            for (BoardInfo info : reader.discover()) {
                out.put(info.id(), reader.status(reader.address(info.id())));
            }
        }
        return out;
    }

    /** Starts {@code cmd} (an oftctl command line), stderr to {@code stderr}; the caller ends the process. */
    public static OftctlProcess spawn(List<String> cmd, Path stderr) throws java.io.IOException {
        Process p = new ProcessBuilder(cmd).redirectError(stderr.toFile()).start();
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String l; (l = r.readLine()) != null; ) {
                    lines.add(l);
                }
            } catch (java.io.IOException e) {
                // ended
            }
        });
        t.setDaemon(true);
        t.start();
        return new OftctlProcess(p, lines, new CopyOnWriteArrayList<>());
    }

    @Override
    public void close() throws java.io.IOException {
        for (Process p : processes) {
            try {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        zk.close();
    }
}
