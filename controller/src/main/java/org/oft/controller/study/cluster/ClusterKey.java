package org.oft.controller.study.cluster;

import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The study cluster's shared secret: every message between its members is sealed with an HMAC-SHA256 of the secret,
 * and one whose seal does not check is refused, so a machine that can reach the members but lacks the key can neither
 * store results, fail points nor hand out work. The key also names the cluster (members with another key form another
 * cluster). Kept in a file readable by its owner only ({@code ~/.oftctl/study-cluster.key}, made on first use;
 * machines that share the home share it, others need a copy).
 */
public final class ClusterKey {
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");
    private final byte[] secret;

    private ClusterKey(byte[] secret) {
        this.secret = secret.clone();
    }

    /** A key of these bytes (tests). */
    static ClusterKey of(byte[] secret) {
        return new ClusterKey(secret);
    }

    /**
     * The key in {@code file}, made (32 random bytes, owner only) if there is none; refused if others may read it or
     * it holds too little.
     */
    public static ClusterKey load(Path file) {
        try {
            if (!Files.exists(file)) {
                create(file);
            }
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException("the study cluster's key " + file + " is not a file");
            }
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
            if (perms.stream().anyMatch(p -> !OWNER_ONLY.contains(p) && p != PosixFilePermission.OWNER_EXECUTE)) {
                throw new IllegalArgumentException("the study cluster's key " + file + " may be read by others ("
                        + PosixFilePermissions.toString(perms) + "): chmod 600 " + file);
            }
            String text = Files.readString(file, StandardCharsets.US_ASCII).strip();
            if (text.length() < 32) {
                throw new IllegalArgumentException("the study cluster's key " + file + " holds " + text.length()
                        + " characters; a key is at least 32 (delete it and one is made)");
            }
            return new ClusterKey(text.getBytes(StandardCharsets.US_ASCII));
        } catch (AccessDeniedException e) {
            throw new IllegalArgumentException("cannot read the study cluster's key " + file + ": permission denied");
        } catch (IOException | UnsupportedOperationException e) {
            throw new IllegalArgumentException("cannot read the study cluster's key " + file + ": " + e.getMessage());
        }
    }

    private static void create(Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        byte[] b = new byte[32];
        new SecureRandom().nextBytes(b);
        Path tmp = Files.createTempFile(dir, ".study-cluster-key", ".partial", PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        try {
            Files.writeString(tmp, HexFormat.of().formatHex(b) + "\n", StandardCharsets.US_ASCII);
            try {
                Files.move(tmp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE); // not over one another member just made
            } catch (FileAlreadyExistsException e) {
                // another member on this machine made it first: that one is the key
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** The cluster's name for this key: members with another key do not join it. */
    public String clusterName(String name) {
        return name + "-" + HexFormat.of().formatHex(mac("cluster name".getBytes(StandardCharsets.UTF_8))).substring(0, 12);
    }

    /** {@code body} sealed: the message a member sends. */
    public JsonObject seal(JsonObject body) {
        String text = body.encode();
        return new JsonObject().put("body", text).put("seal", Base64.getEncoder().encodeToString(mac(text.getBytes(StandardCharsets.UTF_8))));
    }

    /** What a sealed message holds, or null if it is not sealed with this key (or not a sealed message at all). */
    public JsonObject open(Object message) {
        if (!(message instanceof JsonObject m) || !(m.getValue("body") instanceof String text) || !(m.getValue("seal") instanceof String seal)) {
            return null;
        }
        byte[] given;
        try {
            given = Base64.getDecoder().decode(seal);
        } catch (IllegalArgumentException e) {
            return null;
        }
        if (!MessageDigest.isEqual(given, mac(text.getBytes(StandardCharsets.UTF_8)))) { // in constant time
            return null;
        }
        try {
            return new JsonObject(text);
        } catch (DecodeException | ClassCastException e) {
            return null;
        }
    }

    private byte[] mac(byte[] data) {
        try {
            Mac m = Mac.getInstance("HmacSHA256");
            m.init(new SecretKeySpec(secret, "HmacSHA256"));
            return m.doFinal(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is not available in this Java: " + e.getMessage());
        }
    }
}
