package org.oft.controller.service;

import org.oft.controller.boards.BoardSpec;
import org.oft.controller.boards.DeploymentRecord;
import org.oft.controller.service.http.ConsoleVerticle;
import org.oft.controller.boards.BenchDescription;
import org.oft.controller.service.optical.BenchVerticle;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import org.oft.controller.limits.MemoryBudget;
import org.oft.controller.service.events.Events;
import org.oft.controller.service.events.EventsVerticle;
import org.oft.controller.service.events.Notifier;
import org.oft.controller.service.fattree.SwitchFabricVerticle;
import org.oft.controller.service.http.TlsPair;
import org.oft.controller.service.ownership.ServedClaim;
import org.oft.controller.service.ownership.MasterElection;
import org.oft.controller.service.ownership.OwnershipVerticle;
import org.oft.controller.service.ownership.ReadOnlyHold;
import org.oft.controller.service.ownership.StandbyVerticle;
import org.oft.hal.wire.BoardClaims;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.oft.controller.model.BoardModels;
import org.oft.hal.BoardBus;
import org.oft.controller.service.http.ConsoleToken;
import org.oft.controller.service.http.MetricsServer;
import org.oft.controller.service.http.TokenHolder;
import org.oft.controller.service.studies.StudiesVerticle;

/** The running controller: Vert.x, the bench it drives and the console it serves. */
public final class ControllerApp implements AutoCloseable {
    private final Vertx vertx;
    private final BoardBus bus;
    private final ConsoleVerticle console;
    private final TokenHolder token;

    private ControllerApp(Vertx vertx, BoardBus bus, ConsoleVerticle console, TokenHolder token) {
        this.vertx = vertx;
        this.bus = bus;
        this.console = console;
        this.token = token;
    }

    /**
     * What every mutating call of the console's API must carry in {@link ConsoleVerticle#TOKEN_HEADER}; null when this
     * controller adopted its bench's token from the election, which shares only the token's hash (the controller
     * that made it printed it and holds it in its token file).
     */
    public String token() {
        return token.current().plain();
    }

    private volatile java.util.function.Consumer<String> onTokenRotated = t -> { };

    /** Told the new token after each rotation (the token file is rewritten with it). */
    public void onTokenRotated(java.util.function.Consumer<String> listener) {
        this.onTokenRotated = listener;
    }

    /**
     * A fresh console token in place of {@code old} (which the caller proved): told to the election first, so that the
     * standbys take it too; only a master rotates it (a standby's page is told to ask the master).
     */
    ConsoleToken rotateToken(String old) {
        MasterElection e = election;
        if (e != null && !"master".equals(role())) {
            throw new IllegalStateException("this controller stands by: rotate the token on the master");
        }
        ConsoleToken fresh = token.rotate(t -> {
            if (e != null) {
                e.token().rotate(old, t);
            }
        });
        onTokenRotated.accept(fresh.plain());
        return fresh;
    }

    /**
     * Starts everything; fails (and cleans up) with the reason when anything does not start. Everything
     * that needs no board is checked first (the state file, the TLS pair, the host, the port, bound): a
     * failure there changes no board and no file.
     */
    public static ControllerApp start(ServeConfig config, java.util.function.Consumer<String> say) {
        String benchText = config.fattree() == null && config.bench() != null ? BoardModels.read(config.bench()) : null;
        BenchDescription bench = checked(config, benchText);
        Vertx vertx = Vertx.vertx();
        Front front = front(vertx, config);
        Fabric fabric;
        try { // only now the boards
            fabric = boards(config, benchText, bench);
        } catch (RuntimeException e) {
            front.close(vertx);
            throw e;
        }
        ControllerApp app = new ControllerApp(vertx, fabric.bus(), front.console(), front.tokens());
        if (front.election() != null) {
            front.election().token().follow(front.tokens()::adopt); // a master's rotation reaches every controller of the bench
        }
        front.console().rotation(app::rotateToken);
        MasterElection standing = front.election();
        try {
            await(vertx.deployVerticle(new OwnershipVerticle(fabric.bus(), () -> standing, app::role, app::readOnly,
                    config.ownership().controllerId())), "controller did not start");
        } catch (RuntimeException e) {
            app.close();
            throw e;
        }
        app.fabric = fabric.verticle();
        app.config = config;
        app.say = rolesAsEvents(vertx, config, say);
        ServedClaim.onFenced(fabric.bus(), app::fenced);
        try {
            app.takeRole(front.election());
        } catch (Exception e) {
            app.close();
            Throwable c = e instanceof java.util.concurrent.ExecutionException && e.getCause() != null ? e.getCause() : e;
            throw c instanceof RuntimeException r ? r : new IllegalStateException(c.getMessage(), c);
        }
        return app;
    }

