package org.oft.controller.service.studies;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.oft.controller.service.Addresses;
import org.oft.controller.service.events.Events;
import org.oft.controller.study.ResultStore;
import org.oft.controller.study.Study;
import org.oft.controller.study.StudyFile;
import org.oft.controller.study.StudyLibrary;
import org.oft.controller.study.StudyPoint;
import org.oft.controller.study.StudyRun;
import org.oft.controller.study.StudyTable;

/**
 * The studies of one folder for the console: lists them and their progress (whoever runs them: this controller, an
 * {@code oftctl study run} or a cluster's coordinator writing there), and runs a study asked for from the page on
 * this controller's spare cores, one at a time. Reads and the run are off the event loop.
 */
public final class StudiesVerticle extends VerticleBase {
    private final StudyLibrary library;
    private final int threads;
    private volatile String runningStudy;
    /** Set by a stop asked for the study running here; a new run starts with a new one. */
    private volatile java.util.concurrent.atomic.AtomicBoolean stopAsked = new java.util.concurrent.atomic.AtomicBoolean();

    /** {@code dir}: the studies' folder; {@code threads}: the cores a study started here may use. */
    public StudiesVerticle(Path dir, int threads) {
        this.library = new StudyLibrary(dir);
        this.threads = threads;
    }

    @Override
    public Future<?> start() {
        vertx.eventBus().<JsonObject>consumer(Addresses.STUDIES, this::list);
        vertx.eventBus().<JsonObject>consumer(Addresses.STUDY, this::status);
        vertx.eventBus().<JsonObject>consumer(Addresses.STUDY_START, this::startStudy);
        vertx.eventBus().<JsonObject>consumer(Addresses.STUDY_EXPORT, this::export);
        vertx.eventBus().<JsonObject>consumer(Addresses.STUDY_STOP, this::stop);
        return Future.succeededFuture();
    }

    /** The study started here stops after the points under way (they are kept); it goes on when started again. */
    private void stop(Message<JsonObject> msg) {
        String name = name(msg);
        if (name == null) {
            return;
        }
        if (!name.equals(runningStudy)) {
            msg.fail(404, "no study named '" + name + "' runs on this controller (one run from the command line stops with Ctrl-C, "
                    + "or with its coordinator)");
            return;
        }
        boolean first = stopAsked.compareAndSet(false, true);
        if (first) {
            Events.publish(vertx, Events.of("info", "action", "study " + name, null, null,
                    "study " + name + ": stop asked; the points under way finish and are kept, the rest run when it is started again"));
        }
        msg.reply(new JsonObject().put("name", name).put("stopping", true));
    }

    private void list(Message<JsonObject> msg) {
        vertx.executeBlocking(() -> new JsonObject().put("folder", library.dir().toString()).put("studies", library.list())
                        .put("runningHere", runningStudy), false)
                .onSuccess(msg::reply).onFailure(e -> msg.fail(503, e.getMessage()));
    }

    private String name(Message<JsonObject> msg) {
        String name = msg.body().getValue("name") instanceof String s ? s : null;
        if (name == null || !StudyLibrary.NAME.matcher(name).matches()) {
            msg.fail(400, "a study's name is 1-64 letters, digits, '-' or '_', got " + (name == null ? "none" : "'" + name + "'"));
            return null;
        }
        return name;
    }

    private void status(Message<JsonObject> msg) {
        String name = name(msg);
        if (name == null) {
            return;
        }
        vertx.executeBlocking(() -> library.summary(name, true), false).onSuccess(msg::reply).onFailure(e -> fail(msg, e));
    }

    private void export(Message<JsonObject> msg) {
        String name = name(msg);
        if (name == null) {
            return;
        }
        String format = msg.body().getString("format", "csv");
        if (!format.equals("csv") && !format.equals("json")) {
            msg.fail(400, "format must be csv or json, got '" + format + "'");
            return;
        }
        vertx.executeBlocking(() -> {
            library.summary(name, false); // a clear 404 for a study that is not there
            StringWriter w = new StringWriter();
            try (ResultStore store = ResultStore.openReadOnly(library.db(name))) {
                List<ResultStore.Row> rows = store.rows();
                if (format.equals("csv")) {
                    StudyTable.csv(rows, new PrintWriter(w));
                } else {
                    StudyTable.json(rows, new PrintWriter(w));
                }
            }
            return new JsonObject().put("content", w.toString());
        }, false).onSuccess(msg::reply).onFailure(e -> fail(msg, e));
    }

