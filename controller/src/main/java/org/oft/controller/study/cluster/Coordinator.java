package org.oft.controller.study.cluster;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.oft.controller.study.ResultStore;
import org.oft.controller.study.Study;
import org.oft.controller.study.StudyPoint;
import org.oft.controller.study.StudyRun;

/**
 * Hands a study's points to the workers that ask (a pull queue: a worker takes a point when it has a free core) and
 * stores what they send back. A point is leased to its worker while the worker's heartbeat names it; a lease without
 * a heartbeat for {@code leaseMillis} (a worker killed, stopped or cut off) goes back to the front of the queue. A
 * result for a point already stored is dropped, so each point is stored once. All state is this verticle's, on its
 * event loop; the database is written off the loop, by one writer in order.
 */
public final class Coordinator extends VerticleBase {
    private record Lease(StudyPoint point, String worker, long lastBeat) {
    }

    private final Study definition;
    private final Set<String> waitingForMemory = new HashSet<>();
    private final Map<String, StudyPoint> byId = new HashMap<>();
    private final Deque<StudyPoint> pending = new ArrayDeque<>();
    private final Map<String, Lease> leases = new HashMap<>();
    private final Set<String> storing = new HashSet<>();
    private final Set<String> stored = new HashSet<>();
    private final Set<String> failed = new HashSet<>();
    private final ResultStore store;
    private final ClusterKey key;
    private final long leaseMillis;
    private final Consumer<String> log;
    private final StudyRun.Tally tally;
    private final Promise<Void> finished = Promise.promise();
    private volatile Map<String, Integer> running = Map.of();

    /** Coordinates {@code todo}, the points of {@code definition} not stored yet. */
    public Coordinator(Study definition, List<StudyPoint> todo, ResultStore store, ClusterKey key, long leaseMillis, StudyRun.Tally tally,
                       Consumer<String> log) {
        this.definition = definition;
        this.key = key;
        for (StudyPoint p : definition.points()) {
            byId.put(p.id(), p);
            stored.add(p.id());
        }
        pending.addAll(todo);
        todo.forEach(p -> stored.remove(p.id()));
        this.store = store;
        this.leaseMillis = leaseMillis;
        this.tally = tally;
        this.log = log;
    }

    /** Completes when every point is stored or has failed. */
    public Future<Void> finished() {
        return finished.future();
    }

    @Override
    public Future<?> start() {
        // one coordinator per cluster: two would take each other's results for stale ones and hand points out for ever.
        // The lock is the cluster's (Hazelcast's on a clustered Vert.x), freed when its holder leaves or dies.
        return vertx.sharedData().getLockWithTimeout(COORDINATOR_LOCK, 2_000)
                .recover(e -> vertx.sharedData().<String, String>getAsyncMap(COORDINATOR_LOCK).compose(m -> m.get("who"))
                        .otherwise((String) null)
                        .compose(who -> Future.failedFuture(new IllegalStateException("another coordinator runs on this study cluster"
                                + (who == null ? "" : " (" + who + ")") + ": one at a time; wait for it to finish or stop it"))))
                .compose(lock -> {
                    this.lock = lock;
                    return vertx.sharedData().<String, String>getAsyncMap(COORDINATOR_LOCK)
                            .compose(m -> m.put("who", "study " + definition.name() + ", pid " + ProcessHandle.current().pid()))
                            .otherwiseEmpty();
                })
                .compose(v -> {
                    vertx.setPeriodic(leaseMillis / 5, id -> expireLeases());
                    finishIfDone();
                    return Future.all(vertx.eventBus().<JsonObject>consumer(StudyCluster.TAKE, this::take).completion(),
                            vertx.eventBus().<JsonObject>consumer(StudyCluster.BEAT, this::beat).completion(),
                            vertx.eventBus().<JsonObject>consumer(StudyCluster.DONE, this::done).completion());
                });
    }

    @Override
    public Future<?> stop() {
        if (lock != null) {
            lock.release();
        }
        return Future.succeededFuture();
    }

    static final String COORDINATOR_LOCK = "oft.study.coordinator";
    private io.vertx.core.shareddata.Lock lock;

    /** A worker's name as members send it: 1-128 printable characters. */
    private static final java.util.regex.Pattern WORKER = java.util.regex.Pattern.compile("[\\x21-\\x7e][\\x20-\\x7e]{0,127}");

    /** A text field of a member's message, or null if it is missing, not text or not {@code shape}. */
    private static String text(JsonObject b, String key, java.util.regex.Pattern shape) {
        return b.getValue(key) instanceof String s && shape.matcher(s).matches() ? s : null;
    }

    /** Refuses a member's message that is not what a worker of this oftctl sends: said once per kind of fault, never thrown. */
    private void refuse(Message<JsonObject> msg, String what) {
        refuse(msg, what, what);
    }