    /** What is checked before anything starts: memory for the tables, the bench file, the state file; the OFT's bench. */
    private static BenchDescription checked(ServeConfig config, String benchText) {
        if (config.fattree() == null) { // every processor's table, n rows, as ints and as bytes, all at once for the deploy
            double n = 1L << config.order();
            MemoryBudget.require("an order-" + config.order() + " OFT's " + (long) n + " routing tables of "
                    + (long) n + " rows", n * n * 6 + 64e6, "serve a smaller order");
        }
        BenchDescription bench = config.fattree() == null ? BenchDescription.of(config.order(), config.latency(), benchText,
                BoardSpec.parse(config.board()).timing()) : null;
        if (config.state() != null) {
            DeploymentRecord.checkWritable(config.state());
        }
        return bench;
    }

    /** What serves before any board is reached: the console, its token, the election if there is one. */
    private record Front(MasterElection election, ConsoleVerticle console, TokenHolder tokens) {
        void close(Vertx vertx) {
            if (election != null) {
                election.close();
            }
            ControllerApp.close(vertx);
        }
    }

    /**
     * The event log, the health summary, the studies, the election (the ensemble is reached before any board) and
     * the console, bound; a failure closes what started and says why.
     */
    private static Front front(Vertx vertx, ServeConfig config) {
        MasterElection election = null;
        try {
            if (config.tls() != null) {
                TlsPair.check(vertx, config.tls());
            }
            try {
                java.net.InetAddress.getByName(config.host());
            } catch (java.net.UnknownHostException e) {
                throw new IllegalStateException("cannot resolve --host " + config.host());
            }
            // the event log first: everything after it is kept, and a file it cannot keep stops the start here
            await(vertx.deployVerticle(new EventsVerticle(config.events().file(), config.events().keep(),
                    config.ownership().controllerId())), "the event log did not start");
            await(vertx.deployVerticle(new Notifier(config.events().webhooks(), config.events().notifySeverity())),
                    "the notifications did not start");
            await(vertx.deployVerticle(new HealthSummary()), "the health summary did not start");
            // a study asked for from the page runs on half the cores: the fabric's model and the console keep the rest
            await(vertx.deployVerticle(new StudiesVerticle(config.studiesDir(),
                    Math.max(1, Runtime.getRuntime().availableProcessors() / 2))), "the studies did not start");
            if (config.ownership().ha() != null) {
                election = MasterElection.join(config.ownership().ha(), config.ownership().controllerId(), config.ownership().priority());
            }
            // controllers of one bench share a token, so that a page follows the master to a standby
            ConsoleToken token = election != null
                    ? election.token().share(ConsoleToken.fresh())
                    : ConsoleToken.fresh();
            TokenHolder tokens = new TokenHolder(token);
            ConsoleVerticle console = new ConsoleVerticle(config.host(), config.port(), tokens, config.tls(), config.allowedHosts());
            await(vertx.deployVerticle(console), "cannot serve the console on " + config.host() + ":" + config.port());
            if (election != null) {
                election.announce(config.tls() != null ? "https" : "http", config.host(), console.actualPort());
            }
            return new Front(election, console, tokens);
        } catch (RuntimeException e) {
            new Front(election, null, null).close(vertx);
            throw e instanceof IllegalArgumentException ? new IllegalStateException(e.getMessage()) : e;
        }
    }

    /** The boards reached, and the verticle that runs the fabric on them (given what a master before deployed, if any). */
    private record Fabric(BoardBus bus, java.util.function.Function<JsonObject, io.vertx.core.Deployable> verticle) {
    }

    private static Fabric boards(ServeConfig config, String benchText, BenchDescription bench) {
        if (config.fattree() != null) {
            BoardSpec.SwitchBench sb = BoardSpec.parse(config.board()).openSwitchBench(config.fattree().bench());
            return new Fabric(sb.bus(), deployed -> {
                var v = new SwitchFabricVerticle(config, sb.bus(), sb.faults());
                v.takeOver(deployed);
                return v;
            });
        }
        BoardSpec.OpticalBench ob = BoardSpec.parse(config.board()).openOpticalBench(config.order(), config.latency(), benchText);
        return new Fabric(ob.bus(), deployed -> new BenchVerticle(config, ob.bus(), ob.model(), bench));
    }

    /** {@code say}, and each line an event too: a change of role is news to the log. */
    private static java.util.function.Consumer<String> rolesAsEvents(Vertx vertx, ServeConfig config, java.util.function.Consumer<String> say) {
        return line -> {
            say.accept(line);
            // a planned hand-over to a controller of higher priority is news, not trouble
            String severity = line.startsWith("master") || line.contains("handing the boards over") ? "info"
                    : line.startsWith("could not") ? "alarm" : "warning";
            Events.publish(vertx, Events.of(severity, "owner", "boards", config.ownership().controllerId(), null, line));
        };
    }