    /** A study refused with this status, and the reason for people. */
    private static final class Refused extends RuntimeException {
        final int status;

        Refused(int status, String reason) {
            super(reason, null, false, false);
            this.status = status;
        }
    }

    private record Started(Study study, ResultStore store, ResultStore.RunLock lock) {
    }

    private static void fail(Message<JsonObject> msg, Throwable e) {
        msg.fail(e instanceof java.util.NoSuchElementException ? 404 : 503, e.getMessage());
    }

    private void startStudy(Message<JsonObject> msg) {
        String name = name(msg);
        if (name == null) {
            return;
        }
        if (!(msg.body().getValue("study") instanceof JsonObject spec)) {
            msg.fail(400, "'study' must be the study as a JSON object (docs/studies.md)");
            return;
        }
        if (runningStudy != null) {
            msg.fail(409, "study '" + runningStudy + "' runs on this controller; one at a time");
            return;
        }
        Path file = library.dir().resolve(name + ".json");
        runningStudy = name; // held from here: a second start is refused while this one is checked
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        stopAsked = stop; // a stop asked while it is checked is this run's too
        // checked off the event loop: a fabric file is read, and a study is counted before it is expanded
        vertx.executeBlocking(() -> {
            Study study;
            try {
                study = StudyFile.parse(spec.copy().put("name", name), library.dir(), name, "study", true);
            } catch (StudyFile.Invalid e) {
                throw new Refused(400, String.join("; ", e.lines()));
            } catch (IllegalArgumentException e) {
                throw new Refused(400, e.getMessage());
            }
            try {
                StudyRun.requireMemory(study, study.points(), threads);
            } catch (IllegalArgumentException e) {
                throw new Refused(413, e.getMessage());
            }
            Files.createDirectories(library.dir());
            if (Files.exists(file) && !new JsonObject(Files.readString(file)).put("name", name).equals(study.spec())) {
                throw new Refused(409, "a study named '" + name + "' with another definition is in " + library.dir()
                        + ": choose another name");
            }
            ResultStore.RunLock lock;
            try {
                lock = ResultStore.lockForRun(library.db(name), "the console of controller " + ProcessHandle.current().pid());
            } catch (IllegalArgumentException e) {
                throw new Refused(409, e.getMessage());
            }
            ResultStore store;
            try {
                Files.writeString(file, study.spec().encodePrettily());
                store = ResultStore.open(library.db(name));
                store.describe(study);
            } catch (RuntimeException | java.io.IOException e) {
                lock.close();
                throw e;
            }
            return new Started(study, store, lock);
        }, false).onFailure(e -> {
            runningStudy = null;
            msg.fail(e instanceof Refused r ? r.status : 503, e.getMessage());
        }).onSuccess(started -> {
            Study study = started.study();
            ResultStore store = started.store();
            Set<String> stored = store.storedIds();
            List<StudyPoint> todo = study.points().stream().filter(p -> !stored.contains(p.id())).toList();
            msg.reply(new JsonObject().put("name", name).put("points", study.points().size()).put("toRun", todo.size()));
            Events.publish(vertx, Events.of("info", "action", "study " + name, null, null,
                    "study " + name + " started here: " + todo.size() + " of " + study.points().size() + " points to run on " + threads
                            + (threads == 1 ? " core" : " cores")));
            String worker = "controller/" + ProcessHandle.current().pid();
            // a thread of its own: a study runs for minutes, and Vert.x's worker pool serves the console's reads
            Thread t = new Thread(() -> {
                String outcome;
                try {
                    StudyRun.Tally tally = StudyRun.embedded(name, todo, store, threads, worker, m -> Events.publish(vertx,
                            Events.of("warning", "study", "study " + name, null, "failed", m)), 1000, new PrintWriter(java.io.Writer.nullWriter()),
                            stop::get);
                    int left = study.points().size() - store.storedIds().size();
                    outcome = stop.get() && left > 0 ? "stopped as asked: " + tally.summary() + "; " + left + " points left, run when it is "
                            + "started again" : "done: " + tally.summary();
                } catch (RuntimeException e) {
                    outcome = "failed: " + e.getMessage();
                } finally {
                    store.close();
                    started.lock().close();
                    runningStudy = null;
                }
                Events.publish(vertx, Events.of("info", "study", "study " + name, null, null, "study " + name + " " + outcome));
            }, "oft-study-" + name);
            t.setDaemon(true);
            t.start();
        });
    }
}
