package org.oft.controller.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.oft.controller.cli.Oftctl;
import org.oft.controller.boards.BoardSpec;
import org.oft.controller.limits.MemoryBudget;

/**
 * A study runs the same embedded, as Slurm shards and (StudyClusterTest) on a cluster: every point stored once,
 * with the same bits; a run killed with kill -9 resumes where it stopped; a bad study file is one line.
 */
@Timeout(300)
class StudyRunTest {
    /** 2 engines x 2 patterns x 3 loads x 2 seeds = 24 small points on the 4-ary 3-tree, and 2 engines x 2 seeds analyses. */
    static final String SMALL = """
            {"name": "small", "topologies": ["kary:4,3"], "engines": ["dmodk", "random"], "traffic": ["uniform", "shift:5"],
             "loads": {"from": 0.3, "to": 0.9, "step": 0.3}, "seeds": [1, 2],
             "flit": {"warmup": 300, "sample": 1500, "drain": 3000},
             "analyses": [{"metric": "mload", "pattern": "shift:all"}]}
            """;

    record Run(int code, String out, String err) {
    }

    static Run oftctl(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Oftctl.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new Run(code, out.toString(), err.toString());
    }

    /** Each stored point's result, by id. */
    static Map<String, String> results(Path db, Study s) {
        Map<String, String> m = new HashMap<>();
        try (ResultStore store = ResultStore.open(db)) {
            for (ResultStore.Row r : store.rows(s.points())) {
                m.put(r.id(), r.result().encode());
            }
        }
        return m;
    }

