package org.oft.controller.cli.fattree;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.oft.controller.files.OutputFile;
import org.oft.controller.fattree.ib.IbnetExport;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.TopologySpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import org.oft.controller.fattree.topology.FabricFaults;

@Command(name = "export", footer = {"%nExample:", "  oftctl fattree export --topology kary:4,3 -o fabric.net"}, description = "Write the topology as an ibnetdiscover/ibsim net file (GUIDs as in the LFT export).")
final class ExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--topology", required = true)
    String topology;

    @Option(names = "--host-order", description = "an ibnet: fabric's host numbering: guid (default, by port GUID), file (as listed) or tuple (by leaf and leaf port, as OpenSM's ftree)")
    String hostOrder;

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
        FatTree tree = TopologySpec.parse(topology, hostOrder);
        FabricFaults faults = FabricFaults.parse(tree, fail);
        if (output == null) {
            IbnetExport.write(tree, faults, spec.commandLine().getOut());
        } else {
            OutputFile.write(output, w -> IbnetExport.write(tree, faults, w));
        }
        return 0;
    }
}
