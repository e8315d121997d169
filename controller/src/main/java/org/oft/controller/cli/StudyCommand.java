package org.oft.controller.cli;

import io.vertx.core.Vertx;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.oft.controller.study.ResultStore;
import org.oft.controller.study.Study;
import org.oft.controller.study.StudyFile;
import org.oft.controller.study.StudyPoint;
import org.oft.controller.study.StudyRun;
import org.oft.controller.study.StudyTable;
import org.oft.controller.study.cluster.Coordinator;
import org.oft.controller.study.cluster.StudyCluster;
import org.oft.controller.study.cluster.Worker;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import org.oft.controller.files.OutputFile;
import org.oft.controller.files.StateDir;
import org.oft.controller.limits.MemoryBudget;
import org.oft.controller.study.ParquetExport;
import org.oft.controller.study.cluster.ClusterKey;

@Command(name = "study", description = "Declarative experiments: the points of a study file, run on this machine, on a cluster of "
        + "'oftctl worker's, or as Slurm shards, each stored once in an SQLite file (docs/studies.md).",
        footer = {"%nExamples:", "  oftctl study plan examples/studies/first.json", "  oftctl study run examples/studies/first.json",
                "  oftctl study run big.json --cluster 10.0.0.1,10.0.0.2   (with 'oftctl worker --cluster 10.0.0.1' on each machine)",
                "  oftctl study run big.json --shard 3/16; oftctl study merge big.json --shards 16",
                "  oftctl study export examples/studies/first.json --format csv > first.csv"},
        subcommands = {StudyCommand.Plan.class, StudyCommand.Run.class, StudyCommand.Merge.class, StudyCommand.Export.class})
