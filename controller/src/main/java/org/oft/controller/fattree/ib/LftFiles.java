package org.oft.controller.fattree.ib;

import org.oft.controller.files.InputFile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.oft.controller.fattree.routing.ForwardingTables;
import org.oft.controller.fattree.topology.FabricNames;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.controller.fattree.deploy.RunningFabric;
import org.oft.controller.fattree.routing.Reroute;
import org.oft.controller.fattree.topology.FabricFaults;

/**
 * Forwarding tables in OpenSM's and infiniband-diags' text formats. Writes {@code opensm-lfts.dump} (what
 * {@code opensm -R file -U FILE} loads: every row carries the destination's port GUID); reads that format and
 * the {@code dump_fts}/{@code ibroute} output, mapping rows back to hosts by port GUID.
 */
public final class LftFiles {
    private static final Pattern HEADER = Pattern.compile("^Unicast lids .* guid 0x([0-9a-fA-F]+).*$");
    private static final Pattern ROW = Pattern.compile(
            "^0x([0-9a-fA-F]+)\\s+(\\d+)\\s*[:#]\\s*\\(?(Channel Adapter|Switch|Router)\\s+portguid 0x([0-9a-fA-F]+).*$");

    /**
     * dump_fts/ibroute with LMC > 0: a port's LIDs after its base LID are printed as the base LID's path k of
     * n, with the port GUID, or without it (then they are the last base row's port), or as an illegal port.
     */
    private static final Pattern PATH_ROW = Pattern.compile(
            "^0x([0-9a-fA-F]+)\\s+(\\d+)\\s*[:#]\\s*\\(path #(\\d+)(?: out of (\\d+))?(?:: portguid 0x([0-9a-fA-F]+))?( - illegal port)?\\).*$");

    private LftFiles() {
    }

    /** The opensm-lfts.dump format. Switch LIDs get min-hop routes (the engines route hosts only). */
    public static void writeOpensm(FatTree tree, ForwardingTables lft, PrintWriter out) {
        writeOpensm(tree, lft, FabricFaults.none(tree), out);
    }

    /** The tables {@code running} runs, its holes left out as below. */
    public static void writeOpensm(RunningFabric running, PrintWriter out) {
        writeOpensm(running, out, done -> { });
    }

    /** The same, told how many switches' tables are written as it goes (a large fabric's file is gigabytes). */
    public static void writeOpensm(RunningFabric running, PrintWriter out,
                                   java.util.function.IntConsumer switchesDone) {
        writeOpensm(running.tree(), running.tables(), running.holes(), out, switchesDone);
    }

    /**
     * The same for a broken fabric: missing switches get no table, addresses without a route (and
     * missing hosts) no line, and switch-to-switch routes use live cables only.
     */
    public static void writeOpensm(FatTree tree, ForwardingTables lft, FabricFaults faults,
                                   PrintWriter out) {
        writeOpensm(tree, lft, faults, out, done -> { });
    }

    private static void writeOpensm(FatTree tree, ForwardingTables lft, FabricFaults faults,
                                    PrintWriter out, java.util.function.IntConsumer switchesDone) {
        PgftTopology t = tree.topology();
        FabricNames nm = tree.names();
        LidPlan plan = LidPlan.of(t, lft.paths());
        int n = t.hosts();
        int[][] toSwitch = switchRoutes(t, faults);
        String[] rowHost = new String[n];
        for (int d = 0; d < n; d++) {
            rowHost[d] = String.format(" # Channel Adapter portguid 0x%016x: '%s'%n", nm.portGuid(d, 0), nm.name(d));
        }
        StringBuilder sb = new StringBuilder(64 * (plan.maxLid() + 2));
        for (int s = 0; s < t.switches(); s++) {
            int node = n + s;
            if (faults.deadNode(node)) {
                continue;
            }
            sb.setLength(0);
            sb.append(String.format("Unicast lids [0-%d] of switch Lid %d guid 0x%016x ('%s'):%n", plan.maxLid(),
                    plan.switchLid(s), nm.nodeGuid(node), nm.name(node)));
            int lines = 0;
            for (int d = 0; d < n; d++) {
                for (int q = 0; q < (1 << plan.lmc()); q++) {
                    int addr = d * lft.paths() + Math.min(q, lft.paths() - 1);
                    int port = RunningFabric.physicalPort(tree, lft, node, addr);
                    if (faults.deadNode(d) || port == FabricNames.NO_ROUTE) {
                        continue;
                    }
                    hex4(sb, plan.hostLid(d, q)).append(' ');
                    dec3(sb, port).append(rowHost[d]);
                    lines++;
                }
            }
            for (int o = 0; o < t.switches(); o++) {
                if (faults.deadNode(n + o) || (o != s && toSwitch[o][s] < 0)) {
                    continue;
                }
                lines++;
                int port = o == s ? 0 : nm.physicalPort(node, toSwitch[o][s]);
                hex4(sb, plan.switchLid(o)).append(' ');
                dec3(sb, port).append(String.format(" # Switch portguid 0x%016x: '%s'%n", nm.nodeGuid(n + o), nm.name(n + o)));
            }
            sb.append(lines).append(" lids dumped\n");
            out.write(sb.toString());
            switchesDone.accept(s + 1);
        }
        out.flush();
    }

