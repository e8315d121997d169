package org.oft.controller.study;

import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * One independent run of a study: its complete configuration (every option spelled out, in a fixed key order) and
 * its id, the hash of that configuration and the model version. Two points with one id give the same bits.
 */
public record StudyPoint(String id, JsonObject config) {
    /**
     * The version of the model and analyses whose results a point's id names. Raise it whenever a change alters any
     * figure a point reports: stored results of the old version are then not taken for the new one.
     */
    public static final String MODEL_VERSION = System.getProperty("oft.study.modelVersion", "oft-model-7");

    /** A point of this configuration (whose key order must be fixed by its maker). */
    public static StudyPoint of(JsonObject config) {
        return new StudyPoint(hash(config.encode() + "\n" + MODEL_VERSION), config);
    }

    public String kind() {
        return config.getString("kind");
    }

    /** A short description for progress lines and errors. */
    public String describe() {
        JsonObject c = config;
        if ("flit".equals(kind())) {
            return c.getString("topology") + " " + c.getString("engine") + " " + c.getString("traffic") + " load " + c.getDouble("load")
                    + " seed " + c.getLong("seed");
        }
        return c.getString("topology") + " " + c.getString("engine") + " " + c.getString("metric") + " " + c.getString("pattern")
                + " seed " + c.getLong("seed");
    }

    static String hash(String s) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-256 in this JVM", e);
        }
    }
}