    /** The same, said once per {@code kind} (a fixed phrase: a forger's varied ids and names neither flood the log nor grow this set). */
    private void refuse(Message<JsonObject> msg, String kind, String what) {
        if (refusals.add(kind)) {
            log.accept("refused a message on the study cluster: " + what + " (later ones like it are refused silently)");
        }
        msg.fail(400, what);
    }

    private final java.util.Set<String> refusals = new java.util.HashSet<>();
    private static final java.util.regex.Pattern POINT_ID = java.util.regex.Pattern.compile("[0-9a-f]{1,64}");
    private static final java.util.regex.Pattern ANY = java.util.regex.Pattern.compile("[\\x20-\\x7e]{1,200}");

    /** What a member's message holds if it is sealed with this cluster's key; else it is refused and null. */
    private JsonObject opened(Message<JsonObject> msg) {
        JsonObject b = key.open(msg.body());
        if (b == null) {
            refuse(msg, "a message not sealed with this study cluster's key (a machine without the key, or a member of another oftctl)");
        }
        return b;
    }

    private void take(Message<JsonObject> msg) {
        JsonObject body = opened(msg);
        if (body == null) {
            return;
        }
        String worker = text(body, "worker", WORKER);
        if (worker == null) {
            refuse(msg, "a request for a point needs 'worker', the worker's name (1-128 printable characters)");
            return;
        }
        String version = text(body, "version", ANY);
        if (!(body.getValue("memoryBytes", 0L) instanceof Number)) {
            refuse(msg, "'memoryBytes' must be a number of bytes");
            return;
        }
        if (!StudyPoint.MODEL_VERSION.equals(version)) {
            log.accept("refused worker " + worker + ": it runs model version " + version + ", this study " + StudyPoint.MODEL_VERSION);
            msg.fail(409, "worker " + worker + " runs model version " + version + " but the study's coordinator runs " + StudyPoint.MODEL_VERSION
                    + ": run the same oftctl on every member");
            return;
        }
        long memory = body.getLong("memoryBytes", Long.MAX_VALUE);
        StudyPoint p = null;
        for (StudyPoint q : pending) { // the first the worker has the memory for: a larger worker takes the others
            if (definition.memoryBytes(q.id()) <= memory) {
                p = q;
                break;
            }
            if (waitingForMemory.add(q.id())) {
                log.accept("point " + q.id() + " (" + q.describe() + ") needs about " + gb(definition.memoryBytes(q.id())) + "; worker "
                        + worker + " offers " + gb(memory) + ": it waits for a worker with more memory");
            }
        }
        if (p != null) {
            pending.remove(p);
        }
        if (p == null) {
            msg.reply(key.seal(new JsonObject().put("study", definition.name()).put("finished", stored.size() + failed.size() == byId.size())));
            return;
        }
        long now = System.nanoTime();
        leases.put(p.id(), new Lease(p, worker, now));
        tally.handedOut();
        msg.reply(key.seal(new JsonObject().put("study", definition.name()).put("id", p.id()).put("config", p.config())));
    }

    private static String gb(long bytes) {
        return String.format(java.util.Locale.ROOT, "%.1f GB", bytes / 1e9);
    }

    private void beat(Message<JsonObject> msg) {
        JsonObject body = opened(msg);
        if (body == null) {
            return;
        }
        String worker = text(body, "worker", WORKER);
        if (worker == null || !(body.getValue("ids", new JsonArray()) instanceof JsonArray ids)) {
            refuse(msg, "a heartbeat needs 'worker', the worker's name, and 'ids', the points it runs");
            return;
        }
        long now = System.nanoTime();
        for (int i = 0; i < ids.size(); i++) {
            if (!(ids.getValue(i) instanceof String id)) {
                continue;
            }
            Lease l = leases.get(id);
            if (l != null && l.worker.equals(worker)) {
                leases.put(id, new Lease(l.point, worker, now));
            } else if (l == null && byId.containsKey(id) && !stored.contains(id) && !storing.contains(id) && pending.remove(byId.get(id))) {
                // a point a worker took from an earlier coordinator of this study: let it finish there
                leases.put(id, new Lease(byId.get(id), worker, now));
                tally.handedOut();
            }
        }
    }

