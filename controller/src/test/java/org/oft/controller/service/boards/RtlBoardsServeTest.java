package org.oft.controller.service.boards;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.oft.controller.service.ControllerApp;
import org.oft.controller.service.ServeConfig;
import org.oft.hal.FencedException;
import org.oft.hal.SlotCounters;
import org.oft.sim.rtl.RtlBench;
import org.oft.hal.BoardOwner;
import org.oft.hal.wire.BoardClaims;

/**
 * The unchanged controller on boards in RTL: an order-4 fabric deployed over the simulated UART to
 * the Verilator model's 20 boards, committed at an epoch, the slot clock running, and the fabric
 * delivering every packet; then a second controller takes the boards over through the bench's
 * other port, and the boards themselves refuse the first.
 */
@Timeout(240)
class RtlBoardsServeTest {
    @Test
    void anOrderFourFabricRunsOnRtlBoardsAndATakeOverFencesTheOldOwner() throws Exception {
        assumeTrue(RtlBench.buildable(), "Verilator is not installed");
        try (RtlBench rtl = RtlBench.start(4, 2, 1, ProcessBuilder.Redirect.INHERIT)) {
            String a = "serial:" + rtl.ptys().get(0) + "@" + rtl.baud();
            String b = "serial:" + rtl.ptys().get(1) + "@" + rtl.baud();
            ServeConfig first = new ServeConfig(4, 1, "127.0.0.1", 0, 200, a, null, null, null)
                    .withOwnership(new ServeConfig.Ownership("a", 10_000, false, null, 0));
            try (ControllerApp app = ControllerApp.start(first)) {
                List<String> ids = app.bus().discover().stream().map(x -> x.id()).toList();
                assertEquals(4 + 16, ids.size(), ids.toString());
                await().atMost(Duration.ofSeconds(60)).until(() -> app.bus().telemetry().total().delivered() > 1000);
                SlotCounters total = app.bus().telemetry().total();
                assertEquals(0, total.misdelivered(), total.toString());
                assertEquals(0, total.collisions(), total.toString());
                assertEquals(0, total.lost(), total.toString());
                assertEquals(16, app.bus().telemetry().lastSlot().injected(), "every processor injects every slot");

                ServeConfig second = new ServeConfig(4, 1, "127.0.0.1", 0, 200, b, null, null, null)
                        .withOwnership(new ServeConfig.Ownership("b", 10_000, true, null, 0));
                try (ControllerApp other = ControllerApp.start(second)) {
                    BoardClaims claims = other.bus().ownership().orElseThrow();
                    long delivered = other.bus().telemetry().total().delivered();
                    await().atMost(Duration.ofSeconds(30)).until(() -> other.bus().telemetry().total().delivered() > delivered + 500);
                    assertEquals(0, other.bus().telemetry().total().misdelivered());
                    for (BoardOwner owner : claims.owners()) {
                        assertEquals("b", owner.controller(), owner.toString());
                        assertTrue(owner.generation() >= 2, owner.toString());
                    }
                    // the old owner's next change is refused by the RTL boards themselves
                    assertThrows(FencedException.class, () -> app.bus().startClock(50));
                }
            }
        }
    }
}
