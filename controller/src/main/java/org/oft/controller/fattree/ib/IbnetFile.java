package org.oft.controller.fattree.ib;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The text of ibnetdiscover output (or an ibsim net file, the same dialect): its nodes with their GUIDs,
 * descriptions and ports, every link checked to be listed at both ends, each error with its line.
 * {@link IbnetImport} maps what it reads onto a fat tree.
 */
final class IbnetFile {
    private static final Pattern NODE = Pattern.compile("^(Switch|Ca|Hca|Rt)\\s+(\\d+)\\s+\"([^\"]+)\"(.*)$");
    private static final Pattern PORT = Pattern.compile(
            "^\\[(\\d+)\\](?:\\(([0-9a-fA-F]+)\\))?\\s*\"([^\"]+)\"\\[(\\d+)\\](?:\\(([0-9a-fA-F]+)\\))?(.*)$");
    /** A GUID line: ibnetdiscover's for the node that follows, ibsim's base for the nodes of a kind ({@code +}: relative). */
    private static final Pattern GUID_LINE = Pattern.compile("^(switchguid|caguid|hcaguids|routerguid|rtguid)\\s*([=+])\\s*(0x[0-9a-fA-F]+|\\d+).*$");
    /** ibnetdiscover's node ids carry the GUID: S-, H- or R- and its hex digits. */
    private static final Pattern GUID_ID = Pattern.compile("^[SHR]-[0-9a-fA-F]{1,16}$");
    private static final Pattern DESC = Pattern.compile("#\\s*\"([^\"]*)\"");
    /** What ibnetdiscover -g (grouping) puts between nodes: a chassis heading, or the heading of those in none. */
    private static final Pattern GROUPING = Pattern.compile("^(Chassis\\s+\\d+(\\s+\\(.*\\))?|Non-Chassis Nodes)$");
    /** infiniband-diags' own diagnostics, which land in the file when stderr is redirected with stdout. */
    private static final Pattern DIAGNOSTIC = Pattern.compile("^(ibwarn|iberror|ibdebug|ibpanic|ibnetdiscover|ibnetdisc)\\b.*:.*$");
    /** Another library's warning in the same stream, by its source line: {@code src/query_smp.c:195; umad (...) bad status 110}. */
    private static final Pattern SOURCE_WARNING = Pattern.compile("^[\\w./-]+\\.c:\\d+[;:].*$");
    /** A switch's ports a forwarding table can name: a byte each, 255 meaning no route. */
    static final int MAX_SWITCH_PORTS = 254;
    private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger("org.oft.controller");

    private IbnetFile() {
    }

    static final class RawNode {
        final String id;
        final boolean isSwitch;
        final int portCount;
        final long guid;
        final String desc;
        final Map<Integer, RawPort> ports = new LinkedHashMap<>();
        int level = -1;
        int modelNode = -1;

        RawNode(String id, boolean isSwitch, int portCount, long guid, String desc) {
            this.id = id;
            this.isSwitch = isSwitch;
            this.portCount = portCount;
            this.guid = guid;
            this.desc = desc;
        }
    }

    /**
     * A GUID the file does not give. InfiniBand never assigns GUID 0, and every other value is a GUID:
     * GUIDs are unsigned 64-bit, so half of them are negative as a Java long.
     */
    static final long NO_GUID = 0;

    /** A port line: its own GUID and its peer's when the file gives them, else {@link #NO_GUID}. */
    record RawPort(int port, long ownGuid, String peerId, int peerPort, long peerGuid, int line) {
    }

    static Map<String, RawNode> parse(List<String> lines, String source) {
        Reader r = new Reader(source);
        lines.forEach(r::line);
        return r.finish();
    }

