package org.oft.controller.fattree.ib;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.oft.controller.fattree.ib.IbnetFile.RawNode;
import org.oft.controller.fattree.ib.IbnetFile.RawPort;

/** What an imported fabric has beside its fat tree: endpoints set aside before the tree is recognised. */
final class NonTreeEndpoints {
    private NonTreeEndpoints() {
    }

    /**
     * Takes out of {@code byId} the endpoints that are no part of a fat tree, and names them: a Quantum switch's
     * SHARP aggregation node (a CA inside the switch, on its last port), and the hosts of a switch joined to two
     * switches or more, every one of which has more hosts than it (a spine's storage or management hosts: the
     * neighbours are leaves; a switch with hosts higher up, beside switches with none, is not recognised). Their
     * cables leave the switches' ports unused.
     */
    static List<String> setAside(Map<String, RawNode> byId) {
        Map<RawNode, String> aside = new java.util.LinkedHashMap<>();
        for (RawNode n : byId.values()) {
            if (!n.isSwitch && n.desc.contains("Aggregation Node")) {
                aside.put(n, "SHARP aggregation node");
            }
        }
        Map<RawNode, Integer> hostsOf = new HashMap<>();
        for (RawNode n : byId.values()) {
            if (n.isSwitch) {
                int c = 0;
                for (RawPort pa : n.ports.values()) {
                    RawNode b = byId.get(pa.peerId());
                    c += !b.isSwitch && !aside.containsKey(b) ? 1 : 0;
                }
                hostsOf.put(n, c);
            }
        }
        for (RawNode n : byId.values()) {
            if (!n.isSwitch || hostsOf.get(n) == 0) {
                continue;
            }
            java.util.Set<String> switchesBeside = new java.util.HashSet<>();
            boolean leafBeside = false;
            for (RawPort pa : n.ports.values()) {
                RawNode b = byId.get(pa.peerId());
                if (b.isSwitch) {
                    switchesBeside.add(b.id);
                    leafBeside |= hostsOf.get(b) <= hostsOf.get(n);
                }
            }
            if (switchesBeside.size() >= 2 && !leafBeside) { // (a spine joins two leaves at least)
                for (RawPort pa : n.ports.values()) {
                    RawNode b = byId.get(pa.peerId());
                    if (!b.isSwitch && !aside.containsKey(b)) {
                        aside.put(b, "host on '" + n.desc + "', whose neighbours are all leaves with more hosts");
                    }
                }
            }
        }
        List<String> named = new ArrayList<>();
        for (Map.Entry<RawNode, String> e : aside.entrySet()) {
            RawNode n = e.getKey();
            for (RawPort pa : n.ports.values()) {
                RawNode sw = byId.get(pa.peerId());
                sw.ports.remove(pa.peerPort());
                named.add("'" + n.desc + "' on port " + pa.peerPort() + " of '" + sw.desc + "': " + e.getValue());
            }
            byId.remove(n.id);
        }
        return named;
    }
}
