package org.oft.controller.fattree.deploy;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.oft.controller.fattree.flit.FlitFabric;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.NodeTypes;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.controller.fattree.topology.TopologySpec;
import org.oft.sim.boards.SwitchBoards;
import org.oft.sim.flit.FlitParameters;
import org.oft.sim.flit.FlitSimulator;
import org.oft.controller.fattree.flit.FlitConfig;

/**
 * A bench of modelled electrical switch boards: the fat tree they form, the addresses per host,
 * and the packets they forward (router parameters, the hosts' path policy, traffic, load, switch
 * cycles per slot). The same description builds the boards in this process or in a board-sim
 * process, so both run the same model.
 *
 * @param topology  the topology spec as given (pgft:, xgft:, kary:, ibnet:FILE), which a board-sim process is given
 * @param nodeTypes the node-types spec as given, or null (c2io traffic needs IO nodes)
 * @param tree      the fabric the spec describes, parsed once, so that tables and boards are of one fabric even
 *                  if an ibnet file changes meanwhile
 */
public record ElectricalBench(String topology, String nodeTypes, int paths, FlitParameters parameters,
                              FlitSimulator.PathPolicy policy, String traffic, double load, long seed, int cyclesPerSlot,
                              boolean randomUp, boolean ageArbitration, int threads, FatTree tree) {
    public static final int DEFAULT_CYCLES_PER_SLOT = 1000;

    /** The bench {@code topology} describes (a bad spec fails here, before anything is built). */
    public ElectricalBench(String topology, String nodeTypes, int paths, FlitParameters parameters, FlitSimulator.PathPolicy policy,
                           String traffic, double load, long seed, int cyclesPerSlot, boolean randomUp, boolean ageArbitration,
                           int threads) {
        this(topology, nodeTypes, paths, parameters, policy, traffic, load, seed, cyclesPerSlot, randomUp, ageArbitration, threads,
                TopologySpec.parse(topology));
    }

    /** With round-robin allocation, on one thread. */
    public ElectricalBench(String topology, String nodeTypes, int paths, FlitParameters parameters, FlitSimulator.PathPolicy policy,
                           String traffic, double load, long seed, int cyclesPerSlot, boolean randomUp) {
        this(topology, nodeTypes, paths, parameters, policy, traffic, load, seed, cyclesPerSlot, randomUp, false, 1);
    }

    /** The same bench with its packet model's fabric split over {@code n} threads (the same results, sooner). */
    public ElectricalBench withThreads(int n) {
        return new ElectricalBench(topology, nodeTypes, paths, parameters, policy, traffic, load, seed, cyclesPerSlot, randomUp,
                ageArbitration, n, tree);
    }

    public ElectricalBench {
        if (paths < 1 || paths > 128) {
            throw new IllegalArgumentException("--paths must be 1..128, got " + paths);
        }
        if (!(load >= 0 && load <= 1)) {
            throw new IllegalArgumentException("--load must be between 0 and 1 flits/host/cycle, got " + load);
        }
        if (cyclesPerSlot < 1 || cyclesPerSlot > 1_000_000) {
            throw new IllegalArgumentException("--cycles-per-slot must be 1..1000000, got " + cyclesPerSlot);
        }
        if (threads < 1 || threads > 256) {
            throw new IllegalArgumentException("--threads must be 1..256, got " + threads);
        }
        java.util.Objects.requireNonNull(tree, "tree");
    }

    /** Checks the topology, node types and traffic against each other, before anything is built or started. */
    public void check() {
        PgftTopology t = tree().topology();
        FlitFabric.traffic(traffic, t.hosts(), t, NodeTypes.parse(nodeTypes, t), seed);
    }

    /** The switch boards of this bench, their tables empty, forwarding this bench's packets once loaded. */
    public SwitchBoards boards() {
        FatTree tree = tree();
        PgftTopology t = tree.topology();
        NodeTypes types = NodeTypes.parse(nodeTypes, t);
        FlitSimulator.Traffic tr = FlitFabric.traffic(traffic, t.hosts(), t, types, seed);
        SwitchBoards.PacketModel packets = new SwitchBoards.PacketModel(FlitFabric.network(t), parameters, paths, policy, tr, load,
                seed, cyclesPerSlot, randomUp, ageArbitration, SwitchDeployment.localOfPhysical(tree), threads);
        SwitchBoards boards = SwitchDeployment.boardsFor(tree, paths, packets);
        java.util.BitSet absent = tree.absentPorts(); // an imported fabric's missing cables are not there in the model either
        for (int g = absent.nextSetBit(0); g >= 0; g = absent.nextSetBit(g + 1)) {
            int v = t.nodeOfPort(g);
            if (v >= t.hosts()) {
                boards.killLink(v - t.hosts(), tree.names().physicalPort(v, g - t.portBase(v)));
            }
        }
        return boards;
    }

    /** The packet model's configuration, as every other home of it (CLI, study files, JSON) has it. */
    public FlitConfig config() {
        return new FlitConfig(parameters, policy, randomUp, ageArbitration);
    }

    /** The {@code oftctl board-sim} arguments that build the same bench in a process of its own. */
    public List<String> boardSimArgs() {
        List<String> a = new ArrayList<>(List.of("--fattree", topology, "--paths", Integer.toString(paths), "--traffic", traffic,
                "--load", String.format(Locale.ROOT, "%s", load), "--seed", Long.toString(seed), "--cycles-per-slot",
                Integer.toString(cyclesPerSlot)));
        a.addAll(config().args());
        if (nodeTypes != null) {
            a.addAll(List.of("--node-types", nodeTypes));
        }
        if (threads > 1) {
            a.addAll(List.of("--threads", Integer.toString(threads)));
        }
        return a;
    }
}
