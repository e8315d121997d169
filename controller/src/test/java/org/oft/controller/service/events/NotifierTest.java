package org.oft.controller.service.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Alarms reach people who are not looking at the page (issue 68): the process log and webhooks, a real HTTP server here. */
@Timeout(60)
class NotifierTest {
    private final Vertx vertx = Vertx.vertx();
    private final List<String> logged = new CopyOnWriteArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord r) {
            logged.add(r.getMessage());
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @AfterEach
    void close() throws Exception {
        Logger.getLogger("org.oft.controller").removeHandler(capture);
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    /** A webhook that answers 500 to its first {@code failFirst} requests, then 200, keeping what it took. */
    private int hook(List<JsonObject> took, int failFirst) throws Exception {
        AtomicInteger seen = new AtomicInteger();
        HttpServer server = vertx.createHttpServer().requestHandler(req -> req.body().onSuccess(b -> {
            if (seen.incrementAndGet() <= failFirst) {
                req.response().setStatusCode(500).end();
                return;
            }
            took.add(b.toJsonObject());
            req.response().setStatusCode(204).end();
        }));
        return server.listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS).actualPort();
    }

    private static void until(java.util.function.BooleanSupplier done, String what) throws InterruptedException {
        long end = System.nanoTime() + 20_000_000_000L;
        while (!done.getAsBoolean()) {
            assertTrue(System.nanoTime() < end, what);
            Thread.sleep(20);
        }
    }

    @Test
    void alarmsGoToTheProcessLogAndEveryWebhookInOrderRetriedAndTheRestStayOnThePage() throws Exception {
        Logger.getLogger("org.oft.controller").addHandler(capture);
        List<JsonObject> first = new CopyOnWriteArrayList<>();
        List<JsonObject> flaky = new CopyOnWriteArrayList<>();
        int a = hook(first, 0);
        int b = hook(flaky, 1); // its first answer is a 500: the event comes again a second later
        vertx.deployVerticle(new Notifier(List.of(URI.create("http://127.0.0.1:" + a + "/hook"), URI.create("http://127.0.0.1:" + b + "/")),
                "alarm")).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        Events.publish(vertx, Events.of("alarm", "fault", "switch-3", null, null, "switch-3 stopped answering"));
        Events.publish(vertx, Events.of("warning", "threshold", "link:switch-0:3", null, null, "utilisation 0.97 above 0.95"));
        Events.publish(vertx, Events.of("alarm", "owner", "boards", "a", null, "standing by: fenced")); // the controller says it itself
        Events.publish(vertx, Events.of("alarm", "drops", "switch-1", null, null, "12 packets dropped"));
        until(() -> first.size() == 2 && flaky.size() == 2, "both hooks took the two alarms: " + first + " / " + flaky);
        Thread.sleep(300);
        for (List<JsonObject> took : List.of(first, flaky)) {
            assertEquals(List.of("alarm switch-3: switch-3 stopped answering", "alarm switch-1: 12 packets dropped"),
                    took.stream().map(j -> j.getString("text")).toList(), "in order, the alarms alone");
            assertEquals("fault", took.get(0).getJsonObject("event").getString("kind"), "the event itself, whole");
        }
        assertTrue(logged.contains("alarm switch-3: switch-3 stopped answering") && logged.contains("alarm switch-1: 12 packets dropped"),
                "each alarm a line of the process log: " + logged);
        assertTrue(logged.stream().noneMatch(l -> l.contains("utilisation") || l.contains("standing by")), logged.toString());
    }

    @Test
    void aWebhookThatStaysDownCostsALogLineAnEventAndNothingElse() throws Exception {
        Logger.getLogger("org.oft.controller").addHandler(capture);
        int down;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            down = s.getLocalPort(); // nothing listens there once closed
        }
        vertx.deployVerticle(new Notifier(List.of(URI.create("http://127.0.0.1:" + down + "/")), "warning"))
                .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        Events.publish(vertx, Events.of("warning", "threshold", "link:switch-0:3", null, null, "utilisation 0.97 above 0.95"));
        until(() -> logged.stream().anyMatch(l -> l.startsWith("webhook 127.0.0.1 did not take an event after 3 tries")),
                "the hook's failure said once its tries are spent: " + logged);
        assertTrue(logged.contains("warning link:switch-0:3: utilisation 0.97 above 0.95"), "from warning up, as asked: " + logged);
    }

    @Test
    void aHookIsAnHttpUrlWithAHost() {
        assertEquals("https://hooks.example/x", Notifier.hook(" https://hooks.example/x ").toString());
        for (String bad : List.of("ftp://h/x", "hooks.example", "http://user:pw@h/x", "http://")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Notifier.hook(bad), bad);
            assertTrue(e.getMessage().startsWith("--notify must be an http(s) URL"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> new Notifier(List.of(), "info"));
    }
}
