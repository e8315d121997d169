package org.oft.controller.service.fattree;

import org.oft.controller.service.JsonFields;
import io.vertx.core.json.JsonObject;
import java.util.Set;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.sim.boards.SwitchFaultPort;

/**
 * Faults of the modelled switch boards, as JSON: {"kind":"dead-link","switch":I,"port":P} cuts the
 * cable at switch I's physical port P (1-based, as in the tables); {"kind":"reboot","switch":I}
 * power-cycles a board, which then holds no table and drops what reaches it until the next deploy.
 */
final class SwitchFault {
    private SwitchFault() {
    }

    static String apply(JsonObject body, SwitchFaultPort model, PgftTopology t) {
        if (body == null) {
            throw new IllegalArgumentException("the body must be a JSON object");
        }
        Object kind = body.getValue("kind");
        if (!(kind instanceof String k)) {
            throw new IllegalArgumentException("\"kind\" must be dead-link or reboot");
        }
        Set<String> allowed = k.equals("dead-link") ? Set.of("kind", "switch", "port") : Set.of("kind", "switch");
        for (String f : body.fieldNames()) {
            if (!allowed.contains(f)) {
                throw new IllegalArgumentException("unknown field '" + f + "' for " + k);
            }
        }
        int sw = JsonFields.intField(body, "switch");
        if (sw < 0 || sw >= t.switches()) {
            throw new IllegalArgumentException("switch must be 0.." + (t.switches() - 1) + ", got " + sw);
        }
        int v = t.hosts() + sw;
        switch (k) {
            case "dead-link": {
                int port = JsonFields.intField(body, "port");
                int radix = t.downPorts(t.level(v)) + t.upPorts(t.level(v));
                if (port < 1 || port > radix) {
                    throw new IllegalArgumentException("port must be 1.." + radix + " on switch-" + sw + ", got " + port);
                }
                model.killLink(sw, port);
                return "dead link at switch-" + sw + " " + t.tuple(v) + " port " + port;
            }
            case "reboot":
                model.reboot(sw);
                return "switch-" + sw + " " + t.tuple(v) + " rebooted (no table until the next deploy)";
            default:
                throw new IllegalArgumentException("\"kind\" must be dead-link or reboot, got '" + k + "'");
        }
    }
}
