package org.oft.controller.fattree.routing;

import static org.oft.controller.fattree.routing.Reroute.EXAMPLES;

import java.util.ArrayList;
import java.util.List;

/**
 * The last phase of a {@link Reroute}: the pairs of present hosts no route joins, counted by leaves,
 * with up to {@value Reroute#EXAMPLES} named; and of them, those that working cables still join.
 */
final class UnreachablePairs {
    private final RerouteState st;

    UnreachablePairs(RerouteState st) {
        this.st = st;
    }

    long unreachablePairs;

    long unreachableByRouting;

    final List<String> examples = new ArrayList<>();

    /**
     * Pairs of present hosts no route joins, by leaves: a destination that is missing or cut off is
     * unreachable from every present host; else from the hosts that are cut off and from the
     * connected hosts of every leaf that cannot reach its leaf.
     */
    void countUnreachable() {
        unreachablePairs = 0;
        unreachableByRouting = 0;
        int[] part = cabledParts();
        examples.clear();
        int n = st.t.hosts();
        int leaves = st.t.levelSize(1);
        int perLeaf = (int) st.t.hostStride(1);
        long[] connected = new long[leaves];
        long present = 0;
        long cutOff = 0;
        for (int s = 0; s < n; s++) {
            if (st.deadNode[s]) {
                continue;
            }
            present++;
            if (st.deadPort[st.t.portBase(s)]) {
                cutOff++;
            } else {
                connected[s / perLeaf]++;
            }
        }
        long[] fromLeaves = new long[leaves]; // connected sources whose leaf cannot reach leaf L
        long[] fromCabled = new long[leaves]; // those of them whose leaf working cables still join to L's
        for (int dl = 0; dl < leaves; dl++) {
            int dPart = part[st.t.levelBase(1) + dl - n];
            for (int sl = 0; sl < leaves; sl++) {
                if (!st.reach[dl][st.t.levelBase(1) + sl - n]) {
                    fromLeaves[dl] += connected[sl];
                    if (dPart >= 0 && part[st.t.levelBase(1) + sl - n] == dPart) {
                        fromCabled[dl] += connected[sl];
                    }
                }
            }
        }
        for (int d = 0; d < n; d++) {
            boolean dPresent = !st.deadNode[d];
            boolean dOk = dPresent && !st.deadPort[st.t.portBase(d)];
            long u = dOk ? cutOff + fromLeaves[d / perLeaf] : present - (dPresent ? 1 : 0);
            unreachablePairs += u;
            if (dOk) {
                unreachableByRouting += fromCabled[d / perLeaf];
            }
            for (int s = 0; u > 0 && s < n && examples.size() < EXAMPLES; s++) {
                if (s != d && !st.deadNode[s] && (!dOk || st.deadPort[st.t.portBase(s)]
                        || !st.reach[d / perLeaf][st.t.peerNode(st.t.portBase(s)) - n])) {
                    examples.add("host " + s + " -> host " + d);
                }
            }
        }
    }

    /** Per switch, which part of the fabric its working cables join it to (-1: the switch is out). */
    int[] cabledParts() {
        int n = st.t.hosts();
        int[] part = new int[st.t.switches()];
        java.util.Arrays.fill(part, -1);
        int[] queue = new int[st.t.switches()];
        int parts = 0;
        for (int start = 0; start < part.length; start++) {
            if (part[start] >= 0 || st.deadNode[n + start]) {
                continue;
            }
            int head = 0;
            int tail = 0;
            part[start] = parts;
            queue[tail++] = start;
            while (head < tail) {
                int v = n + queue[head++];
                for (int g = st.t.portBase(v); g < st.t.portBase(v + 1); g++) {
                    int w = st.t.peerNode(g);
                    if (w >= n && !st.deadPort[g] && !st.deadNode[w] && part[w - n] < 0) {
                        part[w - n] = parts;
                        queue[tail++] = w - n;
                    }
                }
            }
            parts++;
        }
        return part;
    }
}
