package org.oft.controller.study;

import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.oft.controller.files.JsonErrors;
import org.oft.controller.limits.MemoryBudget;

/** The ways a study runs: on this machine's cores, as one Slurm shard, and (see cluster.Coordinator) on a cluster. */
public final class StudyRun {
    private StudyRun() {
    }

    /** What a run did, counted as it goes (any thread). */
    public static final class Tally {
        private final Map<String, long[]> byWorker = new TreeMap<>(); // stored, wall nanoseconds
        private long handedOutAgain;
        private long duplicates;
        private long failed;
        private long firstHandedOut;

        /** A point went to a worker: the run's time counts from the first. */
        public synchronized void handedOut() {
            if (firstHandedOut == 0) {
                firstHandedOut = System.nanoTime();
            }
        }

        public synchronized void stored(String worker, double wallSeconds) {
            long[] w = byWorker.computeIfAbsent(worker, x -> new long[2]);
            w[0]++;
            w[1] += (long) (wallSeconds * 1e9);
        }

        public synchronized void handedOutAgain() {
            handedOutAgain++;
        }

        public synchronized void duplicate() {
            duplicates++;
        }

        public synchronized void failed() {
            failed++;
        }

        public synchronized long stored() {
            return byWorker.values().stream().mapToLong(w -> w[0]).sum();
        }

        public synchronized long failedCount() {
            return failed;
        }

        /** Core-seconds the stored points took. */
        public synchronized double pointSeconds() {
            return byWorker.values().stream().mapToLong(w -> w[1]).sum() / 1e9;
        }

        /** "w1 12, w2 10": points stored per worker. */
        public synchronized String workers() {
            StringBuilder sb = new StringBuilder();
            byWorker.forEach((w, c) -> sb.append(sb.length() == 0 ? "" : ", ").append(w).append(' ').append(c[0]));
            return sb.length() == 0 ? "none yet" : sb.toString();
        }

        public synchronized String summary() {
            return String.format(Locale.ROOT, "%d stored, %d failed, %d handed out again, %d computed twice and dropped; by worker: %s",
                    stored(), failed, handedOutAgain, duplicates, workers());
        }

        /** Seconds since the first point was handed out (the run's time without start-up and the cluster's forming), 0 before. */
        public synchronized double secondsSinceFirstPoint() {
            return firstHandedOut == 0 ? 0 : (System.nanoTime() - firstHandedOut) / 1e9;
        }

        public synchronized long handedOutAgainCount() {
            return handedOutAgain;
        }

        public synchronized long duplicates() {
            return duplicates;
        }
    }

    /**
     * Progress: a line on stderr every {@code periodMillis} (points stored of those to run, the time left, the points
     * running and stored per worker), and the points running per worker into the database every few seconds whatever
     * the period, so that the console sees a run as running (see {@link ResultStore#runningByWorker}).
     */
    public static final class ProgressLine implements AutoCloseable {
        /** How often the database hears that the run goes on: well inside StudyLibrary's freshness. */
        static final long RECORD_MILLIS = 5000;

        private final java.util.Timer timer = new java.util.Timer("oft-study-progress", true);
        private final ResultStore store;

        public ProgressLine(PrintWriter err, String study, int todo, Tally tally, Supplier<Map<String, Integer>> running, ResultStore store,
                            long periodMillis) {
            this.store = store;
            long started = System.nanoTime();
            long tick = Math.min(periodMillis, RECORD_MILLIS);
            long[] lastLine = {started};
            if (store != null) {
                store.running(Map.of());
            }
            timer.scheduleAtFixedRate(new java.util.TimerTask() {
                @Override
                public void run() {
                    Map<String, Integer> now = running.get();
                    if (store != null) {
                        try {
                            store.running(now);
                        } catch (IllegalStateException e) {
                            err.println("oftctl study: " + e.getMessage());
                        }
                    }
                    long t = System.nanoTime();
                    if (t - lastLine[0] < periodMillis * 1_000_000L - tick * 500_000L) {
                        return; // a line each period, the database more often
                    }
                    lastLine[0] = t;
                    long done = tally.stored() + tally.failedCount();
                    double elapsed = (t - started) / 1e9;
                    String left = done == 0 ? "estimating" : "about " + Math.round(elapsed * (todo - done) / done) + " s left";
                    err.printf(Locale.ROOT, "study %s: %d/%d points, %s; running: %s; stored by: %s%n", study, done, todo, left,
                            now.isEmpty() ? "none" : now.toString().replaceAll("[{}]", ""), tally.workers());
                    err.flush();
                }
            }, tick, tick);
        }

