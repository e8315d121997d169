package org.oft.controller.files;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StateDirTest {
    @Test
    void homeIsTheEnvironmentsWhenItIsSetElseTheAccounts() {
        assertEquals(Path.of("/tmp/elsewhere", ".oftctl"), StateDir.of(Map.of("HOME", "/tmp/elsewhere"), "/root"));
        assertEquals(Path.of("/root", ".oftctl"), StateDir.of(Map.of(), "/root"));
        assertEquals(Path.of("/root", ".oftctl"), StateDir.of(Map.of("HOME", " "), "/root"));
        assertEquals(Path.of("/srv/oft"), StateDir.of(Map.of("OFTCTL_HOME", "/srv/oft", "HOME", "/tmp/elsewhere"), "/root"));
        assertEquals(Path.of("/tmp/elsewhere", ".oftctl"), StateDir.of(Map.of("OFTCTL_HOME", "", "HOME", "/tmp/elsewhere"), "/root"));
    }
}
