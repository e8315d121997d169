package org.oft.controller.boards;

import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.oft.controller.files.InputFile;
import org.oft.hal.BoardBus;
import org.oft.hal.wire.BoardReadback;
import org.oft.hal.BoardConfig;
import org.oft.hal.wire.Message;
import org.oft.hal.wire.Protocol;
import org.oft.hal.wire.Regions;
import org.oft.hal.BoardInfo;

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
            c.regions().forEach((r, bytes) -> regions.put(Integer.toString(r.number()), region(bytes)));
            boards.put(c.boardId(), regions);
        }
        return new DeploymentRecord(new JsonObject().put("version", 1).put("epoch", epoch).put("boards", boards));
    }

    private static JsonObject region(byte[] bytes) {
        return new JsonObject().put("length", bytes.length).put("crc", Integer.toUnsignedString(Regions.crc(bytes), 16));
    }

    /** Differences a comparison lists; a record of another fabric differs on every board, which could be thousands. */
    static final int LISTED = 20;

    /**
     * What the boards behind {@code bus} hold, checked against the record in {@code state}:
     * {record: false} when there is none, else its epoch, whether they match, how many differences
     * there are and the first {@value #LISTED} of them.
     */
    public static io.vertx.core.json.JsonObject compare(Path state, BoardBus bus) {
        DeploymentRecord record = load(state);
        if (record == null) {
            return new JsonObject().put("record", false);
        }
        BoardReadback wire = BoardBus.required(bus.readback(), "comparing the boards with the record");
        List<BoardInfo> boards = bus.discover();
        io.vertx.core.json.JsonArray differences = new io.vertx.core.json.JsonArray();
        int count = 0;
        for (int a = 0; a < boards.size(); a++) {
            for (String d : record.check(boards.get(a).id(), wire.status(a))) {
                if (count++ < LISTED) {
                    differences.add(d);
                }
            }
        }
        return new JsonObject().put("record", true).put("epoch", record.epoch()).put("matches", count == 0)
                .put("differing", count).put("differences", differences);
    }

    /** One line for the log: how many differences, the first few and how many more. */
    public static String summary(JsonObject comparison) {
        int count = comparison.getInteger("differing");
        List<String> listed = comparison.getJsonArray("differences").stream().map(String::valueOf).limit(5).toList();
        return "before this deploy the boards differed from the last record (epoch " + comparison.getLong("epoch") + ") in " + count
                + (count == 1 ? " place: " : " places: ") + String.join("; ", listed) + (count > listed.size() ? "; and " + (count - listed.size()) + " more" : "");
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
            throw new IllegalStateException("cannot keep the deployed configuration in " + file + ": " + InputFile.reason(e), e);
        }
    }

    /** The record in {@code file}, or null if there is none; a damaged file is an error naming it. */
    public static DeploymentRecord load(Path file) {
        if (Files.notExists(file)) {
            return null;
        }
        String text = InputFile.readText(file, "deployed-configuration file", InputFile.SMALL);
        String damaged = "deployed-configuration file " + file + " is damaged (delete it to start afresh): ";
        JsonObject json;
        try {
            json = new JsonObject(text);
        } catch (DecodeException e) {
            throw new IllegalArgumentException(damaged + (text.isBlank() ? "it is empty" : "it is not JSON"));
        }
        String wrong = structureError(json);
        if (wrong != null) {
            throw new IllegalArgumentException(damaged + wrong);
        }
        return new DeploymentRecord(json);
    }

    /** What is wrong with a record's structure, or null: every field checked before any is used. */
    private static String structureError(JsonObject json) {
        if (!(json.getValue("version") instanceof Integer v) || v != 1) {
            return "'version' must be 1";
        }
        if (!(json.getValue("epoch") instanceof Number e) || e instanceof Double || e instanceof Float) {
            return "'epoch' must be a whole number";
        }
        if (!(json.getValue("boards") instanceof JsonObject boards)) {
            return "'boards' must be an object";
        }
        for (String board : boards.fieldNames()) {
            if (!(boards.getValue(board) instanceof JsonObject regions)) {
                return "board " + board + " must map regions to {length, crc}";
            }
            for (String r : regions.fieldNames()) {
                if (!r.matches("[1-9]") || Integer.parseInt(r) > Protocol.REGIONS) {
                    return "board " + board + " has an unknown region '" + r + "'";
                }
                if (!(regions.getValue(r) instanceof JsonObject reg)
                        || !(reg.getValue("length") instanceof Integer len) || len < 0
                        || !(reg.getValue("crc") instanceof String crc) || !crc.matches("[0-9a-f]{1,8}")) {
                    return "board " + board + " region " + r + " must be {\"length\": bytes, \"crc\": hex}";
                }
            }
        }
        return null;
    }

    /**
     * Checks before any board is touched that a record can be kept at {@code file}: its directory
     * can be made and written, and the file itself is not in the way.
     */
    public static void checkWritable(Path file) {
        Path dir = file.toAbsolutePath().getParent();
        try {
            if (Files.isDirectory(file)) {
                throw new IllegalArgumentException("deployed-configuration file " + file + " is a directory");
            }
            Files.createDirectories(dir);
            Path probe = Files.createTempFile(dir, ".deployed-", ".probe");
            Files.delete(probe);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot keep the deployed configuration in " + file + ": " + dir
                    + " is not writable (" + InputFile.reason(e) + "); choose another --state");
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
