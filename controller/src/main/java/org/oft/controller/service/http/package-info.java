/**
 * The console's HTTP server: static pages, the JSON API as a thin gateway onto event-bus addresses,
 * the token on mutating calls, TLS, the telemetry WebSocket, and the log of refused requests. Knows no
 * fabric; start at {@link org.oft.controller.service.http.ConsoleVerticle}.
 *
 * <p>ConsoleVerticle is past 500 lines: its start() is the route table, every path with its guard (token,
 * origin, body limit) in one list a reviewer reads top to bottom, and the rest are the few helpers those routes
 * share (post, query, byId, request, replyError). Routes with logic of their own stand beside it already
 * (MetricsRoute, MetricsServer, TokenHolder for the token in force and its rotation). The event log's and the
 * anomalies' handlers with their CSV (some 90 lines) are the next to stand apart, as an EventsApi; they use every
 * shared helper above, including error(), which keeps the log of refusals, so those helpers become a small class of
 * their own first (a reshape in its own commit, not folded into a feature).
 */
package org.oft.controller.service.http;
