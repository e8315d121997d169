package org.oft.controller.cli;

import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.oft.controller.hrelation.HRelation;
import org.oft.controller.hrelation.HRelationRouting;
import org.oft.controller.hrelation.Schedule;
import org.oft.controller.oft.Order;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "hrelation", footer = {"%nExample:", "  oftctl hrelation --order 6 --h 8 --pattern adversarial --schedule two-phase"}, description = "Route an h-relation on the slot model and report the routing time.")
final class HRelationCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--order", required = true, description = "Order r (1..12).")
    int order;

    @Option(names = "--h", required = true, description = "Packets each processor sends and receives.")
    int h;

    @Option(names = "--pattern", defaultValue = "random", description = "random (h random permutations) or adversarial (all of a source's packets to one destination).")
    String pattern;

    @Option(names = "--schedule", defaultValue = "direct", description = "direct (§3.3) or two-phase (via evenly spread intermediates).")
    String schedule;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the pattern.")
    long seed;

    @Option(names = "--latency", defaultValue = "1", description = "Slots from injection until the root switches the packet.")
    int latency;

    @Option(names = "--json", description = "JSON output.")
    boolean json;

    @Override
    public Integer call() {
        Order.check(order);
        if (order > HRelationRouting.MAX_ORDER) {
            throw new IllegalArgumentException("h-relations are routed on orders 1.." + HRelationRouting.MAX_ORDER
                    + " (n² send buffers), got " + order);
        }
        Schedule sched = Schedule.byName(schedule);
        int n = 1 << order;
        HRelation rel = switch (pattern) {
            case "random" -> HRelation.random(n, h, seed);
            case "adversarial" -> HRelation.adversarial(n, h, seed);
            default -> throw new IllegalArgumentException("unknown pattern '" + pattern + "' (use random or adversarial)");
        };
        HRelationRouting.Result r = HRelationRouting.route(order, rel, sched, latency);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(new JsonObject().put("order", order).put("processors", n).put("h", h).put("pattern", pattern)
                    .put("schedule", sched.cliName()).put("seed", seed).put("latency", latency)
                    .put("packets", r.packets()).put("routingTimeSlots", r.slots()).put("cost", r.cost())
                    .put("networkSends", r.networkSends()).put("misdelivered", r.misdelivered())
                    .put("collisions", r.collisions()).encode());
        } else {
            out.printf(Locale.ROOT, "%s %d-relation on %d processors, %s schedule: routing time %d slots, cost t_r/h = %.3f"
                            + " (%d packets, %d network sends, %d misdelivered, %d collisions; latency %d slot(s)"
                            + " from injection until the root switches)%n",
                    pattern, h, n, sched.cliName(), r.slots(), r.cost(), r.packets(), r.networkSends(),
                    r.misdelivered(), r.collisions(), latency);
        }
        return 0;
    }
}
