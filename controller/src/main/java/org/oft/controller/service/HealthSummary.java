package org.oft.controller.service;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * The console header's health summary, on both fabrics: what an operator checks first (alarms not acknowledged, among
 * them boards that restarted; parts declared failed; faults in force; ports down; boards another controller holds;
 * boards that hold no table or do not answer; boards out of slot lock; the clock kept), each with how many and the
 * view that lists them. Composed from what the fabric's services already keep (the event log, the faults in force,
 * the declared failures, the last port poll, the owner's last read of the boards, the last telemetry), asked in
 * parallel with a short time-out: a service the fabric does not have (the optical fabric has no ports) or that is
 * slow is left out, never waited for. The boards themselves are asked at most every {@value #BOARDS_EVERY_MS} ms (a
 * round of status requests over the bench's link), their last answer used between.
 */
public final class HealthSummary extends VerticleBase {
    /** A part of the summary waits no longer than this for its service. */
    static final long ASK_MILLIS = 1500;
    /** The boards' own status is read no more often than this. */
    static final long BOARDS_EVERY_MS = 10_000;
    private JsonObject boards; // the last answer (event loop)
    private long boardsAt = Long.MIN_VALUE / 2;

    @Override
    public Future<?> start() {
        vertx.eventBus().<JsonObject>consumer(Addresses.SUMMARY, this::summary);
        return Future.succeededFuture();
    }

    private Future<JsonObject> ask(String address, JsonObject body) {
        return vertx.eventBus().<JsonObject>request(address, body, new DeliveryOptions().setSendTimeout(ASK_MILLIS))
                .map(Message::body).otherwise((JsonObject) null);
    }

    private void summary(Message<JsonObject> msg) {
        Future<JsonObject> alarms = ask(Addresses.EVENTS, new JsonObject().put("severity", "alarm").put("unacked", true).put("limit", 1000));
        Future<JsonObject> faults = ask(Addresses.FAULTS_ACTIVE, new JsonObject());
        Future<JsonObject> failures = ask(Addresses.FAIL_LIST, new JsonObject());
        Future<JsonObject> ports = ask(Addresses.PORTS, new JsonObject());
        Future<JsonObject> owner = ask(Addresses.OWNER, new JsonObject());
        Future<JsonObject> telemetry = ask(Addresses.TELEMETRY_LATEST, new JsonObject());
        long now = System.currentTimeMillis();
        Future<JsonObject> boardsRead = Future.succeededFuture(boards);
        if (now - boardsAt >= BOARDS_EVERY_MS) { // asked from now, answered or not: a dead link is not probed every poll
            boardsAt = now;
            boardsRead = ask(Addresses.BOARDS, new JsonObject()).onSuccess(b -> boards = b);
        }
        Future<JsonObject> read = boardsRead;
        Future.join(List.of(alarms, faults, failures, ports, owner, telemetry, read)).onComplete(done -> msg.reply(of(alarms.result(),
                faults.result(), failures.result(), ports.result(), owner.result(), telemetry.result(), read.result())));
    }

    /** The summary from the services' answers (null: that service did not answer, or this fabric has none). */
    static JsonObject of(JsonObject alarms, JsonObject faults, JsonObject failures, JsonObject ports, JsonObject owner, JsonObject telemetry,
                         JsonObject boards) {
        List<JsonObject> items = new ArrayList<>();
        if (alarms != null) {
            items.add(item("alarms", alarms.getJsonArray("events", new JsonArray()).size(), "alarm not acknowledged", "alarms not acknowledged",
                    "#/events"));
        }
        if (failures != null) {
            items.add(item("failures", failures.getJsonArray("failures", new JsonArray()).size(), "part declared failed", "parts declared failed",
                    "#/actions"));
        }
        if (faults != null) {
            items.add(item("faults", faults.getJsonArray("faults", new JsonArray()).size(), "fault in force", "faults in force", "#/actions"));
        }
        if (ports != null) {
            long down = ports.getJsonArray("anomalies", new JsonArray()).stream()
                    .filter(a -> a instanceof JsonObject j && Boolean.FALSE.equals(j.getBoolean("linkUp"))).count();
            items.add(item("portsDown", down, "port down", "ports down", "#/fabric")); // a board that restarted is an alarm
        }
        if (owner != null && "master".equals(owner.getString("role"))) {
            String me = owner.getString("controller");
            long others = owner.getJsonArray("boards", new JsonArray()).stream()
                    .filter(b -> b instanceof JsonObject j && !java.util.Objects.equals(me, j.getString("controller"))).count();
            items.add(item("unclaimed", others, "board not this controller's", "boards not this controller's", "#/boards"));
        }
        if (boards != null && boards.getValue("boards") instanceof JsonArray list) {
            long empty = list.stream().filter(b -> b instanceof JsonObject j && j.getString("state", "").startsWith("empty")).count();
            long silent = list.stream().filter(b -> b instanceof JsonObject j && "no answer".equals(j.getString("state"))).count();
            items.add(item("empty", empty, "board holds no table", "boards hold no table", "#/boards"));
            items.add(item("silent", silent, "board does not answer", "boards do not answer", "#/boards"));
        }
        if (telemetry != null && telemetry.getValue("timing") instanceof JsonObject timing && timing.getValue("locks") instanceof JsonArray locks
                && !locks.isEmpty()) { // boards on clocks of their own: those out of step neither inject nor switch
            long out = locks.stream().filter(l -> l instanceof JsonObject j && !j.getBoolean("inStep", false)).count();
            items.add(item("outOfStep", out, "board out of slot lock", "boards out of slot lock", "#/oft"));
        }
        if (telemetry != null && telemetry.getValue("clock") instanceof JsonObject clock) {
            boolean behind = clock.getBoolean("behind", false);
            items.add(new JsonObject().put("key", "clock").put("count", behind ? 1 : 0).put("ok", !behind)
                    .put("text", behind ? "clock behind" : "clock kept").put("link", "#/" + ("fattree".equals(telemetry.getString("fabric"))
                            ? "fabric" : "oft")));
        }
        return new JsonObject().put("ok", items.stream().allMatch(i -> i.getBoolean("ok"))).put("items", new JsonArray(items));
    }

    private static JsonObject item(String key, long count, String one, String many, String link) {
        return new JsonObject().put("key", key).put("count", count).put("ok", count == 0)
                .put("text", (count == 0 ? "no " + many : count + " " + (count == 1 ? one : many))).put("link", link);
    }
}