    /**
     * Reads ibnetdiscover output a line at a time, so a large file need not be held whole: the nodes and
     * ports it describes are all it keeps. Errors name the file and the line.
     */
    static final class Reader {
        private final String source;
        private final Map<String, RawNode> nodes = new LinkedHashMap<>();
        private final Map<Long, RawNode> byGuid = new java.util.HashMap<>();
        /** Each CA port's GUID, and the line that gave it first: two ports with one GUID would be one address twice. */
        private final Map<Long, Integer> portGuidLine = new java.util.HashMap<>();
        private int warnings;
        private RawNode current;
        // ibsim's GUIDs by kind (CA, switch, router): a GUID line sets the base; each node takes the next one, a
        // switch one GUID, a CA one for itself and one per port (sim_net.c); ibnetdiscover gives each node its own line
        private final long[] baseGuid = {0x100000L, 0x200000L, 0};
        private final long[] nextGuid = {0x100000L, 0x200000L, 0};
        private final boolean[] lineGiven = new boolean[3];
        private int lineNo;

        Reader(String source) {
            this.source = source;
        }

        void line(String raw) {
            lineNo++;
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                if (line.isEmpty()) {
                    current = null;
                }
                return;
            }
            if (GROUPING.matcher(line).matches() || DIAGNOSTIC.matcher(line).matches()) {
                current = null;
                return;
            }
            if (SOURCE_WARNING.matcher(line).matches()) {
                warnings++; // (said once, counted, at the end)
                current = null;
                return;
            }
            Matcher g = GUID_LINE.matcher(line);
            if (g.matches()) {
                int kind = g.group(1).startsWith("switch") ? 1 : g.group(1).startsWith("r") ? 2 : 0;
                String digits = g.group(3);
                long v = digits.startsWith("0x") ? hex(digits.substring(2), "GUID", source, lineNo) : decimalGuid(digits, source, lineNo);
                if (g.group(2).equals("+")) {
                    nextGuid[kind] = baseGuid[kind] + v;
                } else {
                    baseGuid[kind] = v;
                    nextGuid[kind] = v;
                }
                lineGiven[kind] = true;
                return;
            }
            Matcher n = NODE.matcher(line);
            if (n.matches()) {
                String id = n.group(3);
                int kind = n.group(1).equals("Switch") ? 1 : n.group(1).equals("Rt") ? 2 : 0;
                int portCount = decimal(n.group(2), "port count", source, lineNo);
                if (kind == 1 && portCount > MAX_SWITCH_PORTS) {
                    throw new IllegalArgumentException(source + ":" + lineNo + ": switch " + id + " has " + portCount + " ports: a forwarding "
                            + "table names a port in a byte, so a switch has at most " + MAX_SWITCH_PORTS + " (255 is 'no route')");
                }
                long guid = !lineGiven[kind] && GUID_ID.matcher(id).matches() ? guidOfId(id, source, lineNo) : nextGuid[kind];
                Matcher dm = DESC.matcher(n.group(4));
                String desc = dm.find() ? dm.group(1) : id;
                if (n.group(1).equals("Rt")) {
                    throw new IllegalArgumentException(source + ":" + lineNo + ": router '" + desc + "': a fat tree has only switches and hosts");
                }
                if (nodes.containsKey(id)) {
                    throw new IllegalArgumentException(source + ":" + lineNo + ": node " + id + " is described twice");
                }
                RawNode twin = byGuid.get(guid);
                if (twin != null) {
                    throw new IllegalArgumentException(source + ":" + lineNo + ": '" + desc + "' has GUID 0x" + Long.toHexString(guid)
                            + ", which '" + twin.desc + "' has already: every node needs a GUID of its own");
                }
                current = new RawNode(id, kind == 1, portCount, guid, desc);
                nodes.put(id, current);
                byGuid.put(guid, current);
                lineGiven[kind] = false;
                nextGuid[kind] = guid + (kind == 1 ? 1 : portCount + 1);
                return;
            }
            Matcher p = PORT.matcher(line);
            if (p.matches()) {
                if (current == null) {
                    throw new IllegalArgumentException(source + ":" + lineNo + ": port line outside a node: '" + line + "'");
                }
                int port = decimal(p.group(1), "port number", source, lineNo);
                if (port < 1 || port > current.portCount) {
                    throw new IllegalArgumentException(source + ":" + lineNo + ": port " + port + " of '" + current.desc
                            + "' which has " + current.portCount + " ports");
                }
                long own = p.group(2) == null ? NO_GUID : hex(p.group(2), "port GUID", source, lineNo);
                if (own != NO_GUID && !current.isSwitch) {
                    Integer first = portGuidLine.putIfAbsent(own, lineNo);
                    if (first != null) {
                        throw new IllegalArgumentException(source + ":" + lineNo + ": port " + port + " of '" + current.desc + "' has port GUID 0x"
                                + Long.toHexString(own) + ", which line " + first + " gave already: every port needs a GUID of its own");
                    }
                }
                long peerGuid = p.group(5) == null ? NO_GUID : hex(p.group(5), "peer GUID", source, lineNo);
                int peerPort = decimal(p.group(4), "peer port number", source, lineNo);
                if (current.ports.put(port, new RawPort(port, own, p.group(3), peerPort, peerGuid, lineNo)) != null) {
                    throw new IllegalArgumentException(source + ":" + lineNo + ": port " + port + " of '" + current.desc + "' listed twice");
                }
                return;
            }
            if (line.contains("=")) {
                return; // vendid=, devid=, sysimgguid=
            }
            throw new IllegalArgumentException(source + ":" + lineNo + ": not ibnetdiscover output: '" + line + "'");
        }

