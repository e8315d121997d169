package org.oft.controller.cli.fattree;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.controller.fattree.topology.TopologySpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import org.oft.controller.fattree.topology.FabricFaults;

@Command(name = "show", footer = {"%nExample:", "  oftctl fattree show --topology 'pgft:3;8,4,2;1,2,1;1,1,4'"}, description = "Describe a topology: parameters, sizes, the RLFT test of 000 eq. (1).")
final class ShowCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--topology", required = true, description = "pgft:h;m..;w..;p.., xgft:h;m..;w.., kary:k,n or ibnet:FILE")
    String topology;

    @Option(names = "--host-order", description = "an ibnet: fabric's host numbering: guid (default, by port GUID), file (as listed) or tuple (by leaf and leaf port, as OpenSM's ftree)")
    String hostOrder;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Override
    public Integer call() {
        FatTree tree = TopologySpec.parse(topology, hostOrder);
        PgftTopology t = tree.topology();
        PrintWriter out = spec.commandLine().getOut();
        FabricFaults holes = FabricFaults.none(tree);
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
                    .put("missingNodes", absentNodes).put("setAside", new JsonArray(tree.setAside())).encode());
            return 0;
        }
        out.println(t.describe());
        out.println("hosts " + t.hosts() + ", switches " + t.switches() + ", links " + t.portCount() / 2
                + (missing.isEmpty() ? "" : " (missing: " + holes.deadCables() + " links" + (absentNodes == 0 ? ""
                : ", " + absentNodes + " nodes with all their links") + ")"));
        for (String mi : missing) {
            out.println("  " + mi);
        }
        if (!tree.setAside().isEmpty()) {
            out.println("set aside, not part of the fat tree: " + tree.setAside().size());
            for (String a : tree.setAside()) {
                out.println("  " + a);
            }
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
