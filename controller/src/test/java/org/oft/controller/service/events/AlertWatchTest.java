package org.oft.controller.service.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Threshold alerts an operator can read: a part over for a few readings running, back only once clear for longer,
 * and crossings that overlap one incident (opened, then closed with what it held), not an event per port per poll.
 */
class AlertWatchTest {
    private final List<JsonObject> events = new ArrayList<>();
    private long now;
    private final AlertWatch watch = new AlertWatch(events::add, AlertWatch.Thresholds.defaults(), () -> now);

    /** One poll a second: each port's utilisation, no transmit wait, no drops. */
    private void poll(double... utilisation) {
        now += 1000;
        for (int p = 0; p < utilisation.length; p++) {
            watch.port("switch-" + p / 4, p % 4 + 1, utilisation[p], 0, 0);
        }
    }

    @Test
    void aPortHoveringAtItsThresholdIsOneCrossingNotOneASecond() {
        for (int i = 0; i < 120; i++) { // two minutes at 0.96, 0.94, 0.96, ...: over, under, over
            poll(i % 2 == 0 ? 0.96 : 0.94);
        }
        assertEquals(List.of(), events, "never over for three readings running");
        for (int i = 0; i < 3; i++) {
            poll(0.97);
        }
        assertEquals(1, events.size());
        assertEquals("opened", events.get(0).getString("outcome"));
        assertEquals("warning", events.get(0).getString("severity"));
        assertEquals("switch-0", events.get(0).getString("part"));
        for (int i = 0; i < 60; i++) { // hovering just under the threshold is not back: back is below 0.9 of it
            poll(i % 2 == 0 ? 0.94 : 0.90);
        }
        assertEquals(1, events.size(), "still one incident: " + events);
        for (int i = 0; i < AlertWatch.CLEAR_AFTER; i++) {
            poll(0.5);
        }
        assertEquals(2, events.size());
        JsonObject closed = events.get(1);
        assertEquals("info", closed.getString("severity"));
        assertEquals("closed", closed.getString("outcome"));
        assertEquals("switch-0", closed.getString("part"));
        assertTrue(closed.getString("text").startsWith("threshold alerts over after 65 s (all back): 1 part crossed (utilisation 1), "
                + "at most 1 at once: switch-0 port 1"), closed.getString("text"));
    }

    @Test
    void twentyPortsLoadedByOneCauseAreOneIncident() {
        double[] busy = new double[20];
        java.util.Arrays.fill(busy, 0.99);
        double[] calm = new double[20];
        for (int i = 0; i < 10; i++) {
            poll(busy);
        }
        busy[3] = 0.1; // one port calms early: the incident stays open for the others
        for (int i = 0; i < 10; i++) {
            poll(busy);
        }
        for (int i = 0; i < 10; i++) {
            poll(calm);
        }
        assertEquals(2, events.size(), events.toString());
        assertTrue(events.get(0).getString("text").contains("threshold alerts: parts that cross while this is open join it"),
                events.get(0).encode());
        String closed = events.get(1).getString("text");
        assertTrue(closed.contains("20 parts crossed (utilisation 20), at most 20 at once: switch-0 port 1, switch-0 port 2, switch-0 port 3, switch-0 port 4, "
                + "switch-1 port 1 and 15 more"), closed);
        assertEquals(null, events.get(1).getString("part"), "many parts: none named as the event's own");
    }

    @Test
    void crossingsOfEveryKindAtOnceAreOneIncidentAndANewThresholdClosesIt() {
        for (int i = 0; i < 3; i++) {
            now += 1000;
            watch.port("switch-2", 1, 0.99, 0.7, 5);
        }
        assertEquals(List.of("opened"), events.stream().map(e -> e.getString("outcome")).toList(),
                "utilisation, transmit wait and drops on one port: one incident");
        watch.set(new JsonObject().put("utilisation", 0.5));
        assertEquals(2, events.size(), events.toString());
        assertTrue(events.get(1).getString("outcome").equals("closed") && events.get(1).getString("text").contains("(its thresholds changed)")
                && events.get(1).getString("text").contains("1 part crossed (drop 1, transmit-wait 1, utilisation 1)"), events.toString());
    }

    /** A long incident whose parts change says what it holds once a minute at most, never once a poll. */
    @Test
    void aLongIncidentIsUpdatedOnceAMinuteWhenItsPartsChange() {
        double[] load = new double[8];
        java.util.Arrays.fill(load, 0.99);
        for (int i = 0; i < 200; i++) { // 200 s: a port more over every 20 s
            if (i % 20 == 0 && i / 20 < 8) {
                load[i / 20] = 0.99;
            }
            poll(java.util.Arrays.copyOf(load, i < 20 ? 1 : 8));
        }
        List<String> outcomes = events.stream().map(e -> e.getString("outcome")).toList();
        assertEquals("opened", outcomes.get(0));
        assertTrue(outcomes.stream().filter("updated"::equals).count() <= 4, outcomes.toString());
        assertTrue(outcomes.contains("updated"), outcomes.toString());
        JsonObject update = events.stream().filter(e -> e.getString("outcome").equals("updated")).findFirst().orElseThrow();
        assertTrue(update.getString("text").matches("threshold alerts open for 6\\d s: 8 parts over now, 8 crossed so far \\(utilisation 8\\)"),
                update.getString("text"));
        for (int i = 0; i < 120; i++) { // nothing changes: nothing more said
            poll(load);
        }
        assertEquals(outcomes.size(), events.size(), "an incident that holds the same parts is not updated");
    }
}
