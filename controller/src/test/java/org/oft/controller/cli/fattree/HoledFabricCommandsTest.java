package org.oft.controller.cli.fattree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oft.controller.cli.OftctlTest;

/**
 * Every command sees the holes of an imported fabric: {@code routes} and {@code analyze} measure the tables
 * as they run on the fabric on file (rerouted around a missing cable), as {@code lft}, {@code reroute} and
 * {@code serve} deploy them, not the complete tree.
 */
class HoledFabricCommandsTest {
    @Test
    void routesAndAnalyzeGoAroundAMissingCableOfAnIbnetFile(@TempDir Path dir) {
        Path net = dir.resolve("f.net");
        assertEquals(0, OftctlTest.run("fattree", "export", "--topology", "kary:4,3", "--fail", "link:(1,0,3,0):5", "-o", net.toString()).code());
        String ibnet = "ibnet:" + net;

        // (1,0,3,0) port 5 is its first up-port: the complete tree's route from 12 to 16 takes it, the fabric on file cannot
        assertTrue(OftctlTest.run("fattree", "routes", "--topology", "kary:4,3", "--pairs", "12-16").out().contains("(1,0,3,0):up0"));
        OftctlTest.Run routes = OftctlTest.run("fattree", "routes", "--topology", ibnet, "--pairs", "12-16");
        assertEquals(0, routes.code(), routes.err());
        assertFalse(routes.out().contains("(1,0,3,0):up0"), routes.out());

        JsonObject whole = new JsonObject(OftctlTest.run("fattree", "analyze", "--topology", "kary:4,3", "--pattern", "shift:all",
                "--metric", "flows", "--json").out());
        JsonObject holed = new JsonObject(OftctlTest.run("fattree", "analyze", "--topology", ibnet, "--pattern", "shift:all",
                "--metric", "flows", "--json").out());
        assertEquals(1, whole.getInteger("maxFlows"));
        assertEquals(2, holed.getInteger("maxFlows"), "the tables deployed on this fabric put 2 flows on a link: " + holed);

        OftctlTest.Run smodk = OftctlTest.run("fattree", "routes", "--topology", ibnet, "--engine", "smodk", "--pairs", "12-16");
        assertEquals(2, smodk.code());
        assertTrue(smodk.err().contains("routes by source and cannot be rerouted around the 1 holes of " + ibnet), smodk.err());
    }
}
