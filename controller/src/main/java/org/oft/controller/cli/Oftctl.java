package org.oft.controller.cli;

import java.io.PrintWriter;
import java.util.List;
import org.oft.hal.BoardException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import org.oft.controller.cli.fattree.FatTreeCommand;
import org.oft.controller.logs.LibraryLogs;
import org.oft.controller.study.StudyFile;
import org.oft.hal.transport.LinkException;

/** {@code oftctl}: the controller's command line. */
@Command(name = "oftctl", mixinStandardHelpOptions = true, version = "oftctl 0.1",
        scope = CommandLine.ScopeType.INHERIT, showDefaultValues = true, sortOptions = false,
        description = "Control software for the optical fat-tree prototype.",
        footer = {"%nExamples:", "  oftctl serve", "  oftctl help fattree lft",
                "%nEvery command answers -h/--help; 'oftctl help CMD [SUB]' says the same.",
                "Bad input: one line on stderr, exit 2. A failed run: exit 1."},
        subcommands = {HelpPath.class, DeBruijnCommand.class, TablesCommand.class, FeasibilityCommand.class, HRelationCommand.class,
                ServeCommand.class, SimCommand.class, BoardSimCommand.class, BoardsCommand.class, BoardBuildCommand.class, BenchCommand.class, FatTreeCommand.class, FlitCommand.class,
                StudyCommand.class, WorkerCommand.class, ZooKeeperCommand.class})
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
        if (System.getProperty("java.util.logging.SimpleFormatter.format") == null) {
            // one line per record: time, level, message (and a trace only where one was logged)
            System.setProperty("java.util.logging.SimpleFormatter.format", "%1$tF %1$tT %4$s %5$s%6$s%n");
        }
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the CLI; bad input gives one line on err and exit code 2, never a stack trace. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        return execute(args, out, err, System.getenv());
    }

    /** As {@link #execute(String[], PrintWriter, PrintWriter)}, with {@code env} as the environment (OFTCTL_SERVE_* options). */
    static int execute(String[] args, PrintWriter out, PrintWriter err, java.util.Map<String, String> env) {
        LibraryLogs.quiet();
        CommandLine cl = new CommandLine(new Oftctl());
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, a) -> {
            String suggest = "";
            if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
                String typed = u.getUnmatched().get(0);
                List<String> near = u.getSuggestions().stream().filter(x -> near(typed, x)).limit(2).toList();
                suggest = near.isEmpty() ? "" : "; did you mean " + String.join(" or ", near) + "?";
            }
            err.println("oftctl: " + oneLine(ex.getMessage()) + suggest);
            err.flush();
            return EXIT_USAGE;
        });
        cl.setExecutionExceptionHandler((ex, cmd, parseResult) -> {
            if (ex instanceof StudyFile.Invalid inv) { // every error of a study file, a line each
                inv.lines().forEach(l -> err.println("oftctl: " + l));
                err.flush();
                return EXIT_USAGE;
            }
            if (ex instanceof IllegalArgumentException || ex instanceof BoardException
                    || ex instanceof LinkException) {
                err.println("oftctl: " + oneLine(ex.getMessage()));
                err.flush();
                return EXIT_USAGE;
            }
            if (ex instanceof IllegalStateException) { // ours: a write or a start that failed, said for people
                err.println("oftctl: " + oneLine(ex.getMessage()));
                err.flush();
                return EXIT_FAILURE;
            }
            // A bug of ours: say so in words; the trace only when asked for.
            err.println("oftctl: internal error in '" + cmd.getCommandName() + "'; please report it (OFTCTL_DEBUG=1 prints the details)");
            if (System.getenv("OFTCTL_DEBUG") != null) {
                ex.printStackTrace(err);
            }
            err.flush();
            return EXIT_FAILURE;
        });
        int code;
        try {
            ConfigFile.install(cl, args, "serve", env); // serve's defaults: OFTCTL_SERVE_* over --config FILE
        } catch (IllegalArgumentException e) {
            err.println("oftctl: " + oneLine(e.getMessage()));
            err.flush();
            return EXIT_USAGE;
        }
        try {
            code = cl.execute(args);
        } catch (OutOfMemoryError e) {
            err.println(OUT_OF_MEMORY);
            code = EXIT_FAILURE;
        }
        if (out.checkError()) {
            err.println("oftctl: cannot write standard output (closed or device full); the output is incomplete");
            code = code == 0 ? EXIT_FAILURE : code;
        }
        err.flush();
        return code;
    }

    /** {@code b} is a likely intent for {@code a} typed: a few letters off (a third of its length at most, two at least). */
    static boolean near(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                cur[j] = Math.min(Math.min(cur[j - 1], prev[j]) + 1, prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()] <= Math.max(2, a.length() / 3);
    }

    private static final String OUT_OF_MEMORY =
            "oftctl: not enough memory for this; give the JVM more (JAVA_OPTS=-Xmx...) or choose a smaller order";

    static String oneLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).strip();
    }
}
