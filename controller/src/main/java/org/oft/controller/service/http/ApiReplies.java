package org.oft.controller.service.http;

import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import org.oft.controller.service.events.Events;

/**
 * How the console's API answers: a request handed to an event-bus address and its reply as the response, query and
 * path parameters as whole numbers, an event-bus failure as its HTTP status, and every error as JSON with one line in
 * the log of refused requests. Shared by the console's routes (ConsoleVerticle's table, EventsApi).
 */
final class ApiReplies {
    private final Vertx vertx;
    private final RejectionLog rejections;

    ApiReplies(Vertx vertx, RejectionLog rejections) {
        this.vertx = vertx;
        this.rejections = rejections;
    }

    /** A JSON body handed to {@code address}; its answer is the response (under {@code key}, if given). */
    void post(RoutingContext ctx, String address, String key) {
        JsonObject body;
        try {
            body = ctx.body().asJsonObject();
        } catch (DecodeException | ClassCastException e) {
            error(ctx, 400, "the body must be a JSON object");
            return;
        }
        if (body == null) {
            error(ctx, 400, "the body must be a JSON object");
            return;
        }
        vertx.eventBus().request(address, body, new io.vertx.core.eventbus.DeliveryOptions().setSendTimeout(120_000))
                .onSuccess(r -> {
                    namePart(ctx, r);
                    json(ctx, 200, key != null ? new JsonObject().put(key, r.body()) : (JsonObject) r.body());
                })
                .onFailure(e -> replyError(ctx, e));
    }

    /** Query parameters (whole numbers; absent ones left out) handed to {@code address} as JSON. */
    void query(RoutingContext ctx, String address, String... names) {
        JsonObject body = params(ctx, names);
        if (body != null) {
            request(ctx, address, body);
        }
    }

    /** Query parameters as JSON whole numbers (absent ones left out), or null once a bad one is answered with 400. */
    JsonObject params(RoutingContext ctx, String... names) {
        JsonObject body = new JsonObject();
        for (String n : names) {
            String v = ctx.request().getParam(n);
            if (v != null) {
                Long x = whole(ctx, n, v);
                if (x == null) {
                    return null;
                }
                body.put(n, x);
            }
        }
        return body;
    }

    /** A path parameter's whole number handed to {@code address} as {"id": N}. */
    void byId(RoutingContext ctx, String address) {
        Long id = whole(ctx, "id", ctx.pathParam("id"));
        if (id != null) {
            request(ctx, address, new JsonObject().put("id", id));
        }
    }

    /** {@code value} as a whole number, or null once it is answered with 400. */
    Long whole(RoutingContext ctx, String name, String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            error(ctx, 400, "'" + name + "' must be a whole number, got '" + RejectionLog.oneLine(value) + "'");
            return null;
        }
    }

    /** {@code body} handed to {@code address}; its answer is the response (the part it names kept for the change's event). */
    void request(RoutingContext ctx, String address, JsonObject body) {
        vertx.eventBus().<JsonObject>request(address, body, new io.vertx.core.eventbus.DeliveryOptions().setSendTimeout(120_000))
                .onSuccess(r -> {
                    namePart(ctx, r);
                    json(ctx, 200, r.body());
                })
                .onFailure(e -> replyError(ctx, e));
    }

    /** An event-bus failure as HTTP: the handler's 4xx as given, no handler (the other fabric's call) 404, else 503. */
    void replyError(RoutingContext ctx, Throwable e) {
        if (e instanceof ReplyException re) {
            if (re.failureType() == io.vertx.core.eventbus.ReplyFailure.NO_HANDLERS) {
                error(ctx, 404, "not served for this fabric");
                return;
            }
            int code = re.failureCode();
            if (code >= 400 && code < 600) {
                error(ctx, code, e.getMessage());
                return;
            }
        }
        error(ctx, 503, e.getMessage());
    }

    /** The part a change acted on, as its reply names it (a header, or a "part" field), for the change's event. */
    static void namePart(RoutingContext ctx, io.vertx.core.eventbus.Message<?> r) {
        String part = r.headers().get(Events.PART_HEADER);
        if (part == null && r.body() instanceof JsonObject j && j.getValue("part") instanceof String p) {
            part = p;
        }
        if (part != null) {
            ctx.put("part", part);
        }
    }

    /** A JSON error, and one rate-limited line for it in the log of refused requests. */
    void error(RoutingContext ctx, int status, String message) {
        ctx.put("error", message);
        HttpServerRequest req = ctx.request();
        rejections.rejected(req.method().name(), req.path(), String.valueOf(req.remoteAddress()), status, message);
        if (ctx.response().ended()) {
            return;
        }
        if (status == 413 || status == 503) {
            ctx.response().putHeader(HttpHeaders.CONNECTION, "close");
        }
        json(ctx, status, new JsonObject().put("error", message));
    }

    static void json(RoutingContext ctx, int status, JsonObject body) {
        ctx.response().setStatusCode(status).putHeader("content-type", "application/json").end(body.encode());
    }

    // ---- the same as routes, for the console's table -------------------------------------------------------------

    /** Asks {@code address} with an empty body: its reply is the response. */
    Handler<RoutingContext> asks(String address) {
        return ctx -> request(ctx, address, new JsonObject());
    }

    /** Asks {@code address} with path parameter {@code param} as {@code field}. */
    Handler<RoutingContext> asksFor(String address, String param, String field) {
        return ctx -> request(ctx, address, new JsonObject().put(field, ctx.pathParam(param)));
    }

    /** Hands the JSON body to {@code address} (its answer under {@code key}, if given). */
    Handler<RoutingContext> posts(String address, String key) {
        return ctx -> post(ctx, address, key);
    }

    /** Hands the path's id to {@code address}. */
    Handler<RoutingContext> byIdTo(String address) {
        return ctx -> byId(ctx, address);
    }

    /** Hands the query parameters {@code names} to {@code address}. */
    Handler<RoutingContext> queries(String address, String... names) {
        return ctx -> query(ctx, address, names);
    }

    /** Reads {@code address}'s latest (no part named, no rejection logged on success): its reply, or its failure as HTTP. */
    Handler<RoutingContext> reads(String address) {
        return ctx -> vertx.eventBus().<JsonObject>request(address, new JsonObject())
                .onSuccess(reply -> json(ctx, 200, reply.body()))
                .onFailure(e -> replyError(ctx, e));
    }
}
