package org.oft.controller.service.ownership;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.function.Supplier;
import org.oft.controller.service.Addresses;
import org.oft.hal.BoardBus;
import org.oft.hal.BoardOwner;
import org.oft.hal.wire.BoardClaims;

/**
 * Answers who owns the boards ({@link Addresses#OWNER}): this controller's role, id and generation, why
 * it was fenced if it was, what every board says of its owner and lease (asked of the boards at most
 * once a second, on a worker), and the controllers standing in the election.
 */
public final class OwnershipVerticle extends VerticleBase {
    private static final long BOARDS_MAX_AGE_NANOS = 1_000_000_000L;
    private final BoardBus bus;
    private final Supplier<MasterElection> election;
    private final Supplier<String> role;
    private final Supplier<String> readOnly;
    private final String controllerId;
    /** The boards' last read, handed over whole by the worker that made it: nobody waits on a lock for it. */
    private record BoardsRead(JsonArray boards, String error, long atNanos) {
    }

    private volatile BoardsRead read = new BoardsRead(new JsonArray(), null, 0);
    private final java.util.concurrent.atomic.AtomicBoolean reading = new java.util.concurrent.atomic.AtomicBoolean();

    /** {@code role}: master, standby or fenced, as the controller says now; {@code readOnly}: why a master holds the boards read-only, or null. */
    public OwnershipVerticle(BoardBus bus, Supplier<MasterElection> election, Supplier<String> role, Supplier<String> readOnly,
            String controllerId) {
        this.bus = bus;
        this.election = election;
        this.role = role;
        this.readOnly = readOnly;
        this.controllerId = controllerId;
    }

    @Override
    public Future<?> start() {
        vertx.eventBus().<JsonObject>consumer(Addresses.OWNER, this::owner);
        return Future.succeededFuture();
    }

    private void owner(Message<JsonObject> msg) {
        refreshBoards();
        try {
            msg.reply(describe()); // (from copies: the boards' last read, the election's known candidates)
        } catch (RuntimeException e) {
            msg.fail(502, e.getMessage());
        }
    }

    /**
     * Reads what the boards say of their owner on a worker of its own, at most one read at a time: a question about
     * the owner is answered at once from the last read (its age given), never held while a dead board times out.
     */
    private void refreshBoards() {
        BoardClaims claims = ServedClaim.claimsOf(bus);
        long at = read.atNanos();
        if (claims == null || at != 0 && System.nanoTime() - at <= BOARDS_MAX_AGE_NANOS || !reading.compareAndSet(false, true)) {
            return;
        }
        vertx.executeBlocking(() -> {
            JsonArray b = new JsonArray();
            for (BoardOwner o : claims.owners()) {
                b.add(new JsonObject().put("board", o.board()).put("generation", o.generation()).put("controller", o.controller())
                        .put("leaseLeftMillis", o.leaseLeftMillis()));
            }
            return b;
        }, false).onComplete(ar -> {
            BoardsRead before = read;
            read = ar.succeeded() ? new BoardsRead(ar.result(), null, System.nanoTime())
                    : new BoardsRead(before.boards(), ar.cause().getMessage(), System.nanoTime());
            reading.set(false);
        });
    }

    private JsonObject describe() {
        BoardClaims claims = ServedClaim.claimsOf(bus);
        JsonObject out = new JsonObject().put("controller", controllerId).put("role", role.get());
        String held = readOnly.get();
        if (held != null) {
            out.put("readOnly", held);
        }
        if (claims == null) {
            return out.put("boards", new JsonArray()).put("note", "the built-in model runs in this process: no other controller reaches it");
        }
        out.put("generation", claims.generation()).put("leaseMillis", claims.claimant().leaseMillis()).put("fenced", claims.fenced());
        BoardsRead r = read;
        out.put("boards", r.boards().copy()).put("boardsError", r.error())
                .put("boardsReadMillisAgo", r.atNanos() == 0 ? null : (System.nanoTime() - r.atNanos()) / 1_000_000);
        MasterElection e = election.get();
        if (e != null) {
            out.put("ha", true).put("priority", e.priority()).put("candidates", e.knownCandidates());
        }
        return out;
    }
}
