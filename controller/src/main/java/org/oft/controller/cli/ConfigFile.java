package org.oft.controller.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import org.oft.controller.files.InputFile;

/**
 * A command's options kept in a file, as opensm.conf keeps OpenSM's: a line {@code name value} (or {@code name =
 * value}) per option, named as on the command line without its dashes; {@code #} starts a comment; a repeatable
 * option takes its values comma-separated or on lines of their own. The file gives the defaults, the environment
 * ({@code OFTCTL_SERVE_TOPOLOGY=kary:4,3}: the command, then the option's name, upper case, {@code _} for {@code -})
 * overrides the file, and the command line wins over both, as a systemd unit's {@code Environment=} lines are
 * meant to be used. {@link #dump} writes every option with its value in the same form ({@code serve --dump-config}),
 * so that a lab starts from the whole list. An unknown name or a repeated single option is refused with its line.
 */
final class ConfigFile implements CommandLine.IDefaultValueProvider {
    /** Options that say how to read options, not what the command does: never kept in a file. */
    static final List<String> NOT_KEPT = List.of("config", "dump-config", "help", "version");

    private final Map<String, String> values;
    private final Map<String, String> env;
    private final String prefix;

    private ConfigFile(Map<String, String> values, Map<String, String> env, String prefix) {
        this.values = values;
        this.env = env;
        this.prefix = prefix;
    }

    /** The environment variable that sets {@code option} of {@code command}: OFTCTL_SERVE_CYCLES_PER_SLOT. */
    static String variable(String command, OptionSpec option) {
        return ("OFTCTL_" + command + "_" + key(option)).toUpperCase(java.util.Locale.ROOT).replace('-', '_');
    }

    /** The options {@code file} sets for {@code spec}; a clear error (file and line) for what it cannot take. */
    private static Map<String, String> lines(Path file, CommandSpec spec) {
        // a regular UTF-8 text file, as every input file is (no FIFO, no device, no 64 MiB of it)
        List<String> lines = InputFile.readLines(file, "config file", InputFile.SMALL);
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, Integer> setAt = new LinkedHashMap<>();
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n);
            int hash = line.indexOf('#');
            String text = (hash >= 0 ? line.substring(0, hash) : line).strip();
            if (text.isEmpty()) {
                continue;
            }
            String where = file + " line " + (n + 1);
            int cut = 0;
            while (cut < text.length() && !Character.isWhitespace(text.charAt(cut)) && text.charAt(cut) != '=') {
                cut++;
            }
            String name = text.substring(0, cut);
            String value = text.substring(cut).strip();
            if (value.startsWith("=")) {
                value = value.substring(1).strip();
            }
            OptionSpec option = name.isEmpty() || NOT_KEPT.contains(name) ? null : spec.findOption("--" + name);
            if (option == null) {
                throw new IllegalArgumentException(where + ": '" + name + "' is not an option of " + spec.qualifiedName()
                        + " (" + String.join(", ", names(spec)) + ")");
            }
            if (value.isEmpty() && !option.typeInfo().isBoolean()) {
                throw new IllegalArgumentException(where + ": " + name + " has no value");
            }
            String key = key(option);
            if (values.containsKey(key)) {
                if (!option.isMultiValue()) {
                    throw new IllegalArgumentException(where + ": " + name + " is set again (first on line " + setAt.get(key) + ")");
                }
                value = values.get(key) + "," + value;
            }
            values.put(key, value.isEmpty() ? "true" : value);
            setAt.putIfAbsent(key, n + 1);
        }
        return values;
    }

    @Override
    public String defaultValue(ArgSpec arg) {
        if (!(arg instanceof OptionSpec o)) {
            return null;
        }
        String fromEnv = prefix.isEmpty() ? null : env.get(variable(prefix, o));
        return fromEnv != null && !NOT_KEPT.contains(key(o)) ? fromEnv : values.get(key(o));
    }

    /** Every option {@code spec} keeps, with the value it has now, as a file {@link #read} takes back. */
    static String dump(CommandSpec spec) {
        StringBuilder b = new StringBuilder("# oftctl " + spec.qualifiedName() + ": every option, with the value this run has. "
                + "Read back with --config FILE; the command line wins over the file.\n");
        for (OptionSpec o : spec.options()) {
            String name = key(o);
            if (o.hidden() || NOT_KEPT.contains(name)) {
                continue;
            }
            String[] description = o.description();
            String first = description.length == 0 ? "" : description[0];
            int stop = first.indexOf(". ");
            b.append("\n# ").append(stop > 0 ? first.substring(0, stop + 1) : first).append('\n');
            Object v = o.getValue();
            if (v instanceof java.util.Collection<?> c) {
                v = c.isEmpty() ? null : String.join(",", c.stream().map(String::valueOf).toList());
            }
            b.append(v == null ? "# " + name + " =" : name + " = " + v).append('\n');
        }
        return b.toString();
    }

    private static String key(OptionSpec o) {
        return o.longestName().replaceFirst("^-+", "");
    }

    private static List<String> names(CommandSpec spec) {
        List<String> out = new ArrayList<>();
        for (OptionSpec o : spec.options()) {
            if (!o.hidden() && !NOT_KEPT.contains(key(o))) {
                out.add(key(o));
            }
        }
        return out;
    }

    /**
     * Before {@code args} are parsed: when they run {@code command}, its defaults come from {@code env}'s
     * OFTCTL_COMMAND_* variables over the file {@code --config FILE} names, if any (picocli reads defaults as it
     * parses, so the file is named first). A variable that names no option is refused, as a line of the file is.
     */
    static void install(CommandLine root, String[] args, String command, Map<String, String> env) {
        if (args.length == 0 || !args[0].equals(command)) {
            return;
        }
        CommandLine sub = root.getSubcommands().get(command);
        CommandSpec spec = sub.getCommandSpec();
        String prefix = ("OFTCTL_" + command + "_").toUpperCase(java.util.Locale.ROOT);
        java.util.Set<String> known = new java.util.HashSet<>();
        for (OptionSpec o : spec.options()) {
            known.add(variable(command, o));
        }
        for (String v : new java.util.TreeSet<>(env.keySet())) {
            if (v.startsWith(prefix) && !known.contains(v)) {
                throw new IllegalArgumentException("the environment's " + v + " is not an option of " + spec.qualifiedName()
                        + " (" + prefix + "TOPOLOGY, " + prefix + "PORT, ...: see --dump-config)");
            }
        }
        Map<String, String> values = Map.of();
        for (int i = 1; i < args.length; i++) {
            String file = args[i].equals("--config") && i + 1 < args.length ? args[i + 1]
                    : args[i].startsWith("--config=") ? args[i].substring("--config=".length()) : null;
            if (file != null) {
                values = lines(Path.of(file), spec);
                break;
            }
        }
        sub.setDefaultValueProvider(new ConfigFile(values, env, command));
    }
}
