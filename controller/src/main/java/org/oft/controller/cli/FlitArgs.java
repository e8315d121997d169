package org.oft.controller.cli;

import org.oft.controller.fattree.flit.FlitConfig;
import org.oft.controller.fattree.flit.FlitFabric;
import org.oft.sim.flit.FlitParameters;
import org.oft.sim.flit.FlitSimulator;
import picocli.CommandLine.Option;
import org.oft.controller.fattree.deploy.ElectricalBench;
import org.oft.controller.fattree.topology.TopologySpec;

/** The flit-level model's options, shared by {@code flit}, {@code serve --fabric fattree} and {@code board-sim --fattree}. */
final class FlitArgs {
    @Option(names = "--traffic", defaultValue = "uniform", description = "Traffic: " + FlitFabric.TRAFFIC_NAMES + ".")
    String traffic;

    @Option(names = "--load", defaultValue = "0.5", description = "Offered load, flits per host per cycle (Bernoulli).")
    double load;

    @Option(names = "--vcs", defaultValue = FlitConfig.VCS, description = "Virtual channels per port.")
    int vcs;

    @Option(names = "--buffer", defaultValue = FlitConfig.BUFFER, description = "Buffer depth per VC, flits.")
    int buffer;

    @Option(names = "--packet", defaultValue = FlitConfig.PACKET, description = "Packet length, flits.")
    int packet;

    @Option(names = "--credit-delay", defaultValue = FlitConfig.CREDIT_DELAY, description = "Cycles a switch takes to process a credit it received "
            + "(BookSim's credit_delay; 0 allowed), after the credit's channelLatency + 1 cycles back over the link.")
    int creditDelay;

    @Option(names = "--channel-latency", defaultValue = FlitConfig.CHANNEL_LATENCY, description = "Link latency, cycles (BookSim's channel latency).")
    int channelLatency;

    @Option(names = "--injection-delay", defaultValue = FlitConfig.INJECTION_DELAY, description = "Cycles from a packet's creation until its head may leave the host.")
    int injectionDelay;

    @Option(names = "--ejection-delay", defaultValue = FlitConfig.EJECTION_DELAY, description = "Cycles from a packet's tail reaching its host until it is delivered.")
    int ejectionDelay;

    @Option(names = "--cut-through", description = "Virtual cut-through instead of wormhole.")
    boolean cutThrough;

    @Option(names = "--path-policy", defaultValue = FlitConfig.PATH_POLICY, description = "With --paths K: hash, round-robin or random per packet.")
    String policy;

    @Option(names = "--random-up", description = "Ignore the tables on the way up: a random up-port per packet and switch "
            + "(the tables still turn packets down), to compare with simulators that route so.")
    boolean randomUp;

    @Option(names = "--arbitration", defaultValue = FlitConfig.ARBITRATION, description = "rr (separable input-first round robin) or age "
            + "(oldest packet first: approximates global fairness where flows merge at several switches).")
    String arbitration;

    boolean age() {
        return switch (arbitration) {
            case "rr" -> false;
            case "age" -> true;
            default -> throw new IllegalArgumentException("--arbitration must be rr or age, got '" + arbitration + "'");
        };
    }

    /** These options as the one configuration record every home of the flit model shares. */
    FlitConfig config() {
        return new FlitConfig(parameters(), pathPolicy(), randomUp, age());
    }

    FlitParameters parameters() {
        return new FlitParameters(vcs, buffer, packet, creditDelay, channelLatency, injectionDelay, ejectionDelay, cutThrough);
    }

    FlitSimulator.PathPolicy pathPolicy() {
        try {
            return FlitConfig.policy(policy);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--path-policy must be hash, round-robin or random, got '" + policy + "'");
        }
    }

    void checkLoad() {
        if (!(load >= 0 && load <= 1)) {
            throw new IllegalArgumentException("--load must be between 0 and 1 flits/host/cycle, got " + load);
        }
    }

    /** A bench of modelled switch boards that forward these packets, their model's cycles split over {@code threads}. */
    ElectricalBench bench(String topology, String hostOrder, String nodeTypes, int paths, long seed,
                                                           int cyclesPerSlot, int threads) {
        FlitConfig c = config();
        ElectricalBench b = new ElectricalBench(topology, nodeTypes, paths,
                c.parameters(), c.policy(), traffic, load, seed, cyclesPerSlot, c.randomUp(), c.ageArbitration(), threads,
                TopologySpec.parse(topology, hostOrder));
        b.check();
        return b;
    }
}