        /** The nodes read, their links checked both ways. */
        Map<String, RawNode> finish() {
            if (nodes.isEmpty()) {
                throw new IllegalArgumentException(source + ": no nodes found; is this ibnetdiscover output?");
            }
            if (warnings > 0) {
                LOG.warning(source + ": " + warnings + " line(s) of another tool's warnings (such as 'src/query_smp.c:195; umad ... bad "
                        + "status') were skipped: the capture may be partial");
            }
            checkLinks(nodes, source);
            return nodes;
        }
    }

    /** A decimal field of at most 9 digits (a port count or number), or an error naming the line. */
    private static int decimal(String digits, String what, String source, int lineNo) {
        if (digits.length() > 9) {
            throw new IllegalArgumentException(source + ":" + lineNo + ": " + what + " " + digits + " is out of range");
        }
        return Integer.parseInt(digits);
    }

    /** A hexadecimal GUID of at most 16 digits, or an error naming the line. */
    private static long hex(String digits, String what, String source, int lineNo) {
        try {
            return Long.parseUnsignedLong(digits, 16);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(source + ":" + lineNo + ": " + what + " 0x" + digits + " is longer than 64 bits");
        }
    }

    /** A GUID written in decimal (ibsim takes any C integer), or an error naming the line. */
    private static long decimalGuid(String digits, String source, int lineNo) {
        try {
            return Long.parseUnsignedLong(digits);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(source + ":" + lineNo + ": GUID " + digits + " is longer than 64 bits");
        }
    }

    private static long guidOfId(String id, String source, int lineNo) {
        int dash = id.indexOf('-');
        try {
            return Long.parseUnsignedLong(id.substring(dash + 1), 16);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(source + ":" + lineNo + ": no GUID for node '" + id + "'");
        }
    }

    private static void checkLinks(Map<String, RawNode> nodes, String source) {
        for (RawNode a : nodes.values()) {
            for (RawPort pa : a.ports.values()) {
                RawNode b = nodes.get(pa.peerId());
                if (b == null) {
                    throw new IllegalArgumentException(source + ":" + pa.line() + ": dangling link: port " + pa.port() + " of '"
                            + a.desc + "' goes to " + pa.peerId() + ", which the file does not describe");
                }
                RawPort pb = b.ports.get(pa.peerPort());
                if (pb == null) {
                    throw new IllegalArgumentException(source + ":" + pa.line() + ": dangling link: port " + pa.port() + " of '"
                            + a.desc + "' goes to port " + pa.peerPort() + " of '" + b.desc + "', which lists no link there");
                }
                if (!pb.peerId().equals(a.id) || pb.peerPort() != pa.port()) {
                    throw new IllegalArgumentException(source + ":" + pa.line() + ": inconsistent link: '" + a.desc + "' port "
                            + pa.port() + " -> '" + b.desc + "' port " + pa.peerPort() + ", but that port goes to "
                            + pb.peerId() + "[" + pb.peerPort() + "]");
                }
            }
        }
    }

}
