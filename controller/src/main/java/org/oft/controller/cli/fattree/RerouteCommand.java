package org.oft.controller.cli.fattree;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.oft.controller.fattree.analysis.PermutationLoad;
import org.oft.controller.fattree.deploy.FabricReroute;
import org.oft.controller.boards.BoardSpec;
import org.oft.controller.fattree.ib.LftFiles;
import org.oft.controller.fattree.routing.ForwardingTables;
import org.oft.controller.fattree.routing.RerouteResult;
import org.oft.controller.fattree.topology.PgftTopology;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import org.oft.controller.cli.Progress;
import org.oft.controller.fattree.deploy.ElectricalBench;
import org.oft.controller.fattree.topology.FabricFaults;
import org.oft.controller.fattree.topology.FabricNames;
import org.oft.hal.BoardBus;
import org.oft.hal.DeployReport;
import org.oft.sim.flit.FlitParameters;
import org.oft.sim.flit.FlitSimulator;

@Command(name = "reroute", footer = {"%nExamples:",
        "  oftctl fattree reroute --topology kary:4,3 --engine dmodk --fail 'link:(1,0,0,0):5' --shifts",
        "  oftctl fattree reroute --topology 'xgft:3;12,12,24;1,12,12' --fail random-links:1%%:7 --then-fail 'switch:(2,0,3,0)' --json",
        "  oftctl fattree reroute --topology kary:4,3 --fail 'link:(2,1,0,0):1' --then-fail host:9 --board sim-pty"},
        description = "Route a broken fat tree: the engine's tables, kept where they still lead the right way, else the "
                + "least-loaded port that does (up*/down* kept); pairs no route can join are counted and named. "
                + "--then-fail reroutes incrementally for more failures and reports the table diff; --board deploys "
                + "the complete tables, then only the blocks each reroute changes.")
