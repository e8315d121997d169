package org.oft.controller.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import org.apache.zookeeper.server.ServerConfig;
import org.apache.zookeeper.server.ZooKeeperServerMain;
import org.apache.zookeeper.server.quorum.QuorumPeerConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import org.oft.controller.files.InputFile;
import org.oft.controller.files.StateDir;
import org.oft.controller.logs.LibraryLogs;

/**
 * A single-member ZooKeeper (ZooKeeper's own server, embedded) for the controllers of a bench to elect
 * their master through, so that trying {@code serve --ha} needs no package: Debian's pulls 45 others, and
 * its admin server takes port 8080, the console's. A lab's production ensemble has three members.
 */
@Command(name = "zookeeper", description = "Run a one-member ZooKeeper for 'serve --ha' on a bench (ZooKeeper's own server, "
        + "embedded; tickTime 1000 ms so that the controllers' 3 s sessions hold). Production wants an ensemble of three.",
        footer = {"%nExample:", "  oftctl zookeeper --port 2181 --data ~/.oftctl/zookeeper",
                "  oftctl serve --fabric fattree --topology kary:4,3 --board serial:/dev/pts/5 --ha 127.0.0.1:2181 --controller-id a"})
final class ZooKeeperCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--port", defaultValue = "2181", description = "Client port (default 2181, ZooKeeper's; 0: any free one, printed).")
    int port;

    @Option(names = "--host", defaultValue = "127.0.0.1", description = "Address to bind (default loopback: controllers on other hosts need "
            + "this host's address).")
    String host;

    @Option(names = "--data", description = "Where it keeps its snapshots and log (default ~/.oftctl/zookeeper); kept across restarts, "
            + "with the bench's generation counter.")
    Path data;

    @Option(names = "--tick-ms", defaultValue = "1000", description = "ZooKeeper's tick: sessions may last 2 to 20 ticks (default 1000).")
    int tickMs;

    @Override
    public Integer call() throws Exception {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("--port must be 0..65535, got " + port);
        }
        if (tickMs < 100 || tickMs > 1500) {
            // the controllers ask for 3 s sessions: ZooKeeper grants 2 to 20 ticks, so a tick above 1.5 s lengthens them
            throw new IllegalArgumentException("--tick-ms must be 100..1500 (the controllers' 3 s sessions are 2 to 20 ticks), got " + tickMs);
        }
        Path dir = data != null ? data : StateDir.file("zookeeper");
        try {
            Files.createDirectories(dir);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("cannot keep ZooKeeper's data in " + dir + ": " + InputFile.reason(e));
        }
        if (!Files.isWritable(dir)) {
            throw new IllegalArgumentException("cannot keep ZooKeeper's data in " + dir + ": not writable");
        }
        java.nio.channels.FileLock kept = lockData(dir); // held as long as this process serves
        if (kept == null) {
            throw new IllegalArgumentException("another oftctl zookeeper keeps its data in " + dir + " (it holds " + dir.resolve(LOCK)
                    + "): two servers on one data directory would corrupt it; give --data another directory");
        }
        try (java.net.ServerSocket probe = new java.net.ServerSocket()) { // said in words, before ZooKeeper's own trace could
            probe.setReuseAddress(true);
            probe.bind(new java.net.InetSocketAddress(host, port));
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("cannot serve ZooKeeper on " + host + ":" + port + " (" + e.getMessage()
                    + "): is another ZooKeeper there? choose another --port");
        }
        System.setProperty("zookeeper.admin.enableServer", "false"); // its admin server would take 8080, the console's port
        System.setProperty("zookeeper.jmx.log4j.disable", "true");
        LibraryLogs.quiet();
        Properties p = new Properties();
        p.setProperty("dataDir", dir.toAbsolutePath().toString());
        p.setProperty("clientPort", Integer.toString(port));
        p.setProperty("clientPortAddress", host);
        p.setProperty("tickTime", Integer.toString(tickMs));
        p.setProperty("maxClientCnxns", "0");
        p.setProperty("4lw.commands.whitelist", "ruok,srvr,stat");
        QuorumPeerConfig quorum = new QuorumPeerConfig();
        try {
            quorum.parseProperties(p);
        } catch (QuorumPeerConfig.ConfigException e) {
            throw new IllegalArgumentException("ZooKeeper refused its settings: " + e.getMessage());
        }
        ServerConfig config = new ServerConfig();
        config.readFrom(quorum);
        PrintWriter out = spec.commandLine().getOut();
        CompletableFuture<Void> started = new CompletableFuture<>();
        Server server = new Server(started);
        Thread run = new Thread(() -> {
            try {
                server.runFromConfig(config); // returns when the server stops
                started.complete(null);
            } catch (Throwable e) {
                started.completeExceptionally(e);
            }
        }, "oft-zookeeper");
        run.start();
        try {
            started.get();
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalArgumentException("ZooKeeper did not start: " + e.getCause().getMessage());
        }
        if (!run.isAlive()) {
            throw new IllegalArgumentException("ZooKeeper stopped as it started (see the data directory " + dir + ")");
        }
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "oft-zookeeper-stop"));
        out.printf("oftctl zookeeper: serving %s:%d, data in %s, tick %d ms (sessions of %.1f to %.0f s); one member, for a bench: "
                + "a lab's production ensemble has three. Ctrl-C stops.%n", host, server.getClientPort(), dir, tickMs, 2 * tickMs / 1000.0, 20 * tickMs / 1000.0);
        out.flush();
        run.join();
        kept.release();
        return 0;
    }

    /** The file in the data directory a server holds a lock on while it runs. */
    static final String LOCK = "oftctl-zookeeper.lock";

    /** The data directory's lock, or null when another process (or this one) holds it. */
    private static java.nio.channels.FileLock lockData(Path dir) {
        try {
            java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(dir.resolve(LOCK),
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE);
            java.nio.channels.FileLock lock = ch.tryLock();
            if (lock == null) {
                ch.close();
            }
            return lock;
        } catch (java.nio.channels.OverlappingFileLockException e) {
            return null;
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("cannot keep ZooKeeper's data in " + dir + ": " + InputFile.reason(e));
        }
    }

    /** ZooKeeper's server, which says when it serves. */
    private static final class Server extends ZooKeeperServerMain {
        private final CompletableFuture<Void> started;

        Server(CompletableFuture<Void> started) {
            this.started = started;
        }

        @Override
        protected void serverStarted() {
            started.complete(null);
        }
    }
}