        @Override
        public void close() {
            timer.cancel();
            if (store != null) {
                store.ended();
            }
        }
    }

    /**
     * Refuses up front points this JVM has not the memory for, {@code threads} of them at once (the largest point
     * named, with its estimate and the budget).
     */
    public static void requireMemory(Study study, List<StudyPoint> todo, int threads) {
        StudyPoint largest = null;
        for (StudyPoint p : todo) {
            if (largest == null || study.memoryBytes(p.id()) > study.memoryBytes(largest.id())) {
                largest = p;
            }
        }
        if (largest != null) {
            MemoryBudget.require("point " + largest.id() + " (" + largest.describe() + "), " + threads
                    + " at once,", (double) study.memoryBytes(largest.id()) * Math.min(threads, todo.size()),
                    "run fewer at once (--threads), or on a cluster's larger workers (--cluster)");
        }
    }

    /** Where a point's result goes once it ran: true if it was kept, false if the point was kept already. */
    interface Keeper {
        boolean keep(StudyPoint p, JsonObject result, double wallSeconds);
    }

    /** Runs {@code todo} on {@code threads} cores of this machine, storing each result as it ends. */
    public static Tally embedded(String study, List<StudyPoint> todo, ResultStore store, int threads, String worker, Consumer<String> log,
                                 long progressMillis, PrintWriter err) {
        return embedded(study, todo, store, threads, worker, log, progressMillis, err, () -> false);
    }

    /**
     * As {@link #embedded(String, List, ResultStore, int, String, Consumer, long, PrintWriter)}, starting no new point
     * once {@code stop} says so: the points under way finish and are stored, the rest wait for the next run.
     */
    public static Tally embedded(String study, List<StudyPoint> todo, ResultStore store, int threads, String worker, Consumer<String> log,
                                 long progressMillis, PrintWriter err, java.util.function.BooleanSupplier stop) {
        Tally tally = new Tally();
        java.util.concurrent.atomic.AtomicInteger running = new java.util.concurrent.atomic.AtomicInteger();
        ProgressLine progress = new ProgressLine(err, study, todo.size(), tally,
                () -> running.get() == 0 ? Map.of() : Map.of(worker, running.get()), store, progressMillis);
        try { // (not try-with-resources: the line runs on its own timer, and javac warns of a resource the body never names)
            onCores(todo, threads, worker, tally, running, log, (p, result, wall) -> store.put(study, p, result, wall, worker), stop);
        } finally {
            progress.close();
        }
        return tally;
    }

    /**
     * Runs shard {@code i} of {@code n} into {@code dir}: one file per point, {@code ID.json}, written to a temporary
     * name and moved into place, so a killed shard leaves whole files only; a point whose file is there is skipped.
     */
    public static Tally shard(Study study, int i, int n, Path dir, int threads, String worker, Consumer<String> log) {
        List<StudyPoint> mine = study.shard(i, n);
        requireMemory(study, mine, threads);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot create the shard folder " + dir + ": " + e.getMessage());
        }
        List<StudyPoint> todo = mine.stream().filter(p -> !Files.exists(dir.resolve(p.id() + ".json"))).toList();
        Tally tally = new Tally();
        onCores(todo, threads, worker, tally, new java.util.concurrent.atomic.AtomicInteger(), log, (p, result, wall) -> {
            JsonObject rec = new JsonObject().put("id", p.id()).put("study", study.name()).put("modelVersion", StudyPoint.MODEL_VERSION)
                    .put("shard", i + "/" + n).put("config", p.config()).put("result", result).put("wallSeconds", wall).put("worker", worker);
            Path tmp = dir.resolve(p.id() + ".json.tmp-" + ProcessHandle.current().pid());
            try {
                Files.writeString(tmp, rec.encode());
                Files.move(tmp, dir.resolve(p.id() + ".json"), StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                throw new IllegalStateException("cannot write " + dir.resolve(p.id() + ".json") + ": " + e.getMessage());
            }
            return true;
        }, () -> false);
        return tally;
    }

