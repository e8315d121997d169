package org.oft.controller.cli.fattree;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.oft.controller.cli.Progress;
import org.oft.controller.fattree.analysis.Analysis;
import org.oft.controller.fattree.analysis.TrafficPattern;
import org.oft.controller.fattree.routing.Routing;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "analyze", footer = {"%nExample:", "  oftctl fattree analyze --topology kary:12,3 --engine dmodk --pattern bisect --metric ebb --samples 10000 --json"}, description = "Judge a routing under a traffic pattern: flows, ctopo, mload or ebb.")
final class AnalyzeCommand implements Callable<Integer> {
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
        Routing r = args.request().running().routes(); // the fabric on file as it runs, holes included, as every command routes it
        TrafficPattern p = TrafficPattern.parse(pattern, r.topology().hosts());
        long started = System.nanoTime();
        int total = p.random() ? samples : 1;
        Progress progress = Progress.of(spec.commandLine().getErr(), "analyze");
        Analysis a = new Analysis(r, p, args.types(), args.seed,
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
