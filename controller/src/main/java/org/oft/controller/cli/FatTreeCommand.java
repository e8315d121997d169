package org.oft.controller.cli;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import org.oft.controller.fattree.analysis.Analysis;
import org.oft.controller.fattree.analysis.PermutationLoad;
import org.oft.controller.fattree.analysis.TrafficPattern;
import org.oft.controller.fattree.deploy.SwitchDeployment;
import org.oft.controller.files.OutputFile;
import org.oft.controller.service.boards.BoardSpec;
import org.oft.controller.fattree.ib.IbnetExport;
import org.oft.controller.fattree.ib.LftFiles;
import org.oft.controller.fattree.routing.ForwardingTables;
import org.oft.controller.fattree.routing.RouteTrace;
import org.oft.controller.fattree.routing.Routing;
import org.oft.controller.fattree.routing.RoutingEngine;
import org.oft.controller.fattree.routing.RoutingEngines;
import org.oft.controller.fattree.routing.RoutingOptions;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.NodeTypes;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.controller.fattree.topology.TopologySpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "fattree", footer = {"%nExamples:", "  oftctl fattree show --topology kary:4,3", "  oftctl help fattree lft"}, description = "Electrical fat trees (PGFT/XGFT/k-ary n-trees): routes, forwarding tables, analyses.",
        subcommands = {FatTreeCommand.Show.class, FatTreeCommand.Routes.class, FatTreeCommand.Lft.class,
                FatTreeCommand.Export.class, FatTreeCommand.Analyze.class, FatTreeCommand.Deploy.class,
                FatTreeCommand.RerouteCommand.class})
