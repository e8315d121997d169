package org.oft.controller.cli.fattree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oft.controller.cli.OftctlTest;

/**
 * Every command sees the holes of an imported fabric: kary:4,3 exported without the cable at (1,0,3,0) port 5 (its
 * first up-port, which the whole tree's route from host 12 to 16 takes) is routed, measured, written, rerouted,
 * deployed and exported as it runs (the engine's tables rerouted around the hole, one running fabric), never as the
 * complete tree. ({@code flit}: FlitCommandTest; {@code serve}: SwitchFabricServeTest.)
 */
class HoledFabricCommandsTest {
    @TempDir
    Path dir;
    Path net;
    String ibnet;

    @BeforeEach
    void export() {
        net = dir.resolve("f.net");
        assertEquals(0, OftctlTest.run("fattree", "export", "--topology", "kary:4,3", "--fail", "link:(1,0,3,0):5", "-o", net.toString()).code());
        ibnet = "ibnet:" + net;
    }

    private static OftctlTest.Run ok(String... args) {
        OftctlTest.Run r = OftctlTest.run(args);
        assertEquals(0, r.code(), String.join(" ", args) + ": " + r.err());
        return r;
    }

    @Test
    void routesGoAroundTheMissingCable() {
        assertTrue(ok("fattree", "routes", "--topology", "kary:4,3", "--pairs", "12-16").out().contains("(1,0,3,0):up0"));
        assertFalse(ok("fattree", "routes", "--topology", ibnet, "--pairs", "12-16").out().contains("(1,0,3,0):up0"));
    }

    @Test
    void analyzeMeasuresTheTablesAsTheyRun() {
        JsonObject whole = new JsonObject(ok("fattree", "analyze", "--topology", "kary:4,3", "--pattern", "shift:all", "--metric", "flows", "--json").out());
        JsonObject holed = new JsonObject(ok("fattree", "analyze", "--topology", ibnet, "--pattern", "shift:all", "--metric", "flows", "--json").out());
        assertEquals(1, whole.getInteger("maxFlows"));
        assertEquals(2, holed.getInteger("maxFlows"), "the tables deployed on this fabric put 2 flows on a link: " + holed);
    }

    @Test
    void lftWritesTheReroutedTablesInPhysicalPortsNoneAbove255() {
        JsonObject whole = new JsonObject(ok("fattree", "lft", "--topology", "kary:4,3", "--json").out());
        JsonObject holed = new JsonObject(ok("fattree", "lft", "--topology", ibnet, "--json").out());
        assertNotEquals(whole.getJsonArray("switches"), holed.getJsonArray("switches"));
        for (Object o : holed.getJsonArray("switches")) {
            JsonObject sw = (JsonObject) o;
            for (Object p : sw.getJsonArray("ports")) {
                assertTrue((Integer) p >= 1 && (Integer) p <= 255, sw.getString("switch") + " port " + p);
            }
            if ("(1,0,3,0)".equals(sw.getString("tuple"))) {
                assertFalse(sw.getJsonArray("ports").contains(5), "no entry leaves by the missing cable: " + sw);
            }
        }
        String opensm = ok("fattree", "lft", "--topology", ibnet).out();
        assertNotEquals(ok("fattree", "lft", "--topology", "kary:4,3").out(), opensm);
    }

    @Test
    void rerouteCountsTheFilesHoleBesideTheFailureDeclared() {
        String fail = "link:(1,0,0,0):5";
        JsonObject whole = new JsonObject(ok("fattree", "reroute", "--topology", "kary:4,3", "--fail", fail, "--shifts", "--json").out());
        JsonObject holed = new JsonObject(ok("fattree", "reroute", "--topology", ibnet, "--fail", fail, "--shifts", "--json").out());
        assertEquals(1, whole.getInteger("deadCables"));
        assertEquals(2, holed.getInteger("deadCables"), holed.encode());
        assertTrue(holed.getJsonArray("failed").encode().contains("not in " + net), holed.encode());
        assertTrue(holed.getInteger("entriesChanged") > whole.getInteger("entriesChanged"), holed.encode());
    }

