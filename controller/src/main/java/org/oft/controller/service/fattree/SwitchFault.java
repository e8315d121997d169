package org.oft.controller.service.fattree;

import io.vertx.core.json.JsonObject;
import java.util.Set;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.controller.service.JsonFields;
import org.oft.hal.naming.FaultSpec;
import org.oft.hal.naming.PartName;

/**
 * A fault of the modelled switch boards, in the one fault grammar ({@link FaultSpec}):
 * {@code {"spec":"dead:switch-5:2"}} cuts the cable at switch-5's physical port 2 (1-based, as in the
 * tables), {@code {"spec":"reboot:switch-5"}} power-cycles a board, which then holds no table and
 * drops what reaches it until the next deploy. The structured form says the same in fields,
 * {@code {"kind":"dead","part":"switch-5","port":2}}; the first API's {@code {"kind":"dead-link","switch":5,"port":2}}
 * is still read. A switch may be named any way a node is named ({@link FatTree#node}).
 *
 * @param kind   "dead" or "reboot"
 * @param index  the switch board (switch-N)
 * @param port   the physical port (dead), 0 for a reboot
 * @param spec   the canonical spec
 * @param target what the fault acts on: a cable by its lower end, or a board; one fault per target
 */
record SwitchFault(String kind, int index, int port, String spec, String target, String description) {

    /** Reads and checks a fault; throws a one-line reason. Applies nothing. */
    static SwitchFault read(JsonObject body, FatTree tree) {
        if (body == null) {
            throw new IllegalArgumentException("the body must be a JSON object: {\"spec\": \"dead:switch-N:PORT\"} or {\"spec\": \"reboot:switch-N\"}");
        }
        return of(FaultSpec.parse(specText(body), FaultSpec.Fabric.ELECTRICAL, false), tree);
    }

    /** The body as spec text, whichever form it came in. */
    private static String specText(JsonObject body) {
        if (body.containsKey("spec")) {
            only(body, Set.of("spec"));
            return JsonFields.string(body, "spec");
        }
        Object kind = body.getValue("kind");
        if (!(kind instanceof String k)) {
            throw new IllegalArgumentException("a fault is {\"spec\": ...} (" + FaultSpec.forms(FaultSpec.Fabric.ELECTRICAL, false)
                    + ") or its fields {\"kind\", \"part\", \"port\"}");
        }
        boolean legacy = k.equals("dead-link") || body.containsKey("switch");
        String part;
        if (legacy) {
            only(body, k.equals("reboot") ? Set.of("kind", "switch") : Set.of("kind", "switch", "port"));
            part = "switch-" + JsonFields.intField(body, "switch");
        } else {
            only(body, k.equals("reboot") ? Set.of("kind", "part") : Set.of("kind", "part", "port"));
            part = JsonFields.string(body, "part");
        }
        String word = k.equals("dead-link") ? "dead" : k;
        return word + ":" + part + (body.containsKey("port") ? ":" + JsonFields.intField(body, "port") : "");
    }

    private static SwitchFault of(FaultSpec f, FatTree tree) {
        PgftTopology t = tree.topology();
        int v = tree.node(f.arg(0));
        if (v < t.hosts()) {
            throw new IllegalArgumentException("'" + f.text() + "': " + tree.partName(v) + " is a host; faults act on switch boards");
        }
        String sw = tree.partName(v);
        switch (f.kind()) {
            case DEAD -> {
                f.atMost(2);
                if (f.args().size() < 2) {
                    throw new IllegalArgumentException("'" + f.text() + "': which port? dead:SWITCH:PORT (physical ports 1.." + t.ports(v) + ")");
                }
                int phys = PartName.whole(f.arg(1), "port");
                int local = tree.localPort(v, phys);
                int g = t.portBase(v) + local;
                int peer = t.peerNode(g);
                // a cable is named by its lower end, so cutting it from either end is one fault
                String target = peer >= t.hosts() && t.level(peer) < t.level(v)
                        ? "dead:" + tree.partName(peer) + ":" + tree.names().physicalPort(peer, t.peerPort(g))
                        : "dead:" + sw + ":" + phys;
                return new SwitchFault("dead", v - t.hosts(), phys, "dead:" + sw + ":" + phys, target,
                        "dead link at " + sw + " " + t.tuple(v) + " port " + phys + " - " + tree.partName(peer));
            }
            case REBOOT -> {
                f.atMost(1);
                return new SwitchFault("reboot", v - t.hosts(), 0, "reboot:" + sw, "reboot:" + sw,
                        sw + " " + t.tuple(v) + " rebooted (no table until the next deploy)");
            }
            default -> throw new IllegalArgumentException("'" + f.text() + "': not a switch model fault ("
                    + FaultSpec.forms(FaultSpec.Fabric.ELECTRICAL, false) + ")");
        }
    }

    private static void only(JsonObject body, Set<String> allowed) {
        for (String f : body.fieldNames()) {
            if (!allowed.contains(f)) {
                throw new IllegalArgumentException("unknown field '" + f + "' (this fault takes " + String.join(", ", allowed.stream().sorted().toList()) + ")");
            }
        }
    }
}
