package org.oft.controller.cli;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.oft.controller.boards.BoardSpec;
import org.oft.controller.study.ResultStore;
import org.oft.controller.study.Study;
import org.oft.controller.study.StudyFile;
import org.oft.controller.study.StudyRun;
import org.oft.controller.study.cluster.Coordinator;
import org.oft.controller.study.cluster.StudyCluster;
import org.oft.controller.files.StateDir;
import org.oft.controller.study.cluster.ClusterKey;

/**
 * {@code bench --what study}: one study of 24 points (the 4-ary 3-tree, 20,000 cycles each) run embedded on 1 and 2
 * threads, then coordinated from this process on loopback clusters of 1, 2 and 4 worker processes of one thread
 * each, then with 2 workers of which one is killed (kill -9) once it has stored 3 points. Per run: wall time from
 * the first point handed out, points/s (per core in use), the overhead per point against a point's own time, and
 * the points handed out again, computed twice and stored.
 */
final class StudyBenchmark {
    static final String STUDY = """
            {"name": "bench", "topologies": ["kary:4,3"], "engines": ["dmodk", "random"], "traffic": ["uniform", "shift:5"],
             "loads": [0.2, 0.4, 0.6], "seeds": [1, 2], "flit": {"warmup": 1000, "sample": 20000, "drain": 20000}}""";

    private final BenchOutput out;
    private final PrintWriter err;
    private final int cores = Runtime.getRuntime().availableProcessors();

    StudyBenchmark(BenchOutput out, PrintWriter err) {
        this.out = out;
        this.err = err;
    }

    void run() throws Exception {
        Path dir = Files.createTempDirectory("oft-study-bench");
        Study s = StudyFile.parse(new JsonObject(STUDY), dir, "bench", "bench");
        out.section("study", "a study of " + s.points().size() + " flit points (kary:4,3, 20,000 cycles each), embedded and on a loopback "
                        + "cluster; overhead per point: wall x threads - the points' own core time, over the points ('-' with more "
                        + "workers than the " + cores + " cores)", "run", "threads", "points", "wall_s", "points_per_s", "points_per_s_per_core",
                "overhead_ms_per_point", "point_ms", "handed_out_again", "computed_twice", "stored_rows");
        for (int t = 1; t <= Math.min(2, cores); t++) {
            Path db = dir.resolve("embedded-" + t + ".db");
            try (ResultStore store = ResultStore.open(db)) {
                StudyRun.Tally tally = StudyRun.embedded(s.name(), s.points(), store, t, "embedded", m -> err.println("bench: " + m), 3_600_000,
                        new PrintWriter(java.io.Writer.nullWriter()));
                row("embedded, " + t + (t == 1 ? " thread" : " threads"), t, tally, store.rows().size());
            }
        }
        for (String kind : List.of("1", "2", "4", "kill")) {
            int workers = kind.equals("kill") ? 2 : Integer.parseInt(kind);
            cluster(kind.equals("kill") ? "cluster, 2 workers, one killed" : "cluster, " + workers + (workers == 1 ? " worker" : " workers"),
                    dir, s, workers, kind.equals("kill"));
        }
        out.note("a killed worker's points go to others once no heartbeat has named them for 5 s (the lease)");
    }

    private void cluster(String label, Path dir, Study s, int workers, boolean kill) throws Exception {
        int port = ConsoleBenchmark.freePort();
        int[] ports = new int[workers + 1];
        String name = "bench-" + port;
        StringBuilder members = new StringBuilder("127.0.0.1:" + port);
        for (int i = 1; i <= workers; i++) {
            ports[i] = ConsoleBenchmark.freePort();
            members.append(",127.0.0.1:").append(ports[i]);
        }
        List<Process> started = new ArrayList<>();
        Vertx vertx = null;
        Path db = dir.resolve(name + ".db");
        try {
            for (int i = 1; i <= workers; i++) {
                Process p = new ProcessBuilder(BoardSpec.BoardProcess.oftctl(BoardSpec.BoardProcess.MODEL_JVM_OPTIONS, "worker", "--cluster",
                        members.toString(), "--cluster-port", Integer.toString(ports[i]), "--cluster-name", name, "--threads", "1", "--name",
                        "w" + i)).redirectError(ProcessBuilder.Redirect.DISCARD).start();
                started.add(p);
                String l = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).readLine();
                // (the first is alone until the next comes: it says so, and joins them as they start)
                if (l == null || !l.startsWith("oftctl worker: w" + i + " joined") && !(i == 1 && l.startsWith("oftctl worker: w1 is alone"))) {
                    throw new IllegalStateException("worker w" + i + " did not join: " + l);
                }
            }
            ClusterKey key = ClusterKey.load(
                    StateDir.file("study-cluster.key")); // the workers' default
            vertx = StudyCluster.join(StudyCluster.members(members.toString()), "127.0.0.1", port, key.clusterName(name));
            try (ResultStore store = ResultStore.open(db)) {
                StudyRun.Tally tally = new StudyRun.Tally();
                Coordinator c = new Coordinator(s, s.points(), store, key, 5000, tally, m -> { });
                vertx.deployVerticle(c).toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
                if (kill) {
                    Process victim = started.get(0);
                    Thread killer = new Thread(() -> {
                        while (ResultStore.storedBy(db, "w1") < 3 && victim.isAlive()) {
                            sleep(50);
                        }
                        victim.destroyForcibly();
                    });
                    killer.setDaemon(true);
                    killer.start();
                }
                c.finished().toCompletionStage().toCompletableFuture().get(30, TimeUnit.MINUTES);
                row(label, workers, tally, store.rows().size());
            }
        } finally {
            if (vertx != null) {
                vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
            }
            for (Process p : started) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    private void row(String label, int threads, StudyRun.Tally t, int rows) {
        double wall = t.secondsSinceFirstPoint();
        long n = t.stored();
        double core = t.pointSeconds();
        String overhead = threads <= cores ? String.format(java.util.Locale.ROOT, "%.0f", (wall * threads - core) / n * 1000) : "-";
        out.row("%s,%d,%d,%.1f,%.2f,%.2f,%s,%.0f,%d,%d,%d", label, threads, n, wall, n / wall, n / wall / Math.min(threads, cores), overhead,
                core / n * 1000, t.handedOutAgainCount(), t.duplicates(), rows);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