    static int rowCount(Path db) throws Exception {
        try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db); var st = c.createStatement();
             var rs = st.executeQuery("SELECT count(*), count(DISTINCT id) FROM points")) {
            assertEquals(rs.getInt(1), rs.getInt(2), "one row per point");
            return rs.getInt(1);
        } catch (java.sql.SQLException e) {
            return 0; // not created yet
        }
    }

    @Test
    void theStudyExpandsToItsPointsAndPlansThem(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("small.json"), SMALL);
        Study s = StudyFile.read(f);
        assertEquals(28, s.points().size());
        assertEquals(28, s.points().stream().map(StudyPoint::id).distinct().count(), "ids differ by configuration");
        assertEquals(s.points(), StudyFile.read(f).points(), "the same file gives the same ids");
        // loads innermost: a configuration's curve is contiguous
        assertEquals(List.of(0.3, 0.6, 0.9), s.points().subList(0, 3).stream().map(p -> p.config().getDouble("load")).toList());
        Run plan = oftctl("study", "plan", f.toString());
        assertEquals(0, plan.code, plan.err);
        assertTrue(plan.out.startsWith("study small: 28 points (24 flit-model runs, 4 analyses), 0 stored in "), plan.out);
        assertTrue(plan.out.contains("estimate: the flit-model runs take "), plan.out);
        assertTrue(plan.out.contains("memory: the largest point holds about 0.3 GB"), plan.out);
        // shards cover the study once
        assertEquals(28, s.shard(1, 3).size() + s.shard(2, 3).size() + s.shard(3, 3).size());
    }

    @Test
    void embeddedShardsAndAResumedRunStoreTheSameBitsOnce(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("small.json"), SMALL);
        Study s = StudyFile.read(f);
        Run whole = oftctl("study", "run", f.toString(), "--threads", "2");
        assertEquals(0, whole.code, whole.err);
        assertTrue(whole.out.contains("28 stored, 0 failed"), whole.out);
        assertTrue(whole.out.contains("\"kary:4,3\",dmodk,1,uniform,1,\"4 VCs x 16 flits, 1-flit packets, wormhole\",3,"), whole.out);
        Map<String, String> embedded = results(dir.resolve("small.db"), s);
        assertEquals(28, embedded.size());

        // again: nothing to run
        Run again = oftctl("study", "run", f.toString());
        assertTrue(again.out.contains("28 stored already, 0 to run"), again.out);

        // as shards: two of three, then the merge names the missing shard; its run completes the study
        Path sdb = dir.resolve("shards.db");
        assertEquals(0, oftctl("study", "run", f.toString(), "--shard", "1/3", "--threads", "1").code);
        assertEquals(0, oftctl("study", "run", f.toString(), "--shard", "2/3", "--threads", "1").code);
        Run merge = oftctl("study", "merge", f.toString(), "--db", sdb.toString(), "--shards", "3");
        assertEquals(Oftctl.EXIT_FAILURE, merge.code);
        assertTrue(merge.out.contains("9 of 28 points missing") && merge.out.contains("rerun shards: 3/3 (9 points)"), merge.out);
        assertEquals(0, oftctl("study", "run", f.toString(), "--shard", "3/3").code);
        merge = oftctl("study", "merge", f.toString(), "--db", sdb.toString(), "--shards", "3");
        assertEquals(0, merge.code, merge.out);
        assertTrue(merge.out.contains("9 results merged") && merge.out.contains("19 were stored already, 0 of 28 points missing"), merge.out);
        assertEquals(embedded, results(sdb, s), "shards give the same bits as the embedded run");

        // exported as pandas reads it: a header, one flat row per point
        Run csv = oftctl("study", "export", f.toString(), "--format", "csv");
        assertEquals(0, csv.code, csv.err);
        String[] lines = csv.out.strip().split("\n");
        assertEquals(29, lines.length);
        assertTrue(lines[0].startsWith("id,kind,topology,engine,paths,traffic,load,seed,vcs,buffer,"), lines[0]);
        assertTrue(lines[0].contains(",accepted,") && lines[0].contains(",utilisationByLevel.1,") && lines[0].contains(",wallSeconds,worker"),
                lines[0]);
        Run json = oftctl("study", "export", f.toString(), "--format", "json");
        assertEquals(28, new io.vertx.core.json.JsonArray(json.out).size());
        // and as Parquet, read back by DuckDB: every row, numbers as numbers
        Path parquet = dir.resolve("small.parquet");
        Run pq = oftctl("study", "export", f.toString(), "--format", "parquet", "--output", parquet.toString());
        assertEquals(0, pq.code, pq.err);
        try (var c = java.sql.DriverManager.getConnection("jdbc:duckdb:"); var st = c.createStatement();
             var rs = st.executeQuery("SELECT count(*), count(accepted), typeof(any_value(accepted)), typeof(any_value(\"anomalies.deadlock\")) FROM '"
                     + parquet + "'")) {
            rs.next();
            assertEquals(28, rs.getInt(1));
            assertEquals(24, rs.getInt(2), "the flit points have an accepted rate, the analyses none");
            assertEquals("DOUBLE", rs.getString(3));
            assertEquals("BOOLEAN", rs.getString(4));
        }
        assertEquals(Oftctl.EXIT_USAGE, oftctl("study", "export", f.toString(), "--format", "parquet").code, "binary needs --output");
    }

    @Test
    void aRunKilledMidStudyResumesWithTheRestOnly(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("small.json"), SMALL.replace("\"sample\": 1500", "\"sample\": 6000"));
        Path db = dir.resolve("small.db");
        Process p = new ProcessBuilder(BoardSpec.BoardProcess.oftctl(List.of(), "study", "run", f.toString(), "--threads", "1"))
                .redirectErrorStream(true).redirectOutput(dir.resolve("first.out").toFile()).start();
        try {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (rowCount(db) < 4 && System.nanoTime() < until && p.isAlive()) {
                Thread.sleep(100);
            }
        } finally {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS); // kill -9
        }
        int before = rowCount(db);
        assertTrue(before >= 4 && before < 28, "killed mid-study, with " + before + " of 28 stored: " + Files.readString(dir.resolve("first.out")));
        Run resumed = oftctl("study", "run", f.toString());
        assertEquals(0, resumed.code, resumed.err);
        assertTrue(resumed.out.contains(before + " stored already, " + (28 - before) + " to run"), resumed.out);
        assertEquals(28, rowCount(db), "every point stored once");
    }

    @Test
    void aPointLargerThanThisMachineIsRefusedBeforeAnythingRuns(@TempDir Path dir) throws Exception {
        // the 18-ary 4-tree: 2.45 GB of tables, about 9.3 GB a point; the test JVM may plan for less
        org.junit.jupiter.api.Assumptions.assumeTrue(MemoryBudget.budget() < 9_300_000_000L);
        Path f = Files.writeString(dir.resolve("huge.json"), "{\"topologies\": [\"kary:18,4\"], \"engines\": [\"dmodk\"], "
                + "\"traffic\": [\"uniform\"], \"loads\": [0.5]}");
        Run plan = oftctl("study", "plan", f.toString());
        assertTrue(plan.out.contains("memory: the largest point holds about 9.3 GB"), plan.out);
        Run r = oftctl("study", "run", f.toString(), "--threads", "1");
        assertEquals(Oftctl.EXIT_USAGE, r.code, r.out + r.err);
        assertTrue(r.err.startsWith("oftctl: point ") && r.err.contains("(kary:18,4 dmodk uniform load 0.5 seed 1), 1 at once, would take about 8.7 GiB"),
                r.err);
        assertEquals(0, rowCount(dir.resolve("huge.db")), "nothing stored");
    }

    @Test
    void aBadStudyFileIsOneLinePerErrorAndRunsNothing(@TempDir Path dir) throws Exception {
        String[][] cases = {
                {"{\"topologies\": [\"kary:4,3\"], \"engines\": [\"dmodk\"], \"traffic\": [\"uniform\"], \"loads\": [0.5",
                        "bad.json: not a JSON object"},
                {"{\"engines\": [\"dmodk\"], \"traffic\": [\"uniform\"], \"loads\": [0.5]}", "bad.json: topologies: missing (a list)"},
                {"{\"topologies\": [\"kary:4,3\"], \"engines\": [\"dmodq\"], \"traffic\": [\"uniform\"], \"loads\": [0.5]}",
                        "bad.json: engines[0]: unknown routing engine 'dmodq'; known: dmodk,"},
                {"{\"topologies\": [\"kary:4\"], \"engines\": [\"dmodk\"], \"traffic\": [\"uniform\"], \"loads\": [0.5]}",
                        "bad.json: topologies[0]: topology 'kary:4': expected kary:k,n"},
                {"{\"topologies\": [\"kary:4,3\"], \"engines\": [\"dmodk\"], \"traffic\": [\"uniform\"], \"loads\": [1.5]}",
                        "bad.json: loads: 1.5 is not in (0, 1]"},
                {"{\"topologies\": [\"kary:4,3\"], \"engines\": [\"dmodk\"], \"traffic\": [\"unifrom\"], \"loads\": [0.5]}",
                        "bad.json: traffic 'unifrom' on "},
                {"{\"topologies\": [\"kary:4,3\"], \"engines\": [\"dmodk\"], \"traffic\": [\"uniform\"], \"loads\": [0.5], \"flit\": {\"vc\": 2}}",
                        "bad.json: flit.vc: unknown option (known: vcs, buffer,"},
                {"{\"topologies\": [\"kary:4,3\"], \"engines\": [\"dmodk\"], \"traffic\": [\"uniform\"], \"loads\": [0.5], "
                        + "\"flit\": {\"switching\": \"cut-through\", \"buffer\": 2, \"packet\": 8}}", "bad.json: flit: virtual cut-through needs"},
                {"{\"topologies\": [\"kary:4,3\"], \"engines\": [\"dmodk\"], \"analyses\": [{\"metric\": \"ebbb\", \"pattern\": \"bisect\"}]}",
                        "bad.json: analyses[0].metric: unknown metric 'ebbb'"},
                {"{\"topologies\": [\"kary:4,3\"], \"engines\": [\"dmodk\"], \"traffic\": [\"uniform\"], \"loads\": [0.5], \"seed\": [1]}",
                        "bad.json: seed: unknown field"},
                {"{\"topologies\": [\"kary:4,3\"], \"hostOrder\": \"lid\", \"engines\": [\"dmodk\"], \"traffic\": [\"uniform\"], \"loads\": [0.5]}",
                        "bad.json: hostOrder: expected one of guid, file, tuple, got 'lid'"},
        };
        for (String[] c : cases) {
            Path f = Files.writeString(dir.resolve("bad.json"), c[0]);
            Run r = oftctl("study", "run", f.toString());
            assertEquals(Oftctl.EXIT_USAGE, r.code, c[0] + "\n" + r.err);
            assertTrue(r.err.startsWith("oftctl: " + dir + "/" + c[1]), c[0] + " gave " + r.err);
            assertEquals(1, r.err.strip().split("\n").length, "one line: " + r.err);
            assertTrue(!Files.exists(dir.resolve("bad.db")), "nothing written for a refused file");
        }
        // every error at once, a line each
        Path f = Files.writeString(dir.resolve("bad.json"), "{\"topologies\": [\"kary:4,3\"], \"engines\": [\"dmodq\"], "
                + "\"traffic\": [\"uniform\"], \"loads\": [0.5], \"seeds\": [\"one\"]}");
        Run r = oftctl("study", "plan", f.toString());
        assertEquals(List.of("oftctl: " + f + ": engines[0]: unknown routing engine 'dmodq'; known: dmodk, smodk, random, gdmodk, gsmodk, shift-1, disjoint",
                "oftctl: " + f + ": seeds: one is not a whole number"), List.of(r.err.strip().split("\n")));
    }

    /** The Slurm recipe runs slice I of the N it is told: rerunning shards 3 and 7 (--array=3,7) must not run 3/7 and 7/7. */
    @Test
    void theSlurmRecipeRunsTheSliceItIsGivenOfTheNItIsTold(@TempDir Path dir) throws Exception {
        Path recipe = Path.of("..", "examples", "studies", "slurm.sbatch").toAbsolutePath().normalize();
        Path fake = dir.resolve("oftctl"); // stands in for the launcher: says what it was asked
        Files.writeString(fake, "#!/bin/sh\necho \"$@\"\n");
        assertTrue(fake.toFile().setExecutable(true));
        for (String[] c : new String[][] {{"7", "16", "0", "study run big.json --shard 7/16 --threads 1"},
            {"3", "16", "0", "study run big.json --shard 3/16 --threads 1"}, {"17", "16", "2", ""}, {"3", "x", "2", ""}}) {
            ProcessBuilder pb = new ProcessBuilder("bash", recipe.toString(), "big.json", c[1]).redirectErrorStream(false);
            pb.environment().put("SLURM_ARRAY_TASK_ID", c[0]);
            pb.environment().put("SLURM_ARRAY_TASK_MAX", "7"); // what the old recipe took N from
            pb.environment().put("SLURM_SUBMIT_DIR", dir.toString());
            pb.environment().remove("SLURM_CPUS_PER_TASK");
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes()).strip();
            assertTrue(p.waitFor(20, TimeUnit.SECONDS));
            assertEquals(Integer.parseInt(c[2]), p.exitValue(), String.join(" ", c) + ": " + new String(p.getErrorStream().readAllBytes()));
            assertEquals(c[3], out, String.join(" ", c));
        }
        // it asks Slurm for no number of cores of its own: one larger than a node's would leave the array pending for ever
        assertTrue(Files.readAllLines(recipe).stream().noneMatch(l -> l.startsWith("#SBATCH") && (l.contains("--cpus-per-task")
                || l.matches("#SBATCH\\s+-c\\b.*"))), "the recipe asks for a number of cores");
        pbWithCores(recipe, dir);
    }

    /** With the cores Slurm gave a task (-c 8), a slice runs that many points at once. */
    private static void pbWithCores(Path recipe, Path dir) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("bash", recipe.toString(), "big.json", "16");
        pb.environment().put("SLURM_ARRAY_TASK_ID", "2");
        pb.environment().put("SLURM_CPUS_PER_TASK", "8");
        pb.environment().put("SLURM_SUBMIT_DIR", dir.toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        assertTrue(p.waitFor(20, TimeUnit.SECONDS));
        assertEquals("study run big.json --shard 2/16 --threads 8", out);
    }
}
