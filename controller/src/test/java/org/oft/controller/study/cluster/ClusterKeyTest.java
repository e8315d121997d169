package org.oft.controller.study.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterKeyTest {

    /** The first member makes the key, readable by its owner only; the next reads the same one. */
    @Test
    void aKeyIsMadeOnceOwnerOnlyAndShared(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("sub").resolve("study-cluster.key");
        ClusterKey first = ClusterKey.load(file);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        ClusterKey second = ClusterKey.load(file);
        JsonObject body = new JsonObject().put("worker", "w1").put("id", "abc");
        assertEquals(body, second.open(first.seal(body)));
        assertEquals(first.clusterName("oft-study"), second.clusterName("oft-study"));
        try (var left = Files.list(file.getParent())) {
            assertEquals(1, left.count(), "no partial file left");
        }
    }

    /** A key others may read, or too short to be one, is refused with what to do. */
    @Test
    void aKeyOthersMayReadOrTooShortIsRefused(@TempDir Path dir) throws Exception {
        Path open = Files.writeString(dir.resolve("open.key"), "0123456789abcdef0123456789abcdef\n");
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw-r--r--"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ClusterKey.load(open));
        assertTrue(e.getMessage().endsWith("may be read by others (rw-r--r--): chmod 600 " + open), e.getMessage());
        Path shortKey = Files.writeString(dir.resolve("short.key"), "secret\n");
        Files.setPosixFilePermissions(shortKey, PosixFilePermissions.fromString("rw-------"));
        e = assertThrows(IllegalArgumentException.class, () -> ClusterKey.load(shortKey));
        assertTrue(e.getMessage().contains("holds 6 characters; a key is at least 32"), e.getMessage());
    }

    /** A seal made with another key, a changed body or a broken envelope does not open. */
    @Test
    void onlyTheKeysOwnSealsOpen() {
        ClusterKey key = ClusterKey.of("0123456789abcdef0123456789abcdef".getBytes());
        ClusterKey other = ClusterKey.of("fedcba9876543210fedcba9876543210".getBytes());
        JsonObject sealed = key.seal(new JsonObject().put("id", "p1").put("result", new JsonObject().put("accepted", 0.4)));
        assertNull(other.open(sealed));
        assertNull(key.open(sealed.copy().put("body", sealed.getString("body").replace("0.4", "0.9"))));
        assertNull(key.open(sealed.copy().put("seal", "not base64!")));
        assertNull(key.open(new JsonObject().put("id", "p1")));
        assertNull(key.open("a string"));
        assertNotEquals(key.clusterName("oft-study"), other.clusterName("oft-study"));
    }
}
