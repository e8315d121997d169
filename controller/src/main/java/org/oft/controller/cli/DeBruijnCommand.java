package org.oft.controller.cli;

import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.oft.controller.oft.ControlSequence;
import org.oft.controller.oft.DeBruijnCheck;
import org.oft.controller.oft.Order;
import org.oft.controller.oft.SequenceGenerator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "debruijn", footer = {"%nExamples:", "  oftctl debruijn --order 4", "  oftctl debruijn --check 0000111101100101 --json"}, description = "Print the de Bruijn control sequence of order R, or check a bit string.")
final class DeBruijnCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--order", description = "Order r (1..30); the sequence has 2^r bits.")
    Integer order;

    @Option(names = "--generator", defaultValue = "fast", description = "prefer-one (the paper's algorithm, literally) or fast (Lyndon words); the same bits.")
    String generator;

    @Option(names = "--check", paramLabel = "BITS", description = "Instead: say whether BITS is a binary de Bruijn sequence; exit 1 if not.")
    String check;

    @Option(names = "--json", description = "JSON {order, length, sequence}.")
    boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (check != null) {
            if (order != null) {
                Order.check(order);
                if (check.strip().length() != 1L << order) {
                    throw new IllegalArgumentException("--check BITS has " + check.strip().length() + " bits; an order-" + order
                            + " sequence has " + (1L << order) + " (leave out --order to check any length)");
                }
            }
            DeBruijnCheck.Result r = DeBruijnCheck.check(check.strip());
            if (json) {
                out.println(new JsonObject().put("valid", r.valid()).put("order", r.order()).put("reason", r.reason()).encode());
            } else {
                out.println(r.describe());
            }
            return r.valid() ? 0 : 1;
        }
        if (order == null) {
            throw new IllegalArgumentException("--order is required (or --check BITS)");
        }
        Order.check(order);
        ControlSequence xi = SequenceGenerator.byName(generator).generate(order);
        if (json) {
            out.print("{\"order\":" + order + ",\"length\":" + xi.length() + ",\"sequence\":\"");
            printBits(out, xi);
            out.println("\"}");
        } else {
            printBits(out, xi);
            out.println();
        }
        return 0;
    }

    static void printBits(PrintWriter out, ControlSequence xi) {
        char[] chunk = new char[8192];
        int len = xi.length();
        for (int i = 0; i < len; i += chunk.length) {
            int m = Math.min(chunk.length, len - i);
            for (int k = 0; k < m; k++) {
                chunk[k] = (char) ('0' + xi.bit(i + k));
            }
            out.write(chunk, 0, m);
        }
    }
}