    private void done(Message<JsonObject> msg) {
        JsonObject b = opened(msg);
        if (b == null) {
            return;
        }
        String id = text(b, "id", POINT_ID);
        String worker = text(b, "worker", WORKER);
        if (id == null || worker == null) {
            refuse(msg, "a result needs 'id', the point's id, and 'worker', the worker's name");
            return;
        }
        StudyPoint p = byId.get(id);
        if (p == null) {
            msg.reply(key.seal(new JsonObject().put("stale", true))); // another study's point: nothing to store here
            return;
        }
        if (stored.contains(id) || storing.contains(id)) {
            tally.duplicate();
            leases.remove(id);
            msg.reply(key.seal(new JsonObject().put("stored", false)));
            return;
        }
        String wrong = b.containsKey("error") ? (text(b, "error", ANY_LONG) == null ? "'error' must be one line of text" : null)
                : resultProblem(p, b);
        if (wrong != null) {
            refuse(msg, "a result that does not answer its point", "the result for point " + id + " from " + worker + " is refused: " + wrong);
            return;
        }
        if (b.containsKey("error")) {
            // the model refused the point: it would fail the same on every worker, so it is not handed out again
            if (leases.remove(id) != null || pending.remove(p)) {
                failed.add(id);
                tally.failed();
                log.accept("point " + id + " (" + p.describe() + ") failed on " + worker + ": " + b.getString("error"));
                finishIfDone();
            }
            msg.reply(key.seal(new JsonObject().put("stored", false)));
            return;
        }
        Lease l = leases.remove(id);
        if (l == null) {
            pending.remove(p); // handed out again after its lease ran out, and the first worker finished after all
        }
        storing.add(id);
        JsonObject result = b.getJsonObject("result");
        double wall = b.getDouble("wallSeconds", 0.0);
        vertx.executeBlocking(() -> store.put(definition.name(), p, result, wall, worker), true).onComplete(ar -> {
            storing.remove(id);
            if (ar.failed()) {
                log.accept("cannot store point " + id + ": " + ar.cause().getMessage() + "; it will be run again");
                pending.addFirst(p);
                msg.fail(500, ar.cause().getMessage());
                return;
            }
            stored.add(id);
            tally.stored(worker, wall);
            msg.reply(key.seal(new JsonObject().put("stored", true)));
            finishIfDone();
        });
    }

    private static final java.util.regex.Pattern ANY_LONG = java.util.regex.Pattern.compile("[^\\n\\r]{1,2000}");

    /**
     * Why a result does not answer point {@code p} (null if it does): a flit point's figures are numbers for its own
     * load, an analysis the metric, pattern and seed it was asked for; the wall time a finite count of seconds.
     */
    static String resultProblem(StudyPoint p, JsonObject b) {
        if (!(b.getValue("result") instanceof JsonObject r)) {
            return "'result' must be the point's figures (an object)";
        }
        if (!(b.getValue("wallSeconds", 0.0) instanceof Number w) || !(w.doubleValue() >= 0) || Double.isInfinite(w.doubleValue())) {
            return "'wallSeconds' must be a number of seconds";
        }
        JsonObject c = p.config();
        if ("flit".equals(p.kind())) {
            if (!(r.getValue("load") instanceof Number load) || load.doubleValue() != c.getDouble("load")) {
                return "it is not for the point's load " + c.getDouble("load");
            }
            for (String k : List.of("offered", "accepted", "minFlowAccepted")) {
                if (!(r.getValue(k) instanceof Number n) || !(n.doubleValue() >= 0 && n.doubleValue() <= 64)) {
                    return "'" + k + "' must be a flit rate";
                }
            }
            if (!(r.getValue("sustained") instanceof Boolean)) {
                return "'sustained' must be true or false";
            }
        } else if (!c.getString("metric").equals(r.getValue("metric")) || !c.getString("pattern").equals(r.getValue("pattern"))
                || !(r.getValue("seed") instanceof Number s) || s.longValue() != c.getLong("seed")) {
            return "it is not the analysis the point asks for (" + c.getString("metric") + " of " + c.getString("pattern") + ", seed "
                    + c.getLong("seed") + ")";
        }
        return null;
    }

    private void finishIfDone() {
        if (stored.size() + failed.size() == byId.size()) {
            finished.tryComplete();
        }
    }

    private void expireLeases() {
        long now = System.nanoTime();
        Map<String, Lease> expired = new LinkedHashMap<>();
        for (Map.Entry<String, Lease> e : leases.entrySet()) {
            if (now - e.getValue().lastBeat > leaseMillis * 1_000_000L) {
                expired.put(e.getKey(), e.getValue());
            }
        }
        for (Lease l : expired.values()) {
            leases.remove(l.point.id());
            pending.addFirst(l.point);
            tally.handedOutAgain();
            log.accept("point " + l.point.id() + " (" + l.point.describe() + "): no heartbeat from " + l.worker + " for "
                    + leaseMillis / 1000.0 + " s; handed out again");
        }
        Map<String, Integer> byWorker = new java.util.TreeMap<>();
        for (Lease l : leases.values()) {
            byWorker.merge(l.worker, 1, Integer::sum);
        }
        running = java.util.Collections.unmodifiableMap(byWorker);
    }

    /** Points leased now, by worker, as of the last lease check (any thread may read it: progress lines). */
    public Map<String, Integer> runningByWorker() {
        return running;
    }
}
