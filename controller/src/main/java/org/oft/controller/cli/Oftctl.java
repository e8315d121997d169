package org.oft.controller.cli;

import java.io.PrintWriter;
import org.oft.hal.BoardException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code oftctl}: the controller's command line. */
@Command(name = "oftctl", mixinStandardHelpOptions = true, version = "oftctl 0.1",
        description = "Control software for the optical fat-tree prototype.",
        subcommands = {DeBruijnCommand.class, TablesCommand.class, FeasibilityCommand.class, HRelationCommand.class,
                ServeCommand.class, SimCommand.class, BoardSimCommand.class, BoardsCommand.class, BenchCommand.class, FatTreeCommand.class})
public final class Oftctl implements Runnable {
    public static final int EXIT_USAGE = 2;
    public static final int EXIT_FAILURE = 1;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is needed (see oftctl --help)");
    }

    public static void main(String[] args) {
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the CLI; bad input gives one line on err and exit code 2, never a stack trace. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new Oftctl());
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println("oftctl: " + oneLine(ex.getMessage()));
            err.flush();
            return EXIT_USAGE;
        });
        cl.setExecutionExceptionHandler((ex, cmd, parseResult) -> {
            if (ex instanceof IllegalArgumentException || ex instanceof BoardException
                    || ex instanceof org.oft.hal.transport.LinkException) {
                err.println("oftctl: " + oneLine(ex.getMessage()));
                err.flush();
                return EXIT_USAGE;
            }
            err.println("oftctl: failed: " + oneLine(String.valueOf(ex.getMessage())) + " (" + ex.getClass().getSimpleName() + ")");
            err.flush();
            return EXIT_FAILURE;
        });
        int code;
        try {
            code = cl.execute(args);
        } catch (OutOfMemoryError e) {
            err.println("oftctl: not enough memory for this; give the JVM more (JAVA_OPTS=-Xmx...) or choose a smaller order");
            code = EXIT_FAILURE;
        }
        out.flush();
        err.flush();
        return code;
    }

    static String oneLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).strip();
    }
}