final class StudyCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "a subcommand is needed: plan, run, merge or export");
    }

    /** The study file and its database, shared by every subcommand. */
    static final class StudyFiles {
        @Parameters(index = "0", paramLabel = "FILE", description = "the study file (JSON)")
        Path file;

        @Option(names = "--db", description = "results database (default: FILE with .db for .json, beside it)")
        Path db;

        Study study() {
            return StudyFile.read(file);
        }

        Path db() {
            return db != null ? db : sibling(".db");
        }

        Path sibling(String suffix) {
            String name = file.getFileName().toString().replaceFirst("\\.json$", "");
            Path parent = file.toAbsolutePath().getParent();
            return parent.resolve(name + suffix);
        }
    }

    @Command(name = "plan", footer = {"%nExamples:", "  oftctl study plan examples/studies/first.json", "  oftctl study plan examples/studies/first.json --list"}, description = "Check the study file and print its points and what they will cost, before anything runs.")
    static final class Plan implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @picocli.CommandLine.Mixin
        StudyFiles files = new StudyFiles();

        @Option(names = "--list", description = "print every point (id and configuration)")
        boolean list;

        @Override
        public Integer call() {
            Study s = files.study();
            PrintWriter out = spec.commandLine().getOut();
            Set<String> stored = Files.exists(files.db()) ? storedIds(files.db()) : Set.of();
            long flit = s.points().stream().filter(p -> "flit".equals(p.kind())).count();
            double seconds = 0;
            double most = 0;
            for (StudyPoint p : s.points()) {
                seconds += s.cost(p.id()).seconds();
                most += s.cost(p.id()).secondsDrained();
            }
            long left = s.points().stream().filter(p -> !stored.contains(p.id())).count();
            out.printf(Locale.ROOT, "study %s: %d points (%d flit-model runs, %d analyses), %d stored in %s, %d to run%n", s.name(),
                    s.points().size(), flit, s.points().size() - flit, s.points().size() - left, files.db(), left);
            int cores = Runtime.getRuntime().availableProcessors();
            long peak = s.points().stream().mapToLong(p -> s.memoryBytes(p.id())).max().orElse(0);
            out.printf(Locale.ROOT, "memory: the largest point holds about %.1f GB; a worker needs that for each point it runs at once "
                    + "(this JVM may plan for %.1f GB)%n", peak / 1e9, MemoryBudget.budget() / 1e9);
            out.printf(Locale.ROOT, "estimate: the flit-model runs take %s of one core if every load is sustained, up to %s if loads past "
                            + "saturation drain for the whole --drain (%s to %s on this machine's %d cores); model version %s%n",
                    Progress.duration(seconds), Progress.duration(most), Progress.duration(seconds / cores), Progress.duration(most / cores), cores,
                    StudyPoint.MODEL_VERSION);
            if (list) {
                for (StudyPoint p : s.points()) {
                    out.println(p.id() + (stored.contains(p.id()) ? " stored " : " to run ") + p.config().encode());
                }
            }
            return 0;
        }
    }

    static Set<String> storedIds(Path db) {
        try (ResultStore store = ResultStore.open(db)) {
            return store.storedIds();
        }
    }

    @Command(name = "run", footer = {"%nExamples:", "  oftctl study run examples/studies/first.json", "  oftctl study run big.json --shard 3/16   (one Slurm slice; then study merge)"}, description = "Run the points not yet stored: on this machine's cores (default), with --cluster on the workers of a "
            + "Vert.x cluster, or with --shard I/N one Slurm slice into files for 'study merge'. Run again to resume.")
    static final class Run implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @picocli.CommandLine.Mixin
        StudyFiles files = new StudyFiles();

        @Option(names = "--threads", description = "points run side by side here (default: one per core; with --cluster: 0, the workers run them)")
        Integer threads;

        @Option(names = "--cluster", paramLabel = "ADDR[,ADDR..]", description = "join the Vert.x/Hazelcast cluster of these members "
                + "(HOST[:PORT], port 5701 if left out) and hand the points to its workers")
        String cluster;

        @picocli.CommandLine.Mixin
        ClusterArgs clusterArgs = new ClusterArgs();

        @Option(names = "--lease-seconds", defaultValue = "5", description = "a worker's points go to others after this long without its heartbeat")
        double leaseSeconds;

        @Option(names = "--shard", paramLabel = "I/N", description = "run only the I-th of N slices, into files (see --shard-dir)")
        String shard;

        @Option(names = "--shard-dir", description = "where shards write their results (default: FILE with .shards for .json)")
        Path shardDir;

        @Option(names = "--progress-seconds", defaultValue = "10", description = "a progress line on stderr this often")
        double progressSeconds;

        @Override
        public Integer call() throws Exception {
            Study s = files.study();
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            int cores = Runtime.getRuntime().availableProcessors();
            int here = threads != null ? threads : cluster != null ? 0 : cores;
            if (here < 0 || here > 1024 || (cluster == null && here == 0)) {
                throw new IllegalArgumentException("--threads must be 1..1024 (0 only with --cluster), got " + here);
            }
            if (!(leaseSeconds >= 1 && leaseSeconds <= 3600)) {
                throw new IllegalArgumentException("--lease-seconds must be 1..3600, got " + leaseSeconds);
            }
            if (!(progressSeconds >= 0.1)) {
                throw new IllegalArgumentException("--progress-seconds must be at least 0.1, got " + progressSeconds);
            }
            String worker = hostName() + "/" + ProcessHandle.current().pid();
            if (shard != null) {
                if (cluster != null) {
                    throw new IllegalArgumentException("--shard and --cluster do not go together: a shard runs its slice here");
                }
                String[] f = shard.split("/");
                int i;
                int n;
                try {
                    i = Integer.parseInt(f[0].strip());
                    n = Integer.parseInt(f.length == 2 ? f[1].strip() : "x");
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("--shard must be I/N, such as 3/16, got '" + shard + "'");
                }
                Path dir = shardDir != null ? shardDir : files.sibling(".shards");
                List<StudyPoint> mine = s.shard(i, n);
                StudyRun.Tally t = StudyRun.shard(s, i, n, dir, here, worker, m -> err.println("oftctl study: " + m));
                out.printf(Locale.ROOT, "study %s shard %d/%d: %d points in the slice, %d run now, %d failed; results in %s%n", s.name(), i, n,
                        mine.size(), t.stored(), t.failedCount(), dir);
                return t.failedCount() > 0 ? Oftctl.EXIT_FAILURE : 0;
            }
            long started = System.nanoTime();
            try (ResultStore.RunLock lock = ResultStore.lockForRun(files.db(), "oftctl study run " + files.file);
                 ResultStore store = ResultStore.open(files.db())) {
                store.describe(s);
                Set<String> stored = store.storedIds();
                List<StudyPoint> todo = s.points().stream().filter(p -> !stored.contains(p.id())).toList();
                out.printf(Locale.ROOT, "study %s: %d points, %d stored already, %d to run%n", s.name(), s.points().size(),
                        s.points().size() - todo.size(), todo.size());
                out.flush();
                StudyRun.Tally t;
                if (cluster == null) {
                    StudyRun.requireMemory(s, todo, here);
                    t = StudyRun.embedded(s.name(), todo, store, here, worker, m -> err.println("oftctl study: " + m),
                            (long) (progressSeconds * 1000), err);
                } else {
                    t = onCluster(s, todo, store, here, err);
                }
                out.printf(Locale.ROOT, "study %s: done in %.1f s (%.1f s from the first point handed out; the points took %.1f core-s): %s%n",
                        s.name(), (System.nanoTime() - started) / 1e9, t.secondsSinceFirstPoint(), t.pointSeconds(), t.summary());
                StudyTable.saturation(store.rows(s.points()), out);
                return t.failedCount() > 0 ? Oftctl.EXIT_FAILURE : 0;
            }
        }

        private StudyRun.Tally onCluster(Study s, List<StudyPoint> todo, ResultStore store, int here, PrintWriter err) throws Exception {
            Vertx vertx = clusterArgs.join(cluster);
            PrintWriter out = spec.commandLine().getOut();
            StudyRun.Tally tally = new StudyRun.Tally();
            Coordinator c = new Coordinator(s, todo, store, clusterArgs.key(), (long) (leaseSeconds * 1000), tally,
                    m -> err.println("oftctl study: " + m));
            try {
                try {
                    vertx.deployVerticle(c).toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
                } catch (java.util.concurrent.ExecutionException e) {
                    throw e.getCause() instanceof IllegalStateException ise ? new IllegalArgumentException(ise.getMessage()) : e;
                }
                out.printf(Locale.ROOT, "oftctl study: coordinating on the cluster %s as %s (members: %s)%n", clusterArgs.name,
                        clusterArgs.host, cluster);
                out.flush();
                if (here > 0) {
                    vertx.deployVerticle(new Worker(clusterArgs.host + "/" + ProcessHandle.current().pid(), here, clusterArgs.key(), m -> {
                    })).toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
                }
                StudyRun.ProgressLine p = new StudyRun.ProgressLine(err, s.name(), todo.size(), tally, c::runningByWorker, store,
                        (long) (progressSeconds * 1000));
                try {
                    c.finished().toCompletionStage().toCompletableFuture().get();
                } finally {
                    p.close();
                }
            } finally {
                vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
            }
            return tally;
        }
    }

    /** This machine's name for the results' worker column, or "localhost" where it has none that resolves. */
    static String hostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
            return "localhost";
        }
    }

    /** Options of a cluster member, shared by {@code study run --cluster} and {@code worker}. */
    static final class ClusterArgs {
        @Option(names = "--cluster-port", defaultValue = "5701", description = "this member's Hazelcast port (the next free one from it)")
        int port;

        @Option(names = "--cluster-name", defaultValue = "oft-study", description = "the cluster's name: members of other names are not joined")
        String name;

        @Option(names = "--host", description = "this machine's address the others reach (default: the one that routes to the first member)")
        String host;

        @Option(names = "--bus-port", defaultValue = "0", description = "this member's event-bus port, for firewalls that open named ports "
                + "(default: a free one)")
        int busPort;

        @Option(names = "--cluster-key", paramLabel = "FILE", description = "the secret every member seals its messages with (default: "
                + "~/.oftctl/study-cluster.key, made on first use, owner-only; machines that do not share the home need a copy)")
        Path keyFile;

        private ClusterKey key;

        /** The cluster's key, loaded once. */
        ClusterKey key() {
            if (key == null) {
                key = ClusterKey.load(keyFile != null ? keyFile
                        : StateDir.file("study-cluster.key"));
            }
            return key;
        }

        Vertx join(String members) {
            List<java.net.InetSocketAddress> m = StudyCluster.members(members);
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("--cluster-port must be 1..65535, got " + port);
            }
            if (host == null) {
                host = StudyCluster.localAddressTowards(m.get(0));
            }
            return StudyCluster.join(m, host, port, busPort, key().clusterName(name));
        }
    }

    @Command(name = "merge", footer = {"%nExamples:", "  oftctl study merge big.json --shards 16   (after 'study run big.json --shard I/16' for I = 1..16)"}, description = "Gather the shards' result files into the database and list the points still missing.")
    static final class Merge implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @picocli.CommandLine.Mixin
        StudyFiles files = new StudyFiles();

        @Option(names = "--shard-dir", description = "where the shards wrote (default: FILE with .shards for .json)")
        Path shardDir;

        @Option(names = "--shards", description = "N of the --shard I/N runs, to name the shards of the missing points")
        Integer shards;

        @Override
        public Integer call() {
            Study s = files.study();
            Path dir = shardDir != null ? shardDir : files.sibling(".shards");
            if (shards != null && shards < 1) {
                throw new IllegalArgumentException("--shards must be at least 1, got " + shards);
            }
            try (ResultStore.RunLock lock = ResultStore.lockForRun(files.db(), "oftctl study merge " + files.file);
                 ResultStore store = ResultStore.open(files.db())) {
                StudyRun.Merged m = StudyRun.merge(s, dir, store);
                PrintWriter out = spec.commandLine().getOut();
                out.printf(Locale.ROOT, "study %s: %d results merged from %s, %d were stored already, %d of %d points missing%n", s.name(),
                        m.added(), dir, m.alreadyStored(), m.missing().size(), s.points().size());
                if (!m.missing().isEmpty() && shards != null) {
                    java.util.Map<String, Integer> index = new java.util.HashMap<>();
                    for (int i = 0; i < s.points().size(); i++) {
                        index.put(s.points().get(i).id(), i);
                    }
                    java.util.TreeMap<Integer, Integer> byShard = new java.util.TreeMap<>();
                    for (StudyPoint p : m.missing()) {
                        byShard.merge(index.get(p.id()) % shards + 1, 1, Integer::sum);
                    }
                    StringBuilder sb = new StringBuilder();
                    byShard.forEach((i, n) -> sb.append(sb.length() == 0 ? "" : ", ").append(i).append('/').append(shards).append(" (")
                            .append(n).append(n == 1 ? " point)" : " points)"));
                    out.println("rerun shards: " + sb);
                }
                for (StudyPoint p : m.missing()) {
                    out.println("missing " + p.id() + " " + p.describe());
                }
                return m.missing().isEmpty() ? 0 : Oftctl.EXIT_FAILURE;
            }
        }
    }

    @Command(name = "export", footer = {"%nExamples:", "  oftctl study export examples/studies/first.json --format csv > first.csv", "  oftctl study export examples/studies/first.json --format parquet --output first.parquet"}, description = "Write the stored results as a table pandas or R reads as it is: one flat row per point.")
    static final class Export implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @picocli.CommandLine.Mixin
        StudyFiles files = new StudyFiles();

        @Option(names = "--format", defaultValue = "csv", description = "csv, json or parquet (parquet needs --output)")
        String format;

        @Option(names = "--output", description = "write here instead of standard output")
        Path output;

        @Override
        public Integer call() throws Exception {
            if (!format.equals("csv") && !format.equals("json") && !format.equals("parquet")) {
                throw new IllegalArgumentException("--format must be csv, json or parquet, got '" + format + "'");
            }
            if (format.equals("parquet") && output == null) {
                throw new IllegalArgumentException("--format parquet writes a binary file: give --output FILE.parquet");
            }
            Study s = files.study();
            if (!Files.exists(files.db())) {
                throw new IllegalArgumentException("no results database " + files.db() + " yet: run 'oftctl study run " + files.file + "' first");
            }
            if (output != null) {
                refuseInput(output, files.file, files.db());
                if (format.equals("parquet") && Files.exists(output) && !Files.isRegularFile(output)) {
                    throw new IllegalArgumentException("--output " + output + " is not a regular file: Parquet is written to a file");
                }
            }
            try (ResultStore store = ResultStore.openReadOnly(files.db())) { // a results file others may not write exports too
                List<ResultStore.Row> rows = store.rows(s.points());
                if (format.equals("parquet")) {
                    ParquetExport.write(rows, output);
                    return 0;
                }
                if (output == null) {
                    table(rows, spec.commandLine().getOut()); // a write error there is Oftctl's to report
                    return 0;
                }
                OutputFile.write(output, w -> table(rows, w)); // whole or not at all
            }
            return 0;
        }

        private void table(List<ResultStore.Row> rows, PrintWriter w) {
            if (format.equals("csv")) {
                StudyTable.csv(rows, w);
            } else {
                StudyTable.json(rows, w);
            }
        }
    }

    /**
     * Refuses an output that would overwrite what a study is made of: its file, its results database (or that
     * database's journal), or any other results database.
     */
    static void refuseInput(Path output, Path studyFile, Path db) {
        Path out = output.toAbsolutePath().normalize();
        String why = null;
        if (sameFile(out, studyFile)) {
            why = "the study file";
        } else if (sameFile(out, db) || out.toString().equals(db.toAbsolutePath().normalize() + "-wal")
                || out.toString().equals(db.toAbsolutePath().normalize() + "-shm")) {
            why = "the study's results database";
        } else if (Files.isDirectory(out)) {
            why = "a folder";
        } else if (ResultStore.isResultsFile(out)) {
            why = "a results database";
        }
        if (why != null) {
            throw new IllegalArgumentException("--output " + output + " is " + why + ": an export never overwrites what it is made from;"
                    + " give another file");
        }
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.exists(a) && Files.exists(b) ? Files.isSameFile(a, b) : a.equals(b.toAbsolutePath().normalize());
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
