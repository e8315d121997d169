package org.oft.controller.study.cluster;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Consumer;
import org.oft.controller.study.PointRunner;
import org.oft.controller.study.StudyPoint;
import org.oft.controller.limits.MemoryBudget;

/**
 * Runs points for whichever coordinator is on the cluster: each of its {@code slots} (one per core) takes a point,
 * runs it off the event loop, sends the result until the coordinator acknowledges it, and takes the next. A
 * heartbeat names the points it holds, once a second. With no coordinator, or none with work, it asks again a
 * little later: workers may start before a study and outlive it.
 */
public final class Worker extends VerticleBase {
    static final long RETRY_MILLIS = 500;

    private final String name;
    private final int slots;
    private final PointRunner runner = new PointRunner();
    private final Set<String> held = new LinkedHashSet<>();
    private final Consumer<String> refused;
    private final ClusterKey key;
    private WorkerExecutor pool;

    /** {@code refused} is told, once, why the coordinator will not have this worker (another model version). */
    public Worker(String name, int slots, ClusterKey key, Consumer<String> refused) {
        this.name = name;
        this.key = key;
        this.slots = slots;
        this.refused = refused;
    }

    @Override
    public Future<?> start() {
        pool = vertx.createSharedWorkerExecutor("oft-study-points-" + name, slots, Long.MAX_VALUE);
        vertx.setPeriodic(1000, id -> beat());
        for (int i = 0; i < slots; i++) {
            take();
        }
        return Future.succeededFuture();
    }

    @Override
    public Future<?> stop() {
        pool.close();
        return Future.succeededFuture();
    }

    private void take() {
        JsonObject ask = new JsonObject().put("worker", name).put("version", StudyPoint.MODEL_VERSION)
                .put("memoryBytes", MemoryBudget.budget() / slots); // each slot's share
        vertx.eventBus().<JsonObject>request(StudyCluster.TAKE, key.seal(ask), new DeliveryOptions().setSendTimeout(5000)).onComplete(ar -> {
            if (ar.failed()) {
                if (ar.cause() instanceof ReplyException re && re.failureCode() == 409) {
                    refused.accept(re.getMessage());
                    return;
                }
                noCoordinatorSince();
                later(this::take); // no coordinator yet, or it went away
                return;
            }
            lonelySince = 0;
            JsonObject body = key.open(ar.result().body()); // work only from a coordinator that holds the key
            if (body == null || !(body.getValue("id") instanceof String) || !(body.getValue("config") instanceof JsonObject)) {
                later(this::take);
                return;
            }
            StudyPoint p = new StudyPoint(body.getString("id"), body.getJsonObject("config"));
            held.add(p.id());
            run(p);
        });
    }

    private void run(StudyPoint p) {
        pool.<JsonObject>executeBlocking(() -> {
            long t0 = System.nanoTime();
            JsonObject result = runner.run(p);
            return new JsonObject().put("worker", name).put("id", p.id()).put("result", result)
                    .put("wallSeconds", (System.nanoTime() - t0) / 1e9);
        }, false).onComplete(ar -> {
            if (ar.failed()) {
                // the model refused the point: it would everywhere, so the coordinator is told rather than left to hand it out again
                String why = ar.cause().getMessage() == null ? "the point failed without a reason" : ar.cause().getMessage().split("\n", 2)[0];
                report(new JsonObject().put("worker", name).put("id", p.id()).put("error", why));
                return;
            }
            report(ar.result());
        });
    }

    private void report(JsonObject done) {
        vertx.eventBus().<JsonObject>request(StudyCluster.DONE, key.seal(done), new DeliveryOptions().setSendTimeout(10_000)).onComplete(ar -> {
            if (ar.failed() && !(ar.cause() instanceof ReplyException re && re.failureCode() == 400)) {
                later(() -> report(done)); // kept until a coordinator has it: a result is never dropped here
                return;
            }
            // stored, or refused as not answering its point (it would be refused again): the next point
            held.remove(done.getString("id"));
            take();
        });
    }

    private void beat() {
        if (!held.isEmpty()) {
            vertx.eventBus().send(StudyCluster.BEAT, key.seal(new JsonObject().put("worker", name).put("ids", new JsonArray(new java.util.ArrayList<>(held)))));
        }
    }

    /** How long a worker waits for a coordinator before it says so, once: a worker that reached no member idles quietly otherwise. */
    static final long LONELY_MILLIS = 30_000;
    private long lonelySince;
    private boolean saidLonely;
    long lonelyMillis = LONELY_MILLIS;
    private java.util.function.Consumer<String> note = m -> { };

    /** Told, once, when no coordinator has answered for {@link #LONELY_MILLIS}. */
    public Worker onNote(java.util.function.Consumer<String> note) {
        this.note = note;
        return this;
    }

    private void noCoordinatorSince() {
        long now = System.currentTimeMillis();
        if (lonelySince == 0) {
            lonelySince = now;
        } else if (!saidLonely && now - lonelySince >= lonelyMillis) {
            saidLonely = true;
            note.accept("no coordinator has answered for " + Math.max(1, lonelyMillis / 1000) + " s: is a 'study run --cluster' running, with the"
                    + " same --cluster-name and key, and does this machine reach its members? (this worker keeps asking)");
        }
    }

    private void later(Runnable r) {
        vertx.setTimer(RETRY_MILLIS, id -> r.run());
    }
}
