package org.oft.controller.service;

import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.oft.hal.BoardConfig;
import org.oft.hal.wire.Message;
import org.oft.hal.wire.Protocol;
import org.oft.hal.wire.Regions;

/**
 * The last configuration deployed successfully, kept on disk (length and CRC-32C of every region of
 * every board), so that a restarted controller knows what each board should run and can check it.
 * Written to a temporary file and moved into place, so a crash never leaves half a record.
 */
public final class DeploymentRecord {
    private final JsonObject json;

    private DeploymentRecord(JsonObject json) {
        this.json = json;
    }

    public static DeploymentRecord of(List<BoardConfig> configs, long epoch) {
        JsonObject boards = new JsonObject();
        for (BoardConfig c : configs) {
            JsonObject regions = new JsonObject();
            if (c.sequence() != null) {
                regions.put(Integer.toString(Protocol.REGION_SEQUENCE), region(Regions.sequence(c.sequence(), c.sequenceLength())));
            }
            if (c.table() != null) {
                regions.put(Integer.toString(Protocol.REGION_TABLE), region(Regions.table(c.table())));
            }
            if (c.phases() != null) {
                regions.put(Integer.toString(Protocol.REGION_PHASES), region(Regions.phases(c.phases())));
            }
            boards.put(c.boardId(), regions);
        }
        return new DeploymentRecord(new JsonObject().put("version", 1).put("epoch", epoch).put("boards", boards));
    }

    private static JsonObject region(byte[] bytes) {
        return new JsonObject().put("length", bytes.length).put("crc", Integer.toUnsignedString(Regions.crc(bytes), 16));
    }

    public void save(Path file) {
        try {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, ".deployed-", ".json");
            Files.writeString(tmp, json.encodePrettily());
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot keep the deployed configuration in " + file + ": " + e.getMessage(), e);
        }
    }

    /** The record in {@code file}, or null if there is none; a damaged file is an error naming it. */
    public static DeploymentRecord load(Path file) {
        try {
            return new DeploymentRecord(new JsonObject(Files.readString(file)));
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException | DecodeException e) {
            throw new IllegalArgumentException("deployed-configuration file " + file + " cannot be read: " + e.getMessage());
        }
    }

    public long epoch() {
        return json.getLong("epoch", -1L);
    }

    /** Differences between the record and what a board's status says it runs; empty if it matches. */
    public List<String> check(String boardId, Message.Status status) {
        List<String> out = new ArrayList<>();
        JsonObject regions = json.getJsonObject("boards", new JsonObject()).getJsonObject(boardId);
        if (regions == null) {
            out.add(boardId + " is not in the record");
            return out;
        }
        for (String r : regions.fieldNames()) {
            int i = Integer.parseInt(r) - 1;
            JsonObject want = regions.getJsonObject(r);
            int length = i < status.activeLengths().length ? status.activeLengths()[i] : 0;
            int crc = i < status.activeCrcs().length ? status.activeCrcs()[i] : 0;
            if (length != want.getInteger("length") || !Integer.toUnsignedString(crc, 16).equals(want.getString("crc"))) {
                out.add(boardId + " region " + r + " runs " + length + " bytes with CRC " + Integer.toUnsignedString(crc, 16)
                        + ", the record says " + want.getInteger("length") + " bytes with CRC " + want.getString("crc"));
            }
        }
        return out;
    }
}
