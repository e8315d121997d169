package org.oft.controller.service.ownership;

import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryContext;
import java.util.List;
import java.util.Set;
import org.oft.controller.service.Addresses;

/**
 * A master whose ZooKeeper session ended with the ensemble out of reach holds the boards read-only: its fabric keeps
 * serving what the boards run (telemetry, the boards' states, analyses of the running tables), and every change is
 * refused (503) with why, at the event bus, before the fabric's handler sees it. One interceptor, not a check in every
 * handler: what a standby refuses ({@link StandbyVerticle#CHANGES}) but the analyses, which change nothing.
 */
public final class ReadOnlyHold implements AutoCloseable {
    /** What the hold refuses: the boards' and the model's changes. */
    static final Set<String> REFUSED = Set.copyOf(StandbyVerticle.CHANGES.stream()
            .filter(a -> !List.of(Addresses.ANALYSIS_START, Addresses.SWEEP_START).contains(a)).toList());

    private final Vertx vertx;
    private final Handler<DeliveryContext<Object>> guard;
    private final String why;

    private ReadOnlyHold(Vertx vertx, String why) {
        this.vertx = vertx;
        this.why = why;
        String refusal = "this controller holds the boards read-only (" + why + "): they keep their tables and clock, the "
                + "console shows what they run, and it changes nothing until the election answers";
        this.guard = ctx -> {
            if (ctx.send() && REFUSED.contains(ctx.message().address())) {
                ctx.message().fail(503, refusal);
                return;
            }
            ctx.next();
        };
    }

    /** Refuses every change on {@code vertx}'s event bus from now until {@link #close}; {@code why} is said in each refusal. */
    public static ReadOnlyHold install(Vertx vertx, String why) {
        ReadOnlyHold hold = new ReadOnlyHold(vertx, why);
        vertx.eventBus().addInboundInterceptor(hold.guard);
        return hold;
    }

    /** Why the boards are held read-only. */
    public String why() {
        return why;
    }

    /** Changes are served again (this controller is master once more, or stands by and its standby page refuses them). */
    @Override
    public void close() {
        vertx.eventBus().removeInboundInterceptor(guard);
    }
}
