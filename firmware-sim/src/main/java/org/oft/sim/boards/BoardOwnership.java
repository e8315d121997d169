package org.oft.sim.boards;

import java.io.IOException;
import java.util.function.LongSupplier;
import org.oft.hal.wire.Message;
import org.oft.hal.wire.Protocol;

/**
 * Who may change a board (or the backplane): the highest fencing generation it has accepted, the
 * controller that claimed it, and that controller's lease. The board is the arbiter: whatever any
 * election decided, a request under a lower generation than the board's is refused. The generation
 * survives a reboot (as a switch keeps its M_Key) and, kept in the bench's {@link GenerationStore}, a power
 * cycle; the lease does not, so a rebooted board takes nothing until it is claimed again.
 */
final class BoardOwnership {
    private final LongSupplier nanos;
    private final GenerationStore store;
    private final int slot; // this board's in the store
    private long generation;
    private String controller = "";
    private long leaseUntil; // nanos; meaningful while leased
    private boolean leased;
    private boolean claimedSinceBoot;

    /** A board as it powers up: its generation from the store, no owner, no lease. */
    BoardOwnership(LongSupplier nanos, GenerationStore store, int slot) {
        this.nanos = nanos;
        this.store = store;
        this.slot = slot;
        this.generation = store.generation(slot);
    }

    /** Accepts or refuses a claim; the answer is the owner after it, or a Nack naming the current one. */
    Message claim(Message.Claim c, int address) {
        String who = c.controller();
        boolean live = liveLease();
        if (c.generation() < generation) {
            return new Message.Nack(c.seq(), address, Protocol.E_FENCED, "generation " + c.generation() + " is below this board's "
                    + generation + ", held by " + owner());
        }
        if (c.generation() == generation && !who.equals(controller)) {
            return new Message.Nack(c.seq(), address, Protocol.E_FENCED, "generation " + generation + " is already held by " + owner()
                    + "; claim with a higher one");
        }
        if (live && !who.equals(controller) && !c.takeOver()) {
            return new Message.Nack(c.seq(), address, Protocol.E_OWNED, "owned by " + owner() + " at generation " + generation
                    + ", lease " + leaseLeftMillis() + " ms left; stop that controller, or take over");
        }
        if (c.generation() > generation) {
            try {
                store.keep(slot, c.generation()); // kept before it is granted: a power cycle cannot undo an answer
            } catch (IOException e) {
                return new Message.Nack(c.seq(), address, Protocol.E_FENCED, "generation not kept in flash: " + e.getMessage());
            }
        }
        generation = c.generation();
        controller = who;
        claimedSinceBoot = c.leaseMillis() > 0 || claimedSinceBoot; // a renewal after a reboot claims it again
        leased = c.leaseMillis() > 0;
        leaseUntil = nanos.getAsLong() + c.leaseMillis() * 1_000_000L;
        return owner(c.seq(), address);
    }

    /** Null if {@code m} may change the board; else the Nack that says why not. */
    Message refuse(Message.Mutating m) {
        if (generation == 0) {
            return new Message.Nack(m.seq(), m.board(), Protocol.E_NOT_CLAIMED, "this board has not been claimed; claim it first");
        }
        if (m.generation() != generation) {
            String reason = m.generation() < generation ? "generation " + m.generation() + " is stale: this board is at " + generation
                            + ", held by " + owner()
                    : "generation " + m.generation() + " has not claimed this board (it is at " + generation + ", held by " + owner() + ")";
            return new Message.Nack(m.seq(), m.board(), Protocol.E_FENCED, reason);
        }
        if (!claimedSinceBoot) {
            return new Message.Nack(m.seq(), m.board(), Protocol.E_NOT_CLAIMED, "this board rebooted since " + owner()
                    + " claimed it; claim it again");
        }
        return null;
    }

    Message owner(int seq, int address) {
        return new Message.Owner(seq, address, generation, leaseLeftMillis(), controller);
    }

    /** A power cycle: the generation and its controller stay, the lease does not. */
    void reboot() {
        leased = false;
        claimedSinceBoot = false;
    }

    private boolean liveLease() {
        return leased && nanos.getAsLong() - leaseUntil < 0;
    }

    private long leaseLeftMillis() {
        return liveLease() ? Math.max(1, (leaseUntil - nanos.getAsLong()) / 1_000_000L) : 0;
    }

    private String owner() {
        return controller.isEmpty() ? "nobody" : "controller " + controller;
    }
}
