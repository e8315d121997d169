package org.oft.controller.service.http;

import org.oft.controller.service.ControllerApp;
import org.oft.controller.service.ServeConfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.oft.controller.cli.BadInputCatalogueTest;

/**
 * The catalogue of bad requests to the real console server on a loopback port: each gets a 4xx
 * with a JSON error written for people, leaves no file behind, logs at most a rate-limited line
 * and never a stack trace; idle and excess connections are closed.
 */
@Timeout(120)
class BadRequestCatalogueTest {
    private static ControllerApp app;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final List<LogRecord> LOG = new CopyOnWriteArrayList<>();
    /** Held, so that the logger the handler is added to is the one the console logs to (loggers are weakly kept). */
    private static final Logger CONSOLE_LOGGER = Logger.getLogger("org.oft.console");
    private static final Handler CAPTURE = new Handler() {
        @Override
        public void publish(LogRecord record) {
            LOG.add(record);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @org.junit.jupiter.api.io.TempDir
    static Path studies;

    @BeforeAll
    static void start() {
        CONSOLE_LOGGER.addHandler(CAPTURE);
        app = ControllerApp.start(new ServeConfig(3, 1, "127.0.0.1", 0, 50, "sim").withStudies(studies));
    }

    @AfterAll
    static void stop() {
        CONSOLE_LOGGER.removeHandler(CAPTURE);
        app.close();
    }

    static HttpResponse<String> send(String method, String path, String contentType, String body) throws Exception {
        return send(method, path, contentType, body, app.token(), null);
    }

    /** With the given token (null: none) and Origin (null: none, as curl sends). */
    static HttpResponse<String> send(String method, String path, String contentType, String body, String token, String origin)
            throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.port() + path))
                .timeout(Duration.ofSeconds(10))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (contentType != null) {
            b.header("Content-Type", contentType);
        }
        if (token != null) {
            b.header(ConsoleVerticle.TOKEN_HEADER, token);
        }
        if (origin != null) {
            b.header("Origin", origin);
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Every mutating call needs the token and this site's Origin (or none, as curl); reads need neither. */
    @org.junit.jupiter.api.Test
    void mutatingCallsNeedTheTokenAndThisSitesOrigin() throws Exception {
        String fault = "{\"kind\":\"double-inject\",\"processor\":1}";
        HttpResponse<String> none = send("POST", "/api/faults", "application/json", fault, null, null);
        assertEquals(401, none.statusCode(), none.body());
        assertTrue(none.body().contains(ConsoleVerticle.TOKEN_HEADER), none.body());
        assertEquals(401, send("POST", "/api/faults", "application/json", fault, "0123456789abcdef", null).statusCode());
        assertEquals(401, send("POST", "/api/faults", "application/json", fault, "", null).statusCode(), "an empty token");
        assertEquals(401, send("POST", "/api/faults", "application/json", fault, app.token().substring(0, 31), null).statusCode(),
                "the first 31 characters of the token");
        HttpResponse<String> foreign = send("POST", "/api/faults", "application/json", fault, app.token(), "http://evil.example");
        assertEquals(403, foreign.statusCode(), foreign.body());
        assertEquals(200, send("POST", "/api/faults", "application/json", fault, app.token(),
                "http://127.0.0.1:" + app.port()).statusCode());
        assertEquals(200, send("GET", "/api/config", null, null, null, "http://evil.example").statusCode(), "reads are open");
        // the telemetry WebSocket's handshake checks the Origin too (Vert.x core does not)
        assertTrue(handshake("http://evil.example").startsWith("HTTP/1.1 403"));
        assertTrue(handshake("http://127.0.0.1:" + app.port()).startsWith("HTTP/1.1 101"));
    }

    /**
     * DNS rebinding: a page of another site whose name resolves to this machine sends its own name as
     * Host. Every request naming a host the console does not answer to is refused before anything is
     * read, the telemetry WebSocket included; loopback names pass.
     */
    @org.junit.jupiter.api.Test
    void requestsForAnotherSitesHostAreRefused() throws Exception {
        assertTrue(rawGet("/api/config", "evil.example:" + app.port()).startsWith("HTTP/1.1 421"));
        assertTrue(rawGet("/api/config", "evil.example").startsWith("HTTP/1.1 421"));
        assertTrue(rawGet("/", "rebind.attacker.test:" + app.port()).startsWith("HTTP/1.1 421"));
        assertTrue(rawGet(ConsoleVerticle.WEBSOCKET_PATH, "evil.example:" + app.port()).startsWith("HTTP/1.1 421"));
        assertTrue(rawGet("/api/config", "127.0.0.1:" + app.port()).startsWith("HTTP/1.1 200"));
        assertTrue(rawGet("/api/config", "localhost:" + app.port()).startsWith("HTTP/1.1 200"));
        assertTrue(rawGet("/api/config", "[::1]:" + app.port()).startsWith("HTTP/1.1 200"));
    }

    /** A GET with this Host header: the status line the server answers. */
    static String rawGet(String path, String host) throws IOException {
        try (Socket sock = new Socket()) {
            sock.connect(new InetSocketAddress("127.0.0.1", app.port()), 5_000);
            sock.setSoTimeout(10_000);
            OutputStream out = sock.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = sock.getInputStream();
            StringBuilder line = new StringBuilder();
            for (int c = in.read(); c >= 0 && c != '\n'; c = in.read()) {
                line.append((char) c);
            }
            return line.toString().trim();
        }
    }

    /** A raw WebSocket handshake with this Origin: the status line the server answers. */
    static String handshake(String origin) throws IOException {
        try (Socket sock = new Socket()) {
            sock.connect(new InetSocketAddress("127.0.0.1", app.port()), 5_000);
            sock.setSoTimeout(10_000);
            OutputStream out = sock.getOutputStream();
            out.write(("GET " + ConsoleVerticle.WEBSOCKET_PATH + " HTTP/1.1\r\nHost: 127.0.0.1:" + app.port() + "\r\nUpgrade: websocket\r\n"
                    + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nOrigin: " + origin
                    + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = sock.getInputStream();
            StringBuilder line = new StringBuilder();
            for (int c = in.read(); c >= 0 && c != '\n'; c = in.read()) {
                line.append((char) c);
            }
            return line.toString().trim();
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"/../pom.xml", "/..%2f..%2fpom.xml", "/%2e%2e/%2e%2e/etc/passwd", "/webroot/../../pom.xml", "/.%2e/.%2e/etc/hostname"})
    void pathTraversalFindsNothing(String path) throws Exception {
        HttpResponse<String> r = send("GET", path, null, null, null, null);
        assertTrue(r.statusCode() == 404 || r.statusCode() == 400, path + ": " + r.statusCode() + " " + r.body());
        assertTrue(!r.body().contains("<project") && !r.body().contains("root:"), r.body());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "not JSON|POST|/api/faults|application/json|{{{|400|the body must be a JSON object",
        "JSON array|POST|/api/faults|application/json|[1,2]|400|the body must be a JSON object",
        "JSON string|POST|/api/faults|application/json|`\"stuck\"`|400|the body must be a JSON object",
        "empty body|POST|/api/faults|application/json|``|400|the body must be a JSON object",
        "spec null|POST|/api/faults|application/json|{\"spec\":null}|400|'spec' must be a string",
        "spec a number|POST|/api/faults|application/json|{\"spec\":5}|400|'spec' must be a string, got 5",
        "spec of colons|POST|/api/faults|application/json|{\"spec\":\"::::\"}|400|'::::': no fault kind",
        "spec alias with a sign|POST|/api/faults|application/json|{\"spec\":\"skew:router-+3:700\"}|400|router number must be written in the digits 0-9, got '+3'",
        "spec a failure|POST|/api/faults|application/json|{\"spec\":\"link:switch-5:2\"}|400|link is a failure of the electrical fabric",
        "spec dead switch port on optics|POST|/api/faults|application/json|{\"spec\":\"dead:switch-5:2\"}|400|the optical fabric's dead takes a fibre",
        "spec fields unknown part|POST|/api/faults|application/json|{\"kind\":\"dead\",\"part\":\"L9.0.0\"}|400|no fibre 'L9.0.0'",
        "alert not a number|POST|/api/alerts|application/json|{\"marginPs\":\"low\"}|400|marginPs must be a number, or none to turn it off",
        "alert out of range|POST|/api/alerts|application/json|{\"utilisation\":1.5}|400|utilisation must be 0.0..1.0",
        "alert unknown|POST|/api/alerts|application/json|{\"volume\":11}|400|unknown alert 'volume'",
        "ack not a number|POST|/api/events/first/ack|application/json|{}|400|'id' must be a whole number, got 'first'",
        "ack not kept|POST|/api/events/123456789/ack|application/json|{}|404|no event 123456789 is kept",
        "ack all not JSON|POST|/api/events/ack|application/json|[1]|400|the body must be a JSON object: the filter",
        "ack all unknown severity|POST|/api/events/ack|application/json|{\"severity\":\"panic\"}|400|severity must be one of [info, warning, alarm], got 'panic'",
        "spec empty|POST|/api/faults|application/json|{\"spec\":\"\"}|400|a fault is needed",
        "spec unknown|POST|/api/faults|application/json|{\"spec\":\"melt:router-1\"}|400|unknown fault 'melt'",
        "skew huge|POST|/api/faults|application/json|{\"spec\":\"skew:router-3:99999999999999999999\"}|400|skew must be within ±1000000000 ps",
        "skew not a number|POST|/api/faults|application/json|{\"spec\":\"skew:router-3:soon\"}|400|skew must be a number, got 'soon'",
        "fibre unknown|POST|/api/faults|application/json|{\"spec\":\"dead:L9.9.9\"}|400|fault 'dead:L9.9.9'",
        "spec with extra field|POST|/api/faults|application/json|{\"spec\":\"stuck:1:0:turn\",\"x\":1}|400|unknown field 'x'",
        "no kind|POST|/api/faults|application/json|{}|400|fault needs a 'kind'",
        "kind a number|POST|/api/faults|application/json|{\"kind\":3}|400|'kind' must be a string, got 3",
        "kind unknown|POST|/api/faults|application/json|{\"kind\":\"meteor\"}|400|unknown fault kind 'meteor'",
        "level fractional|POST|/api/faults|application/json|{\"kind\":\"stuck\",\"level\":2.7,\"node\":0,\"state\":\"turn\"}|400|'level' must be a whole number, got 2.7",
        "level past int|POST|/api/faults|application/json|{\"kind\":\"stuck\",\"level\":99999999999,\"node\":0,\"state\":\"turn\"}|400|'level' is out of range: 99999999999",
        "level a string|POST|/api/faults|application/json|{\"kind\":\"stuck\",\"level\":\"2\",\"node\":0,\"state\":\"turn\"}|400|'level' must be a whole number, got the string \"2\"",
        "level missing|POST|/api/faults|application/json|{\"kind\":\"stuck\",\"node\":0,\"state\":\"turn\"}|400|a whole number 'level' is needed",
        "level out of the fabric|POST|/api/faults|application/json|{\"kind\":\"stuck\",\"level\":7,\"node\":0,\"state\":\"turn\"}|400|level must be between 1 and 3, got 7",
        "state unknown|POST|/api/faults|application/json|{\"kind\":\"stuck\",\"level\":1,\"node\":0,\"state\":\"melted\"}|400|state must be drop, turn or free",
        "state boolean|POST|/api/faults|application/json|{\"kind\":\"stuck\",\"level\":1,\"node\":0,\"state\":true}|400|'state' must be a string, got true",
        "unknown field|POST|/api/faults|application/json|{\"kind\":\"stuck\",\"level\":1,\"node\":0,\"state\":\"turn\",\"colour\":\"red\"}|400|unknown field 'colour'",
        "processor negative|POST|/api/faults|application/json|{\"kind\":\"double-inject\",\"processor\":-1}|400|processor",
        "processor object|POST|/api/faults|application/json|{\"kind\":\"double-inject\",\"processor\":{}}|400|'processor' must be a whole number, got an object",
        "form body|POST|/api/faults|application/x-www-form-urlencoded|a=1&b=2|415|the body must be application/json",
        "multipart body|POST|/api/faults|multipart/form-data; boundary=xx|--xx--|415|the body must be application/json",
        "text body|POST|/api/faults|text/plain|hello|415|the body must be application/json",
        "part of no board|GET|/api/parts/router-9|||404|router boards are router-1..router-3, got router-9",
        "part of the other fabric|GET|/api/parts/switch-5|||404|no part 'switch-5' in the optical fabric",
        "part with a sign|GET|/api/parts/proc-+1|||404|proc number must be written in the digits 0-9",
        "unknown API|GET|/api/nothing|||404|not found",
        "traversal|GET|/../../../../etc/passwd|||404|not found",
        "encoded traversal|GET|/%2e%2e/%2e%2e/etc/passwd|||404|not found",
        "double-encoded traversal|GET|/%252e%252e/etc/passwd|||404|not found",
        "WebSocket path without upgrade|GET|/ws/telemetry|||400|a WebSocket upgrade is expected here",
        // studies from the page read files only in their folder, and are counted before they are expanded
        "study fabric outside the folder|POST|/api/studies|application/json|{\"name\":\"leak\",\"study\":{\"topologies\":[\"ibnet:/etc/passwd\"],\"engines\":[\"dmodk\"],\"traffic\":[\"uniform\"],\"loads\":[0.5]}}|400|'/etc/passwd' is not a file in the studies folder",
        "study fabric climbing out|POST|/api/studies|application/json|{\"name\":\"leak\",\"study\":{\"topologies\":[\"ibnet:../../../../../../etc/passwd\"],\"engines\":[\"dmodk\"],\"traffic\":[\"uniform\"],\"loads\":[0.5]}}|400|is not a file in the studies folder",
        "study traffic file outside|POST|/api/studies|application/json|{\"name\":\"leak\",\"study\":{\"topologies\":[\"kary:2,2\"],\"engines\":[\"dmodk\"],\"traffic\":[\"file:/etc/passwd\"],\"loads\":[0.5]}}|400|traffic 'file:/etc/passwd': '/etc/passwd' is not a file in the studies folder",
        "study pattern file outside|POST|/api/studies|application/json|{\"name\":\"leak\",\"study\":{\"topologies\":[\"kary:2,2\"],\"engines\":[\"dmodk\"],\"analyses\":[{\"metric\":\"flows\",\"pattern\":\"file:/etc/hostname\"}]}}|400|analyses[0].pattern: '/etc/hostname' is not a file in the studies folder",
        "study fabric behind a space|POST|/api/studies|application/json|{\"name\":\"leak\",\"study\":{\"topologies\":[\" ibnet:/etc/passwd\"],\"engines\":[\"dmodk\"],\"traffic\":[\"uniform\"],\"loads\":[0.5]}}|400|'/etc/passwd' is not a file in the studies folder",
        "study fabric behind a tab and a newline|POST|/api/studies|application/json|{\"name\":\"leak\",\"study\":{\"topologies\":[\"\\t\\nibnet:/etc/passwd\"],\"engines\":[\"dmodk\"],\"traffic\":[\"uniform\"],\"loads\":[0.5]}}|400|'/etc/passwd' is not a file in the studies folder",
        "study traffic file behind a space|POST|/api/studies|application/json|{\"name\":\"leak\",\"study\":{\"topologies\":[\"kary:2,2\"],\"engines\":[\"dmodk\"],\"traffic\":[\" file:/etc/passwd\"],\"loads\":[0.5]}}|400|'/etc/passwd' is not a file in the studies folder",
        "study pattern file behind a space|POST|/api/studies|application/json|{\"name\":\"leak\",\"study\":{\"topologies\":[\"kary:2,2\"],\"engines\":[\"dmodk\"],\"analyses\":[{\"metric\":\"flows\",\"pattern\":\" file:/etc/passwd\"}]}}|400|'/etc/passwd' is not a file in the studies folder",
        "study of a billion points|POST|/api/studies|application/json|{\"name\":\"huge\",\"study\":{\"topologies\":[\"kary:2,2\"],\"engines\":[\"dmodk\"],\"traffic\":[\"uniform\"],\"loads\":{\"from\":0.0001,\"to\":1,\"step\":0.0001},\"seeds\":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20],\"flit\":{\"vcs\":[1,2,3,4,5,6,7,8],\"buffer\":[1,2,4,8,16,32,64,128],\"packet\":[1,2,3,4,5,6,7,8]}}}|400|the study expands to 102400000 points",
        "study samples past the bound|POST|/api/studies|application/json|{\"name\":\"many\",\"study\":{\"topologies\":[\"kary:2,2\"],\"engines\":[\"dmodk\"],\"analyses\":[{\"metric\":\"mload\",\"pattern\":\"shift:all\",\"samples\":2000000000}]}}|400|expected a whole number 1..100000, got 2000000000",
    })
    void badRequestsGetA4xxWithAReason(String what, String method, String path, String type, String body, int status, String error)
            throws Exception {
        HttpResponse<String> r = send(method, path, type == null || type.isEmpty() ? null : type, body);
        assertEquals(status, r.statusCode(), what + ": " + r.body());
        JsonObject j = new JsonObject(r.body());
        assertTrue(j.getString("error").contains(error), what + ": " + j.getString("error"));
        assertFalse(BadInputCatalogueTest.JAVA_NAMES.matcher(j.getString("error")).find(), what + ": " + j.getString("error"));
    }

    /** No study from the page quotes a file outside the studies folder, and a refused one leaves nothing there. */
    @Test
    void studiesFromThePageQuoteNoFileOutsideTheirFolder() throws Exception {
        for (String spec : List.of("ibnet:/etc/passwd", "ibnet:/etc/hostname", "ibnet:/proc/self/environ", "ibnet:" + studies.resolve("..")
                .resolve("..").resolve("etc").resolve("passwd"))) {
            String body = new JsonObject().put("name", "leak").put("study", new JsonObject().put("topologies", new io.vertx.core.json.JsonArray()
                    .add(spec)).put("engines", new io.vertx.core.json.JsonArray().add("dmodk")).put("traffic", new io.vertx.core.json.JsonArray()
                    .add("uniform")).put("loads", new io.vertx.core.json.JsonArray().add(0.5))).encode();
            HttpResponse<String> r = send("POST", "/api/studies", "application/json", body);
            assertEquals(400, r.statusCode(), spec + ": " + r.body());
            String error = new JsonObject(r.body()).getString("error");
            assertTrue(error.contains("is not a file in the studies folder"), error);
            assertFalse(error.contains("root:") || error.contains("PATH="),
                    spec + " quoted the file: " + error);
        }
        try (java.util.stream.Stream<Path> left = Files.list(studies)) {
            assertEquals(List.of(), left.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("leak")).toList());
        }
    }

    @Test
    void oversizedBodiesAre413AndFormsLeaveNoUploads() throws Exception {
        String big = "{\"spec\":\"" + "x".repeat(ConsoleVerticle.MAX_BODY_BYTES) + "\"}";
        HttpResponse<String> r = send("POST", "/api/faults", "application/json", big);
        assertEquals(413, r.statusCode());
        assertEquals("the body is larger than 4096 bytes", new JsonObject(r.body()).getString("error"));
        String form = "a=" + "x".repeat(3000);
        assertEquals(415, send("POST", "/api/faults", "application/x-www-form-urlencoded", form).statusCode());
        String multipart = "--b\r\nContent-Disposition: form-data; name=\"f\"; filename=\"f.txt\"\r\n\r\nhello\r\n--b--\r\n";
        assertEquals(415, send("POST", "/api/faults", "multipart/form-data; boundary=b", multipart).statusCode());
        assertFalse(Files.exists(Path.of("file-uploads")), "no upload directory in " + Path.of("").toAbsolutePath());
    }

    @Test
    void rejectionsLogOneRateLimitedLineAndNoTrace() throws Exception {
        LOG.clear();
        for (int i = 0; i < 40; i++) {
            send("POST", "/api/faults", "application/json", "{{{" + i);
        }
        List<LogRecord> lines = new ArrayList<>(LOG);
        // earlier requests may have used part of this window: never more than its lines (+ the "held back" line)
        assertTrue(lines.size() <= RejectionLog.LINES_PER_WINDOW + 1, "log lines: " + lines.size());
        for (LogRecord l : lines) {
            assertNull(l.getThrown(), l.getMessage());
            assertFalse(l.getMessage().contains("\n"), l.getMessage());
        }
        // a fresh log, the same burst: exactly the window's lines, each one line
        LOG.clear();
        RejectionLog fresh = new RejectionLog();
        for (int i = 0; i < 40; i++) {
            fresh.rejected("POST", "/api/faults\nforged line", "127.0.0.1:1", 400, "bad\nbody " + i);
        }
        assertEquals(RejectionLog.LINES_PER_WINDOW, LOG.size());
        assertEquals("rejected POST /api/faults forged line from 127.0.0.1:1: 400 bad body 0", LOG.get(0).getMessage());
    }

    @Test
    void aClientThatNeverFinishesItsHeadersIsClosed() throws Exception {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", app.port()), 5000);
            s.setSoTimeout((int) ConsoleVerticle.HEADER_DEADLINE_MS + 10_000);
            OutputStream out = s.getOutputStream();
            out.write("GET / HTTP/1.1\r\nHost: x\r\n".getBytes(StandardCharsets.US_ASCII)); // and never the blank line
            out.flush();
            long t0 = System.nanoTime();
            assertEquals(-1, s.getInputStream().read(), "the server should close the connection");
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms < ConsoleVerticle.HEADER_DEADLINE_MS + 8_000, "closed after " + ms + " ms");
        }
    }

    @Test
    void connectionsPastTheCapAreClosedAndTheServerStillAnswers() throws Exception {
        Runtime rt = Runtime.getRuntime();
        System.gc();
        long before = rt.totalMemory() - rt.freeMemory();
        List<Socket> held = new ArrayList<>();
        try {
            for (int i = 0; i < ConsoleVerticle.MAX_CONNECTIONS; i++) {
                Socket s = new Socket();
                s.connect(new InetSocketAddress("127.0.0.1", app.port()), 5000);
                held.add(s);
            }
            // wait until the server has seen them all
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (app.consoleConnections() < ConsoleVerticle.MAX_CONNECTIONS && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(ConsoleVerticle.MAX_CONNECTIONS, app.consoleConnections());
            System.gc();
            long atCap = rt.totalMemory() - rt.freeMemory();
            System.out.printf("console: %d idle connections held, heap %+.1f MB%n", ConsoleVerticle.MAX_CONNECTIONS,
                    (atCap - before) / 1e6);
            try (Socket extra = new Socket()) {
                extra.connect(new InetSocketAddress("127.0.0.1", app.port()), 5000);
                extra.setSoTimeout(5000);
                InputStream in = extra.getInputStream();
                try {
                    assertEquals(-1, in.read(), "a connection past the cap is closed");
                } catch (SocketTimeoutException e) {
                    throw new AssertionError("a connection past the cap was held open");
                } catch (IOException e) {
                    // reset by the server: closed too
                }
            }
        } finally {
            for (Socket s : held) {
                s.close();
            }
        }
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (app.consoleConnections() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(200, send("GET", "/api/config", null, null).statusCode());
    }

    @Test
    void telemetryClientsPastTheCapGet503() throws Exception {
        List<java.net.http.WebSocket> held = new ArrayList<>();
        java.net.http.WebSocket.Listener quiet = new java.net.http.WebSocket.Listener() {
        };
        URI ws = URI.create("ws://127.0.0.1:" + app.port() + ConsoleVerticle.WEBSOCKET_PATH);
        try {
            for (int i = 0; i < ConsoleVerticle.MAX_WEBSOCKETS; i++) {
                held.add(HTTP.newWebSocketBuilder().buildAsync(ws, quiet).get(10, java.util.concurrent.TimeUnit.SECONDS));
            }
            java.util.concurrent.ExecutionException refused = org.junit.jupiter.api.Assertions.assertThrows(
                    java.util.concurrent.ExecutionException.class,
                    () -> HTTP.newWebSocketBuilder().buildAsync(ws, quiet).get(10, java.util.concurrent.TimeUnit.SECONDS));
            assertTrue(refused.getCause() instanceof java.net.http.WebSocketHandshakeException h
                    && h.getResponse().statusCode() == 503, String.valueOf(refused.getCause()));
        } finally {
            for (java.net.http.WebSocket w : held) {
                w.abort();
            }
        }
    }
    /** Every closed telemetry session frees its connection: far more sessions than the cap, one after another, and the console answers. */
    @Test
    void sequentialTelemetrySessionsFreeTheirConnections() throws Exception {
        java.net.http.WebSocket.Listener quiet = new java.net.http.WebSocket.Listener() {
        };
        URI ws = URI.create("ws://127.0.0.1:" + app.port() + ConsoleVerticle.WEBSOCKET_PATH);
        int sessions = 1000; // about four times the cap: the count that killed the console at its 257th page load
        for (int i = 0; i < sessions; i++) {
            java.net.http.WebSocket w = HTTP.newWebSocketBuilder().buildAsync(ws, quiet).get(10, java.util.concurrent.TimeUnit.SECONDS);
            if (i % 2 == 0) {
                w.sendClose(java.net.http.WebSocket.NORMAL_CLOSURE, "bye").get(10, java.util.concurrent.TimeUnit.SECONDS);
            }
            w.abort(); // half close politely, half drop the socket, as a browser tab does
        }
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (app.consoleConnections() > 1 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(app.consoleConnections() <= 1, "connections still counted after " + sessions + " closed sessions: "
                + app.consoleConnections());
        assertEquals(200, send("GET", "/api/config", null, null).statusCode());
    }
}
