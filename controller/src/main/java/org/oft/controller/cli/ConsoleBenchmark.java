package org.oft.controller.cli;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.WebSocket;
import io.vertx.core.http.WebSocketClient;
import io.vertx.core.http.WebSocketConnectOptions;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import org.oft.controller.boards.BoardSpec;
import org.oft.controller.service.http.ConsoleVerticle;

/**
 * The console under many telemetry clients: a controller ({@code oftctl serve}, its own process, so
 * that its CPU and memory are its own) streams to N WebSocket clients of this process for a while;
 * its CPU time and resident memory are sampled each second, beside the same server idle and with
 * one client in the same run.
 */
final class ConsoleBenchmark {
    /** The server's heap is capped so that "bounded" means it: a leak would end in an OutOfMemoryError, not in a big heap. */
    static final String SERVER_HEAP = "-Xmx256m";

    private final BenchOutput out;
    private final PrintWriter err;

    ConsoleBenchmark(BenchOutput out, PrintWriter err) {
        this.out = out;
        this.err = err;
    }

    /** One phase's figures. */
    private record Phase(String name, int clients, double seconds, double cpuPercent, double rssMeanMb, double rssMaxMb,
                         double rssFirstMb, double rssLastMb, double msgsPerClientMean, double msgsPerClientMin,
                         double kbPerClient, double liveHeapMb, int closed) {
    }

    void run(int order, int clients, int seconds, int referenceSeconds) {
        out.section("console", "the console's server (oftctl serve --order " + order + ", " + SERVER_HEAP
                        + ", its own process) streaming telemetry to WebSocket clients: its CPU in % of one core, resident memory"
                        + " sampled each second (mean, max, and the means of the phase's first and last 10 s), messages and kB per second"
                        + " each client received (mean over clients, and the slowest client), and the heap still in use after a full GC at the"
                        + " phase's end, its clients still connected; idle and one client are the reference",
                "phase", "clients", "seconds", "server_cpu_percent", "rss_mb_mean", "rss_mb_max", "rss_mb_first_10s", "rss_mb_last_10s",
                "msgs_per_s_per_client", "msgs_per_s_slowest_client", "kb_per_s_per_client", "live_heap_mb", "clients_closed");
        Path dir;
        try {
            dir = Files.createTempDirectory("oft-console-bench");
        } catch (IOException e) {
            throw new IllegalStateException("no temporary directory for the server's token and log: " + e.getMessage());
        }
        Path log = dir.resolve("serve.log");
        int port = freePort();
        List<String> jvm = new ArrayList<>(BoardSpec.BoardProcess.MODEL_JVM_OPTIONS); // as the launcher runs serve
        jvm.add(SERVER_HEAP);
        List<String> cmd = BoardSpec.BoardProcess.oftctl(jvm, "serve", "--order", String.valueOf(order),
                "--port", String.valueOf(port), "--token-file", dir.resolve("token").toString());
        Process server;
        try {
            server = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the server: " + e.getMessage());
        }
        Vertx vertx = Vertx.vertx();
        try {
            awaitServing(server, log);
            List<Phase> phases = new ArrayList<>();
            phases.add(phase(vertx, server, port, "idle", 0, referenceSeconds));
            phases.add(phase(vertx, server, port, "one client", 1, referenceSeconds));
            phases.add(phase(vertx, server, port, clients + " clients", clients, seconds));
            for (Phase p : phases) {
                out.row("%s,%d,%.0f,%.1f,%.0f,%.0f,%.0f,%.0f,%.1f,%.1f,%.1f,%.1f,%d", p.name(), p.clients(), p.seconds(), p.cpuPercent(),
                        p.rssMeanMb(), p.rssMaxMb(), p.rssFirstMb(), p.rssLastMb(), p.msgsPerClientMean(), p.msgsPerClientMin(),
                        p.kbPerClient(), p.liveHeapMb(), p.closed());
            }
            if (!server.isAlive()) {
                throw new IllegalStateException("the server ended during the run (exit " + server.exitValue() + "); its log: " + log);
            }
        } finally {
            vertx.close().await();
            BoardSpec.BoardProcess.kill(server);
        }
    }

