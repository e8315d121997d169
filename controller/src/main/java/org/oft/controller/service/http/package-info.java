/**
 * The console's HTTP server: static pages, the JSON API as a thin gateway onto event-bus addresses,
 * the token on mutating calls, TLS, the telemetry WebSocket, and the log of refused requests. Knows no
 * fabric; start at {@link org.oft.controller.service.http.ConsoleVerticle}, whose start() is the route table:
 * every path with its guard (token, origin, body limit) in one list a reviewer reads top to bottom.
 *
 * <p>Beside it: ApiReplies, how every route answers (a request handed to an event-bus address and its reply as the
 * response, parameters as whole numbers, failures as HTTP statuses, errors as JSON with a line in the log of
 * refusals); EventsApi, the event log's and the anomalies' pages and CSV downloads; MetricsRoute and MetricsServer;
 * TokenHolder, the token in force and its rotation.
 */
package org.oft.controller.service.http;
