package org.oft.controller.fattree.deploy;

import java.util.ArrayList;
import java.util.List;
import org.oft.controller.fattree.routing.ForwardingTables;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.hal.BoardBus;
import org.oft.hal.BoardConfig;
import org.oft.hal.BoardException;
import org.oft.hal.BoardInfo;
import org.oft.hal.BoardKind;
import org.oft.hal.DeployReport;
import org.oft.sim.boards.SwitchBoards;

/**
 * Puts a fat tree's forwarding tables onto its switch boards through hal's one deploy: switch i of
 * the bench is switch node hosts+i of the topology; its table has one entry per address
 * (host · paths + path, as in {@link ForwardingTables}), the physical egress port (model port + 1,
 * as in the OpenSM export).
 */
public final class SwitchDeployment {
    private SwitchDeployment() {
    }

    /** LMC for K paths: each host owns 2^lmc addresses. */
    public static int lmc(int paths) {
        return 32 - Integer.numberOfLeadingZeros(Math.max(1, paths) - 1);
    }

    /** The modelled switch boards of a topology: one per switch, its ports, the address space. */
    public static SwitchBoards boardsFor(FatTree tree, int paths) {
        return boardsFor(tree, paths, null);
    }

    /**
     * The modelled boards of a fabric, forwarding {@code packets} (null: no packet model): each board
     * has as many ports as its highest physical port number, and its model knows which physical
     * port is which of the topology's ports (an imported fabric numbers them its own way).
     */
    public static SwitchBoards boardsFor(FatTree tree, int paths, SwitchBoards.PacketModel packets) {
        PgftTopology t = tree.topology();
        int[] radix = new int[t.switches()];
        for (int v = t.hosts(); v < t.nodes(); v++) {
            radix[v - t.hosts()] = radix(tree, v);
        }
        return new SwitchBoards(t.levels(), radix, t.hosts() * paths, lmc(paths), packets);
    }

    /** A switch board's ports: its highest physical port number. */
    public static int radix(FatTree tree, int v) {
        int max = 0;
        for (int lp = 0; lp < tree.topology().ports(v); lp++) {
            max = Math.max(max, tree.names().physicalPort(v, lp));
        }
        return max;
    }

    /** Per switch, the topology's port (0-based) behind each physical port number (index), -1 for none. */
    public static int[][] localOfPhysical(FatTree tree) {
        return tree.localOfPhysical();
    }

    /** One forwarding table per switch board. */
    public static List<BoardConfig> configs(FatTree tree, ForwardingTables lft) {
        PgftTopology t = tree.topology();
        List<BoardConfig> out = new ArrayList<>(t.switches());
        for (int v = t.hosts(); v < t.nodes(); v++) {
            byte[] ports = new byte[lft.addresses()];
            for (int a = 0; a < ports.length; a++) {
                ports[a] = (byte) RunningFabric.physicalPort(tree, lft, v, a);
            }
            out.add(BoardConfig.electricalSwitch("switch-" + (v - t.hosts()), ports));
        }
        return out;
    }

    /** The tables {@code fabric} runs onto the boards of {@code bus}, as {@link #deploy(BoardBus, FatTree, ForwardingTables)}. */
    public static DeployReport deploy(BoardBus bus, RunningFabric fabric) {
        return deploy(bus, fabric.tree(), fabric.tables());
    }

    /**
     * Checks that the bench is this fat tree's switches (each board with at least its switch's ports and
     * exactly the fabric's addresses), then deploys every table at one epoch.
     */
    public static DeployReport deploy(BoardBus bus, FatTree tree, ForwardingTables lft) {
        PgftTopology t = tree.topology();
        List<BoardInfo> boards = bus.discover();
        long switches = boards.stream().filter(b -> b.kind() == BoardKind.ELECTRICAL_SWITCH).count();
        if (switches != t.switches() || boards.size() != switches) {
            throw new BoardException("the bench has " + switches + " switch boards of " + boards.size() + "; "
                    + t.describe() + " has " + t.switches() + " switches");
        }
        for (BoardInfo b : boards) {
            int v = t.hosts() + b.index();
            int radix = radix(tree, v);
            // a board may have ports the switch leaves without a cable (a 4-port board as a top switch of 2)
            if (b.radix() < radix || b.tableRows() != lft.addresses()) {
                throw new BoardException(b.id() + " has " + b.radix() + " ports and " + b.tableRows() + " LIDs; switch "
                        + t.tuple(v) + " needs at least " + radix + " ports and " + lft.addresses() + " LIDs");
            }
        }
        return bus.deploy(configs(tree, lft));
    }
}
