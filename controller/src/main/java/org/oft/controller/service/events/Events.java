package org.oft.controller.service.events;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import org.oft.controller.service.Addresses;

/** How anything in the controller reports an event: published on {@link Addresses#EVENT}, kept by the {@link EventsVerticle}. */
public final class Events {
    private Events() {
    }

    /**
     * @param severity info, warning or alarm
     * @param kind     what happened: action (asked by an operator), owner, clock, board, deploy
     * @param part     the part concerned, named as everywhere else (switch-3, router-1, link:switch-0:3), or null
     * @param who      who asked (the console's token holder and address, a controller id), or null for the system
     * @param outcome  done, refused, failed, or null
     */
    public static JsonObject of(String severity, String kind, String part, String who, String outcome, String text) {
        return new JsonObject().put("atMs", System.currentTimeMillis()).put("severity", severity).put("kind", kind).put("part", part)
                .put("who", who).put("outcome", outcome).put("text", text);
    }

    /** The reply header naming the part a change acted on, which the change's event then carries. */
    public static final String PART_HEADER = "part";

    /** Reply options naming {@code part} (none for null). */
    public static io.vertx.core.eventbus.DeliveryOptions naming(String part) {
        io.vertx.core.eventbus.DeliveryOptions o = new io.vertx.core.eventbus.DeliveryOptions();
        if (part != null) {
            o.addHeader(PART_HEADER, part);
        }
        return o;
    }

    /** Publishes {@code event}; callable from any thread. */
    public static void publish(Vertx vertx, JsonObject event) {
        vertx.eventBus().publish(Addresses.EVENT, event);
    }
}