    private static StringBuilder hex4(StringBuilder sb, int v) {
        String s = Integer.toHexString(v);
        sb.append("0x");
        for (int i = s.length(); i < 4; i++) {
            sb.append('0');
        }
        return sb.append(s);
    }

    private static StringBuilder dec3(StringBuilder sb, int v) {
        if (v < 100) {
            sb.append('0');
        }
        if (v < 10) {
            sb.append('0');
        }
        return sb.append(v);
    }

    /** [destination switch][switch] = local port of a min-hop route over live cables (-1: none); ties broken by destination index. */
    static int[][] switchRoutes(PgftTopology t, FabricFaults faults) {
        int n = t.hosts();
        int s = t.switches();
        int[][] route = new int[s][s];
        int[] dist = new int[t.nodes()];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int dst = 0; dst < s; dst++) {
            Arrays.fill(dist, -1);
            Arrays.fill(route[dst], -1);
            if (faults.deadNode(n + dst)) {
                continue;
            }
            dist[n + dst] = 0;
            queue.add(n + dst);
            while (!queue.isEmpty()) {
                int v = queue.poll();
                for (int lp = 0; lp < t.ports(v); lp++) {
                    int u = t.peerNode(t.portBase(v) + lp);
                    if (u >= n && dist[u] < 0 && !faults.deadPort(t.portBase(v) + lp)) {
                        dist[u] = dist[v] + 1;
                        queue.add(u);
                    }
                }
            }
            for (int v = n; v < t.nodes(); v++) {
                if (v == n + dst || dist[v] < 0) {
                    continue;
                }
                int candidates = 0;
                for (int lp = 0; lp < t.ports(v); lp++) {
                    int u = t.peerNode(t.portBase(v) + lp);
                    if (u >= n && dist[u] == dist[v] - 1 && !faults.deadPort(t.portBase(v) + lp)) {
                        candidates++;
                    }
                }
                int pick = dst % candidates;
                for (int lp = 0; lp < t.ports(v); lp++) {
                    int u = t.peerNode(t.portBase(v) + lp);
                    if (u >= n && dist[u] == dist[v] - 1 && !faults.deadPort(t.portBase(v) + lp) && pick-- == 0) {
                        route[dst][v - n] = lp;
                        break;
                    }
                }
            }
        }
        return route;
    }

    /**
     * Reads forwarding tables in the opensm-lfts.dump or dump_fts/ibroute format for a known fabric. Host rows
     * are matched by port GUID; a host's lowest LID in a switch block is path 0, the next path 1, ...; a host
     * a switch has no row for is one it does not route (as on a broken fabric): no route ({@code Reroute.NONE}).
     */
    public static ForwardingTables read(FatTree tree, Path file) {
        TableReader r = new TableReader(tree, file.toString());
        InputFile.forEachLine(file, "LFT file", InputFile.LARGE, r::line);
        return r.finish();
    }

    public static ForwardingTables parse(FatTree tree, List<String> lines, String source) {
        TableReader r = new TableReader(tree, source);
        lines.forEach(r::line);
        return r.finish();
    }

    /**
     * Reads a dump a line at a time (a large fabric's dump is hundreds of MB: never held whole). Each host row is
     * kept as one long, {switch, host, LID, port}, so the memory is 8 bytes a row; sorted at the end, a host's
     * LIDs in a switch block give its paths in order.
     */
    private static final class TableReader {
        private final PgftTopology t;
        private final FabricNames nm;
        private final String source;
        private final int n;
        private final Map<Long, Integer> hostOfGuid = new HashMap<>();
        private final Map<Long, Integer> switchOfGuid = new HashMap<>();
        private final int[][] localOfPhysical;
        private final boolean[] headed;
        private long[] rows = new long[1 << 16];
        private int count;
        private int currentSwitch = -1;
        private int lastHost = -1; // the host of the last base row: the port of following "path #k" rows
        private int lineNo;

        TableReader(FatTree tree, String source) {
            this.t = tree.topology();
            this.nm = tree.names();
            this.source = source;
            this.n = t.hosts();
            for (int d = 0; d < n; d++) {
                for (int lp = 0; lp < t.ports(d); lp++) {
                    hostOfGuid.put(nm.portGuid(d, lp), d);
                }
            }
            localOfPhysical = tree.localOfPhysical();
            headed = new boolean[t.switches()];
            for (int v = n; v < t.nodes(); v++) {
                switchOfGuid.put(nm.nodeGuid(v), v);
            }
        }

        void line(String raw) {
            lineNo++;
            String line = raw.strip();
            Matcher hm = HEADER.matcher(line);
            if (hm.matches()) {
                long g = Long.parseUnsignedLong(hm.group(1), 16);
                Integer v = switchOfGuid.get(g);
                if (v == null) {
                    throw new IllegalArgumentException(source + ":" + lineNo + ": switch guid 0x" + hm.group(1) + " is not in the fabric");
                }
                currentSwitch = v;
                headed[v - n] = true;
                return;
            }
            Matcher pm = PATH_ROW.matcher(line);
            if (pm.matches()) { // a further LID of the port whose base row came last (LMC > 0)
                if (currentSwitch < 0) {
                    throw new IllegalArgumentException(source + ":" + lineNo + ": table row before any switch header");
                }
                int d = lastHost;
                if (pm.group(5) != null) {
                    Integer h = hostOfGuid.get(Long.parseUnsignedLong(pm.group(5), 16));
                    if (h == null && lastHost >= 0) {
                        throw new IllegalArgumentException(source + ":" + lineNo + ": port guid 0x" + pm.group(5) + " is not a host of the fabric");
                    }
                    d = h == null ? -1 : h;
                }
                if (d < 0 || pm.group(6) != null) {
                    return; // a switch's further LIDs, or an entry of no valid port
                }
                put(d, pm.group(1), pm.group(2));
                return;
            }
            Matcher rm = ROW.matcher(line);
            if (rm.matches()) {
                if (currentSwitch < 0) {
                    throw new IllegalArgumentException(source + ":" + lineNo + ": table row before any switch header");
                }
                if (!rm.group(3).equals("Channel Adapter")) {
                    lastHost = -1;
                    return; // routes to switches are not the engines' business
                }
                long g = Long.parseUnsignedLong(rm.group(4), 16);
                Integer d = hostOfGuid.get(g);
                if (d == null) {
                    throw new IllegalArgumentException(source + ":" + lineNo + ": port guid 0x" + rm.group(4) + " is not a host of the fabric");
                }
                lastHost = d;
                put(d, rm.group(1), rm.group(2));
            }
        }

        /** One row: the current switch's port for a LID of host {@code d}. */
        private void put(int d, String lidHex, String port) {
            int lid = Integer.parseInt(lidHex, 16);
            int phys = Integer.parseInt(port);
            int v = currentSwitch;
            int[] local = localOfPhysical[v - n];
            if (phys >= local.length || local[phys] < 0) {
                throw new IllegalArgumentException(source + ":" + lineNo + ": port " + phys + " of '" + nm.name(v) + "' has no link in the fabric");
            }
            if (lid > 0xFFFF) {
                throw new IllegalArgumentException(source + ":" + lineNo + ": LID 0x" + lidHex + " is beyond 16 bits");
            }
            if (count == rows.length) {
                rows = Arrays.copyOf(rows, rows.length * 2);
            }
            rows[count++] = (((long) (v - n) * n + d) << 24) | ((long) lid << 8) | local[phys];
        }

        ForwardingTables finish() {
            long[] r = Arrays.copyOf(rows, count);
            rows = null;
            Arrays.sort(r); // by switch, host, LID
            int paths = 0;
            for (int i = 0; i < r.length; ) {
                int k = i;
                int lids = 0;
                while (k < r.length && r[k] >>> 24 == r[i] >>> 24) {
                    if (k == i || (r[k] >>> 8) != (r[k - 1] >>> 8)) { // a LID listed twice counts once
                        lids++;
                    }
                    k++;
                }
                paths = Math.max(paths, lids);
                i = k;
            }
            if (paths == 0) {
                throw new IllegalArgumentException(source + ": no forwarding table rows for hosts found");
            }
            for (int v = n; v < t.nodes(); v++) {
                if (!headed[v - n]) {
                    throw new IllegalArgumentException(source + ": no table for switch '" + nm.name(v) + "'");
                }
            }
            byte[][] ports = new byte[t.switches()][n * paths];
            for (byte[] row : ports) { // a host a switch has no row for is one it does not route (LFT 255)
                Arrays.fill(row, (byte) Reroute.NONE);
            }
            for (int i = 0; i < r.length; ) {
                long key = r[i] >>> 24;
                int sw = (int) (key / n);
                int d = (int) (key % n);
                int q = 0;
                int k = i;
                for (; k < r.length && r[k] >>> 24 == key; k++) {
                    if (k > i && (r[k] >>> 8) == (r[k - 1] >>> 8)) {
                        ports[sw][d * paths + q - 1] = (byte) (r[k] & 0xFF); // a LID listed twice: its higher port
                        continue;
                    }
                    if (q < paths) {
                        ports[sw][d * paths + q] = (byte) (r[k] & 0xFF);
                    }
                    q++;
                }
                if (q != paths) {
                    throw new IllegalArgumentException(source + ": switch '" + nm.name(sw + n) + "' has " + q
                            + " entries for host '" + nm.name(d) + "', expected " + paths);
                }
                i = k;
            }
            return ForwardingTables.of(t, paths, ports);
        }
    }
}