    /** A port nothing listens on now (the kernel's pick): a benchmark's servers never take fixed numbers another program may hold. */
    static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free port: " + e.getMessage());
        }
    }

    /** Waits for the line serve prints once the console listens. */
    private static void awaitServing(Process server, Path log) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            if (!server.isAlive()) {
                throw new IllegalStateException("the server ended before serving (exit " + server.exitValue() + "); its log: " + log);
            }
            try {
                if (Files.readString(log).contains("console at ")) {
                    return;
                }
                Thread.sleep(200);
            } catch (IOException e) {
                // not written yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted");
            }
        }
        throw new IllegalStateException("the server did not start serving within 120 s; its log: " + log);
    }

    private Phase phase(Vertx vertx, Process server, int port, String name, int clients, int seconds) {
        AtomicLongArray msgs = new AtomicLongArray(Math.max(clients, 1));
        AtomicLongArray bytes = new AtomicLongArray(Math.max(clients, 1));
        java.util.concurrent.atomic.AtomicInteger closed = new java.util.concurrent.atomic.AtomicInteger();
        WebSocketClient client = vertx.createWebSocketClient();
        List<WebSocket> sockets = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            int k = c;
            WebSocket ws = within(client.connect(new WebSocketConnectOptions().setHost("127.0.0.1").setPort(port)
                    .setURI(ConsoleVerticle.WEBSOCKET_PATH)), "client " + c + " to connect");
            ws.textMessageHandler(m -> {
                msgs.incrementAndGet(k);
                bytes.addAndGet(k, m.length());
            });
            ws.closeHandler(v -> closed.incrementAndGet());
            sockets.add(ws);
        }
        ProcessHandle h = server.toHandle();
        Duration cpu0 = cpuOf(h);
        long t0 = System.nanoTime();
        List<Double> rss = new ArrayList<>();
        Progress progress = Progress.of(err, "bench console, " + name);
        for (int s = 1; s <= seconds; s++) {
            sleepUntil(t0 + TimeUnit.SECONDS.toNanos(s));
            rss.add(rssMb(h.pid()));
            progress.update((double) s / seconds, "");
        }
        progress.done();
        double elapsed = (System.nanoTime() - t0) / 1e9;
        double cpu = (cpuOf(h).toNanos() - cpu0.toNanos()) / 1e9 / elapsed * 100;
        long[] m = new long[clients];
        long allBytes = 0;
        for (int c = 0; c < clients; c++) {
            m[c] = msgs.get(c);
            allBytes += bytes.get(c);
        }
        int lost = closed.get(); // read before this phase closes its own sockets
        double live = liveHeapMb(h.pid());
        within(Future.all(sockets.stream().map(WebSocket::close).toList()), "the clients to close");
        within(client.close(), "the client to close");
        int window = Math.min(10, rss.size());
        return new Phase(name, clients, elapsed, cpu, mean(rss, 0, rss.size()), rss.stream().mapToDouble(Double::doubleValue).max().orElse(0),
                mean(rss, 0, window), mean(rss, rss.size() - window, rss.size()),
                clients == 0 ? 0 : java.util.Arrays.stream(m).average().orElse(0) / elapsed,
                clients == 0 ? 0 : java.util.Arrays.stream(m).min().orElse(0) / elapsed,
                clients == 0 ? 0 : allBytes / 1024.0 / clients / elapsed, live, lost);
    }

    private static <T> T within(Future<T> f, String what) {
        try {
            return f.await(30, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("waited 30 s for " + what);
        }
    }

    /** The server's heap in use after a full collection, asked of its JVM with jcmd (GC.run, then GC.heap_info). */
    private static double liveHeapMb(long pid) {
        String jcmd = new File(System.getProperty("java.home"), "bin/jcmd").getPath();
        jcmdOutput(jcmd, pid, "GC.run");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("heap\\s+total \\d+K, used (\\d+)K").matcher(jcmdOutput(jcmd, pid, "GC.heap_info"));
        if (!m.find()) {
            throw new IllegalStateException("jcmd GC.heap_info gave no heap line for the server");
        }
        return Long.parseLong(m.group(1)) / 1024.0;
    }

    private static String jcmdOutput(String jcmd, long pid, String command) {
        try {
            Process p = new ProcessBuilder(jcmd, String.valueOf(pid), command).redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("jcmd " + command + " failed on the server: " + text.strip());
            }
            return text;
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + jcmd + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted");
        }
    }

    private static Duration cpuOf(ProcessHandle h) {
        return h.info().totalCpuDuration().orElseThrow(() -> new IllegalStateException("this system does not tell a process's CPU time"));
    }

    /** The process's resident set in MB, from /proc (Linux). */
    private static double rssMb(long pid) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(Files.newInputStream(Path.of("/proc", String.valueOf(pid), "status")),
                StandardCharsets.US_ASCII))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0;
                }
            }
        } catch (IOException | NumberFormatException e) {
            throw new IllegalStateException("cannot read the server's resident memory from /proc: " + e.getMessage());
        }
        throw new IllegalStateException("no VmRSS in /proc/" + pid + "/status");
    }

    private static double mean(List<Double> v, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) {
            s += v.get(i);
        }
        return to > from ? s / (to - from) : 0;
    }

    private static void sleepUntil(long nanoTime) {
        long left;
        while ((left = nanoTime - System.nanoTime()) > 0) {
            try {
                TimeUnit.NANOSECONDS.sleep(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted");
            }
        }
    }
}
