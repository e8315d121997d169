package org.oft.controller.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import org.oft.sim.rtl.RtlBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** A flashable image of one optical board for a real iCE40 board: rtl/boards/build.sh, its arguments checked first. */
@Command(name = "board", footer = {"%nExamples:", "  oftctl board build --target icebreaker --role processor:5 --order 3 -o p5.bin",
        "  oftctl board build --target upduino --role router:2 --order 3 -o r2.bin", "  iceprog p5.bin"},
        description = "Build a board's bitstream for an iCEBreaker or a UPduino v3 (Yosys, nextpnr-ice40, icepack; docs/rtl.md,"
                + " Putting it on a board).")
final class BoardBuildCommand implements Callable<Integer> {
    private static final Pattern ROLE = Pattern.compile("(router|processor):[0-9]{1,4}");

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", description = "build")
    String action;

    @Option(names = "--target", required = true, description = "icebreaker or upduino (each an iCE40UP5K-SG48).")
    String target;

    @Option(names = "--role", required = true, description = "router:LEVEL (1..order) or processor:P (0..2^order-1).")
    String role;

    @Option(names = "--order", required = true, description = "The OFT's order, 3..6.")
    int order;

    @Option(names = {"-o", "--output"}, description = "The image (default rtl/build/boards/TARGET-ROLE-orderN.bin).")
    Path output;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (!action.equals("build")) {
            throw new IllegalArgumentException("unknown action '" + action + "' (build)");
        }
        if (!target.equals("icebreaker") && !target.equals("upduino")) {
            throw new IllegalArgumentException("--target is icebreaker or upduino, got '" + target + "'");
        }
        if (order < 3 || order > 6) {
            throw new IllegalArgumentException("--order is 3..6 for a real board (its pins and its UP5K), got " + order);
        }
        if (!ROLE.matcher(role).matches()) {
            throw new IllegalArgumentException("--role is router:LEVEL or processor:P, got '" + role + "'");
        }
        int v = Integer.parseInt(role.substring(role.indexOf(':') + 1));
        if (role.startsWith("router") && (v < 1 || v > order)) {
            throw new IllegalArgumentException("a router-level board's level is 1.." + order + ", got " + v);
        }
        if (role.startsWith("processor") && v >= 1 << order) {
            throw new IllegalArgumentException("a processor board's index is 0.." + ((1 << order) - 1) + " at order " + order + ", got " + v);
        }
        List<String> cmd = new ArrayList<>(List.of("bash", RtlBench.rtlDir().resolve("boards/build.sh").toString(), target, role,
                Integer.toString(order)));
        if (output != null) {
            cmd.add(output.toAbsolutePath().toString());
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        PrintWriter out = spec.commandLine().getOut();
        try (InputStream in = p.getInputStream()) {
            byte[] buf = new byte[4096];
            for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
                out.print(new String(buf, 0, n, StandardCharsets.UTF_8));
                out.flush();
            }
        }
        return p.waitFor();
    }
}
