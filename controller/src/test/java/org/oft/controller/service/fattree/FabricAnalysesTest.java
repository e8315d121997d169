package org.oft.controller.service.fattree;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oft.controller.fattree.deploy.ElectricalBench;
import org.oft.controller.service.ControllerApp;
import org.oft.controller.service.ServeConfig;
import org.oft.sim.flit.FlitParameters;
import org.oft.sim.flit.FlitSimulator;

/**
 * The console's analyses measure the fabric as it runs: after a cable is declared failed, the flows over all shifts
 * are those of the tables the boards hold (rerouted around it), not the whole tree's engine routes.
 */
@Timeout(120)
class FabricAnalysesTest {
    private static HttpResponse<String> http(ControllerApp app, String method, String path, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.port() + path)).header("X-OFT-Token", app.token());
        b = body == null ? b.GET() : b.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(body));
        return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonObject analysed(ControllerApp app) throws Exception {
        HttpResponse<String> started = http(app, "POST", "/api/analyses", "{\"metric\":\"flows\",\"pattern\":\"shift:all\"}");
        assertEquals(200, started.statusCode(), started.body());
        int id = new JsonObject(started.body()).getInteger("id");
        for (int i = 0; i < 600; i++) {
            JsonObject job = new JsonObject(http(app, "GET", "/api/analyses/" + id, null).body());
            if (!"running".equals(job.getString("state"))) {
                assertEquals("done", job.getString("state"), job.encode());
                return job.getJsonObject("result");
            }
            Thread.sleep(100);
        }
        throw new AssertionError("analysis " + id + " did not end");
    }

    @Test
    void anAnalysisAfterAFailureMeasuresTheReroutedTables() throws Exception {
        ElectricalBench bench = new ElectricalBench("kary:4,3", null, 1, FlitParameters.defaults(), FlitSimulator.PathPolicy.HASH,
                "uniform", 0.2, 1, 200, false);
        try (ControllerApp app = ControllerApp.start(ServeConfig.fatTree(new ServeConfig.FatTree(bench, "dmodk"), "127.0.0.1", 0, 40, "sim", null))) {
            assertEquals(1, analysed(app).getInteger("maxFlows"), "D-mod-K on the whole tree: one flow a link in every shift");
            HttpResponse<String> failed = http(app, "POST", "/api/fail", "{\"fail\":\"link:(1,0,3,0):5\"}");
            assertEquals(200, failed.statusCode(), failed.body());
            assertEquals(2, analysed(app).getInteger("maxFlows"), "the boards' tables around the cable put two flows on a link");
            for (String pattern : new String[] {"file:/etc/passwd", " file:/etc/passwd", "\\t\\nfile:/etc/passwd"}) {
                HttpResponse<String> leak = http(app, "POST", "/api/analyses", "{\"metric\":\"flows\",\"pattern\":\"" + pattern + "\"}");
                assertEquals(400, leak.statusCode(), pattern + ": " + leak.body());
                assertEquals("patterns from files are for the command line, not the console",
                        new JsonObject(leak.body()).getString("error"), pattern);
            }
        }
    }
}
