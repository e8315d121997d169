package org.oft.controller.cli.fattree;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "fattree", footer = {"%nExamples:", "  oftctl fattree show --topology kary:4,3", "  oftctl help fattree lft"}, description = "Electrical fat trees (PGFT/XGFT/k-ary n-trees): routes, forwarding tables, analyses.",
        subcommands = {ShowCommand.class, RoutesCommand.class, LftCommand.class,
                ExportCommand.class, AnalyzeCommand.class, DeployCommand.class,
                RerouteCommand.class})
/** {@code oftctl fattree}: one subcommand per file beside this one; the shared routing options are {@link RoutingArgs}. */
public final class FatTreeCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                "a subcommand is needed: show, routes, lft, export, analyze, deploy or reroute");
    }

    static int parse(String s, String what) {
        try {
            return Integer.parseInt(s.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be a whole number, got '" + s + "'");
        }
    }
}
