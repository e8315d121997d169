package org.oft.controller.fattree.topology;

import java.util.Arrays;

/**
 * PGFT(h; m_1..m_h; w_1..w_h; p_1..p_h) exactly as in Zahavi (paper 000) §II.B.
 *
 * <p>A node of level l is the tuple (l, a_h..a_1) with a_j in [0, m_j) for j > l and a_j in [0, w_j) for j <= l.
 * Nodes of a level are indexed in tuple order (a_h most significant), so host index = NID = Σ a_j Π_{i<j} m_i.
 * Global node ids put the hosts first (0..n-1), then level 1, 2, ... h.
 *
 * <p>Ports are local to a node: down ports r in [0, m_l p_l) come first, then up ports q in [0, w_{l+1} p_{l+1})
 * at local index m_l p_l + q. The k-th of the p_{l+1} links joins up-port q = b_{l+1} + k w_{l+1} of the lower
 * node to down-port r = a_{l+1} + k m_{l+1} of the upper one (the text's rule, not eq. (18)).
 *
 * <p>Every directed link is named by the global id of the port that sends on it: {@link #portBase(int)} + local
 * port. The wiring is held in flat int arrays.
 */
public final class PgftTopology {
    /** Largest number of ports on one node: tables store a port in an unsigned byte. */
    public static final int MAX_PORTS = 255;
    private static final long MAX_NODES = 1L << 24;

    private final int h;
    private final int[] m;
    private final int[] w;
    private final int[] p;
    private final long[] hostStride; // M[l] = Π_{j<=l} m_j
    private final long[] copyStride; // W[l] = Π_{j<=l} w_j
    private final int[] levelSize;
    private final int[] levelBase;
    private final int nodeCount;
    private final int[] portBase;
    private final int[] peerNode;
    private final int[] peerPort;
    private final byte[] nodeLevel;

    private PgftTopology(int h, int[] m, int[] w, int[] p) {
        this.h = h;
        this.m = m;
        this.w = w;
        this.p = p;
        hostStride = new long[h + 1];
        copyStride = new long[h + 1];
        hostStride[0] = 1;
        copyStride[0] = 1;
        for (int l = 1; l <= h; l++) {
            hostStride[l] = hostStride[l - 1] * m[l];
            copyStride[l] = copyStride[l - 1] * w[l];
            if (hostStride[l] > MAX_NODES || copyStride[l] > MAX_NODES) {
                throw new IllegalArgumentException("topology too large: more than " + MAX_NODES + " nodes on a level");
            }
        }
        levelSize = new int[h + 1];
        levelBase = new int[h + 2];
        long total = 0;
        for (int l = 0; l <= h; l++) {
            long size = (hostStride[h] / hostStride[l]) * copyStride[l];
            if (size > MAX_NODES) {
                throw new IllegalArgumentException("topology too large: level " + l + " would have " + size + " nodes");
            }
            levelSize[l] = (int) size;
            levelBase[l] = (int) total;
            total += size;
        }
        if (total > MAX_NODES) {
            throw new IllegalArgumentException("topology too large: " + total + " nodes");
        }
        nodeCount = (int) total;
        levelBase[h + 1] = nodeCount;
        for (int l = 0; l <= h; l++) {
            if (downPorts(l) + upPorts(l) > MAX_PORTS) {
                throw new IllegalArgumentException("level " + l + " nodes would have " + (downPorts(l) + upPorts(l))
                        + " ports; at most " + MAX_PORTS + " are supported");
            }
        }
        nodeLevel = new byte[nodeCount];
        portBase = new int[nodeCount + 1];
        long ports = 0;
        for (int l = 0; l <= h; l++) {
            int per = downPorts(l) + upPorts(l);
            for (int i = 0; i < levelSize[l]; i++) {
                int node = levelBase[l] + i;
                nodeLevel[node] = (byte) l;
                portBase[node] = (int) ports;
                ports += per;
            }
        }
        if (ports > Integer.MAX_VALUE / 2) {
            throw new IllegalArgumentException("topology too large: " + ports + " ports");
        }
        portBase[nodeCount] = (int) ports;
        peerNode = new int[(int) ports];
        peerPort = new int[(int) ports];
        Arrays.fill(peerNode, -1);
        wire();
    }

