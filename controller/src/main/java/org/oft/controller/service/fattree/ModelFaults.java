package org.oft.controller.service.fattree;

import org.oft.controller.service.JsonFields;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;
import org.oft.sim.boards.SwitchFaultPort;
import org.oft.controller.service.CappedLog;
import org.oft.controller.service.events.Events;

/**
 * Faults injected into the modelled switch boards through the model's {@link SwitchFaultPort}, and
 * their undoing: a cut cable is repaired, a rebooted board gets its table back by a redeploy. The
 * one writer of the list of faults in force.
 */
final class ModelFaults {
    private static final Logger LOG = Logger.getLogger("org.oft.fattree");
    // accepted faults carry user text: logged like refusals, one line each and capped
    private static final CappedLog CHANGES = new CappedLog(
            java.util.logging.Logger.getLogger("org.oft.fattree"), "accepted faults");
    private final Vertx vertx;
    private final SwitchFaultPort model; // NONE: real boards, nothing to inject into
    private final FabricDeployer deployer;
    private final TelemetryRates telemetry;
    private final List<JsonObject> active = new CopyOnWriteArrayList<>();
    private final AtomicInteger nextId = new AtomicInteger(1);

    ModelFaults(Vertx vertx, SwitchFaultPort model, FabricDeployer deployer, TelemetryRates telemetry) {
        this.vertx = vertx;
        this.model = model;
        this.deployer = deployer;
        this.telemetry = telemetry;
    }

    /** A fault to inject ({@link SwitchFault}'s JSON), answered with what was done. */
    void inject(Message<JsonObject> msg) {
        if (!model.modelled()) {
            msg.fail(400, "fault injection needs the built-in switch model (--board sim)");
            return;
        }
        FabricSnapshot s = deployer.snapshot();
        SwitchFault f;
        try {
            f = SwitchFault.read(msg.body(), s.tree());
        } catch (IllegalArgumentException e) {
            msg.fail(400, e.getMessage());
            return;
        }
        for (JsonObject a : active) { // one fault per target: a second spelling of it is not a second fault
            if (a.getString("target").equals(f.target())) {
                msg.fail(409, "'" + f.spec() + "' is already in force as fault " + a.getInteger("id") + " (" + a.getString("spec")
                        + "); clear it first");
                return;
            }
        }
        vertx.executeBlocking(() -> {
                    if (f.kind().equals("dead")) {
                        model.killLink(f.index(), f.port());
                    } else {
                        model.reboot(f.index());
                    }
                    return f.description();
                })
                .onSuccess(applied -> {
                    CHANGES.log("fault injected: " + applied);
                    active.add(new JsonObject().put("id", nextId.getAndIncrement()).put("kind", f.kind())
                            .put("spec", f.spec()).put("target", f.target()).put("part", "switch-" + f.index())
                            .put("switch", f.index()).put("port", f.port() == 0 ? null : f.port())
                            .put("description", applied).put("sinceCycle", telemetry.cycle())
                            .put("undo", f.kind().equals("reboot") ? "redeploys the tables to the board" : "repairs the cable"));
                    msg.reply(applied, Events.naming("switch-" + f.index()));
                })
                .onFailure(e -> msg.fail(400, e.getMessage()));
    }

    /** The faults in force and the failures declared. */
    void active(Message<JsonObject> msg) {
        msg.reply(new JsonObject().put("faults", new JsonArray(new ArrayList<>(active)))
                .put("failures", new JsonArray(deployer.snapshot().failureSpecs())).put("injectable", model.modelled()));
    }

    /** The faults in force, in the order injected. */
    List<JsonObject> inForce() {
        return List.copyOf(active);
    }

    /** Whether a cable cut in the model ends at switch {@code index}'s physical port {@code port}. */
    boolean cut(int index, int port) {
        for (JsonObject f : active) {
            if (f.getString("kind").equals("dead") && f.getInteger("switch") == index && f.getInteger("port") == port) {
                return true;
            }
        }
        return false;
    }

    /** The faults a clear names: {"id": N} that one, {} all of them. */
    List<JsonObject> chosen(JsonObject body) {
        List<JsonObject> chosen = body.containsKey("id")
                ? active.stream().filter(f -> f.getLong("id") == JsonFields.intField(body, "id")).toList()
                : List.copyOf(active);
        if (body.containsKey("id") && chosen.isEmpty()) {
            throw new IllegalArgumentException("no active fault " + body.getValue("id"));
        }
        return chosen;
    }

    /** Undoes {@code chosen} (worker, holding the deploy): cables repaired, rebooted boards redeployed. */
    JsonObject clear(List<JsonObject> chosen) {
        boolean redeploy = false;
        for (JsonObject f : chosen) {
            if (f.getString("kind").equals("dead")) { // the cable is repaired: packets cross it again
                model.reviveLink(f.getInteger("switch"), f.getInteger("port"));
            } else {
                redeploy = true;
            }
        }
        JsonObject out = new JsonObject().put("cleared", "cleared: " + (chosen.isEmpty() ? "no fault was active"
                : String.join("; ", chosen.stream().map(f -> f.getString("description")).toList())));
        if (chosen.size() == 1) { // the event names the part it acted on
            out.put("part", chosen.get(0).getString("part"));
        }
        if (redeploy) { // a rebooted board gets its table back: the deploy sends what differs, i.e. that board's whole table
            out.put("deploy", deployer.redeploy());
        }
        active.removeAll(chosen);
        return out;
    }
}
