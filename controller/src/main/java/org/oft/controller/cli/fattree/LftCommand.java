package org.oft.controller.cli.fattree;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import org.oft.controller.files.OutputFile;
import org.oft.controller.fattree.ib.LftFiles;
import org.oft.controller.fattree.routing.ForwardingTables;
import org.oft.controller.fattree.deploy.RunningFabric;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.PgftTopology;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import org.oft.controller.cli.Progress;
import org.oft.controller.fattree.ib.LidPlan;

@Command(name = "lft", footer = {"%nExamples:", "  oftctl fattree lft --topology kary:4,3 --engine dmodk -o ours.lfts", "  oftctl fattree lft --topology ibnet:fabric.net --compare dump_fts.out"}, description = "Forwarding tables: json, or opensm (opensm-lfts.dump, loadable with opensm -R file -U FILE).")
final class LftCommand implements Callable<Integer> {
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
        if (format.equals("opensm")) { // the LIDs are known from the topology: refused before routing, not after
            LidPlan.of(args.tree().topology(), args.paths);
        }
        RunningFabric running = args.request().running(fail); // the fabric on file, its holes and --fail, as it runs
        running.tables(); // a source-based engine has none: refused before anything is written
        if (compare != null) {
            ForwardingTables theirs = LftFiles.read(args.tree(), compare);
            int diffs = differences(running, theirs, spec.commandLine().getOut());
            return diffs == 0 ? 0 : 1;
        }
        int switches = running.tree().topology().switches();
        Progress progress = Progress.of(spec.commandLine().getErr(), "lft");
        java.util.function.IntConsumer done = s -> progress.update((double) s / switches, "switch " + s + " of " + switches);
        Consumer<PrintWriter> body = w -> {
            if (format.equals("opensm")) {
                LftFiles.writeOpensm(running, w, done);
            } else {
                writeJson(running, w, done);
            }
            progress.done();
        };
        if (output == null) {
            body.accept(spec.commandLine().getOut());
        } else {
            OutputFile.write(output, body);
        }
        return 0;
    }

    static int differences(RunningFabric running, ForwardingTables theirs, PrintWriter out) {
        FatTree tree = running.tree();
        ForwardingTables ours = running.tables();
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
                                + running.physicalPort(v, a) + ", theirs " + RunningFabric.physicalPort(tree, theirs, v, a));
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
    private static void writeJson(RunningFabric running, PrintWriter w, java.util.function.IntConsumer switchesDone) {
        FatTree tree = running.tree();
        ForwardingTables lft = running.tables();
        PgftTopology t = tree.topology();
        String head = new JsonObject().put("topology", t.describe()).put("engine", running.engine()).put("paths", lft.paths())
                .put("addressing", "address = host * paths + path; ports are physical (1-based), 255 no route").encode();
        w.print(head.substring(0, head.length() - 1));
        w.print(",\"switches\":[");
        for (int v = t.hosts(); v < t.nodes(); v++) {
            JsonArray ports = new JsonArray();
            for (int a = 0; a < lft.addresses(); a++) {
                ports.add(running.physicalPort(v, a));
            }
            if (v > t.hosts()) {
                w.println(',');
            }
            w.print(new JsonObject().put("switch", tree.names().name(v)).put("tuple", t.tuple(v))
                    .put("guid", String.format("0x%016x", tree.names().nodeGuid(v))).put("ports", ports).encode());
            switchesDone.accept(v - t.hosts() + 1);
        }
        w.println("]}");
        w.flush();
    }
}
