package org.oft.controller.cli.fattree;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.oft.controller.fattree.routing.RouteTrace;
import org.oft.controller.fattree.routing.Routing;
import org.oft.controller.fattree.topology.PgftTopology;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "routes", footer = {"%nExample:", "  oftctl fattree routes --topology 'xgft:3;4,4,4;1,4,2' --engine disjoint --paths 4 --pairs 0-63"}, description = "Route traces in the papers' names: CSV src,dst[,path],hops.")
final class RoutesCommand implements Callable<Integer> {
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
        Routing r = args.request().running().routes(); // the fabric on file as it runs, holes included, as every command routes it
        PgftTopology t = r.topology();
        int n = t.hosts();
        int shift = -1;
        int onlySrc = -1;
        int onlyDst = -1;
        if (pairs.startsWith("shift:")) {
            shift = FatTreeCommand.parse(pairs.substring(6), "--pairs shift:S");
            if (shift < 1 || shift >= n) {
                throw new IllegalArgumentException("--pairs shift:S needs S in 1.." + (n - 1));
            }
        } else if (pairs.matches("\\d+-\\d+")) {
            onlySrc = FatTreeCommand.parse(pairs.split("-")[0], "source");
            onlyDst = FatTreeCommand.parse(pairs.split("-")[1], "destination");
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
