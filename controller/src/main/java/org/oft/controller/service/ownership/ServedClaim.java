package org.oft.controller.service.ownership;

import org.oft.controller.service.ServeConfig;
import org.oft.hal.BoardBus;
import org.oft.hal.FencedException;
import org.oft.hal.wire.BoardClaims;

/** This controller's claim on the boards it serves, when they are reached over a link (the in-process model has no other owner). */
public final class ServedClaim {
    private ServedClaim() {
    }

    /** The claims of a bus reached over a link, or null for the in-process model. */
    public static BoardClaims claimsOf(BoardBus bus) {
        return bus.ownership().orElse(null);
    }

    /** Claims the boards as {@code o} says, at a generation of at least {@code atLeast}; refused while another controller holds them. */
    public static long claim(BoardBus bus, ServeConfig.Ownership o, long atLeast) {
        BoardClaims claims = claimsOf(bus);
        if (claims == null) {
            return 0;
        }
        claims.claimAs(o.claimant());
        try {
            return claims.claim(atLeast);
        } catch (FencedException e) {
            throw new IllegalStateException("the boards are not this controller's: " + e.getMessage()
                    + (o.takeOver() ? "" : " (serve --take-over claims them anyway)"));
        }
    }

    /** {@code listener} is told, once, when the boards refuse this controller because another took them. */
    public static void onFenced(BoardBus bus, java.util.function.Consumer<String> listener) {
        BoardClaims claims = claimsOf(bus);
        if (claims != null) {
            claims.onFenced(listener);
        }
    }

    public static long claim(BoardBus bus, ServeConfig.Ownership o) {
        return claim(bus, o, 0);
    }
}