    /** The boards refuse this controller: the plan working (it handed them over), or another controller took them. */
    private void fenced(String why) {
        if (handingOver) {
            Events.publish(vertx, Events.of("info", "owner", "boards", null, "handed over",
                    "the boards went to the controller of higher priority, as planned"));
            standBy("handed over");
            return;
        }
        Events.publish(vertx, Events.of("alarm", "owner", "boards", null, "fenced", "another controller took the boards over: " + why));
        java.util.logging.Logger.getLogger("org.oft.controller").warning("another controller took the boards over: " + why
                + "; this controller no longer changes them");
        standBy("fenced by the boards: " + why);
    }

    /** Without an election the boards are claimed and the fabric runs; with one, this controller is master or stands by. */
    private void takeRole(MasterElection election) throws Exception {
        if (election == null) {
            ServedClaim.claim(bus, config.ownership());
            fabricId = await(vertx.deployVerticle(fabric.apply(null)), "controller did not start");
            Events.publish(vertx, Events.of("info", "start", "boards", config.ownership().controllerId(), "done",
                    "the controller serves " + config.board() + " boards"));
            return;
        }
        this.election = election;
        // no commit lead for the standbys: one that takes over in the middle of a change finishes it from the
        // election's copy (SwitchFabricVerticle#onPublish), so commits are as near as the round trip allows
        election.stand(new Roles());
        if (election.awaitMaster(2000)) {
            master.get(60, TimeUnit.SECONDS); // a first master's failure to start is the start's
        } else {
            showStandby("another controller is master");
            say.accept("standing by: " + election.candidates().size() + " controller(s) in the election; this one takes over "
                    + "when the master is gone");
        }
    }

    private java.util.function.Function<JsonObject, io.vertx.core.Deployable> fabric;
    private ServeConfig config;
    private java.util.function.Consumer<String> say = s -> { };
    private volatile String fabricId;
    /** Set while this controller hands the boards over as planned (a controller of higher priority stands), until it is master again. */
    private volatile boolean handingOver;
    private volatile MasterElection election;
    private final java.util.concurrent.CompletableFuture<Long> master = new java.util.concurrent.CompletableFuture<>();
    private final Object roles = new Object();

    /** The election's news, each handled on a thread of its own so that the election's thread never waits on the boards. */
    private final class Roles implements MasterElection.Listener {
        @Override
        public void elected() {
            Thread t = new Thread(ControllerApp.this::becomeMaster, "oft-become-master");
            t.setDaemon(true);
            t.start();
        }

        @Override
        public void deposed() {
            standBy("the election chose another master");
        }

        @Override
        public void outOfReach() {
            hold("the session with ZooKeeper ended while the ensemble is out of reach");
        }

        @Override
        public void handOver(String to) {
            handingOver = true;
            standBy("handing the boards over to " + to + ", of higher priority");
            BoardClaims claims = ServedClaim.claimsOf(bus);
            if (claims != null) {
                claims.release(); // a clean hand-over: the leases end now, the generation stays on the boards
            }
        }
    }

    /**
     * Takes the boards over: the next generation from the election, claimed on every board with take-over
     * (the election has spoken; a board still refuses anything below its generation), then the fabric
     * started from what the last master deployed, whose tables the boards already run are adopted, not
     * rewritten.
     */
    private void becomeMaster() {
        synchronized (roles) {
            long t0 = System.nanoTime();
            try {
                String held = fabricId;
                if (held != null) { // held read-only through an outage: its successor adopts what the boards run
                    fabricId = null;
                    await(vertx.undeploy(held), "the fabric held through the outage did not stop");
                    endHold(); // (after: the held fabric never serves a change)
                }
                BoardClaims claims = ServedClaim.claimsOf(bus);
                long g = election.nextGeneration(claims == null ? 0 : 1);
                long got = ServedClaim.claim(bus, new ServeConfig.Ownership(config.ownership().controllerId(),
                        config.ownership().leaseMillis(), true, config.ownership().ha(), config.ownership().priority()), g);
                if (got > g) {
                    election.nextGeneration(got); // the boards had seen more: the counter follows them
                }
                String page = standbyPage;
                standbyPage = null;
                if (page != null) { // the console answers as master from now on
                    await(vertx.undeploy(page), "the standby page did not stop");
                }
                election.mastering(got); // what it publishes from now on carries this generation
                JsonObject copy = election.deployed();
                io.vertx.core.Deployable f = fabric.apply(copy);
                if (f instanceof SwitchFabricVerticle sf) {
                    sf.onPublish(election::publish);
                }
                fabricId = await(vertx.deployVerticle(f), "the fabric did not start");
                handingOver = false;
                say.accept(String.format(java.util.Locale.ROOT, "master at generation %d: the boards are this controller's "
                        + "(took %.0f ms%s)", got, (System.nanoTime() - t0) / 1e6, copy == null ? "" : ", from " + copy.getString("master")
                        + "'s deploy"));
                master.complete(got);
            } catch (RuntimeException e) {
                say.accept("could not become master: " + e.getMessage());
                master.completeExceptionally(e);
            }
        }
    }

