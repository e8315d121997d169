package org.oft.controller.cli;

import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.oft.controller.oft.Feasibility;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "feasibility", footer = {"%nExample:", "  oftctl feasibility --order 10 --bandwidth-gbps 100"}, description = "Physical figures of an OFT (Honkanen §2.3).")
final class FeasibilityCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--order", required = true, description = "Order r (1..30).")
    int order;

    @Option(names = "--bandwidth-gbps", defaultValue = "100", description = "Link bandwidth B in Gb/s.")
    double bandwidth;

    @Option(names = "--packet-bits", defaultValue = "128", description = "Packet size N_p in bits.")
    int packetBits;

    @Option(names = "--refraction-index", defaultValue = "1.5", description = "Refraction index of the fibre.")
    double refraction;

    @Option(names = "--clock-ghz", defaultValue = "1", description = "Processor clock in GHz.")
    double clock;

    @Option(names = "--json", description = "JSON output.")
    boolean json;

    @Override
    public Integer call() {
        Feasibility.Report f = Feasibility.of(new Feasibility.Parameters(order, bandwidth, packetBits, refraction, clock));
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(new JsonObject()
                    .put("order", order).put("bandwidthGbps", bandwidth).put("packetBits", packetBits)
                    .put("refractionIndex", refraction).put("clockGhz", clock)
                    .put("bitLengthMm", f.bitLengthMm()).put("packetLengthMm", f.packetLengthMm())
                    .put("slotNs", f.slotNs()).put("cyclesPerSlot", f.cyclesPerSlot()).put("links", f.links())
                    .put("totalFibreM", f.totalFibreM()).put("diameter", f.diameter())
                    .put("routingTimeNs", f.routingTimeNs()).put("routingTimeCycles", f.routingTimeCycles()).encode());
            return 0;
        }
        out.printf(Locale.ROOT, "order                 %d (%d processors, %d links)%n", order, 1L << order, f.links());
        out.printf(Locale.ROOT, "bit length in fibre   %.3f mm%n", f.bitLengthMm());
        out.printf(Locale.ROOT, "packet length (l_p)   %.1f mm%n", f.packetLengthMm());
        out.printf(Locale.ROOT, "slot (t_p)            %.3f ns = %.2f clock cycles%n", f.slotNs(), f.cyclesPerSlot());
        out.printf(Locale.ROOT, "total fibre (L_f)     %.3f m%n", f.totalFibreM());
        out.printf(Locale.ROOT, "routing time (t_r)    %.3f ns = %.2f clock cycles (diameter %d slots)%n",
                f.routingTimeNs(), f.routingTimeCycles(), f.diameter());
        return 0;
    }
}
