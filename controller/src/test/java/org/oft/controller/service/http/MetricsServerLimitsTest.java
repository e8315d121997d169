package org.oft.controller.service.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oft.controller.service.ControllerApp;
import org.oft.controller.service.ServeConfig;

/**
 * serve --metrics admits as the console does: a thousand idle connections to it hold at most its cap, the rest are
 * closed, the console answers meanwhile and the scrape again once they go; a page of another site naming
 * this machine's address is refused by its Host.
 */
@Timeout(120)
class MetricsServerLimitsTest {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private static HttpResponse<String> get(String url) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The sockets the server has not closed (yet). */
    private static int stillOpen(List<Socket> held) throws IOException {
        int open = 0;
        for (Socket s : held) {
            if (s.isClosed()) {
                continue;
            }
            s.setSoTimeout(1);
            try {
                if (s.getInputStream().read() == -1) {
                    s.close();
                } else {
                    open++;
                }
            } catch (java.net.SocketTimeoutException e) {
                open++; // admitted, or not yet reached
            } catch (IOException e) {
                s.close(); // reset: closed
            }
        }
        return open;
    }

    @Test
    void idleConnectionsCannotTakeTheControllerAndOtherHostsAreRefused() throws Exception {
        try (ControllerApp app = ControllerApp.start(new ServeConfig(3, 1, "127.0.0.1", 0, 20, "sim"))) {
            int port = app.serveMetrics("127.0.0.1", 0);
            assertEquals(200, get("http://127.0.0.1:" + port + "/metrics").statusCode());
            List<Socket> held = new ArrayList<>();
            try {
                for (int i = 0; i < 1000; i++) {
                    Socket s = new Socket();
                    s.connect(new InetSocketAddress("127.0.0.1", port), 5000);
                    held.add(s);
                }
                long t0 = System.nanoTime(); // (answered, within the client's 10 s; how fast is for a benchmark, not a test)
                assertEquals(200, get("http://127.0.0.1:" + app.port() + "/api/config").statusCode());
                System.out.printf("metrics: the console answered in %d ms with 1,000 connections held on /metrics%n",
                        (System.nanoTime() - t0) / 1_000_000);
                int open = held.size();
                long until = System.nanoTime() + 15_000_000_000L; // the server accepts, and closes past its cap, as it gets to them
                while (open > MetricsServer.MAX_CONNECTIONS && System.nanoTime() < until) {
                    open = stillOpen(held);
                }
                assertTrue(open <= MetricsServer.MAX_CONNECTIONS + 8, open + " of 1,000 idle connections still open");
            } finally {
                for (Socket s : held) {
                    s.close();
                }
            }
            long deadline = System.nanoTime() + 10_000_000_000L;
            int status = 0;
            while (status != 200 && System.nanoTime() < deadline) {
                try {
                    status = get("http://127.0.0.1:" + port + "/metrics").statusCode();
                } catch (IOException e) {
                    Thread.sleep(100);
                }
            }
            assertEquals(200, status, "a scrape once the idle connections are gone");
            try (Socket s = new Socket("127.0.0.1", port)) { // (java.net.http will not send another Host)
                s.setSoTimeout(10_000);
                s.getOutputStream().write("GET /metrics HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n"
                        .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                String answer = new String(s.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.US_ASCII);
                assertTrue(answer.startsWith("HTTP/1.1 421"), answer);
            }
        }
    }
}
