package org.oft.controller.service.ownership;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Vertx;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.json.JsonObject;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.oft.controller.service.Addresses;

/** A master holding the boards through a ZooKeeper outage: reads answered by the fabric, changes refused with why. */
class ReadOnlyHoldTest {
    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void close() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void refusesEveryChangeWithWhyAndLetsReadsAndAnalysesThrough() throws Exception {
        java.util.List<String> served = new java.util.ArrayList<>(StandbyVerticle.CHANGES); // as a fabric serves them
        served.addAll(java.util.List.of(Addresses.BOARDS, Addresses.TELEMETRY_LATEST));
        for (String address : served) {
            vertx.eventBus().<JsonObject>consumer(address, m -> m.reply(new JsonObject().put("served", address)));
        }
        try (ReadOnlyHold hold = ReadOnlyHold.install(vertx, "the session ended")) {
            for (String change : StandbyVerticle.CHANGES) {
                if (change.equals(Addresses.ANALYSIS_START) || change.equals(Addresses.SWEEP_START)) {
                    continue;
                }
                ReplyException refused = refusal(change);
                assertEquals(503, refused.failureCode(), change);
                assertTrue(refused.getMessage().contains("holds the boards read-only (the session ended)"), refused.getMessage());
            }
            for (String read : java.util.List.of(Addresses.BOARDS, Addresses.TELEMETRY_LATEST, Addresses.ANALYSIS_START)) {
                assertEquals(read, ask(read).getString("served"), "a read through the hold");
            }
        }
        assertEquals(Addresses.ENGINE, ask(Addresses.ENGINE).getString("served"), "a change once the hold ends");
    }

    private JsonObject ask(String address) throws Exception {
        return vertx.eventBus().<JsonObject>request(address, new JsonObject()).toCompletionStage().toCompletableFuture()
                .get(5, TimeUnit.SECONDS).body();
    }

    private ReplyException refusal(String address) throws Exception {
        try {
            ask(address);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof ReplyException r) {
                return r;
            }
            throw e;
        }
        throw new AssertionError(address + " was served through the hold");
    }
}
