package org.oft.controller.service.fattree;

import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.oft.controller.fattree.deploy.ElectricalBench;
import org.oft.controller.fattree.routing.RoutingEngine;
import org.oft.controller.fattree.routing.RoutingEngines;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.controller.service.boards.BoardControls;
import org.oft.controller.service.ServeConfig;
import org.oft.hal.BoardInfo;

/**
 * The running configuration as the console reads it: what was started (the tree, its levels, the
 * bench's model parameters, the boards found), and what runs now (engine, paths, failures, deploys).
 */
final class FabricConfiguration {
    private final JsonObject started;
    private final FabricDeployer deployer;
    private final BoardControls controls;

    FabricConfiguration(JsonObject started, FabricDeployer deployer, BoardControls controls) {
        this.started = started;
        this.deployer = deployer;
        this.controls = controls;
    }

    /** The declared failures, each with the id DELETE /api/fail/ID repairs it by. */
    void failures(Message<JsonObject> msg) {
        JsonArray list = new JsonArray();
        for (FabricSnapshot.Failure f : deployer.snapshot().failures()) {
            list.add(new JsonObject().put("id", f.id()).put("spec", f.spec()));
        }
        msg.reply(new JsonObject().put("failures", list));
    }

    void config(Message<JsonObject> msg) {
        FabricSnapshot s = deployer.snapshot();
        msg.reply(started.copy().put("slotsPerSecond", controls.slotsPerSecond()).put("engine", s.served().engine())
                .put("paths", s.served().paths()).put("deploys", deployer.history()).put("failures", new JsonArray(s.failureSpecs()))
                .put("missing", new JsonArray(s.missing())).put("engineBefore", engineBefore()));
    }

    /** What an undo of the last engine change would put back, or null. */
    private JsonObject engineBefore() {
        try {
            Served b = deployer.engineBefore();
            return new JsonObject().put("engine", b.engine()).put("paths", b.paths());
        } catch (java.util.NoSuchElementException e) {
            return null;
        }
    }

    static JsonObject describe(PgftTopology topo, ElectricalBench bench, ServeConfig config, List<BoardInfo> boards, JsonObject previousRecord) {
        JsonArray levels = new JsonArray();
        for (int l = 1; l <= topo.levels(); l++) {
            levels.add(new JsonObject().put("level", l).put("switches", topo.levelSize(l)).put("downPorts", topo.downPorts(l))
                    .put("upPorts", topo.upPorts(l)));
        }
        JsonObject par = bench.config().json();
        return new JsonObject()
                .put("fabric", "fattree")
                .put("topology", topo.describe())
                .put("hosts", topo.hosts())
                .put("switches", topo.switches())
                .put("levels", levels)
                .put("addressesPerHost", bench.paths())
                .put("engines", new JsonArray(RoutingEngines.forSwitchBoards().stream().map(RoutingEngine::name).toList()))
                .put("multiPathEngines", new JsonArray(RoutingEngines.forSwitchBoards().stream().filter(RoutingEngine::multiPath)
                        .map(RoutingEngine::name).toList()))
                .put("traffic", bench.traffic())
                .put("load", bench.load())
                .put("randomUp", bench.randomUp())
                .put("parameters", par)
                .put("cyclesPerSlot", bench.cyclesPerSlot())
                .put("slotsPerSecond", config.slotsPerSecond())
                .put("board", config.board())
                .put("boards", boards.size())
                .put("previousDeployment", previousRecord);
    }

}
