package org.oft.controller.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.oft.controller.service.ControllerApp;
import org.oft.controller.service.ServeConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import org.oft.controller.fattree.deploy.ElectricalBench;
import org.oft.controller.fattree.deploy.RoutingRequest;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.TopologySpec;
import org.oft.controller.files.InputFile;
import org.oft.controller.files.StateDir;
import org.oft.controller.service.events.AlertWatch;
import org.oft.controller.service.events.EventLog;
import org.oft.controller.service.events.Notifier;
import org.oft.controller.service.fattree.Served;
import org.oft.hal.transport.LinkException;

@Command(name = "serve", footer = {"%nExamples:", "  oftctl serve", "  oftctl serve --order 8 --board sim-pty --slots-per-second 100",
        "  oftctl serve --fabric fattree --topology kary:4,3 --engine dmodk --traffic uniform --load 0.6",
        "  oftctl serve --fabric fattree --topology 'xgft:2;4,8;1,4' --engine disjoint --paths 2 --board sim-pty"},
        description = "Run the controller: compute tables, load the boards, run the slot clock, serve the web console. "
                + "The OFT by default; with --fabric fattree, an electrical fat tree's switch boards forwarding the flit model's packets.")
final class ServeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--fabric", defaultValue = "oft", description = "oft (the optical fat tree) or fattree (electrical switch boards).")
    String fabric;

    @Option(names = "--order", defaultValue = "4", description = "OFT: order r of the fabric (1..16 on the built-in model).")
    int order;

    @Option(names = "--topology", description = "fattree: pgft:h;m..;w..;p.., xgft:h;m..;w.., kary:k,n or ibnet:FILE.")
    String topology;

    @Option(names = "--host-order", description = "fattree: an ibnet: fabric's host numbering: guid (default, by port GUID), file (as listed) or tuple (by leaf and leaf port, as OpenSM's ftree)")
    String hostOrder;

    @Option(names = "--engine", defaultValue = "dmodk", description = "fattree: the routing engine whose tables the switches hold "
            + "(dmodk, gdmodk, random, shift-1, disjoint; changeable from the API).")
    String engine;

    @Option(names = "--paths", defaultValue = "1", description = "fattree: addresses (LIDs) per host, the boards' LID space (hosts × this): a multi-path engine routes a pair "
            + "over as many paths, a single-path one over one; the console changes the paths to any divisor while serving.")
    int paths;

    @Option(names = "--node-types", description = "fattree: node types (last:io, csv:FILE), for gdmodk and c2io traffic.")
    String nodeTypes;

    @Option(names = "--seed", defaultValue = "1", description = "fattree: seed of random routing, injection and traffic.")
    long seed;

    @Option(names = "--cycles-per-slot", defaultValue = "" + ElectricalBench.DEFAULT_CYCLES_PER_SLOT,
            description = "fattree: switch clock cycles the packet model runs per slot.")
    int cyclesPerSlot;

    @Option(names = "--threads", defaultValue = "1", description = "fattree: threads the packet model runs each cycle on, its "
            + "fabric split among them (the same results for any number; more than the cores is slower).")
    int threads;

    @picocli.CommandLine.Mixin
    FlitArgs flit = new FlitArgs();

    @Option(names = "--metrics", paramLabel = "HOST:PORT", description = "Also serve GET /metrics alone on HOST:PORT (e.g. 0.0.0.0:9464): "
            + "a Prometheus on another host scrapes it while the console stays on loopback; that bind serves nothing else.")
    String metrics;

    @Option(names = "--config", paramLabel = "FILE", description = "Options from FILE, a line 'name value' each (as on the command line, "
            + "without the dashes; # comments), as opensm.conf is OpenSM's; what the command line says wins.")
    Path config;

    @Option(names = "--dump-config", description = "Print every option with the value this run would have (defaults, --config, the "
            + "command line), in --config's form, and stop: a lab's config file starts from it.")
    boolean dumpConfig;

    @Option(names = "--port", defaultValue = "8080", description = "HTTP port of the console.")
    int port;

    @Option(names = "--host", defaultValue = "127.0.0.1", description = "Address to bind.")
    String host;

    @Option(names = "--slots-per-second", description = "Slot clock rate (default 4 for the OFT, 20 for a fat tree).")
    Double slotsPerSecond;

    @Option(names = "--latency", defaultValue = "1", description = "Slots from injection until the root switches the packet.")
    int latency;

    @Option(names = "--board", defaultValue = "sim", description = "Boards to drive: sim (built-in model, default), sim-lab[:PPM or :free] (the model as a lab's separate "
            + "boards, each on its own crystal within +-PPM (100), kept in step by the slot-reference line; free: no line), sim-pty (the "
            + "model in its own process behind a pseudo-terminal), rtl-pty, rtl-lab[:PPM] (the boards' Verilog as a lab's separate boards, a pty "
            + "each, their crystals within +-PPM (100)), bench:FILE (separate boards, a line of FILE each: serial:/dev/ttyUSB0[@baud]), serial:/dev/ttyUSB0[@baud], uio:/dev/uio0.")
    String board;

    @Option(names = "--bench", description = "Bench file: measured fibre lengths and board clocks (calibration uses it).")
    Path bench;

    @Option(names = "--tls-cert", description = "Serve the console over HTTPS with this PEM certificate (with --tls-key).")
    Path tlsCert;

    @Option(names = "--tls-key", description = "The PEM private key of --tls-cert.")
    Path tlsKey;

    @Option(names = "--allowed-host", split = ",", description = "A name the console also answers to (repeatable): the Host a browser sends when "
            + "it reaches the controller by that name. Loopback names and the --host address are always allowed; any other Host "
            + "header is refused (a page of another site under this machine's address, DNS rebinding).")
    java.util.List<String> allowedHosts = new java.util.ArrayList<>();

    @Option(names = "--token-file", description = "Where the token the console's mutating calls need is written, readable by its "
            + "owner only, once the console serves (default ~/.oftctl/token-PORT: two controllers never share one). An existing file "
            + "that holds anything but a token is refused, never overwritten. A lone controller deletes it as it stops; with --ha it "
            + "stays, as the bench's token stays valid while any of its controllers runs.")
    Path tokenFile;

    @Option(names = "--events", description = "Where the event log is kept, an SQLite file that survives restarts (default "
            + "~/.oftctl/serve/FABRIC-PORT/events.db, this controller's own; 'none': in memory, for this run only).")
    String events;

    @Option(names = "--events-keep", description = "The newest events the log keeps; older ones are deleted (default 1000000).")
    long eventsKeep = EventLog.KEEP;

    @Option(names = "--notify", paramLabel = "URL", description = "A webhook each alarm is POSTed to as JSON ({\"text\": the line, \"event\": "
            + "the event}: Slack, Mattermost and most paging gateways take it as it is); repeatable. Alarms are also lines of the "
            + "process log, webhook or not.")
    java.util.List<String> notify = new java.util.ArrayList<>();

    @Option(names = "--notify-severity", description = "From which severity events reach --notify and the process log: alarm (the "
            + "default) or warning.")
    String notifySeverity = "alarm";

    @Option(names = "--alert", paramLabel = "NAME=VALUE", split = ",", description = "An alert threshold (repeatable): utilisation=0.95 (a port's "
            + "flits per cycle), transmitWait=0.5 (PortXmitWait per cycle), drops=1 (packets a port drops between readings), "
            + "marginPs=20 (a level's worst timing margin); VALUE off turns one off. These are the defaults; the page and "
            + "POST /api/alerts change them while serving.")
    java.util.List<String> alerts = new java.util.ArrayList<>();

    @Option(names = "--studies", description = "The folder of the console's Studies view: every NAME.db there is shown as it runs "
            + "(point 'oftctl study run --db' here), and a study started from the page runs into it (default ~/.oftctl/studies).")
    Path studies;

    @Option(names = "--controller-id", description = "This controller's name to the boards, given to any other controller they refuse "
            + "(default host:pid).")
    String controllerId;

    @Option(names = "--lease", defaultValue = "10", description = "Seconds this controller's claim on the boards holds without renewal "
            + "(renewed about three times a lease; another controller may claim them once it runs out).")
    double leaseSeconds;

    @Option(names = "--take-over", description = "Claim the boards even while another controller's lease on them is live: that "
            + "controller is fenced off (its changes refused from then on).")
    boolean takeOver;

    @Option(names = "--ha", description = "Run as one of several controllers of these boards, electing the master through this "
            + "ZooKeeper ensemble (host:port[,host:port...]); the others stand by and take over when it dies.")
    String ha;

    @Option(names = "--priority", defaultValue = "0", description = "With --ha: election priority 0..255; a higher one takes over from "
            + "a lower one, as subnet managers hand over.")
    int priority;

    @Option(names = "--state", description = "Where the last deployed configuration is kept, for boards reached over a link "
            + "(default ~/.oftctl/serve/FABRIC-PORT/deployed.json; none for the boards sim-pty, rtl-pty and rtl-lab start afresh).")
    Path state;

    /** What a token file holds: nothing yet, or one token (hex, as ConsoleToken makes them) on a line. */
    private static final java.util.regex.Pattern TOKEN_LINE = java.util.regex.Pattern.compile("(?:[0-9a-fA-F]{32,256}\\n?)?");

    /** Whether {@code file} is empty or holds a token alone (never read past a token's length). */
    static boolean holdsAToken(Path file) {
        try {
            if (java.nio.file.Files.size(file) > 258) {
                return false;
            }
            return TOKEN_LINE.matcher(java.nio.file.Files.readString(file)).matches();
        } catch (java.io.IOException | RuntimeException e) {
            return false;
        }
    }

    /** Writes {@code text} to {@code file} so that only its owner can read it, replacing what was there. */
    static void writeOwnerOnly(Path file, String text) throws java.io.IOException {
        Path dir = file.toAbsolutePath().getParent();
        java.nio.file.Files.createDirectories(dir);
        Path tmp;
        try {
            tmp = java.nio.file.Files.createTempFile(dir, ".token-", ".tmp", java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                    java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException e) {
            tmp = java.nio.file.Files.createTempFile(dir, ".token-", ".tmp");
        }
        try {
            if (java.nio.file.Files.isDirectory(file)) {
                throw new java.nio.file.FileSystemException(file.toString(), null, "Is a directory");
            }
            java.nio.file.Files.writeString(tmp, text + "\n");
            java.nio.file.Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } finally {
            java.nio.file.Files.deleteIfExists(tmp); // nothing left behind when the move failed
        }
    }

    @Override
    public Integer call() throws InterruptedException {
        if (dumpConfig) {
            PrintWriter o = spec.commandLine().getOut();
            o.print(ConfigFile.dump(spec));
            o.flush();
            return 0;
        }
        if (host.isBlank()) {
            throw new IllegalArgumentException("--host must name an address to bind");
        }
        String[] metricsBind = metrics == null ? null : hostPort(metrics); // refused before anything starts
        // each controller its own record and events: two on one machine (an OFT and a fat tree, or two benches) never
        // mix their events, and a record is compared with the boards it was made for
        Path own = StateDir.dir().resolve("serve").resolve(fabric + "-" + port);
        // boards a model process starts afresh (sim-pty, rtl-pty) hold nothing a record could be compared with
        Path stateFile = state != null ? state : board.equals("sim-pty") || board.equals("rtl-pty") || board.startsWith("rtl-lab") ? null : own.resolve("deployed.json");
        Serving serving = fabric(stateFile);
        ServeConfig config = controllerOptions(serving.config(), own);
        PrintWriter out = spec.commandLine().getOut();
        if (tokenFile != null) {
            checkWritable(tokenFile); // before any board is touched; written only once the console serves
        }
        ControllerApp app;
        try {
            app = ControllerApp.start(config, line -> {
                out.println("oftctl: " + line);
                out.flush();
            });
        } catch (IllegalStateException | LinkException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
        Path tokens = tokenFile != null ? tokenFile : StateDir.file("token-" + app.port());
        keepToken(app, tokens);
        String metricsUrl = metricsBind == null ? null : serveMetrics(app, metricsBind);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            String token = app.token();
            app.close();
            // a lone controller's token dies with it; a bench's (--ha) stays valid while another of its controllers runs,
            // so its file stays too; and a file that no longer holds this token is someone else's now
            if (token != null && ha == null) {
                try {
                    if (java.nio.file.Files.readString(tokens).strip().equals(token)) {
                        java.nio.file.Files.delete(tokens);
                    }
                } catch (java.io.IOException e) {
                    // gone already, or unreadable: nothing of ours to delete
                }
            }
            stopped.countDown();
        }, "oftctl-shutdown"));
        announce(out, serving.what(), app, tokens, metricsUrl);
        stopped.await();
        return 0;
    }

    /** What this controller serves: its configuration from the fabric's options, and a line that says it. */
    private record Serving(ServeConfig config, String what) {
    }

    /** The fabric's options, checked against each other (a bad topology, node-types file or traffic fails here). */
    private Serving fabric(Path stateFile) {
        if (fabric.equals("fattree")) {
            if (topology == null) {
                throw new IllegalArgumentException("--fabric fattree needs --topology (e.g. kary:4,3)");
            }
            if (bench != null) {
                throw new IllegalArgumentException("--bench describes OFT fibres and clocks; leave it out with --fabric fattree");
            }
            FabricOptions.refuse(spec, List.of("--order", "--latency"), "to the OFT only (--fabric oft)");
            double rate = slotsPerSecond == null ? 20 : slotsPerSecond;
            // the tables are held as plan, running, snapshot and reroute, and on the boards in two banks
            RoutingRequest.requireTables(
                    TopologySpec.parse(topology, hostOrder).topology(), paths, 6);
            ElectricalBench eb = flit.bench(topology, hostOrder, nodeTypes, paths, seed, cyclesPerSlot, threads);
            FatTree tree = eb.tree();
            ServeConfig config = ServeConfig.fatTree(new ServeConfig.FatTree(eb, engine), host, port, rate, board,
                    board.equals("sim") ? null : stateFile);
            return new Serving(config, tree.topology().describe() + " (" + Served.initially(engine, paths).label()
                    + (paths > 1 ? ", " + paths + " addresses per host" : "") + ", " + flit.traffic + " at " + flit.load + ") on the " + board
                    + " switch boards, " + rate + " slots/s of " + cyclesPerSlot + " cycles"
                    + (threads > 1 ? ", the packet model on " + threads + " threads" : ""));
        }
        if (fabric.equals("oft")) {
            FabricOptions.refuse(spec, FabricOptions.withPacketModel(spec, "flit", "--topology", "--host-order", "--engine", "--paths", "--node-types",
                    "--seed", "--cycles-per-slot", "--threads"), "to --fabric fattree only");
            double rate = slotsPerSecond == null ? 4 : slotsPerSecond;
            return new Serving(new ServeConfig(order, latency, host, port, rate, board, bench, board.equals("sim") ? null : stateFile, null),
                    "order-" + order + " OFT on the " + board + " boards, " + rate + " slots/s");
        }
        throw new IllegalArgumentException("--fabric must be oft or fattree, got '" + fabric + "'");
    }

    /** The controller's own options, whichever fabric: TLS, the hosts it answers to, ownership, events and alerts, studies. */
    private ServeConfig controllerOptions(ServeConfig config, Path own) {
        if ((tlsCert == null) != (tlsKey == null)) {
            throw new IllegalArgumentException("TLS needs both --tls-cert and --tls-key");
        }
        config = config.withAllowedHosts(allowedHosts);
        if (tlsCert != null) {
            config = config.withTls(new ServeConfig.Tls(tlsCert, tlsKey));
        }
        ServeConfig.Ownership defaults = ServeConfig.Ownership.defaults();
        if (!(leaseSeconds >= 1 && leaseSeconds <= 3600)) {
            throw new IllegalArgumentException("--lease must be 1 to 3600 seconds, got " + leaseSeconds);
        }
        if (ha == null && spec.commandLine().getParseResult().hasMatchedOption("--priority")) {
            throw new IllegalArgumentException("--priority ranks controllers in an election: it needs --ha");
        }
        config = config.withOwnership(new ServeConfig.Ownership(controllerId != null ? controllerId : defaults.controllerId(),
                Math.round(leaseSeconds * 1000), takeOver, ha, priority));
        AlertWatch.Thresholds thresholds = AlertWatch.Thresholds.defaults();
        for (String a : alerts) {
            thresholds = thresholds.with(a);
        }
        config = config.withEventLog(new ServeConfig.EventLogSettings("none".equals(events) ? null
                : events != null ? Path.of(events) : own.resolve("events.db"), eventsKeep, thresholds,
                notify.stream().map(Notifier::hook).toList(), notifySeverity));
        return config.withStudies(studies);
    }

    /** The console's token into its file, owner-only, and again at every rotation (POST /api/token/rotate). */
    private void keepToken(ControllerApp app, Path tokens) {
        if (app.token() == null) {
            return; // the bench's token, which the election keeps only as a hash
        }
        try {
            writeOwnerOnly(tokens, app.token());
        } catch (java.io.IOException | RuntimeException e) {
            app.close();
            throw new IllegalArgumentException("cannot write the token file " + tokens + ": " + InputFile.reason(
                    e instanceof java.io.IOException io ? io : new java.io.IOException(e.getMessage())));
        }
        app.onTokenRotated(t -> {
            try {
                writeOwnerOnly(tokens, t);
            } catch (java.io.IOException | RuntimeException e) {
                spec.commandLine().getErr().println("oftctl: the rotated token was not written to " + tokens + ": " + e.getMessage());
                spec.commandLine().getErr().flush();
            }
        });
    }

    /** The metrics on an address of their own; their URL. */
    private static String serveMetrics(ControllerApp app, String[] bind) {
        try {
            int bound = app.serveMetrics(bind[0], Integer.parseInt(bind[1]));
            return "http://" + urlHost(bind[0]) + ":" + bound + "/metrics";
        } catch (RuntimeException e) {
            app.close();
            throw new IllegalArgumentException(e.getMessage());
        }
    }

    /** What serves where: the console's URL (with its token), the metrics', and a warning for a console in clear off this machine. */
    private void announce(PrintWriter out, String what, ControllerApp app, Path tokens, String metricsUrl) {
        String url = (tlsCert != null ? "https" : "http") + "://" + urlHost(host) + ":" + app.port();
        out.println(app.token() != null ? "oftctl: " + what + "; console at " + url + "/#token=" + app.token()
                + " (Ctrl-C stops; the token is also in " + tokens + ")"
                : "oftctl: " + what + "; console at " + url + "/ (Ctrl-C stops; the token is the bench's, which the election keeps"
                + " only as a hash: it is in the token file of the controller that made it)");
        if (metricsUrl != null) {
            out.println("oftctl: metrics at " + metricsUrl + " (that address serves nothing else)");
        }
        if (tlsCert == null && !host.equals("127.0.0.1") && !host.equals("localhost") && !host.equals("::1")) {
            spec.commandLine().getErr().println("oftctl: warning: the console listens on " + host + " without TLS: its token and "
                    + "telemetry cross the network in clear");
            spec.commandLine().getErr().flush();
        }
        out.flush();
    }

    /** The token file can be written (its folder made, a file created there), without writing it. */
    static void checkWritable(Path file) {
        if (java.nio.file.Files.isRegularFile(file) && !holdsAToken(file)) {
            throw new IllegalArgumentException("the token file " + file + " exists and holds something else than a token: it is not "
                    + "overwritten; name another file, or remove it if it is yours");
        }
        try {
            if (java.nio.file.Files.isDirectory(file)) {
                throw new java.nio.file.FileSystemException(file.toString(), null, "Is a directory");
            }
            Path dir = file.toAbsolutePath().getParent();
            java.nio.file.Files.createDirectories(dir);
            java.nio.file.Files.delete(java.nio.file.Files.createTempFile(dir, ".token-", ".tmp"));
        } catch (java.io.IOException | RuntimeException e) {
            throw new IllegalArgumentException("cannot write the token file " + file + ": " + InputFile.reason(
                    e instanceof java.io.IOException io ? io : new java.io.IOException(e.getMessage())));
        }
    }

    /** A host as a URL names it: an IPv6 literal in brackets ({@code [::]}, {@code [::1]}), anything else as it is. */
    /** HOST:PORT ([V6]:PORT for an IPv6 address) as {host, port}; a clear error for anything else. */
    static String[] hostPort(String spec) {
        int colon = spec.lastIndexOf(':');
        String host = colon > 0 ? spec.substring(0, colon) : "";
        String port = colon > 0 ? spec.substring(colon + 1) : "";
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        if (host.isEmpty() || !port.matches("\\d{1,5}") || Integer.parseInt(port) > 65535) {
            throw new IllegalArgumentException("--metrics takes HOST:PORT (e.g. 0.0.0.0:9464, [::]:9464), got '" + spec + "'");
        }
        return new String[] {host, port};
    }

    static String urlHost(String host) {
        return host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
    }
}
