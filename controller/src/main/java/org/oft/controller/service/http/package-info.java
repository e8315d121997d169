/**
 * The console's HTTP server: static pages, the JSON API as a thin gateway onto event-bus addresses,
 * the token on mutating calls, TLS, the telemetry WebSocket, and the log of refused requests. Knows no
 * fabric; start at {@link org.oft.controller.service.http.ConsoleVerticle}.
 */
package org.oft.controller.service.http;
