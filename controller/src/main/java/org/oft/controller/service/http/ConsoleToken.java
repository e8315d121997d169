package org.oft.controller.service.http;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * The token every mutating call of the console carries. A controller that made it knows it; one that adopted a bench's
 * token (a standby) holds only its salted SHA-256, which is all the election shares: what is kept outside this
 * process never lets anyone in. A token shorter than 32 characters is never accepted, whatever is stored.
 */
public final class ConsoleToken {
    /** The fewest characters a token has (a fresh one: 128 random bits in hex). */
    public static final int MIN_LENGTH = 32;
    private static final Pattern STORED = Pattern.compile("sha256:([0-9a-f]{32}):([0-9a-f]{64})");
    private final String plain; // null when adopted
    private final byte[] salt;
    private final byte[] hash;

    private ConsoleToken(String plain, byte[] salt, byte[] hash) {
        this.plain = plain;
        this.salt = salt;
        this.hash = hash;
    }

    /** A fresh token: 128 random bits, hex. */
    public static ConsoleToken fresh() {
        SecureRandom r = new SecureRandom();
        byte[] b = new byte[16];
        r.nextBytes(b);
        byte[] salt = new byte[16];
        r.nextBytes(salt);
        String plain = HexFormat.of().formatHex(b);
        return new ConsoleToken(plain, salt, digest(salt, plain));
    }

    /** The token whose {@link #stored} form this is; an IllegalArgumentException if it is not one. */
    public static ConsoleToken adopt(String stored) {
        java.util.regex.Matcher m = STORED.matcher(stored == null ? "" : stored.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("not a stored console token");
        }
        return new ConsoleToken(null, HexFormat.of().parseHex(m.group(1)), HexFormat.of().parseHex(m.group(2)));
    }

    /** Its stored form: salt and salted SHA-256, never the token. */
    public String stored() {
        return "sha256:" + HexFormat.of().formatHex(salt) + ":" + HexFormat.of().formatHex(hash);
    }

    /** The token itself, or null if this controller adopted it and holds only its hash. */
    public String plain() {
        return plain;
    }

    /** Whether {@code given} is the token (in constant time; a short or missing one never is). */
    public boolean accepts(String given) {
        return given != null && given.length() >= MIN_LENGTH && given.length() <= 256 && MessageDigest.isEqual(digest(salt, given), hash);
    }

    private static byte[] digest(byte[] salt, String token) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            d.update(salt);
            return d.digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available in this Java");
        }
    }
}