    /** Runs the points on {@code threads} threads of this JVM, each result to {@code keeper} as it ends; a refused point is counted and said. */
    private static void onCores(List<StudyPoint> todo, int threads, String worker, Tally tally, java.util.concurrent.atomic.AtomicInteger running,
                                Consumer<String> log, Keeper keeper, java.util.function.BooleanSupplier stop) {
        PointRunner runner = new PointRunner();
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads), r -> {
            Thread t = new Thread(r, "oft-study-point");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> all = new ArrayList<>();
            for (StudyPoint p : todo) {
                all.add(pool.submit(() -> {
                    if (stop.getAsBoolean()) {
                        return; // asked to stop: this point waits for the next run
                    }
                    tally.handedOut();
                    long t0 = System.nanoTime();
                    JsonObject result;
                    running.incrementAndGet();
                    try {
                        result = runner.run(p);
                    } catch (RuntimeException e) {
                        tally.failed();
                        log.accept("point " + p.id() + " (" + p.describe() + ") failed: " + e.getMessage());
                        return;
                    } finally {
                        running.decrementAndGet();
                    }
                    double wall = (System.nanoTime() - t0) / 1e9;
                    if (keeper.keep(p, result, wall)) {
                        tally.stored(worker, wall);
                    } else {
                        tally.duplicate();
                    }
                }));
            }
            for (Future<?> f : all) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted");
        } catch (java.util.concurrent.ExecutionException e) {
            throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /** What a merge did: points newly stored, and the points of the study still without a result. */
    public record Merged(int added, int alreadyStored, List<StudyPoint> missing) {
    }

    /** Stores the shard files of {@code dir} that belong to the study (and this model version) and are not stored yet. */
    public static Merged merge(Study study, Path dir, ResultStore store) {
        store.describe(study); // the database says what it holds, for the console's count of points left
        Map<String, StudyPoint> byId = new java.util.HashMap<>();
        for (StudyPoint p : study.points()) {
            byId.put(p.id(), p);
        }
        int added = 0;
        int already = 0;
        if (Files.isDirectory(dir)) {
            try (var files = Files.list(dir)) {
                for (Path f : (Iterable<Path>) files.sorted()::iterator) {
                    String name = f.getFileName().toString();
                    if (!name.endsWith(".json")) {
                        continue; // a temporary file of a killed shard
                    }
                    StudyPoint p = byId.get(name.substring(0, name.length() - 5));
                    if (p == null) {
                        continue;
                    }
                    JsonObject rec = new JsonObject(Files.readString(f));
                    if (store.put(study.name(), p, rec.getJsonObject("result"), rec.getDouble("wallSeconds", 0.0), rec.getString("worker"))) {
                        added++;
                    } else {
                        already++;
                    }
                }
            } catch (IOException e) {
                throw new IllegalStateException("cannot read the shard folder " + dir + ": " + e.getMessage());
            } catch (io.vertx.core.json.DecodeException e) {
                throw new IllegalStateException("a result file in the shard folder " + dir + " is damaged: "
                        + JsonErrors.describe(e.getMessage()));
            }
        }
        Set<String> stored = store.storedIds();
        List<StudyPoint> missing = study.points().stream().filter(p -> !stored.contains(p.id())).toList();
        return new Merged(added, already, missing);
    }
}
