package org.oft.controller.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Options only one fabric uses (the OFT's order, the fat tree's topology and packet model): a
 * command running the other fabric refuses them by name rather than ignoring them.
 */
final class FabricOptions {
    private FabricOptions() {
    }

    /** Fails when the command line names any of {@code options}, saying they apply {@code where}. */
    static void refuse(CommandSpec spec, List<String> options, String where) {
        List<String> given = new ArrayList<>();
        for (OptionSpec o : spec.commandLine().getParseResult().matchedOptions()) {
            if (options.contains(o.longestName()) && !given.contains(o.longestName())) {
                given.add(o.longestName());
            }
        }
        if (!given.isEmpty()) {
            throw new IllegalArgumentException(String.join(", ", given) + (given.size() == 1 ? " applies " : " apply ") + where);
        }
    }

    /** {@code names}, then the options of the flit-model mixin {@code mixin} of {@code spec}. */
    static List<String> withPacketModel(CommandSpec spec, String mixin, String... names) {
        List<String> all = new ArrayList<>(List.of(names));
        for (OptionSpec o : spec.mixins().get(mixin).options()) {
            all.add(o.longestName());
        }
        return all;
    }
}
