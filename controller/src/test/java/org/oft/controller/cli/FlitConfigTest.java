package org.oft.controller.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.oft.controller.fattree.flit.FlitConfig;
import picocli.CommandLine;
import org.oft.controller.study.Study;
import org.oft.controller.study.StudyFile;
import org.oft.sim.flit.FlitSimulator;

/**
 * One configuration of the flit model, one name table: what the command line gives, what a board-sim is spawned with,
 * what a study file names and what a run's JSON reports are the same record, and a word no option has is refused.
 */
class FlitConfigTest {
    private static FlitConfig parsed(String... args) {
        FlitArgs a = new FlitArgs();
        new CommandLine(a).parseArgs(args);
        return a.config();
    }

    @Test
    void theCommandLinesDefaultsAreTheTables() {
        assertEquals(FlitConfig.defaults(), parsed());
        JsonObject run = new JsonObject(OftctlTest.run("flit", "--topology", "kary:2,2", "--sample", "100", "--warmup", "10", "--json").out());
        assertEquals(FlitConfig.defaults().json(), run.getJsonObject("parameters"));
    }

    @Test
    void aBoardSimIsSpawnedWithFlagsThatReadBackAsTheSameConfiguration() {
        FlitConfig c = FlitConfig.of(new JsonObject().put("vcs", 2).put("buffer", 8).put("packet", 4).put("creditDelay", 3)
                .put("channelLatency", 2).put("injectionDelay", 1).put("ejectionDelay", 5).put("switching", "cut-through")
                .put("arbitration", "age").put("pathPolicy", "round-robin").put("randomUp", true));
        assertEquals(c, parsed(c.args().toArray(String[]::new)));
        assertEquals(c, FlitConfig.of(c.json()), "a study point's keys read back as the run's JSON reports them");
        assertEquals(FlitConfig.defaults(), parsed(FlitConfig.defaults().args().toArray(String[]::new)));
        for (String w : FlitConfig.Option.PATH_POLICY.choices()) {
            assertEquals(w, FlitConfig.word(FlitConfig.policy(w)), "each path policy's word names it");
        }
        assertEquals(FlitSimulator.PathPolicy.values().length, FlitConfig.Option.PATH_POLICY.choices().size());
    }

    @Test
    void aWordNoOptionHasIsRefusedNotReadAsTheDefault() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FlitConfig.of(new JsonObject().put("pathPolicy", "round_robin")));
        assertEquals("pathPolicy: expected one of hash, round-robin, random, got round_robin", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> FlitConfig.of(new JsonObject().put("switching", "store-and-forward")));
        assertThrows(IllegalArgumentException.class, () -> FlitConfig.of(new JsonObject().put("vcs", -1)));
    }

    @Test
    void aStudyFileNamesTheSameOptionsWithTheSameDefaults() {
        Study study = StudyFile.parse(new JsonObject("{\"topologies\": [\"kary:2,2\"], "
                + "\"engines\": [\"dmodk\"], \"traffic\": [\"uniform\"], \"loads\": [0.5]}"), java.nio.file.Path.of("."), "defaults",
                "defaults.json", false);
        JsonObject point = study.points().get(0).config();
        for (FlitConfig.Option o : FlitConfig.Option.values()) {
            assertEquals(o.defaultValue(), point.getValue(o.key()), o.key() + " in a study point: " + point.encode());
        }
        assertEquals(FlitConfig.defaults(), FlitConfig.of(point), "a point without flit options runs the command line's defaults");
    }
}
