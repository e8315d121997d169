package org.oft.controller.service.ownership;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A blip of the lab's ZooKeeper, shorter than a session, changes nothing: the master stays master at its generation,
 * the standby stays standby, and the fabric's clock never stops (as a subnet runs on without its subnet manager).
 */
@Timeout(180)
class EnsembleBlipTest {
    @TempDir
    Path dir;

    @Test
    void aBlipShorterThanTheSessionLeavesTheMasterAndTheClockAsTheyWere() throws Exception {
        try (HaBench bench = new HaBench(dir, 3)) {
            HaBench.OftctlProcess a = bench.serve("A", 0, "a.err");
            a.until("oftctl: master at generation 1", 60);
            String console = a.console()[0];
            HaBench.OftctlProcess b = bench.serve("B", 1, "b.err");
            b.until("oftctl: standing by", 60);
            long before = firstSlot(console);
            bench.ensembleOutage(MasterElection.SESSION_MILLIS / 2);
            Thread.sleep(MasterElection.SESSION_MILLIS); // past the time a deposed master would have said so
            long after = slot(console);
            JsonObject owner = get(console + "/api/owner");
            assertEquals("master", owner.getString("role"), owner.encode());
            assertEquals(1L, owner.getLong("generation"), owner.encode());
            java.util.List<String> said = new java.util.ArrayList<>(a.seen());
            a.lines().drainTo(said);
            assertFalse(said.stream().anyMatch(l -> l.contains("standing by")), "A stood by: " + said);
            assertTrue(after > before + 50, "the fabric's clock ran through the blip: slot " + before + " then " + after);
        }
    }

    /** The slot once A's console serves its fabric's telemetry (its first record may take a moment on a loaded machine). */
    private static long firstSlot(String console) throws Exception {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (System.nanoTime() < deadline) {
            JsonObject t = get(console + "/api/telemetry");
            if (t.getValue("slot") instanceof Number n) {
                return n.longValue();
            }
            Thread.sleep(200);
        }
        return slot(console); // says what it serves instead
    }

    private static long slot(String console) throws Exception {
        JsonObject t = get(console + "/api/telemetry");
        assertTrue(t.getValue("slot") instanceof Number, "A's console serves no fabric (it stood by): " + t.encode());
        return t.getLong("slot");
    }

    private static JsonObject get(String url) throws Exception {
        return new JsonObject(HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20)).build(),
                HttpResponse.BodyHandlers.ofString()).body());
    }
}
