package org.oft.controller.service.events;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.eventbus.Message;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.util.ArrayDeque;
import java.util.List;
import java.util.logging.Logger;
import org.oft.controller.service.Addresses;

/**
 * Events that must reach a person who is not looking at the page (issue 68): each event at or above a severity is one
 * line of the process log (journald or syslog take it from there), and is POSTed to every webhook as JSON,
 * {@code {"text": the line, "event": the event}}, which Slack, Mattermost and most chat and paging gateways take as it
 * is. A hook is tried three times (1 s, then 5 s apart); one that stays down costs a log line an event, never the event
 * loop or memory: at most {@link #QUEUE} events wait for a hook, the oldest dropped (and said) beyond. The controller's
 * own role changes are not repeated here: it says them itself.
 */
public final class Notifier extends VerticleBase {
    private static final Logger LOG = Logger.getLogger("org.oft.controller");
    /** Events that wait for one hook at most. */
    static final int QUEUE = 256;
    private static final long[] RETRY_MILLIS = {1000, 5000};
    private final List<URI> hooks;
    private final int minSeverity;
    private HttpClient client;
    private final java.util.Map<URI, ArrayDeque<JsonObject>> waiting = new java.util.HashMap<>();
    private final java.util.Set<URI> sending = new java.util.HashSet<>();

    /** {@code hooks}: http(s) URLs to POST to (none: the log alone); {@code minSeverity}: warning or alarm. */
    public Notifier(List<URI> hooks, String minSeverity) {
        this.hooks = List.copyOf(hooks);
        this.minSeverity = EventLog.SEVERITIES.indexOf(minSeverity);
        if (this.minSeverity < 1) {
            throw new IllegalArgumentException("--notify-severity must be warning or alarm, got '" + minSeverity + "'");
        }
    }

    /** A webhook's URL as --notify gives it: http or https, a host, nothing else; a clear error otherwise. */
    public static URI hook(String url) {
        try {
            URI u = new URI(url.strip());
            if (!("http".equals(u.getScheme()) || "https".equals(u.getScheme())) || u.getHost() == null || u.getUserInfo() != null) {
                throw new IllegalArgumentException("--notify must be an http(s) URL with a host (and no user:password@), got '" + url + "'");
            }
            return u;
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException("--notify must be an http(s) URL, got '" + url + "': " + e.getReason());
        }
    }

    @Override
    public Future<?> start() {
        client = vertx.createHttpClient(new HttpClientOptions().setConnectTimeout(5000).setIdleTimeout(30));
        for (URI h : hooks) {
            waiting.put(h, new ArrayDeque<>());
        }
        vertx.eventBus().<JsonObject>consumer(Addresses.EVENT, this::event);
        return Future.succeededFuture();
    }

    @Override
    public Future<?> stop() {
        return client == null ? Future.succeededFuture() : client.close();
    }

    /** The line an event is said in: severity, part and text, as the event log's page shows them. */
    static String line(JsonObject e) {
        String part = e.getString("part");
        return e.getString("severity", "info") + (part == null ? "" : " " + part) + ": " + e.getString("text", "");
    }

    private void event(Message<JsonObject> msg) {
        JsonObject e = msg.body();
        if (EventLog.SEVERITIES.indexOf(e.getString("severity", "info")) < minSeverity || "owner".equals(e.getString("kind"))) {
            return;
        }
        String line = line(e);
        LOG.warning(line);
        for (URI h : hooks) {
            ArrayDeque<JsonObject> q = waiting.get(h);
            if (q.size() >= QUEUE) { // the oldest not on its way goes
                JsonObject inFlight = sending.contains(h) ? q.poll() : null;
                q.poll();
                if (inFlight != null) {
                    q.addFirst(inFlight);
                }
                LOG.warning("webhook " + h.getHost() + ": more than " + QUEUE + " events waiting, the oldest dropped");
            }
            q.add(new JsonObject().put("text", line).put("event", e));
            sendNext(h);
        }
    }

    /** One event at a time a hook, in order: the next once the last is delivered or given up. */
    private void sendNext(URI h) {
        ArrayDeque<JsonObject> q = waiting.get(h);
        if (sending.contains(h) || q.isEmpty()) {
            return;
        }
        sending.add(h);
        send(h, q.peek(), 0);
    }

    private void send(URI h, JsonObject body, int attempt) {
        RequestOptions o = new RequestOptions().setMethod(HttpMethod.POST).setAbsoluteURI(h.toString()).setTimeout(10_000)
                .putHeader("Content-Type", "application/json");
        client.request(o).compose(req -> req.send(Buffer.buffer(body.encode())))
                .compose(resp -> resp.body().map(b -> resp.statusCode())).onComplete(ar -> {
            boolean ok = ar.succeeded() && ar.result() / 100 == 2;
            if (!ok && attempt < RETRY_MILLIS.length) {
                vertx.setTimer(RETRY_MILLIS[attempt], t -> send(h, body, attempt + 1));
                return;
            }
            if (!ok) {
                LOG.warning("webhook " + h.getHost() + " did not take an event after " + (attempt + 1) + " tries ("
                        + (ar.succeeded() ? "HTTP " + ar.result() : ar.cause().getMessage()) + "): " + body.getString("text"));
            }
            waiting.get(h).poll();
            sending.remove(h);
            sendNext(h);
        });
    }
}