    /** Builds and checks PGFT(h; m; w; p); arrays are 1-based views given 0-based (m[0] is m_1). */
    public static PgftTopology pgft(int[] m, int[] w, int[] p) {
        int h = m.length;
        if (h < 1) {
            throw new IllegalArgumentException("a fat tree needs at least one level (h >= 1)");
        }
        if (w.length != h || p.length != h) {
            throw new IllegalArgumentException("m, w and p must each have h = " + h + " values (got " + m.length + ", "
                    + w.length + ", " + p.length + ")");
        }
        int[] mm = new int[h + 1];
        int[] ww = new int[h + 1];
        int[] pp = new int[h + 1];
        for (int l = 1; l <= h; l++) {
            mm[l] = positive("m", l, m[l - 1]);
            ww[l] = positive("w", l, w[l - 1]);
            pp[l] = positive("p", l, p[l - 1]);
        }
        return new PgftTopology(h, mm, ww, pp);
    }

    /** XGFT(h; m; w) = PGFT with every p = 1 (paper 002 §3.1). */
    public static PgftTopology xgft(int[] m, int[] w) {
        int[] p = new int[m.length];
        Arrays.fill(p, 1);
        return pgft(m, w, p);
    }

    /** The k-ary n-tree (Petrini and Vanneschi): XGFT(n; k..k; 1, k..k), k^n hosts. */
    public static PgftTopology karyNTree(int k, int n) {
        if (k < 1 || n < 1) {
            throw new IllegalArgumentException("a k-ary n-tree needs k >= 1 and n >= 1 (got k=" + k + ", n=" + n + ")");
        }
        int[] m = new int[n];
        int[] w = new int[n];
        Arrays.fill(m, k);
        Arrays.fill(w, k);
        w[0] = 1;
        return xgft(m, w);
    }

