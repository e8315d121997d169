package org.oft.controller.study.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Vertx;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oft.controller.study.ResultStore;
import org.oft.controller.study.Study;
import org.oft.controller.study.StudyFile;
import org.oft.controller.study.StudyPoint;
import org.oft.controller.study.StudyRun;

/**
 * The coordinator takes from the study cluster only what a worker of this oftctl with the cluster's key sends: a
 * message not sealed with the key (a forged member), without a worker's name, of the wrong shape, or a result that
 * does not answer the point it names is refused with a reason (logged once per kind), stores nothing and throws
 * nothing; a real result is stored.
 */
class CoordinatorTest {
    private static final ClusterKey KEY = ClusterKey.of("a study cluster's key of 32+ chars".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    private static final ClusterKey FORGER = ClusterKey.of("a forger's key, of 32 characters or more".getBytes(java.nio.charset.StandardCharsets.US_ASCII));

    @Test
    void forgedAndBrokenMessagesAreRefusedAndStoreNothing(@TempDir Path dir) throws Exception {
        Study study = StudyFile.parse(new JsonObject("{\"topologies\": [\"kary:2,2\"], \"engines\": [\"dmodk\"], \"traffic\": [\"uniform\"],"
                + " \"loads\": [0.3], \"flit\": {\"warmup\": 50, \"sample\": 200, \"drain\": 500}}"), dir, "forged", "forged.json");
        StudyPoint point = study.points().get(0);
        List<String> log = new CopyOnWriteArrayList<>();
        Vertx vertx = Vertx.vertx();
        try (ResultStore store = ResultStore.open(dir.resolve("forged.db"))) {
            store.describe(study);
            Coordinator c = new Coordinator(study, study.points(), store, KEY, 60_000, new StudyRun.Tally(), log::add);
            vertx.deployVerticle(c).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);

            JsonObject figures = new JsonObject().put("load", 0.3).put("offered", 0.3).put("accepted", 0.3).put("minFlowAccepted", 0.29)
                    .put("sustained", true);
            // a member without the key: unsealed, or sealed with another key, its work is not handed out and its results not stored
            JsonObject ask = new JsonObject().put("worker", "forger").put("version", StudyPoint.MODEL_VERSION);
            assertEquals(400, raw(vertx, StudyCluster.TAKE, ask));
            assertEquals(400, failure(vertx, StudyCluster.TAKE, ask, FORGER));
            assertEquals(400, failure(vertx, StudyCluster.DONE, done(point, figures), FORGER));
            assertEquals(400, failure(vertx, StudyCluster.TAKE, new JsonObject().put("version", StudyPoint.MODEL_VERSION)));
            assertEquals(400, failure(vertx, StudyCluster.TAKE, new JsonObject().put("worker", 42)));
            assertEquals(400, failure(vertx, StudyCluster.BEAT, new JsonObject().put("ids", new JsonArray().add(point.id()))));
            assertEquals(400, failure(vertx, StudyCluster.DONE, new JsonObject().put("worker", "w").put("id", 7)));
            // a result for another load, one with a formula for a figure, one without figures
            assertEquals(400, failure(vertx, StudyCluster.DONE, done(point, figures.copy().put("load", 0.9))));
            assertEquals(400, failure(vertx, StudyCluster.DONE, done(point, figures.copy().put("accepted", "=cmd|' /C calc'!A0"))));
            assertEquals(400, failure(vertx, StudyCluster.DONE, done(point, null)));
            assertTrue(store.storedIds().isEmpty(), "nothing forged is stored");
            assertTrue(log.stream().allMatch(l -> l.startsWith("refused a message on the study cluster: ") && !l.contains("Exception")), log.toString());
            assertEquals(1, log.stream().filter(l -> l.contains("the result for point")).count(), "one line for every result refused: " + log);

            JsonObject ok = KEY.open(vertx.eventBus().<JsonObject>request(StudyCluster.DONE, KEY.seal(done(point, figures))).toCompletionStage()
                    .toCompletableFuture().get(10, TimeUnit.SECONDS).body());
            assertEquals(true, ok.getBoolean("stored"));
            assertEquals(null, FORGER.open(KEY.seal(ok)), "a forger cannot read a sealed reply as its own");
            assertEquals(java.util.Set.of(point.id()), store.storedIds());
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    /** A second coordinator on one cluster is refused at its start, naming the first: two would livelock each other's points. */
    @Test
    void oneCoordinatorPerCluster(@TempDir Path dir) throws Exception {
        Study study = StudyFile.parse(new JsonObject("{\"topologies\": [\"kary:2,2\"], \"engines\": [\"dmodk\"], \"traffic\": [\"uniform\"],"
                + " \"loads\": [0.3]}"), dir, "one", "one.json");
        Vertx vertx = Vertx.vertx();
        try (ResultStore a = ResultStore.open(dir.resolve("a.db")); ResultStore b = ResultStore.open(dir.resolve("b.db"))) {
            vertx.deployVerticle(new Coordinator(study, study.points(), a, KEY, 60_000, new StudyRun.Tally(), m -> { }))
                    .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            java.util.concurrent.ExecutionException e = org.junit.jupiter.api.Assertions.assertThrows(java.util.concurrent.ExecutionException.class,
                    () -> vertx.deployVerticle(new Coordinator(study, study.points(), b, KEY, 60_000, new StudyRun.Tally(), m -> { }))
                            .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS));
            assertTrue(e.getCause().getMessage().startsWith("another coordinator runs on this study cluster (study one, pid "),
                    e.getCause().getMessage());
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    /** A worker that finds no coordinator says so, once, rather than idle in silence (it keeps asking). */
    @Test
    void aWorkerWithoutACoordinatorSaysSo() throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            java.util.concurrent.LinkedBlockingQueue<String> notes = new java.util.concurrent.LinkedBlockingQueue<>();
            Worker w = new Worker("lonely", 1, KEY, m -> { }).onNote(notes::add);
            w.lonelyMillis = 600;
            vertx.deployVerticle(w).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            String note = notes.poll(20, TimeUnit.SECONDS);
            assertTrue(note != null && note.startsWith("no coordinator has answered for 1 s"), String.valueOf(note));
            Thread.sleep(1500);
            assertTrue(notes.isEmpty(), "said once: " + notes);
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    private static JsonObject done(StudyPoint p, JsonObject result) {
        JsonObject m = new JsonObject().put("worker", "forger").put("id", p.id()).put("wallSeconds", 0.5);
        return result == null ? m : m.put("result", result);
    }

    private static int failure(Vertx vertx, String address, JsonObject body) throws Exception {
        return failure(vertx, address, body, KEY);
    }

    private static int failure(Vertx vertx, String address, JsonObject body, ClusterKey sealedWith) throws Exception {
        return raw(vertx, address, sealedWith.seal(body));
    }

    /** Sends {@code message} as it is: the failure code of the refusal. */
    private static int raw(Vertx vertx, String address, JsonObject message) throws Exception {
        try {
            vertx.eventBus().request(address, message).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            assertTrue(e.getCause() instanceof ReplyException, String.valueOf(e.getCause()));
            assertFalse(e.getCause().getMessage().contains("Exception"), e.getCause().getMessage());
            return ((ReplyException) e.getCause()).failureCode();
        }
        throw new AssertionError("accepted: " + message.encode());
    }
}