final class FatTreeCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                "a subcommand is needed: show, routes, lft, export, analyze or deploy");
    }

    /** Options every fattree subcommand that routes shares. */
    static final class RoutingArgs {
        @Option(names = "--topology", required = true, description = "pgft:h;m..;w..;p.., xgft:h;m..;w.., kary:k,n or ibnet:FILE")
        String topology;

        @Option(names = "--engine", defaultValue = "dmodk", description = "dmodk, smodk, random, gdmodk, gsmodk, shift-1, disjoint")
        String engine;

        @Option(names = "--paths", defaultValue = "1", description = "K paths (LIDs) per destination, for shift-1, disjoint, random")
        int paths;

        @Option(names = "--node-types", description = "compute (default), last:TYPE[:N], or csv:FILE with nid,type lines")
        String nodeTypes;

        @Option(names = "--seed", defaultValue = "1", description = "seed for random routing and sampling")
        long seed;

        FatTree tree;
        NodeTypes types;

        Routing route() {
            tree = TopologySpec.parse(topology);
            types = NodeTypes.parse(nodeTypes, tree.topology());
            RoutingEngine e = RoutingEngines.byName(engine);
            return e.route(tree.topology(), new RoutingOptions(paths, seed, types));
        }
    }

    @Command(name = "show", footer = {"%nExample:", "  oftctl fattree show --topology 'pgft:3;8,4,2;1,2,1;1,1,4'"}, description = "Describe a topology: parameters, sizes, the RLFT test of 000 eq. (1).")
    static final class Show implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--topology", required = true, description = "pgft:h;m..;w..;p.., xgft:h;m..;w.., kary:k,n or ibnet:FILE")
        String topology;

        @Option(names = "--json", description = "print JSON")
        boolean json;

        @Override
        public Integer call() {
            FatTree tree = TopologySpec.parse(topology);
            PgftTopology t = tree.topology();
            PrintWriter out = spec.commandLine().getOut();
            org.oft.controller.fattree.topology.FabricFaults holes = org.oft.controller.fattree.topology.FabricFaults.none(tree);
            List<String> missing = holes.described();
            int absentNodes = tree.absentNodes().cardinality();
            if (json) {
                JsonArray levels = new JsonArray();
                for (int l = 1; l <= t.levels(); l++) {
                    levels.add(new JsonObject().put("level", l).put("switches", t.levelSize(l)).put("downPorts", t.downPorts(l))
                            .put("upPorts", t.upPorts(l)));
                }
                String v = t.rlftViolation();
                out.println(new JsonObject().put("topology", t.describe()).put("hosts", t.hosts()).put("switches", t.switches())
                        .put("links", t.portCount() / 2).put("levels", levels).put("rlft", v == null)
                        .put("rlftViolation", v).put("missing", new JsonArray(missing)).put("missingLinks", holes.deadCables())
                        .put("missingNodes", absentNodes).encode());
                return 0;
            }
            out.println(t.describe());
            out.println("hosts " + t.hosts() + ", switches " + t.switches() + ", links " + t.portCount() / 2
                    + (missing.isEmpty() ? "" : " (missing: " + holes.deadCables() + " links" + (absentNodes == 0 ? ""
                    : ", " + absentNodes + " nodes with all their links") + ")"));
            for (String mi : missing) {
                out.println("  " + mi);
            }
            for (int l = 1; l <= t.levels(); l++) {
                out.println("level " + l + ": " + t.levelSize(l) + " switches, " + t.downPorts(l) + " down + " + t.upPorts(l)
                        + " up ports");
            }
            String v = t.rlftViolation();
            out.println(v == null ? "RLFT: yes" : "RLFT: no (" + v + ")");
            return 0;
        }
    }

    @Command(name = "routes", footer = {"%nExample:", "  oftctl fattree routes --topology 'xgft:3;4,4,4;1,4,2' --engine disjoint --paths 4 --pairs 0-63"}, description = "Route traces in the papers' names: CSV src,dst[,path],hops.")
    static final class Routes implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        RoutingArgs args = new RoutingArgs();

        @Option(names = "--pairs", defaultValue = "all", description = "all, shift:S, or one pair S-D")
        String pairs;

        @Option(names = "--format", defaultValue = "csv", description = "csv or json (one JSON document)")
        String format;

        @Option(names = "--json", description = "the same as --format json")
        boolean json;

        @Override
        public Integer call() {
            if (json) {
                format = "json";
            }
            if (!format.equals("csv") && !format.equals("json")) {
                throw new IllegalArgumentException("--format must be csv or json, got '" + format + "'");
            }
            Routing r = args.route();
            PgftTopology t = r.topology();
            int n = t.hosts();
            int shift = -1;
            int onlySrc = -1;
            int onlyDst = -1;
            if (pairs.startsWith("shift:")) {
                shift = parse(pairs.substring(6), "--pairs shift:S");
                if (shift < 1 || shift >= n) {
                    throw new IllegalArgumentException("--pairs shift:S needs S in 1.." + (n - 1));
                }
            } else if (pairs.matches("\\d+-\\d+")) {
                onlySrc = parse(pairs.split("-")[0], "source");
                onlyDst = parse(pairs.split("-")[1], "destination");
                if (onlySrc >= n || onlyDst >= n || onlySrc == onlyDst) {
                    throw new IllegalArgumentException("--pairs S-D needs two different hosts in 0.." + (n - 1));
                }
            } else if (!pairs.equals("all")) {
                throw new IllegalArgumentException("--pairs must be all, shift:S or S-D, got '" + pairs + "'");
            } else if ((long) n * n > 4_000_000L) {
                throw new IllegalArgumentException(n + " hosts make " + (long) n * n + " pairs; use --pairs shift:S or S-D");
            }
            PrintWriter out = spec.commandLine().getOut();
            boolean multi = r.paths() > 1;
            boolean asJson = format.equals("json");
            if (asJson) {
                String head = new JsonObject().put("topology", t.describe()).put("engine", r.engine()).put("paths", r.paths()).encode();
                out.print(head.substring(0, head.length() - 1) + ",\"routes\":[");
            } else {
                out.println(multi ? "src,dst,path,hops" : "src,dst,hops");
            }
            boolean first = true;
            for (int s = 0; s < n; s++) {
                if (onlySrc >= 0 && s != onlySrc) {
                    continue;
                }
                for (int d = 0; d < n; d++) {
                    if (d == s || (shift > 0 && d != (s + shift) % n) || (onlyDst >= 0 && d != onlyDst)) {
                        continue;
                    }
                    for (int q = 0; q < r.pathsFor(s, d); q++) {
                        String hops = RouteTrace.hops(r, s, d, q);
                        if (asJson) {
                            out.print(first ? "\n" : ",\n");
                            out.print(new JsonObject().put("src", s).put("dst", d).put("path", q)
                                    .put("hops", new JsonArray(java.util.Arrays.asList((Object[]) hops.split(" ")))).encode());
                        } else {
                            out.print(s);
                            out.print(',');
                            out.print(d);
                            out.print(',');
                            if (multi) {
                                out.print(q);
                                out.print(',');
                            }
                            out.println('"' + hops + '"'); // tuples hold commas: quote the field
                        }
                        first = false;
                    }
                }
            }
            if (asJson) {
                out.println("]}");
            }
            return 0;
        }
    }

    @Command(name = "lft", footer = {"%nExamples:", "  oftctl fattree lft --topology kary:4,3 --engine dmodk -o ours.lfts", "  oftctl fattree lft --topology ibnet:fabric.net --compare dump_fts.out"}, description = "Forwarding tables: json, or opensm (opensm-lfts.dump, loadable with opensm -R file -U FILE).")
    static final class Lft implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        RoutingArgs args = new RoutingArgs();

        @Option(names = "--format", defaultValue = "opensm", description = "opensm or json (one JSON document)")
        String format;

        @Option(names = "--json", description = "the same as --format json")
        boolean json;

        @Option(names = "--fail", description = "route around these failures (as fattree reroute --fail; repeatable)")
        List<String> fail = new ArrayList<>();

        @Option(names = "--compare", description = "also read tables (opensm-lfts.dump or dump_fts format) and report differences")
        Path compare;

        @Option(names = {"-o", "--output"}, description = "write to this file instead of standard output")
        Path output;

        @Override
        public Integer call() {
            if (json) {
                format = "json";
            }
            if (!format.equals("opensm") && !format.equals("json")) {
                throw new IllegalArgumentException("--format must be opensm or json, got '" + format + "'");
            }
            Routing r = args.route();
            org.oft.controller.fattree.topology.FabricFaults faults = org.oft.controller.fattree.topology.FabricFaults.parse(args.tree, fail);
            ForwardingTables lft = faults.isEmpty() ? r.tables()
                    : org.oft.controller.fattree.routing.Reroute.route(r.tables(), faults).tables();
            if (compare != null) {
                ForwardingTables theirs = LftFiles.read(args.tree, compare);
                int diffs = differences(lft, theirs, args.tree, spec.commandLine().getOut());
                return diffs == 0 ? 0 : 1;
            }
            Consumer<PrintWriter> body = w -> {
                if (format.equals("opensm")) {
                    LftFiles.writeOpensm(args.tree, lft, faults, w);
                } else {
                    writeJson(args.tree, r, lft, w);
                }
            };
            if (output == null) {
                body.accept(spec.commandLine().getOut());
            } else {
                OutputFile.write(output, body);
            }
            return 0;
        }

        static int differences(ForwardingTables ours, ForwardingTables theirs, FatTree tree, PrintWriter out) {
            PgftTopology t = tree.topology();
            if (ours.paths() != theirs.paths()) {
                out.println("paths differ: ours " + ours.paths() + ", theirs " + theirs.paths());
                return 1;
            }
            int diffs = 0;
            for (int v = t.hosts(); v < t.nodes(); v++) {
                for (int a = 0; a < ours.addresses(); a++) {
                    if (ours.port(v, a) != theirs.port(v, a)) {
                        if (diffs < 20) {
                            out.println(tree.names().name(v) + " address " + a + ": ours port "
                                    + tree.names().physicalPort(v, ours.port(v, a)) + ", theirs "
                                    + tree.names().physicalPort(v, theirs.port(v, a)));
                        }
                        diffs++;
                    }
                }
            }
            out.println(diffs == 0 ? "tables equal: " + t.switches() + " switches x " + ours.addresses() + " addresses"
                    : diffs + " entries differ");
            return diffs;
        }

        /** One JSON document, written switch by switch (a large fabric's tables are tens of MB). */
        private static void writeJson(FatTree tree, Routing r, ForwardingTables lft, PrintWriter w) {
            PgftTopology t = tree.topology();
            String head = new JsonObject().put("topology", t.describe()).put("engine", r.engine()).put("paths", lft.paths())
                    .put("addressing", "address = host * paths + path; ports are physical (1-based)").encode();
            w.print(head.substring(0, head.length() - 1));
            w.print(",\"switches\":[");
            for (int v = t.hosts(); v < t.nodes(); v++) {
                JsonArray ports = new JsonArray();
                for (int a = 0; a < lft.addresses(); a++) {
                    ports.add(tree.names().physicalPort(v, lft.port(v, a)));
                }
                if (v > t.hosts()) {
                    w.println(',');
                }
                w.print(new JsonObject().put("switch", tree.names().name(v)).put("tuple", t.tuple(v))
                        .put("guid", String.format("0x%016x", tree.names().nodeGuid(v))).put("ports", ports).encode());
            }
            w.println("]}");
            w.flush();
        }
    }

    @Command(name = "export", footer = {"%nExample:", "  oftctl fattree export --topology kary:4,3 -o fabric.net"}, description = "Write the topology as an ibnetdiscover/ibsim net file (GUIDs as in the LFT export).")
    static final class Export implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--topology", required = true)
        String topology;

        @Option(names = "--format", defaultValue = "ibnet", description = "ibnet (default)")
        String format;

        @Option(names = "--fail", description = "leave these out (as fattree reroute --fail; repeatable): a broken fabric for ibsim")
        List<String> fail = new ArrayList<>();

        @Option(names = {"-o", "--output"}, description = "write to this file instead of standard output")
        Path output;

        @Override
        public Integer call() {
            if (!format.equals("ibnet")) {
                throw new IllegalArgumentException("--format must be ibnet, got '" + format + "'");
            }
            FatTree tree = TopologySpec.parse(topology);
            org.oft.controller.fattree.topology.FabricFaults faults = org.oft.controller.fattree.topology.FabricFaults.parse(tree, fail);
            if (output == null) {
                IbnetExport.write(tree, faults, spec.commandLine().getOut());
            } else {
                OutputFile.write(output, w -> IbnetExport.write(tree, faults, w));
            }
            return 0;
        }
    }

    @Command(name = "analyze", footer = {"%nExample:", "  oftctl fattree analyze --topology kary:12,3 --engine dmodk --pattern bisect --metric ebb --samples 10000 --json"}, description = "Judge a routing under a traffic pattern: flows, ctopo, mload or ebb.")
    static final class Analyze implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        RoutingArgs args = new RoutingArgs();

        @Option(names = "--pattern", required = true, description = "shift:S, shift:all, perm, bisect, c2io, ring, dissemination, "
                + "recursive-doubling, tree, neighbor:K, file:PATH")
        String pattern;

        @Option(names = "--metric", required = true, description = "flows, ctopo, mload or ebb")
        String metric;

        @Option(names = "--samples", defaultValue = "1000", description = "samples for random patterns and mappings")
        int samples;

        @Option(names = "--json", description = "print JSON")
        boolean json;

        @Override
        public Integer call() {
            if (samples < 1) {
                throw new IllegalArgumentException("--samples must be at least 1, got " + samples);
            }
            Routing r = args.route();
            TrafficPattern p = TrafficPattern.parse(pattern, r.topology().hosts());
            long started = System.nanoTime();
            int total = p.random() ? samples : 1;
            Progress progress = Progress.of(spec.commandLine().getErr(), "analyze");
            Analysis a = new Analysis(r, p, args.types, args.seed,
                    done -> progress.update((double) done / total, done + "/" + total + " samples"));
            JsonObject result = a.metric(metric, samples);
            progress.done();
            result.put("seconds", (System.nanoTime() - started) / 1e9);
            PrintWriter out = spec.commandLine().getOut();
            if (json) {
                out.println(result.encode());
            } else {
                printText(out, "", result);
            }
            return 0;
        }

        /** Text for people: one "key: value" a line, nested objects as dotted keys, lists indented. */
        static void printText(PrintWriter out, String prefix, JsonObject o) {
            for (String k : o.fieldNames()) {
                Object v = o.getValue(k);
                if (v instanceof JsonObject sub) {
                    printText(out, prefix + k + ".", sub);
                } else if (v instanceof JsonArray arr) {
                    out.println(prefix + k + ":");
                    for (Object e : arr) {
                        if (e instanceof JsonObject eo) {
                            StringBuilder line = new StringBuilder("  ");
                            for (String ek : eo.fieldNames()) {
                                line.append(line.length() > 2 ? "  " : "").append(ek).append('=').append(eo.getValue(ek));
                            }
                            out.println(line);
                        } else {
                            out.println("  " + e);
                        }
                    }
                } else {
                    out.println(prefix + k + ": " + v);
                }
            }
        }
    }

    @Command(name = "deploy", footer = {"%nExamples:", "  oftctl fattree deploy --topology kary:4,3 --engine dmodk",
            "  oftctl fattree deploy --topology 'xgft:3;12,12,24;1,12,12' --engine dmodk --then random --board sim-pty --json"},
            description = "Compute the forwarding tables and deploy them through hal to modelled switch boards, all at one "
                    + "epoch; with --then, replace them by another engine's, sending only the 64-entry blocks that differ.")
    static final class Deploy implements Callable<Integer> {
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
            Routing first = args.route();
            ForwardingTables firstTables = first.tables();
            ForwardingTables thenTables = null;
            if (then != null) {
                thenTables = RoutingEngines.byName(then).route(args.tree.topology(),
                        new RoutingOptions(args.paths, args.seed, args.types)).tables();
            }
            PgftTopology t = args.tree.topology();
            JsonObject result = new JsonObject().put("topology", t.describe()).put("switches", t.switches())
                    .put("lids", firstTables.addresses()).put("board", board);
            // boards without traffic: one switch cycle per slot, so epochs come quickly
            org.oft.controller.fattree.deploy.ElectricalBench bench = new org.oft.controller.fattree.deploy.ElectricalBench(args.topology,
                    args.nodeTypes, args.paths, org.oft.sim.flit.FlitParameters.defaults(), org.oft.sim.flit.FlitSimulator.PathPolicy.HASH,
                    "uniform", 0, args.seed, 1, false);
            try (org.oft.hal.BoardBus boards = BoardSpec.parse(board).openSwitches(bench)) {
                org.oft.hal.wire.WireBoardBus bus = BoardSpec.wireOf(boards);
                result.put("deploy", deployed(bus, first.engine(), firstTables));
                if (thenTables != null) {
                    result.put("then", deployed(bus, then, thenTables));
                }
                result.put("retransmits", bus.channel().retransmits());
            }
            PrintWriter out = spec.commandLine().getOut();
            if (json) {
                out.println(result.encode());
            } else {
                Analyze.printText(out, "", result);
            }
            return 0;
        }

        private JsonObject deployed(org.oft.hal.wire.WireBoardBus bus, String engine, ForwardingTables tables) {
            long t0 = System.nanoTime();
            org.oft.hal.DeployReport r = SwitchDeployment.deploy(bus, args.tree, tables);
            return new JsonObject().put("engine", engine).put("epoch", r.epoch()).put("tableBytes", r.payloadBytes())
                    .put("blocksWritten", r.blocksWritten()).put("bytesWritten", r.bytesWritten())
                    .put("uploadSeconds", r.uploadNanos() / 1e9).put("seconds", (System.nanoTime() - t0) / 1e9);
        }
    }

    @Command(name = "reroute", footer = {"%nExamples:",
            "  oftctl fattree reroute --topology kary:4,3 --engine dmodk --fail 'link:(1,0,0,0):5' --shifts",
            "  oftctl fattree reroute --topology 'xgft:3;12,12,24;1,12,12' --fail random-links:1%:7 --then-fail 'switch:(2,0,3,5)' --json",
            "  oftctl fattree reroute --topology kary:4,3 --fail 'link:(2,1,0,0):1' --then-fail host:9 --board sim-pty"},
            description = "Route a broken fat tree: the engine's tables, kept where they still lead the right way, else the "
                    + "least-loaded port that does (up*/down* kept); pairs no route can join are counted and named. "
                    + "--then-fail reroutes incrementally for more failures and reports the table diff; --board deploys "
                    + "the complete tables, then only the blocks each reroute changes.")
    static final class RerouteCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        RoutingArgs args = new RoutingArgs();

        @Option(names = "--fail", required = true, description = "a failure: link:NODE:PORT, switch:NODE, host:N or "
                + "random-links:P%[:SEED]; NODE is a tuple (l,a_h,...,a_1), switch-N, a GUID 0x... or a node name (repeatable)")
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
            Routing planned = args.route();
            ForwardingTables plan = planned.tables();
            PgftTopology t = args.tree.topology();
            org.oft.controller.fattree.topology.FabricFaults faults = org.oft.controller.fattree.topology.FabricFaults.parse(args.tree, fail);
            for (String f : thenFail) {
                faults.with(f); // every spec checked before anything is computed or deployed
            }
            long t0 = System.nanoTime();
            org.oft.controller.fattree.routing.Reroute r = org.oft.controller.fattree.routing.Reroute.route(plan, faults);
            double seconds = (System.nanoTime() - t0) / 1e9;
            JsonObject out = new JsonObject().put("topology", t.describe()).put("engine", planned.engine()).put("paths", args.paths)
                    .put("failed", new JsonArray(faults.described())).put("deadCables", faults.deadCables())
                    .put("entriesChanged", r.changedEntries()).put("blocksChanged", blocks(plan, r.tables()))
                    .put("unreachablePairs", r.unreachablePairs()).put("unreachableByRouting", r.unreachableByRouting())
                    .put("unreachableExamples", new JsonArray(r.unreachableExamples()))
                    .put("seconds", seconds);
            if (shifts) {
                PermutationLoad wholeLoad = new PermutationLoad(plan, null);
                PermutationLoad brokenLoad = new PermutationLoad(r.tables(), r.faults());
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
                                    + args.tree.names().physicalPort(v, g - t.portBase(v))) + " -> "
                                    + (peer < t.hosts() ? "host " + peer : t.tuple(peer)) + ": " + worst[g] + " flows (shift "
                                    + worst[t.portCount() + g] + ")");
                        }
                    }
                }
                out.put("maxFlowsOverShifts", new JsonObject().put("complete", whole).put("broken", broken)
                        .put("linksAboveCompletePlusOne", overCount).put("aboveCompletePlusOne", over));
                out.put("meanMaxLinkLoadRandomPermutations", new JsonObject()
                        .put("complete", wholeLoad.meanMaxOfRandomPermutations(200))
                        .put("broken", brokenLoad.meanMaxOfRandomPermutations(200)));
                JsonArray others = new JsonArray();
                for (String c : compareLft) {
                    int eq = c.indexOf('=');
                    if (eq <= 0) {
                        throw new IllegalArgumentException("--compare-lft must be NAME=FILE, got '" + c + "'");
                    }
                    ForwardingTables theirs = LftFiles.read(args.tree, Path.of(c.substring(eq + 1)));
                    PermutationLoad pl = new PermutationLoad(theirs, faults);
                    others.add(new JsonObject().put("name", c.substring(0, eq)).put("maxFlowsOverShifts", pl.maxOverShifts(null))
                            .put("meanMaxLinkLoadRandomPermutations", pl.meanMaxOfRandomPermutations(200)));
                }
                if (!others.isEmpty()) {
                    out.put("compared", others);
                }
            }
            JsonArray then = new JsonArray();
            List<ForwardingTables> steps = new ArrayList<>(List.of(r.tables()));
            for (String f : thenFail) {
                ForwardingTables before = r.tables();
                long t1 = System.nanoTime();
                r.fail(f);
                double s1 = (System.nanoTime() - t1) / 1e9;
                List<int[]> diff = r.diff(before);
                JsonArray sample = new JsonArray();
                for (int i = 0; i < Math.min(10, diff.size()); i++) {
                    int[] e = diff.get(i);
                    sample.add("switch-" + (e[0] - t.hosts()) + " " + t.tuple(e[0]) + " LID " + e[1] + ": port "
                            + physical(e[0], e[2]) + " -> " + physical(e[0], e[3]));
                }
                then.add(new JsonObject().put("failed", f).put("entriesChanged", diff.size()).put("blocksChanged", blocks(before, r.tables()))
                        .put("unreachablePairs", r.unreachablePairs()).put("unreachableByRouting", r.unreachableByRouting())
                        .put("seconds", s1).put("diff", sample));
                steps.add(r.tables());
            }
            if (!thenFail.isEmpty()) {
                out.put("then", then);
            }
            if (board != null) {
                out.put("deploy", deploy(plan, steps));
            }
            PrintWriter w = spec.commandLine().getOut();
            if (json) {
                w.println(out.encode());
            } else {
                Analyze.printText(w, "", out);
            }
            return 0;
        }

        private String physical(int v, int local) {
            return local == org.oft.controller.fattree.routing.Reroute.NONE ? "none" : Integer.toString(args.tree.names().physicalPort(v, local));
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
        private JsonArray deploy(ForwardingTables plan, List<ForwardingTables> steps) {
            org.oft.controller.fattree.deploy.ElectricalBench bench = new org.oft.controller.fattree.deploy.ElectricalBench(args.topology,
                    args.nodeTypes, args.paths, org.oft.sim.flit.FlitParameters.defaults(), org.oft.sim.flit.FlitSimulator.PathPolicy.HASH,
                    "uniform", 0, args.seed, 1, false);
            JsonArray a = new JsonArray();
            try (org.oft.hal.BoardBus boards = BoardSpec.parse(board).openSwitches(bench)) {
                org.oft.hal.wire.WireBoardBus bus = BoardSpec.wireOf(boards);
                List<ForwardingTables> all = new ArrayList<>(List.of(plan));
                all.addAll(steps);
                for (int i = 0; i < all.size(); i++) {
                    long t0 = System.nanoTime();
                    org.oft.hal.DeployReport r = SwitchDeployment.deploy(bus, args.tree, all.get(i));
                    a.add(new JsonObject().put("tables", i == 0 ? "complete" : i == 1 ? "rerouted" : "then-fail " + (i - 1))
                            .put("epoch", r.epoch()).put("blocksWritten", r.blocksWritten()).put("bytesWritten", r.bytesWritten())
                            .put("seconds", (System.nanoTime() - t0) / 1e9));
                }
            }
            return a;
        }
    }

    static int parse(String s, String what) {
        try {
            return Integer.parseInt(s.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be a whole number, got '" + s + "'");
        }
    }
}
