package org.oft.controller.study;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StudyLibraryTest {

    /** A stray folder named like a study's results, or a file that is not one, hides no other study from the console. */
    @Test
    void strayFilesHideNoStudy(@TempDir Path dir) throws Exception {
        Study study = StudyFile.parse(new JsonObject("{\"topologies\": [\"kary:2,2\"], \"engines\": [\"dmodk\"], \"traffic\": [\"uniform\"],"
                + " \"loads\": [0.3]}"), dir, "real", "real.json");
        try (ResultStore store = ResultStore.open(dir.resolve("real.db"))) {
            store.describe(study);
        }
        Files.createDirectory(dir.resolve("a-folder.db"));
        Files.writeString(dir.resolve("notes.db"), "not a database");
        JsonArray list = new StudyLibrary(dir).list();
        assertEquals(2, list.size(), list.encodePrettily());
        assertEquals("notes", list.getJsonObject(0).getString("name"));
        assertEquals("unreadable", list.getJsonObject(0).getString("state"));
        assertEquals("real", list.getJsonObject(1).getString("name"));
        assertEquals(1, list.getJsonObject(1).getInteger("points"));
    }
}
