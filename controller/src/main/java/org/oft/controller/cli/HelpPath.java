package org.oft.controller.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code oftctl help [CMD [SUB ...]]}: the help of the command the whole path names (picocli's own help command
 * stops at the first word, so {@code help fattree lft} printed fattree's page).
 */
@Command(name = "help", helpCommand = true, description = "Print the help of a command: oftctl help CMD [SUB ...]")
final class HelpPath implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "CMD", description = "the command, and its subcommands, whose help to print")
    List<String> path = new ArrayList<>();

    @Override
    public void run() {
        CommandLine at = spec.parent().commandLine();
        StringBuilder named = new StringBuilder("oftctl");
        for (String word : path) {
            CommandLine next = at.getSubcommands().get(word);
            if (next == null) {
                throw new CommandLine.ParameterException(spec.commandLine(), "'" + named + "' has no command '" + word + "'"
                        + (at.getSubcommands().isEmpty() ? "" : "; it has: " + String.join(", ", at.getSubcommands().keySet())));
            }
            named.append(' ').append(word);
            at = next;
        }
        at.usage(spec.commandLine().getOut(), at.getColorScheme());
    }
}
