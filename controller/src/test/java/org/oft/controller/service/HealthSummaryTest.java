package org.oft.controller.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/** The header's health summary: what is not well, counted from what each service answers, each with its view. */
class HealthSummaryTest {
    private static JsonObject item(JsonObject s, String key) {
        return s.getJsonArray("items").stream().map(JsonObject.class::cast).filter(i -> i.getString("key").equals(key)).findFirst().orElse(null);
    }

    @Test
    void aFatTreeWithTroubleSaysWhatAndWhere() {
        JsonObject s = HealthSummary.of(
                new JsonObject().put("events", new JsonArray().add(new JsonObject()).add(new JsonObject())),
                new JsonObject().put("faults", new JsonArray().add(new JsonObject())),
                new JsonObject().put("failures", new JsonArray().add(new JsonObject())),
                new JsonObject().put("anomalies", new JsonArray().add(new JsonObject().put("linkUp", false)).add(new JsonObject().put("linkUp", true))
                        .add(new JsonObject().put("linkUp", false))),
                new JsonObject().put("role", "master").put("controller", "a").put("boards", new JsonArray()
                        .add(new JsonObject().put("controller", "a")).add(new JsonObject().put("controller", "b"))),
                new JsonObject().put("fabric", "fattree").put("clock", new JsonObject().put("behind", true)),
                new JsonObject().put("boards", new JsonArray().add(new JsonObject().put("state", "running"))
                        .add(new JsonObject().put("state", "empty (holds no table)")).add(new JsonObject().put("state", "no answer"))));
        assertFalse(s.getBoolean("ok"));
        assertEquals("2 alarms not acknowledged", item(s, "alarms").getString("text"));
        assertEquals("#/events", item(s, "alarms").getString("link"));
        assertEquals("1 part declared failed", item(s, "failures").getString("text"));
        assertEquals("1 fault in force", item(s, "faults").getString("text"));
        assertEquals("2 ports down", item(s, "portsDown").getString("text"));
        assertEquals("#/fabric", item(s, "portsDown").getString("link"));
        assertEquals("1 board not this controller's", item(s, "unclaimed").getString("text"));
        assertEquals("clock behind", item(s, "clock").getString("text"));
        assertEquals("1 board holds no table", item(s, "empty").getString("text"));
        assertEquals("1 board does not answer", item(s, "silent").getString("text"));
        assertEquals("#/boards", item(s, "silent").getString("link"));
        assertEquals("#/fabric", item(s, "clock").getString("link"));
    }

    @Test
    void anOpticalFabricHasNoPortsAndAStandbyClaimsNothing() {
        JsonObject s = HealthSummary.of(new JsonObject().put("events", new JsonArray()), new JsonObject().put("faults", new JsonArray()), null, null,
                new JsonObject().put("role", "standby").put("controller", "b").put("boards", new JsonArray().add(new JsonObject().put("controller", "a"))),
                new JsonObject().put("clock", new JsonObject().put("behind", false)), null);
        assertTrue(s.getBoolean("ok"), s.encode());
        assertEquals(java.util.List.of("alarms", "faults", "clock"), s.getJsonArray("items").stream().map(JsonObject.class::cast)
                .map(i -> i.getString("key")).toList());
        assertEquals("#/oft", item(s, "clock").getString("link"));
        assertEquals("no alarms not acknowledged", item(s, "alarms").getString("text"));
    }
}
