package org.oft.controller.cli.fattree;

import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.oft.controller.fattree.deploy.SwitchDeployment;
import org.oft.controller.boards.BoardSpec;
import org.oft.controller.fattree.deploy.RunningFabric;
import org.oft.controller.fattree.routing.ForwardingTables;
import org.oft.controller.fattree.topology.PgftTopology;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import org.oft.controller.fattree.deploy.ElectricalBench;
import org.oft.hal.BoardBus;
import org.oft.hal.DeployReport;
import org.oft.sim.flit.FlitParameters;
import org.oft.sim.flit.FlitSimulator;

@Command(name = "deploy", footer = {"%nExamples:", "  oftctl fattree deploy --topology kary:4,3 --engine dmodk",
        "  oftctl fattree deploy --topology 'xgft:3;12,12,24;1,12,12' --engine dmodk --then random --board sim-pty --json"},
        description = "Compute the forwarding tables and deploy them through hal to modelled switch boards, all at one "
                + "epoch; with --then, replace them by another engine's, sending only the 64-entry blocks that differ.")
final class DeployCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RoutingArgs args = new RoutingArgs();

    @Option(names = "--board", defaultValue = "sim", description = "sim (switch boards in this process, behind the wire "
            + "protocol) or sim-pty (a board-sim process behind a pseudo-terminal)")
    String board;

    @Option(names = "--then", description = "a second engine whose tables replace the first ones, incrementally")
    String then;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Override
    public Integer call() {
        if (!board.equals("sim") && !board.equals("sim-pty")) {
            throw new IllegalArgumentException("--board must be sim or sim-pty for switch boards, got '" + board + "'");
        }
        RunningFabric first = args.request().running(); // the fabric on file as it runs, holes included, as every command routes it
        ForwardingTables firstTables = first.tables();
        RunningFabric next = then == null ? null : args.request().runningAs(then, java.util.List.of());
        PgftTopology t = args.tree().topology();
        JsonObject result = new JsonObject().put("topology", t.describe()).put("switches", t.switches())
                .put("lids", firstTables.addresses()).put("board", board);
        // boards without traffic: one switch cycle per slot, so epochs come quickly
        ElectricalBench bench = new ElectricalBench(args.topology,
                args.nodeTypes, args.paths, FlitParameters.defaults(), FlitSimulator.PathPolicy.HASH,
                "uniform", 0, args.seed, 1, false, false, 1, args.tree());
        try (BoardBus boards = BoardSpec.parse(board).openSwitches(bench)) {
            result.put("deploy", deployed(boards, first));
            if (next != null) {
                result.put("then", deployed(boards, next));
            }
            result.put("retransmits", BoardBus.required(boards.link(), "deploy").retransmits());
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(result.encode());
        } else {
            AnalyzeCommand.printText(out, "", result);
        }
        return 0;
    }

    private JsonObject deployed(BoardBus bus, RunningFabric fabric) {
        long t0 = System.nanoTime();
        DeployReport r = SwitchDeployment.deploy(bus, fabric);
        return new JsonObject().put("engine", fabric.engine()).put("holes", fabric.holes().described().size())
                .put("entriesRerouted", fabric.whole() ? 0 : fabric.reroute().changedEntries())
                .put("unreachablePairs", fabric.whole() ? 0 : fabric.reroute().unreachablePairs()).put("epoch", r.epoch()).put("tableBytes", r.payloadBytes())
                .put("blocksWritten", r.blocksWritten()).put("bytesWritten", r.bytesWritten())
                .put("uploadSeconds", r.uploadNanos() / 1e9).put("seconds", (System.nanoTime() - t0) / 1e9);
    }
}
