package org.oft.controller.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.oft.controller.oft.ControlSequence;
import org.oft.controller.oft.LyndonPreferOne;
import org.oft.controller.oft.Order;
import org.oft.controller.oft.RoutingTables;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "tables", footer = {"%nExamples:", "  oftctl tables --order 3 --processor 5", "  oftctl tables --order 4 --json"}, description = "Per-processor routing tables: row i = destination reached by a packet injected in slot i.")
final class TablesCommand implements Callable<Integer> {
    /** All n×n rows are only printed up to this order; beyond, name a processor. */
    /** One processor's table: 2^24 rows, about 180 MB of text. */
    static final int MAX_ORDER_ONE = 24;
    static final int MAX_ORDER_ALL = 12;

    @Spec
    CommandSpec spec;

    @Option(names = "--order", required = true, description = "Order r (1..30).")
    int order;

    @Option(names = "--processor", description = "Only this processor's table (default: all processors).")
    Integer processor;

    @Option(names = "--latency", defaultValue = "1", description = "Slots from injection until the root switches the packet.")
    int latency;

    @Option(names = "--json", description = "JSON instead of CSV.")
    boolean json;

    @Override
    public Integer call() {
        Order.check(order);
        if (processor == null && order > MAX_ORDER_ALL) {
            throw new IllegalArgumentException("all processors' tables of order " + order + " are 4^" + order
                    + " rows; name one with --processor (all are printed up to order " + MAX_ORDER_ALL + ")");
        }
        if (order > MAX_ORDER_ONE) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "one table of order %d is 2^%d rows, about %.1f GiB "
                    + "of text; tables are printed up to order %d (the control sequence of any order: oftctl debruijn)", order, order,
                    (1L << order) * 11.0 / (1 << 30), MAX_ORDER_ONE));
        }
        ControlSequence xi = LyndonPreferOne.generate(order);
        RoutingTables tables = new RoutingTables(xi, latency);
        if (processor != null && (processor < 0 || processor >= xi.length())) {
            throw new IllegalArgumentException("processor must be between 0 and " + (xi.length() - 1) + ", got " + processor);
        }
        int from = processor == null ? 0 : processor;
        int to = processor == null ? xi.length() : processor + 1;
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.print("{\"order\":" + order + ",\"processors\":" + xi.length() + ",\"latency\":" + latency
                    + ",\"latencyConvention\":\"slots from injection until the root switches the packet\",\"sequence\":\"");
            DeBruijnCommand.printBits(out, xi);
            out.print("\",\"tables\":[");
            for (int s = from; s < to; s++) {
                out.print((s > from ? "," : "") + "{\"processor\":" + s + ",\"rows\":[");
                tables.forEachRow(s, (row, d) -> {
                    if (row > 0) {
                        out.print(',');
                    }
                    out.print(d);
                });
                out.print("]}");
            }
            out.println("]}");
            return 0;
        }
        out.print("# control sequence (prefer-one, order " + order + "): ");
        DeBruijnCommand.printBits(out, xi);
        out.println();
        out.println("# latency: " + latency + " slot(s) from injection until the root switches the packet;"
                + " level r-k switches it in slot row+latency+k");
        out.println("processor,row,destination");
        StringBuilder line = new StringBuilder(32);
        for (int s = from; s < to; s++) {
            final int src = s;
            tables.forEachRow(s, (row, d) -> {
                line.setLength(0);
                line.append(src).append(',').append(row).append(',').append(d).append('\n');
                out.append(line);
            });
        }
        return 0;
    }
}