final class RerouteCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RoutingArgs args = new RoutingArgs();

    @Option(names = "--fail", required = true, description = "a failure: link:NODE:PORT, switch:NODE, host:N or "
            + "random-links:P%%[:SEED]; NODE is a tuple (l,a_h,...,a_1), switch-N, a GUID 0x... or a node name (repeatable)")
    List<String> fail;

    @Option(names = "--then-fail", description = "more failures, each rerouted incrementally after the first ones (repeatable)")
    List<String> thenFail = new ArrayList<>();

    @Option(names = "--shifts", description = "also measure max flows per directed link over all shift permutations, "
            + "complete tree against broken (single path)")
    boolean shifts;

    @Option(names = "--board", description = "deploy to modelled switch boards: sim or sim-pty")
    String board;

    @Option(names = "--compare-lft", description = "NAME=FILE: another routing of the same broken fabric (e.g. OpenSM's, "
            + "read back with dump_fts) to measure beside ours, with --shifts (repeatable)")
    List<String> compareLft = new ArrayList<>();

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Override
    public Integer call() {
        if (!compareLft.isEmpty() && !shifts) {
            throw new IllegalArgumentException("--compare-lft measures with --shifts: add it");
        }
        if (board != null && !board.equals("sim") && !board.equals("sim-pty")) {
            throw new IllegalArgumentException("--board must be sim or sim-pty for switch boards, got '" + board + "'");
        }
        if (shifts && args.paths != 1) {
            throw new IllegalArgumentException("--shifts measures single-path routes: leave out --paths");
        }
        PgftTopology t = args.tree().topology();
        FabricFaults checked = FabricFaults.parse(args.tree(), fail);
        for (String f : thenFail) {
            checked.with(f); // every spec checked before anything is computed or deployed
        }
        Progress rerouting = Progress.of(spec.commandLine().getErr(), "reroute");
        FabricReroute r = args.request().rerouting(args.engine, fail, rerouting::update);
        rerouting.done();
        RerouteResult first = r.running().reroute();
        FabricFaults faults = first.faults(); // the file's holes and --fail, as rerouted
        ForwardingTables plan = r.running().plan();
        double seconds = r.rerouteSeconds();
        JsonObject out = new JsonObject().put("topology", t.describe()).put("engine", r.running().engine()).put("paths", args.paths)
                .put("failed", new JsonArray(faults.described())).put("deadCables", faults.deadCables())
                .put("entriesChanged", first.changedEntries()).put("blocksChanged", blocks(plan, first.tables()))
                .put("unreachablePairs", first.unreachablePairs()).put("unreachableByRouting", first.unreachableByRouting())
                .put("unreachableExamples", new JsonArray(first.unreachableExamples()))
                .put("seconds", seconds);
        if (shifts) {
            Progress progress = Progress.of(spec.commandLine().getErr(), "reroute --shifts");
            int shiftCount = Math.max(1, t.hosts() - 1);
            int tablesToMeasure = 2 + compareLft.size();
            PermutationLoad wholeLoad = new PermutationLoad(plan, null).onProgress(d -> progress.update(
                    (double) d / shiftCount / tablesToMeasure, "the whole tree's shifts " + d + " of " + shiftCount));
            PermutationLoad brokenLoad = new PermutationLoad(first.tables(), first.faults()).onProgress(d -> progress.update(
                    (1.0 + (double) d / shiftCount) / tablesToMeasure, "the rerouted tables' shifts " + d + " of " + shiftCount));
            int whole = wholeLoad.maxOverShifts(null);
            int[] worst = new int[2 * t.portCount()];
            int broken = brokenLoad.maxOverShifts(worst);
            // where the broken tree does worse than the whole one + 1: the links, by name, and a shift that shows it
            JsonArray over = new JsonArray();
            int overCount = 0;
            for (int g = 0; g < t.portCount(); g++) {
                if (worst[g] > whole + 1) {
                    overCount++;
                    if (over.size() < 10) {
                        int v = t.nodeOfPort(g);
                        int peer = t.peerNode(g);
                        over.add((v < t.hosts() ? "host " + v : "switch-" + (v - t.hosts()) + " " + t.tuple(v) + " port "
                                + args.tree().names().physicalPort(v, g - t.portBase(v))) + " -> "
                                + (peer < t.hosts() ? "host " + peer : t.tuple(peer)) + ": " + worst[g] + " flows (shift "
                                + worst[t.portCount() + g] + ")");
                    }
                }
            }
            out.put("maxFlowsOverShifts", new JsonObject().put("complete", whole).put("broken", broken)
                    .put("linksAboveCompletePlusOne", overCount).put("aboveCompletePlusOne", over));
            // pairs of connected hosts the rerouted tables leave unrouted: the same measure as each compared table's
            out.put("unroutedConnectedPairs", brokenLoad.unroutedPairs());
            out.put("meanMaxLinkLoadRandomPermutations", new JsonObject()
                    .put("complete", wholeLoad.meanMaxOfRandomPermutations(200))
                    .put("broken", brokenLoad.meanMaxOfRandomPermutations(200)));
            JsonArray others = new JsonArray();
            for (String c : compareLft) {
                int eq = c.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("--compare-lft must be NAME=FILE, got '" + c + "'");
                }
                ForwardingTables theirs = LftFiles.read(args.tree(), Path.of(c.substring(eq + 1)));
                int done = 2 + others.size();
                String name = c.substring(0, eq);
                PermutationLoad pl = new PermutationLoad(theirs, faults).onProgress(d -> progress.update(
                        (done + (double) d / shiftCount) / tablesToMeasure, name + "'s shifts " + d + " of " + shiftCount));
                others.add(new JsonObject().put("name", c.substring(0, eq)).put("maxFlowsOverShifts", pl.maxOverShifts(null))
                        .put("meanMaxLinkLoadRandomPermutations", pl.meanMaxOfRandomPermutations(200))
                        .put("unroutedConnectedPairs", pl.unroutedPairs()));
            }
            if (!others.isEmpty()) {
                out.put("compared", others);
            }
            progress.done();
        }
        JsonArray then = new JsonArray();
        List<ForwardingTables> steps = new ArrayList<>(List.of(first.tables()));
        for (String f : thenFail) {
            ForwardingTables before = r.tables();
            FabricReroute.Change change = r.fail(f);
            RerouteResult now = change.running().reroute();
            double s1 = change.seconds();
            List<int[]> diff = change.diff();
            JsonArray sample = new JsonArray();
            // --json lists every changed entry, so that incremental tables can be checked; text the first ten
            int listed = json ? diff.size() : Math.min(10, diff.size());
            for (int i = 0; i < listed; i++) {
                int[] e = diff.get(i);
                sample.add("switch-" + (e[0] - t.hosts()) + " " + t.tuple(e[0]) + " LID " + e[1] + ": port "
                        + physical(e[0], e[2]) + " -> " + physical(e[0], e[3]));
            }
            then.add(new JsonObject().put("failed", f).put("entriesChanged", diff.size()).put("blocksChanged", blocks(before, now.tables()))
                    .put("unreachablePairs", now.unreachablePairs()).put("unreachableByRouting", now.unreachableByRouting())
                    .put("seconds", s1).put("diff", sample));
            if (listed < diff.size()) {
                then.getJsonObject(then.size() - 1).put("diffNotListed", (diff.size() - listed) + " more; --json lists them all");
            }
            steps.add(now.tables());
        }
        if (!thenFail.isEmpty()) {
            out.put("then", then);
        }
        if (board != null) {
            out.put("deploy", deploy(r, plan, steps));
        }
        PrintWriter w = spec.commandLine().getOut();
        if (json) {
            w.println(out.encode());
        } else {
            AnalyzeCommand.printText(w, "", out);
        }
        return 0;
    }

    private String physical(int v, int local) {
        int port = args.tree().names().tablePort(v, local);
        return port == FabricNames.NO_ROUTE ? "none" : Integer.toString(port);
    }

    /** 64-entry blocks that differ between two tables (what an incremental deploy sends). */
    private static int blocks(ForwardingTables a, ForwardingTables b) {
        PgftTopology t = a.topology();
        int blocks = 0;
        for (int v = t.hosts(); v < t.nodes(); v++) {
            for (int from = 0; from < a.addresses(); from += 64) {
                for (int x = from; x < Math.min(a.addresses(), from + 64); x++) {
                    if (a.port(v, x) != b.port(v, x)) {
                        blocks++;
                        break;
                    }
                }
            }
        }
        return blocks;
    }

    /** The complete tables, then each rerouted set: only the blocks that differ are sent, at one epoch each. */
    private JsonArray deploy(FabricReroute r, ForwardingTables plan, List<ForwardingTables> steps) {
        ElectricalBench bench = new ElectricalBench(args.topology,
                args.nodeTypes, args.paths, FlitParameters.defaults(), FlitSimulator.PathPolicy.HASH,
                "uniform", 0, args.seed, 1, false, false, 1, args.tree());
        JsonArray a = new JsonArray();
        try (BoardBus boards = BoardSpec.parse(board).openSwitches(bench)) {
            List<ForwardingTables> all = new ArrayList<>(List.of(plan));
            all.addAll(steps);
            for (int i = 0; i < all.size(); i++) {
                long t0 = System.nanoTime();
                DeployReport rep = r.deploy(boards, all.get(i));
                a.add(new JsonObject().put("tables", i == 0 ? "complete" : i == 1 ? "rerouted" : "then-fail " + (i - 1))
                        .put("epoch", rep.epoch()).put("blocksWritten", rep.blocksWritten()).put("bytesWritten", rep.bytesWritten())
                        .put("seconds", (System.nanoTime() - t0) / 1e9));
            }
        }
        return a;
    }
}
