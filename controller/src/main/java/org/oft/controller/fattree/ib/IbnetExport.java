package org.oft.controller.fattree.ib;

import java.io.PrintWriter;
import org.oft.controller.fattree.topology.FabricNames;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.controller.fattree.topology.FabricFaults;

/** Writes a fat tree as an ibnetdiscover/ibsim net file, top switches first, then leaves' hosts, as ibsim reads it. */
public final class IbnetExport {
    private IbnetExport() {
    }

    public static void write(FatTree tree, PrintWriter out) {
        write(tree, FabricFaults.none(tree), out);
    }

    /** The fabric with its holes: missing nodes are left out, a failed cable's ports are left unconnected. */
    public static void write(FatTree tree, FabricFaults faults, PrintWriter out) {
        PgftTopology t = tree.topology();
        FabricNames nm = tree.names();
        out.println("# ibsim net file written by oftctl fattree export");
        out.println("# " + t.describe() + "  hosts=" + t.hosts() + " switches=" + t.switches() + "  from " + tree.source());
        for (String f : faults.described()) {
            out.println("# failed: " + f);
        }
        out.println();
        for (int l = t.levels(); l >= 0; l--) {
            for (int i = 0; i < t.levelSize(l); i++) {
                int node = t.levelBase(l) + i;
                if (faults.deadNode(node)) {
                    continue;
                }
                int ports = maxPhysical(t, nm, node);
                if (l > 0) {
                    out.printf("switchguid=0x%x%n", nm.nodeGuid(node));
                    out.printf("Switch\t%d \"%s\"\t\t# \"%s\" enhanced port 0%n", ports, id(t, nm, node), nm.name(node));
                } else {
                    out.printf("caguid=0x%x%n", nm.nodeGuid(node));
                    out.printf("Ca\t%d \"%s\"\t\t# \"%s\"%n", ports, id(t, nm, node), nm.name(node));
                }
                for (int lp = 0; lp < t.ports(node); lp++) {
                    int gp = t.portBase(node) + lp;
                    if (faults.deadPort(gp)) {
                        continue;
                    }
                    int peer = t.peerNode(gp);
                    int peerPhys = nm.physicalPort(peer, t.peerPort(gp));
                    if (l > 0) {
                        String peerGuid = t.level(peer) == 0 ? String.format("(%x)", nm.portGuid(peer, t.peerPort(gp))) : "";
                        out.printf("[%d]\t\"%s\"[%d]%s\t\t# \"%s\"%n", nm.physicalPort(node, lp), id(t, nm, peer), peerPhys,
                                peerGuid, nm.name(peer));
                    } else {
                        out.printf("[%d](%x) \t\"%s\"[%d]\t\t# \"%s\"%n", nm.physicalPort(node, lp), nm.portGuid(node, lp),
                                id(t, nm, peer), peerPhys, nm.name(peer));
                    }
                }
                out.println();
            }
        }
        out.flush();
    }

    static String id(PgftTopology t, FabricNames nm, int node) {
        return String.format(t.level(node) == 0 ? "H-%016x" : "S-%016x", nm.nodeGuid(node));
    }

    private static int maxPhysical(PgftTopology t, FabricNames nm, int node) {
        int max = 0;
        for (int lp = 0; lp < t.ports(node); lp++) {
            max = Math.max(max, nm.physicalPort(node, lp));
        }
        return max;
    }
}