    /** Stops changing the boards (undeploys the fabric); the console keeps serving. */
    private void standBy(String why) {
        synchronized (roles) {
            String id = fabricId;
            fabricId = null;
            if (id != null) {
                try {
                    vertx.undeploy(id).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
                } catch (Exception e) {
                    // going down anyway
                }
                try {
                    showStandby(why); // before it says so: a change asked from then on is refused with why, not "not served"
                } finally {
                    say.accept("standing by: " + why);
                }
            }
            endHold(); // (last: a change is refused by the hold or by the standby page, never by nobody)
        }
    }

    private volatile String standbyPage;
    /** Set while this controller, master when its ZooKeeper session ended, holds the boards read-only. */
    private volatile ReadOnlyHold hold;

    /**
     * Keeps the fabric serving what the boards run (their lease and generation are still this controller's) and
     * refuses every change until the election answers; a standby stays one.
     */
    private void hold(String why) {
        synchronized (roles) {
            if (fabricId == null || hold != null) {
                return;
            }
            hold = ReadOnlyHold.install(vertx, why);
            say.accept("holding the boards read-only: " + why + "; the console serves what they run, and changes wait "
                    + "for the election");
        }
    }

    private void endHold() {
        ReadOnlyHold h = hold;
        hold = null;
        if (h != null) {
            h.close();
        }
    }

    /** Why the boards are held read-only, or null while this controller changes them (or stands by). */
    String readOnly() {
        ReadOnlyHold h = hold;
        return h == null ? null : h.why();
    }

    /** The console says this controller stands by, and who stands with it. */
    private void showStandby(String why) {
        if (standbyPage == null) {
            standbyPage = await(vertx.deployVerticle(new StandbyVerticle(
                    config.ownership().controllerId(), election, why)), "the standby page did not start");
        }
    }

    /** master (it changes the boards), standby (it waits for the election), or fenced (the boards refused it). */
    String role() {
        BoardClaims claims = ServedClaim.claimsOf(bus);
        if (election != null) {
            return fabricId != null ? "master" : "standby";
        }
        return claims != null && claims.fenced() != null ? "fenced" : "master";
    }

    /** The start of {@code config}, telling {@code say} of this controller's role as it changes (master, standing by). */
    public static ControllerApp start(ServeConfig config) {
        return start(config, s -> { });
    }

    private static <T> T await(Future<T> f, String what) {
        try {
            return f.toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            String why = cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
            throw new IllegalStateException(what + ": " + why, cause);
        }
    }

    private static void close(Vertx vertx) {
        try {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            // closing anyway
        }
    }

    public int port() {
        return console.actualPort();
    }

    /**
     * Serves {@code GET /metrics} alone on {@code host:port} as well (a scraper's bind, apart from the console's);
     * the port bound. A bind that fails says so.
     */
    public int serveMetrics(String host, int port) {
        MetricsServer m = new MetricsServer(host, port,
                config.allowedHosts() == null ? java.util.List.of() : config.allowedHosts());
        await(vertx.deployVerticle(m), "cannot serve /metrics on " + host + ":" + port);
        return m.actualPort();
    }

    /** HTTP connections the console holds open now. */
    public int consoleConnections() {
        return console.openConnections();
    }

    public BoardBus bus() {
        return bus;
    }

    @Override
    public void close() {
        MasterElection standing = election;
        if (standing != null) {
            standing.close();
        }
        // The verticles stop first (nothing asks the boards any more), the fabric before the others so that no
        // telemetry is under way to a consumer that stops; then the boards' link (leases released, a board
        // process ended), then Vert.x, whose event loops take a quiet period of seconds to wind down: that is
        // not waited for, so a stop (SIGTERM) takes well under a second.
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        try {
            String publisher = fabricId;
            if (publisher != null) {
                vertx.undeploy(publisher).toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
            }
        } catch (Exception e) {
            // the others stop anyway
        }
        List<Future<?>> stopping = new java.util.ArrayList<>();
        for (String id : vertx.deploymentIDs()) {
            stopping.add(vertx.undeploy(id));
        }
        try {
            Future.join(stopping).toCompletionStage().toCompletableFuture().get(Math.max(0, until - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (Exception e) {
            // closing anyway
        } finally {
            bus.close();
            Future<Void> closed = vertx.close();
            try {
                closed.toCompletionStage().toCompletableFuture().get(200, TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                // winding down by itself
            }
        }
    }
}
