/**
 * The console's HTTP server: static pages, the JSON API as a thin gateway onto event-bus addresses,
 * the token on mutating calls, TLS, the telemetry WebSocket, and the log of refused requests. Knows no
 * fabric; start at {@link org.oft.controller.service.http.ConsoleVerticle}.
 *
 * <p>ConsoleVerticle is past 500 lines: its start() is the route table, every path with its guard (token,
 * origin, body limit) in one list a reviewer reads top to bottom, and the rest are the few helpers those routes
 * share (post, query, byId, request, replyError). The event log's handlers (events, anomalies, their CSV) are the
 * part that could stand apart, as an EventsApi beside it, when that API next grows.
 */
package org.oft.controller.service.http;