    private static int positive(String name, int level, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + "_" + level + " must be at least 1 (got " + value + ")");
        }
        return value;
    }

    private void wire() {
        for (int l = 0; l < h; l++) {
            int up = upPorts(l);
            int down = downPorts(l);
            for (int i = 0; i < levelSize[l]; i++) {
                int node = levelBase[l] + i;
                for (int q = 0; q < up; q++) {
                    int parent = parent(l, i, q);
                    int r = parentDownPort(l, i, q);
                    int a = portBase[node] + down + q;
                    int b = portBase[parent] + r;
                    peerNode[a] = parent;
                    peerPort[a] = r;
                    peerNode[b] = node;
                    peerPort[b] = down + q;
                }
            }
        }
    }

    /** Level-(l+1) index of the node reached from level-l node {@code index} through up-port q. */
    private int parent(int l, int index, int q) {
        long prefix = index / copyStride[l];
        long low = index % copyStride[l];
        long b = q % w[l + 1];
        long idx = (prefix / m[l + 1]) * copyStride[l + 1] + b * copyStride[l] + low;
        return levelBase[l + 1] + (int) idx;
    }

    private int parentDownPort(int l, int index, int q) {
        long prefix = index / copyStride[l];
        int a = (int) (prefix % m[l + 1]);
        return a + (q / w[l + 1]) * m[l + 1];
    }

    public int levels() {
        return h;
    }

    /** m_l for l in 1..h. */
    public int m(int l) {
        return m[l];
    }

    public int w(int l) {
        return w[l];
    }

    public int p(int l) {
        return p[l];
    }

    public int hosts() {
        return levelSize[0];
    }

    public int nodes() {
        return nodeCount;
    }

    public int switches() {
        return nodeCount - levelSize[0];
    }

    public int levelSize(int l) {
        return levelSize[l];
    }

    /** Global id of the first node of level l (hosts are level 0). */
    public int levelBase(int l) {
        return levelBase[l];
    }

    public int level(int node) {
        return nodeLevel[node];
    }

    public int indexInLevel(int node) {
        return node - levelBase[nodeLevel[node]];
    }

    /** m_l p_l down ports on a level-l node (none on hosts). */
    public int downPorts(int l) {
        return l == 0 ? 0 : m[l] * p[l];
    }

    /** w_{l+1} p_{l+1} up ports on a level-l node (none on the top level). */
    public int upPorts(int l) {
        return l == h ? 0 : w[l + 1] * p[l + 1];
    }

    public int ports(int node) {
        return portBase[node + 1] - portBase[node];
    }

    public int portBase(int node) {
        return portBase[node];
    }

    /** Number of directed links (= ports). */
    public int portCount() {
        return portBase[nodeCount];
    }

    /** The node global port {@code port} belongs to: the far end of the cable's other end (every port is cabled). */
    public int nodeOfPort(int port) {
        int peer = peerNode[port];
        return peerNode[portBase[peer] + peerPort[port]];
    }

    /** The node at the other end of global port {@code port}. */
    public int peerNode(int port) {
        return peerNode[port];
    }

    /** The local port, on the peer node, at the other end of global port {@code port}. */
    public int peerPort(int port) {
        return peerPort[port];
    }

    /** Π_{j<=l} m_j: hosts under one level-l node's subtree. */
    public long hostStride(int l) {
        return hostStride[l];
    }

    /** Π_{j<=l} w_j. */
    public long copyStride(int l) {
        return copyStride[l];
    }

    /** The digits a_h..a_{l+1} of a level-l node as one number: hosts d with d / M_l equal to it lie below it. */
    public int subtree(int node) {
        int l = nodeLevel[node];
        return (int) ((node - levelBase[l]) / copyStride[l]);
    }

    /** True when host {@code dst} lies in the subtree of {@code node} (the node itself for a host). */
    public boolean below(int node, int dst) {
        int l = nodeLevel[node];
        return dst / hostStride[l] == (node - levelBase[l]) / copyStride[l];
    }

    /** Level of the nearest common ancestors of hosts s and d (0 when s == d). */
    public int ncaLevel(int s, int d) {
        int k = 0;
        while (s / hostStride[k] != d / hostStride[k]) {
            k++;
        }
        return k;
    }

    /** Digit a_l of host d: which child subtree of its level-l ancestors holds it. */
    public int hostDigit(int d, int l) {
        return (int) ((d / hostStride[l - 1]) % m[l]);
    }

    /** Digit a_j of a node's tuple, j in 1..h. */
    public int digit(int node, int j) {
        int l = nodeLevel[node];
        long idx = node - levelBase[l];
        if (j <= l) {
            return (int) ((idx / copyStride[j - 1]) % w[j]);
        }
        long prefix = idx / copyStride[l];
        return (int) ((prefix / (hostStride[j - 1] / hostStride[l])) % m[j]);
    }

    /** The paper's tuple (l,a_h,...,a_1). */
    public String tuple(int node) {
        StringBuilder sb = new StringBuilder(4 + 3 * h).append('(').append(nodeLevel[node]);
        for (int j = h; j >= 1; j--) {
            sb.append(',').append(digit(node, j));
        }
        return sb.append(')').toString();
    }

    /** Global node id of the level-l node with tuple digits a_h..a_1 (given as a[h-1]..a[0] = a_h..a_1). */
    public int node(int l, int... digitsHighFirst) {
        if (digitsHighFirst.length != h) {
            throw new IllegalArgumentException("a tuple needs " + h + " digits");
        }
        long idx = 0;
        for (int j = h; j >= 1; j--) {
            int radix = j > l ? m[j] : w[j];
            int a = digitsHighFirst[h - j];
            if (a < 0 || a >= radix) {
                throw new IllegalArgumentException("digit a_" + j + " = " + a + " out of range [0," + radix + ")");
            }
            idx = idx * radix + a;
        }
        return levelBase[l] + (int) idx;
    }

    /**
     * The RLFT test of 000 eq. (1): w_1 = p_1 = 1 and K = m_l p_l = w_{l+1} p_{l+1} = m_h p_h / 2 for l in 1..h-1.
     * Returns null when it holds, else the first condition that fails.
     */
    public String rlftViolation() {
        if (w[1] != 1 || p[1] != 1) {
            return "hosts must have one link (w_1 = p_1 = 1), got w_1=" + w[1] + ", p_1=" + p[1];
        }
        int k = h == 1 ? m[1] * p[1] / 2 : m[1] * p[1];
        for (int l = 1; l < h; l++) {
            if (m[l] * p[l] != k || w[l + 1] * p[l + 1] != k) {
                return "level " + l + ": m_l p_l = " + (m[l] * p[l]) + " and w_{l+1} p_{l+1} = " + (w[l + 1] * p[l + 1])
                        + " must both equal K = " + k;
            }
        }
        if (m[h] * p[h] != 2 * k) {
            return "top level: m_h p_h = " + (m[h] * p[h]) + " must be 2K = " + (2 * k);
        }
        return null;
    }

    public String describe() {
        StringBuilder sb = new StringBuilder("PGFT(").append(h).append(';');
        appendList(sb, m);
        sb.append(';');
        appendList(sb, w);
        sb.append(';');
        appendList(sb, p);
        return sb.append(')').toString();
    }

    private void appendList(StringBuilder sb, int[] a) {
        for (int l = 1; l <= h; l++) {
            sb.append(l > 1 ? "," : "").append(a[l]);
        }
    }

    @Override
    public String toString() {
        return describe() + " " + hosts() + " hosts, " + switches() + " switches";
    }
}
