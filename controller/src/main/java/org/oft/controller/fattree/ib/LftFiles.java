package org.oft.controller.fattree.ib;

import org.oft.controller.files.InputFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
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
        writeOpensm(tree, lft, org.oft.controller.fattree.topology.FabricFaults.none(tree), out);
    }

    /**
     * The same for a broken fabric: missing switches get no table, addresses without a route (and
     * missing hosts) no line, and switch-to-switch routes use live cables only.
     */
    public static void writeOpensm(FatTree tree, ForwardingTables lft, org.oft.controller.fattree.topology.FabricFaults faults,
                                   PrintWriter out) {
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
                    int local = lft.port(node, addr);
                    if (faults.deadNode(d) || local == org.oft.controller.fattree.routing.Reroute.NONE) {
                        continue;
                    }
                    hex4(sb, plan.hostLid(d, q)).append(' ');
                    dec3(sb, nm.physicalPort(node, local)).append(rowHost[d]);
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
    static int[][] switchRoutes(PgftTopology t, org.oft.controller.fattree.topology.FabricFaults faults) {
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
        return parse(tree, InputFile.readLines(file, "LFT file", InputFile.LARGE), file.toString());
    }

    /** One row: switch {@code v}'s port for a LID of host {@code d}. */
    private static void put(Map<Integer, java.util.TreeMap<Integer, Integer>> current, int d, String lidHex, String port, int[] local,
                            FabricNames nm, int v, String source, int lineNo) {
        int lid = Integer.parseInt(lidHex, 16);
        int phys = Integer.parseInt(port);
        if (phys >= local.length || local[phys] < 0) {
            throw new IllegalArgumentException(source + ":" + lineNo + ": port " + phys + " of '" + nm.name(v) + "' has no link in the fabric");
        }
        current.computeIfAbsent(d, x -> new java.util.TreeMap<>()).put(lid, local[phys]);
    }

    public static ForwardingTables parse(FatTree tree, List<String> lines, String source) {
        PgftTopology t = tree.topology();
        FabricNames nm = tree.names();
        int n = t.hosts();
        Map<Long, Integer> hostOfGuid = new HashMap<>();
        for (int d = 0; d < n; d++) {
            for (int lp = 0; lp < t.ports(d); lp++) {
                hostOfGuid.put(nm.portGuid(d, lp), d);
            }
        }
        Map<Long, Integer> switchOfGuid = new HashMap<>();
        Map<Integer, int[]> localOfPhysical = new HashMap<>();
        for (int v = n; v < t.nodes(); v++) {
            switchOfGuid.put(nm.nodeGuid(v), v);
            int max = 0;
            for (int lp = 0; lp < t.ports(v); lp++) {
                max = Math.max(max, nm.physicalPort(v, lp));
            }
            int[] local = new int[max + 1];
            Arrays.fill(local, -1);
            for (int lp = 0; lp < t.ports(v); lp++) {
                local[nm.physicalPort(v, lp)] = lp;
            }
            localOfPhysical.put(v, local);
        }
        // First pass: per switch, per host, the LIDs and ports.
        Map<Integer, Map<Integer, java.util.TreeMap<Integer, Integer>>> rows = new HashMap<>();
        Map<Integer, java.util.TreeMap<Integer, Integer>> current = null;
        int currentSwitch = -1;
        Integer lastHost = null; // the host of the last base row: the port of following "path #k" rows
        int lineNo = 0;
        for (String raw : lines) {
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
                current = rows.computeIfAbsent(v, x -> new HashMap<>());
                continue;
            }
            Matcher pm = PATH_ROW.matcher(line);
            if (pm.matches()) { // a further LID of the port whose base row came last (LMC > 0)
                if (current == null) {
                    throw new IllegalArgumentException(source + ":" + lineNo + ": table row before any switch header");
                }
                Integer d = pm.group(5) != null ? hostOfGuid.get(Long.parseUnsignedLong(pm.group(5), 16)) : lastHost;
                if (pm.group(5) != null && d == null && lastHost != null) {
                    throw new IllegalArgumentException(source + ":" + lineNo + ": port guid 0x" + pm.group(5) + " is not a host of the fabric");
                }
                if (d == null || pm.group(6) != null) {
                    continue; // a switch's further LIDs, or an entry of no valid port
                }
                put(current, d, pm.group(1), pm.group(2), localOfPhysical.get(currentSwitch), nm, currentSwitch, source, lineNo);
                continue;
            }
            Matcher rm = ROW.matcher(line);
            if (rm.matches()) {
                if (current == null) {
                    throw new IllegalArgumentException(source + ":" + lineNo + ": table row before any switch header");
                }
                if (!rm.group(3).equals("Channel Adapter")) {
                    lastHost = null;
                    continue; // routes to switches are not the engines' business
                }
                long g = Long.parseUnsignedLong(rm.group(4), 16);
                Integer d = hostOfGuid.get(g);
                if (d == null) {
                    throw new IllegalArgumentException(source + ":" + lineNo + ": port guid 0x" + rm.group(4) + " is not a host of the fabric");
                }
                lastHost = d;
                put(current, d, rm.group(1), rm.group(2), localOfPhysical.get(currentSwitch), nm, currentSwitch, source, lineNo);
            }
        }
        int paths = 0;
        for (Map<Integer, java.util.TreeMap<Integer, Integer>> r : rows.values()) {
            for (java.util.TreeMap<Integer, Integer> lids : r.values()) {
                paths = Math.max(paths, lids.size());
            }
        }
        if (paths == 0) {
            throw new IllegalArgumentException(source + ": no forwarding table rows for hosts found");
        }
        byte[][] ports = new byte[t.switches()][n * paths];
        for (int v = n; v < t.nodes(); v++) {
            Map<Integer, java.util.TreeMap<Integer, Integer>> r = rows.get(v);
            if (r == null) {
                throw new IllegalArgumentException(source + ": no table for switch '" + nm.name(v) + "'");
            }
            for (int d = 0; d < n; d++) {
                java.util.TreeMap<Integer, Integer> lids = r.get(d);
                if (lids == null) { // a broken fabric: this switch has no route to d (LFT 255)
                    for (int q = 0; q < paths; q++) {
                        ports[v - n][d * paths + q] = (byte) org.oft.controller.fattree.routing.Reroute.NONE;
                    }
                    continue;
                }
                if (lids.size() != paths) {
                    throw new IllegalArgumentException(source + ": switch '" + nm.name(v) + "' has " + (lids == null ? 0 : lids.size())
                            + " entries for host '" + nm.name(d) + "', expected " + paths);
                }
                int q = 0;
                for (int lp : lids.values()) {
                    ports[v - n][d * paths + q++] = (byte) lp;
                }
            }
        }
        return ForwardingTables.of(t, paths, ports);
    }
}
