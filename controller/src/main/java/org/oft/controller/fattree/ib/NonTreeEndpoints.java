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
     * switches or more that is a spine, not a leaf (a spine's storage or management hosts): in a two-level tree its
     * neighbours are all leaves with more hosts; deeper, they have no hosts and lead down to separate subtrees whose
     * leaves have more hosts (a switch with hosts in a middle level is not recognised). Their cables leave the
     * switches' ports unused.
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
            if (switchesBeside.size() >= 2 && (!leafBeside || spineOfDeeperTree(n, switchesBeside, byId, hostsOf))) {
                for (RawPort pa : n.ports.values()) {
                    RawNode b = byId.get(pa.peerId());
                    if (!b.isSwitch && !aside.containsKey(b)) {
                        aside.put(b, "host on '" + n.desc + "', a spine" + (leafBeside ? " (its neighbours lead to separate leaves with more hosts)"
                                : " (its neighbours are all leaves with more hosts)"));
                    }
                }
            }
        }
        return named(aside, byId);
    }

    /**
     * Whether host-bearing switch {@code n}, whose switch neighbours have no hosts, is a spine of a tree of three
     * levels or more rather than a leaf: a leaf's parents share its sibling leaves below them, a spine's
     * neighbours lead down to separate subtrees (no host-bearing switch but {@code n} beside two of them), each
     * with leaves of more hosts than {@code n}.
     */
    private static boolean spineOfDeeperTree(RawNode n, java.util.Set<String> beside, Map<String, RawNode> byId,
                                             Map<RawNode, Integer> hostsOf) {
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (String id : beside) {
            RawNode x = byId.get(id);
            if (hostsOf.get(x) > 0) {
                return false;
            }
            java.util.Set<String> leaves = new java.util.HashSet<>();
            boolean more = false;
            for (RawPort pa : x.ports.values()) {
                RawNode y = byId.get(pa.peerId());
                if (y != n && y.isSwitch && hostsOf.get(y) > 0 && leaves.add(y.id)) {
                    more |= hostsOf.get(y) > hostsOf.get(n);
                }
            }
            for (String y : leaves) {
                if (!seen.add(y)) {
                    return false; // two of n's neighbours share a leaf: they are n's parents, and n a leaf beside it
                }
            }
            if (!more) {
                return false;
            }
        }
        return true;
    }

    private static List<String> named(Map<RawNode, String> aside, Map<String, RawNode> byId) {
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