    @Test
    void deployWritesTheReroutedTables() {
        JsonObject whole = new JsonObject(ok("fattree", "deploy", "--topology", "kary:4,3", "--json").out()).getJsonObject("deploy");
        JsonObject holed = new JsonObject(ok("fattree", "deploy", "--topology", ibnet, "--json").out()).getJsonObject("deploy");
        assertEquals(0, whole.getInteger("holes"));
        assertEquals(0, whole.getInteger("entriesRerouted"));
        assertEquals(1, holed.getInteger("holes"));
        assertTrue(holed.getInteger("entriesRerouted") > 0, holed.encode());
        assertEquals(0, holed.getInteger("unreachablePairs"));
    }

    @Test
    void exportWritesTheFabricAsItIsNotTheWholeTree() throws Exception {
        String again = ok("fattree", "export", "--topology", ibnet).out();
        String whole = ok("fattree", "export", "--topology", "kary:4,3").out();
        assertTrue(whole.lines().count() > again.lines().count(), "one cable fewer, at both ends");
        assertEquals(Files.readAllLines(net).stream().filter(l -> !l.startsWith("#")).toList(),
                again.lines().filter(l -> !l.startsWith("#")).toList(), "the file round-trips as it was");
    }

    @Test
    void studyPointsRunOnTheFabricAsItRuns() throws Exception {
        Path study = dir.resolve("holed.json");
        Files.writeString(study, "{\"name\": \"holed\", \"topologies\": [\"kary:4,3\", \"ibnet:f.net\"], \"engines\": [\"dmodk\"],"
                + " \"traffic\": [\"shift:5\"], \"loads\": [0.3], \"flit\": {\"warmup\": 100, \"sample\": 500},"
                + " \"analyses\": [{\"metric\": \"flows\", \"pattern\": \"shift:all\"}]}");
        ok("study", "run", study.toString());
        io.vertx.core.json.JsonArray rows = new io.vertx.core.json.JsonArray(ok("study", "export", study.toString(), "--format", "json").out());
        java.util.Map<String, Integer> flows = new java.util.HashMap<>();
        for (Object o : rows) {
            JsonObject r = (JsonObject) o;
            if (r.getString("kind").equals("analysis")) {
                flows.put(r.getString("topology"), r.getInteger("maxFlows"));
            }
        }
        assertEquals(java.util.Map.of("kary:4,3", 1, ibnet, 2), flows, "each row names the topology its study named: " + rows.encode());
    }

    /** A study numbers an imported fabric's hosts as its hostOrder says, as --host-order does: the same file, other points. */
    @Test
    void aStudysHostOrderIsTheFabricsNumbering() throws Exception {
        Path study = dir.resolve("ordered.json");
        String body = " \"topologies\": [\"ibnet:f.net\"], \"engines\": [\"dmodk\"],"
                + " \"analyses\": [{\"metric\": \"flows\", \"pattern\": \"shift:all\"}]}";
        Files.writeString(study, "{\"name\": \"ordered\", \"hostOrder\": \"file\"," + body);
        ok("study", "run", study.toString());
        io.vertx.core.json.JsonArray rows = new io.vertx.core.json.JsonArray(ok("study", "export", study.toString(), "--format", "json").out());
        assertEquals(1, rows.size(), rows.encode());
        assertEquals("file", rows.getJsonObject(0).getString("hostOrder"), rows.encode());
    }

    @Test
    void aSourceBasedEngineIsRefusedWhereThereIsAHole() {
        OftctlTest.Run smodk = OftctlTest.run("fattree", "routes", "--topology", ibnet, "--engine", "smodk", "--pairs", "12-16");
        assertEquals(2, smodk.code());
        assertTrue(smodk.err().contains("smodk routes by source and cannot be rerouted around the 1 holes of " + net), smodk.err());
    }
}
