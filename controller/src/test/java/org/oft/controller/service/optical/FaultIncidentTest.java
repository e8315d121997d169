package org.oft.controller.service.optical;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FaultIncidentTest {

    private static JsonObject record(long slot, long misdelivered, long collisions, long lost) {
        return new JsonObject().put("slot", slot).put("total", new JsonObject().put("misdelivered", misdelivered)
                .put("collisions", collisions).put("lost", lost));
    }

    /** A fault of many slots is one incident: one alarm when it starts, one info with its cost once quiet; a reset is none. */
    @Test
    void aFaultIsOneIncidentOpenedAndClosed() {
        List<JsonObject> events = new ArrayList<>();
        FaultIncident f = new FaultIncident(events::add);
        f.record(record(1, 0, 0, 0), 0);
        f.record(record(2, 0, 0, 0), 100);
        f.record(record(3, 2, 1, 0), 200); // opens
        for (int s = 4; s < 40; s++) {
            f.record(record(s, 2L * s, 1, 0), 200L + 100 * s); // the same incident, slot after slot
        }
        assertEquals(1, events.size(), events.toString());
        assertEquals("alarm", events.get(0).getString("severity"));
        assertEquals("FABRIC FAULT: packets 2 misdelivered, 1 collisions in slot 3", events.get(0).getString("text"));
        f.record(record(40, 78, 1, 0), 4_100); // quiet from here
        f.record(record(41, 78, 1, 0), 4_100 + FaultIncident.QUIET_MILLIS - 1);
        assertEquals(1, events.size());
        f.record(record(42, 78, 1, 0), 4_100 + FaultIncident.QUIET_MILLIS);
        assertEquals(2, events.size());
        assertEquals("info", events.get(1).getString("severity"));
        assertEquals("closed", events.get(1).getString("outcome"));
        assertEquals("fabric fault over after 3.9 s: 78 misdelivered, 1 collisions in it", events.get(1).getString("text"));
        f.record(record(43, 0, 0, 0), 20_000); // a counter reset: no anomaly
        assertEquals(2, events.size());
    }
}
