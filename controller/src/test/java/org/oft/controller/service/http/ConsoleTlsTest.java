package org.oft.controller.service.http;

import org.oft.controller.service.ControllerApp;
import org.oft.controller.service.ServeConfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.core.net.SelfSignedCertificate;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The console over HTTPS with a PEM certificate and key: served as such, and not as plain HTTP. */
@SuppressWarnings("removal") // Vert.x's SelfSignedCertificate: the simplest real certificate pair for a test
@Timeout(60)
class ConsoleTlsTest {
    @Test
    void theConsoleSpeaksTlsWhenGivenACertificate() throws Exception {
        SelfSignedCertificate cert = SelfSignedCertificate.create("localhost");
        ServeConfig config = new ServeConfig(3, 1, "127.0.0.1", 0, 50, "sim")
                .withTls(new ServeConfig.Tls(Path.of(cert.certificatePath()), Path.of(cert.privateKeyPath())));
        Vertx client = Vertx.vertx();
        try (ControllerApp app = ControllerApp.start(config)) {
            // held in variables: Vert.x 5 closes a client that is no longer referenced, even mid-request ("Pool closed")
            HttpClient tls = client.createHttpClient(new HttpClientOptions().setSsl(true).setTrustAll(true).setVerifyHost(false));
            HttpClient plain = client.createHttpClient();
            JsonObject c = tls
                    .request(HttpMethod.GET, app.port(), "127.0.0.1", "/api/config")
                    .compose(req -> req.send() // the body is asked for where the response arrives
                            .compose(resp -> resp.body().map(b -> new JsonObject(b.toString()).put("status", resp.statusCode()))))
                    .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            assertEquals(200, c.getInteger("status"));
            assertEquals(3, c.getInteger("order"));
            // plain HTTP gets no answer from a TLS server
            assertThrows(Exception.class, () -> plain
                    .request(HttpMethod.GET, app.port(), "127.0.0.1", "/api/config")
                    .compose(req -> req.send()
                            .compose(resp -> resp.statusCode() == 200 ? resp.body() : io.vertx.core.Future.failedFuture("status " + resp.statusCode())))
                    .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS));
            tls.close();
            plain.close();
        } finally {
            client.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            cert.delete();
        }
    }
}
