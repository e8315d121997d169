package org.oft.controller.service.boards;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.oft.hal.BoardBus;
import org.oft.hal.BoardInfo;
import org.oft.hal.Region;
import org.oft.hal.wire.BoardChannel;
import org.oft.hal.wire.Message;
import org.oft.hal.wire.BoardReadback;

/**
 * The boards view: every board with kind, firmware and, where the boards are reached over a link,
 * boot id, what each region holds (length and CRC) and the link's health. Read on a worker: over a
 * link this asks every board at once.
 */
public final class BoardsJson {
    private BoardsJson() {
    }

    static JsonObject of(BoardBus bus, List<BoardInfo> boards) {
        BoardReadback wire = bus.readback().orElse(null);
        long t0 = System.nanoTime();
        Map<Integer, Message.Status> status = Map.of();
        String error = null;
        List<Integer> addresses = new ArrayList<>();
        if (wire != null) {
            for (BoardInfo b : boards) {
                addresses.add(wire.address(b.id()));
            }
            try {
                status = wire.statuses(addresses);
            } catch (RuntimeException e) {
                error = e.getMessage();
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        JsonArray list = new JsonArray();
        for (int k = 0; k < boards.size(); k++) {
            BoardInfo b = boards.get(k);
            JsonObject o = new JsonObject().put("id", b.id()).put("kind", b.kind().name()).put("index", b.index()).put("firmware", b.firmware());
            if (b.radix() > 0) {
                o.put("radix", b.radix()).put("lmc", b.lmc());
            }
            Message.Status s = wire == null ? null : status.get(addresses.get(k));
            if (s != null) {
                JsonArray holds = new JsonArray();
                for (Region r : Region.values()) {
                    int i = r.number() - 1;
                    if (i < s.activeLengths().length && s.activeLengths()[i] > 0) {
                        holds.add(new JsonObject().put("region", r.name()).put("bytes", s.activeLengths()[i])
                                .put("crc", String.format("%08x", s.activeCrcs()[i])));
                    }
                }
                o.put("bootId", Long.toHexString(s.bootId())).put("slot", s.slot()).put("pendingEpoch", s.pendingEpoch() < 0 ? null : s.pendingEpoch())
                        .put("holds", holds).put("state", holds.isEmpty() ? "empty (holds no table)" : "running");
            } else {
                o.put("state", wire == null ? "modelled in process" : "no answer");
            }
            list.add(o);
        }
        JsonObject link;
        if (wire == null) {
            link = new JsonObject().put("kind", "in process").put("note", "the built-in model is called directly: no link, no boot ids or CRCs to read back");
        } else {
            BoardChannel c = bus.link().orElseThrow();
            link = new JsonObject().put("kind", "wire").put("retransmits", c.retransmits()).put("timeouts", c.timeouts())
                    .put("wireBytes", c.wireBytes()).put("receivedBytes", c.receivedBytes());
        }
        return new JsonObject().put("boards", list).put("link", link).put("probeSeconds", seconds).put("error", error);
    }
}
