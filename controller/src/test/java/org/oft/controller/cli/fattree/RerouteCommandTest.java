package org.oft.controller.cli.fattree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.oft.controller.cli.OftctlTest;

/** {@code fattree reroute --then-fail}: the incremental change, entry by entry, so that it can be checked from the CLI. */
class RerouteCommandTest {
    @Test
    void jsonListsEveryChangedEntryOfAnIncrementalFailure() {
        OftctlTest.Run r = OftctlTest.run("fattree", "reroute", "--topology", "kary:4,3", "--fail", "link:(1,0,3,0):5", "--then-fail",
                "switch:(2,0,1,0)", "--json");
        assertEquals(0, r.code(), r.err());
        JsonObject then = new JsonObject(r.out()).getJsonArray("then").getJsonObject(0);
        int changed = then.getInteger("entriesChanged");
        assertTrue(changed > 10, "a failure that changes more than a sample: " + changed);
        assertEquals(changed, then.getJsonArray("diff").size(), "every changed entry is listed");
        assertTrue(then.getJsonArray("diff").getString(0).matches("switch-\\d+ \\(\\d,\\d,\\d,\\d\\) LID \\d+: port (\\d+|none) -> (\\d+|none)"),
                then.getJsonArray("diff").getString(0));

        OftctlTest.Run text = OftctlTest.run("fattree", "reroute", "--topology", "kary:4,3", "--fail", "link:(1,0,3,0):5", "--then-fail",
                "switch:(2,0,1,0)");
        assertTrue(text.out().contains((changed - 10) + " more; --json lists them all"), text.out());
    }
}
