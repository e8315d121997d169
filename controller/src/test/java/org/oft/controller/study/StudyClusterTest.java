package org.oft.controller.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.oft.controller.boards.BoardSpec;
import org.oft.controller.service.ownership.HaBench;

/**
 * A study on a loopback cluster of real {@code oftctl} processes (a coordinator and two workers over Vert.x and
 * Hazelcast): the same rows as the embedded run, although a worker is killed with kill -9 mid-study and the
 * coordinator is killed and started again; a worker of another model version is refused at join, naming both.
 */
@Timeout(300)
class StudyClusterTest {
    private final List<Process> processes = new ArrayList<>();

    @AfterEach
    void killAll() throws InterruptedException {
        for (Process p : processes) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    private HaBench.OftctlProcess start(Path log, List<String> jvm, String... args) throws Exception {
        HaBench.OftctlProcess p = HaBench.spawn(BoardSpec.BoardProcess.oftctl(jvm, args), log);
        processes.add(p.process());
        return p;
    }

    private static int freePort() throws java.io.IOException {
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void killedWorkersAndCoordinatorsLoseNoPointAndStoreNoneTwice(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("small.json"), StudyRunTest.SMALL.replace("\"sample\": 1500", "\"sample\": 8000"));
        Study s = StudyFile.read(f);
        // the reference: the same study embedded, in this JVM
        Path edb = dir.resolve("embedded.db");
        StudyRunTest.Run embedded = StudyRunTest.oftctl("study", "run", f.toString(), "--db", edb.toString(), "--threads", "2");
        assertEquals(0, embedded.code(), embedded.err());

        int pc = freePort();
        int p1 = freePort();
        int p2 = freePort();
        String name = "oft-test-" + ProcessHandle.current().pid() + "-" + pc;
        String all = "127.0.0.1:" + pc + ",127.0.0.1:" + p1 + ",127.0.0.1:" + p2;
        Path db = dir.resolve("cluster.db");
        String[] coordinate = {"study", "run", f.toString(), "--db", db.toString(), "--cluster", all, "--cluster-port", Integer.toString(pc),
                "--cluster-name", name, "--lease-seconds", "3", "--progress-seconds", "1"};
        HaBench.OftctlProcess coordinator = start(dir.resolve("coordinator.err"), HaBench.BRIEF_JVM, coordinate); // it hands points out; workers compute
        coordinator.until("oftctl study: coordinating on the cluster " + name, 90);
        // a worker of another model version is refused when it asks for work, both versions named (started first, and
        // the study has many points: there is work when it asks); the others start meanwhile, as joining takes seconds
        HaBench.OftctlProcess odd = start(dir.resolve("odd.err"), java.util.stream.Stream.concat(HaBench.BRIEF_JVM.stream(),
                java.util.stream.Stream.of("-Doft.study.modelVersion=oft-model-0")).toList(), "worker", "--cluster", all,
                "--cluster-port", Integer.toString(freePort()), "--cluster-name", name, "--threads", "1", "--name", "w-old");
        HaBench.OftctlProcess w1 = start(dir.resolve("w1.err"), List.of(), "worker", "--cluster", all, "--cluster-port", Integer.toString(p1),
                "--cluster-name", name, "--threads", "1", "--name", "w1");
        HaBench.OftctlProcess w2 = start(dir.resolve("w2.err"), List.of(), "worker", "--cluster", all, "--cluster-port", Integer.toString(p2),
                "--cluster-name", name, "--threads", "1", "--name", "w2");
        assertTrue(odd.process().waitFor(90, TimeUnit.SECONDS), "the worker of another version ends");
        assertEquals(2, odd.process().exitValue());
        String oddErr = Files.readString(dir.resolve("odd.err"));
        assertTrue(oddErr.contains("oftctl: worker w-old runs model version oft-model-0 but the study's coordinator runs "
                + StudyPoint.MODEL_VERSION), oddErr);
        w1.until("oftctl worker: w1 joined", 90);
        w2.until("oftctl worker: w2 joined", 90);

        // kill -9 a worker once it has stored two points: it is mid-point then, as a worker takes the next at once
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (ResultStore.storedBy(db, "w1") < 2 && System.nanoTime() < until) {
            Thread.sleep(50);
        }
        w1.process().destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        // then the coordinator, and start it again: the remaining worker carries on for the new one
        while (StudyRunTest.rowCount(db) < 12 && System.nanoTime() < until) {
            Thread.sleep(50);
        }
        int before = StudyRunTest.rowCount(db);
        coordinator.process().destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        assertTrue(before >= 12 && before < s.points().size(), "killed mid-study: " + before + " stored");
        HaBench.OftctlProcess again = start(dir.resolve("coordinator2.err"), HaBench.BRIEF_JVM, coordinate);
        String resumed = again.until("study small: ", 90);
        int storedAtRestart = Integer.parseInt(resumed.replaceFirst(".* points, (\\d+) stored already.*", "$1"));
        assertTrue(storedAtRestart >= before, resumed);
        assertTrue(again.process().waitFor(180, TimeUnit.SECONDS), "the study ends");
        assertEquals(0, again.process().exitValue(), Files.readString(dir.resolve("coordinator2.err")));
        String done = again.until("study small: done in ", 5);
        assertTrue(done.contains((s.points().size() - storedAtRestart) + " stored, 0 failed"), done);
        assertTrue(done.contains("w2 "), "the remaining worker ran the rest: " + done);

        assertEquals(s.points().size(), StudyRunTest.rowCount(db), "every point stored, once");
        assertEquals(StudyRunTest.results(edb, s), StudyRunTest.results(db, s), "the cluster's rows are the embedded run's, bit for bit");
        System.out.println("cluster study: " + done + "; first coordinator's log:\n" + Files.readString(dir.resolve("coordinator.err")));
    }

    /**
     * A worker no member answers says it is alone, not that it joined (issue 66), and says it joined once another
     * member comes (Hazelcast merges the two clusters of one within seconds).
     */
    @Test
    void aWorkerThatNobodyAnswersSaysItIsAloneUntilAMemberComes(@TempDir Path dir) throws Exception {
        int pw = freePort();
        int po = freePort();
        String name = "oft-alone-" + ProcessHandle.current().pid() + "-" + pw;
        String all = "127.0.0.1:" + pw + ",127.0.0.1:" + po;
        HaBench.OftctlProcess w = start(dir.resolve("w.err"), HaBench.BRIEF_JVM, "worker", "--cluster", all, "--cluster-port",
                Integer.toString(pw), "--cluster-name", name, "--threads", "1", "--name", "lonely", "--host", "127.0.0.1");
        String first = w.until("oftctl worker: lonely ", 90);
        assertTrue(first.contains("is alone: no member of " + all + " answered"), first);
        HaBench.OftctlProcess other = start(dir.resolve("o.err"), HaBench.BRIEF_JVM, "worker", "--cluster", all, "--cluster-port",
                Integer.toString(po), "--cluster-name", name, "--threads", "1", "--name", "other", "--host", "127.0.0.1");
        other.until("oftctl worker: other ", 90);
        String joined = w.until("oftctl worker: lonely joined", 90);
        assertTrue(joined.contains("2 members"), joined);
    }
}
