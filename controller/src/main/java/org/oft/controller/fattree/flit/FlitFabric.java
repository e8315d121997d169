package org.oft.controller.fattree.flit;

import java.util.List;
import java.util.SplittableRandom;
import org.oft.controller.fattree.analysis.Flows;
import org.oft.controller.fattree.analysis.TrafficPattern;
import org.oft.controller.fattree.deploy.SwitchDeployment;
import org.oft.controller.fattree.topology.NodeTypes;
import org.oft.controller.fattree.routing.ForwardingTables;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.hal.BoardConfig;
import org.oft.hal.Region;
import org.oft.sim.flit.FlitNetwork;
import org.oft.sim.flit.FlitSimulator;
import org.oft.controller.fattree.analysis.TableWalk;
import org.oft.controller.fattree.deploy.RunningFabric;
import org.oft.controller.fattree.routing.Routing;
import org.oft.controller.fattree.routing.RoutingEngines;
import org.oft.controller.fattree.routing.RoutingOptions;
import org.oft.controller.fattree.routing.SourceRouting;
import org.oft.controller.fattree.topology.FabricFaults;

/** A fat tree as the flit-level model sees it: its wiring, the tables its switch boards hold, its traffic. */
public final class FlitFabric {
    private FlitFabric() {
    }

    /** The wiring of a topology: global ports as in the topology, link levels 1 (host-leaf) .. h. */
    public static FlitNetwork network(PgftTopology t) {
        int nodes = t.nodes();
        int[] base = new int[nodes + 1];
        for (int n = 0; n < nodes; n++) {
            base[n] = t.portBase(n);
        }
        base[nodes] = t.portCount();
        int[] peer = new int[t.portCount()];
        int[] level = new int[t.portCount()];
        for (int n = 0; n < nodes; n++) {
            int l = t.level(n);
            int down = n < t.hosts() ? 0 : t.downPorts(l);
            for (int g = base[n]; g < base[n + 1]; g++) {
                peer[g] = t.portBase(t.peerNode(g)) + t.peerPort(g);
                level[g] = g - base[n] < down ? l : l + 1;
            }
        }
        return new FlitNetwork(t.hosts(), base, peer, level);
    }

    /**
     * What the flit model forwards by: the boards' tables, and for a routing keyed by source (S-mod-K,
     * which no destination-indexed table can express) the source's up choices per level, with
     * D-mod-K's tables for the turn down (the same down ports where links are not parallel; with
     * parallel links the down link then follows the destination, not the source).
     */
    public record Forwarding(byte[][] tables, byte[][] sourceUp, String engine, int[][] portMap) {
        /** Forwarding by these tables on this tree: its physical port numbers mapped back as its boards do. */
        public Forwarding(FatTree tree, byte[][] tables, byte[][] sourceUp, String engine) {
            this(tables, sourceUp, engine, portMap(tree));
        }

        /** The tree's physical port numbers per switch, or null where each is the model's port + 1 (a generated tree). */
        private static int[][] portMap(FatTree tree) {
            int[][] map = SwitchDeployment.localOfPhysical(tree);
            for (int[] m : map) {
                for (int p = 1; p < m.length; p++) {
                    if (m[p] != p - 1) {
                        return map;
                    }
                }
            }
            return null;
        }

        /** A simulator forwarding by these tables (random up-ports override the way up by source). */
        public FlitSimulator simulator(FlitNetwork net, FlitConfig config, int paths, long seed) {
            FlitSimulator sim = new FlitSimulator(net, config.parameters(), tables, paths, config.policy(), seed);
            sim.setRandomUp(config.randomUp());
            sim.setAgeArbitration(config.ageArbitration());
            sim.setPortMap(portMap); // an imported fabric's port numbers are its own, not the model's + 1
            if (sourceUp != null && !config.randomUp()) {
                sim.setSourceUp(sourceUp);
            }
            return sim;
        }
    }

    /**
     * The loads of a sweep, FROM, FROM + STEP, ... up to TO, in decimal: 0.05 + 12 × 0.05 is 0.65, not
     * 0.6500000000000001, so loads print as they were asked for.
     */
    public static double[] loads(double from, double to, double step) {
        java.math.BigDecimal f = java.math.BigDecimal.valueOf(from);
        java.math.BigDecimal s = java.math.BigDecimal.valueOf(step);
        java.math.BigDecimal t = java.math.BigDecimal.valueOf(to);
        int n = t.subtract(f).divide(s, 0, java.math.RoundingMode.FLOOR).intValueExact() + 1;
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = f.add(s.multiply(java.math.BigDecimal.valueOf(i))).doubleValue();
        }
        return out;
    }

    /**
     * A load a run sustains: accepted at least 0.97 of what the hosts generated in the sample (so a
     * pattern that leaves some hosts silent is judged by those that send), every measured packet
     * delivered, no deadlock.
     */
    public static boolean sustains(FlitSimulator.Result r) {
        return r.offered() > 0 && r.accepted() >= 0.97 * r.offered() && r.undelivered() == 0 && !r.deadlock();
    }

    /** Forwarding by the routes {@code f} runs over its K paths (its tables on its holes; a source-based engine's on a whole tree). */
    public static Forwarding forwarding(RunningFabric f) {
        return forwarding(f.tree(), f.routes());
    }

    /** Forwarding by routing {@code r} of {@code tree} (a whole tree's, or a running fabric's routes). */
    public static Forwarding forwarding(FatTree tree, Routing r) {
        if (r instanceof SourceRouting sr) {
            ForwardingTables down = RoutingEngines.byName("dmodk")
                    .route(tree.topology(), RoutingOptions.single()).tables();
            return new Forwarding(tree, tables(tree, down), sr.upChoices(), r.engine() + " (up by source, down by D-mod-K's tables)");
        }
        return new Forwarding(tree, tables(tree, r.tables()), null, r.engine());
    }

    /** The tables switch boards hold for these forwarding tables (the same bytes a deploy sends). */
    public static byte[][] tables(FatTree tree, ForwardingTables lft) {
        List<BoardConfig> configs = SwitchDeployment.configs(tree, lft);
        byte[][] out = new byte[configs.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = configs.get(i).region(Region.LFT);
        }
        return out;
    }

    /**
     * Where packets can go on the fabric as it is: per source host, the destinations its tables join it to over
     * working cables (none for a missing or cut-off host); null on a whole tree, and for a routing by source (which
     * has no tables to walk, and is refused on a tree with holes). The holes are the file's and the failures declared.
     * Made once per running fabric; {@link #onFabric} uses it.
     */
    public static java.util.BitSet[] reachable(RunningFabric f) {
        FatTree tree = f.tree();
        Routing routing = f.routes();
        FabricFaults faults = f.holes();
        if (f.whole() || !routing.destinationBased()) {
            return null;
        }
        ForwardingTables lft = routing.tables();
        TableWalk walk = new TableWalk(lft, faults);
        int n = tree.topology().hosts();
        int paths = lft.paths();
        java.util.BitSet[] reach = new java.util.BitSet[n];
        java.util.Map<Integer, java.util.BitSet> byLeaf = new java.util.HashMap<>(); // a table is per switch: one set a leaf
        for (int s = 0; s < n; s++) {
            if (!walk.connected(s)) {
                continue;
            }
            reach[s] = byLeaf.computeIfAbsent(walk.leafOf(s), leaf -> {
                java.util.BitSet b = new java.util.BitSet(n);
                for (int d = 0; d < n; d++) {
                    if (walk.connected(d) && walk.joins(leaf, d * paths, d)) {
                        b.set(d);
                    }
                }
                return b;
            });
        }
        return reach;
    }

    /**
     * Traffic on the fabric as it is ({@link #reachable}): a missing or cut-off host neither sends nor is sent to, and
     * a packet is generated only where the tables take it; the rest is not simulated over cables that are not there.
     */
    public static FlitSimulator.Traffic onFabric(java.util.BitSet[] reach, FlitSimulator.Traffic tr) {
        if (reach == null) {
            return tr;
        }
        return (src, rnd) -> {
            if (reach[src] == null) {
                return -1;
            }
            int d = tr.destination(src, rnd);
            return d >= 0 && reach[src].get(d) ? d : -1;
        };
    }

    /** The traffic names {@link #traffic} takes, for help texts and errors. */
    public static final String TRAFFIC_NAMES = "uniform, perm, shift:S, bitcomp, transpose, bitrev, shuffle, hotspot:H[:F], bisect, "
            + "c2io (with --node-types), file:PATH";

    /** Traffic on a topology without node types (c2io needs them). */
    public static FlitSimulator.Traffic traffic(String spec, int hosts, long seed) {
        return traffic(spec, hosts, null, null, seed);
    }

    /**
     * Where each host sends, per packet: uniform (any other host); hotspot:H[:F] (a fraction F,
     * default 0.25, of every host's packets to host H, the rest uniform); the bit permutations
     * bitcomp, transpose, bitrev, shuffle (2^b hosts; transpose b even); and the patterns of
     * {@link TrafficPattern} as fixed flows: perm and bisect (seeded; bisect pairs each half with
     * the other, both ways), shift:S, c2io, file:PATH (a host with several flows picks one per
     * packet, weighted by amount).
     */
    public static FlitSimulator.Traffic traffic(String spec, int hosts, PgftTopology t, NodeTypes types, long seed) {
        if (spec.equals("uniform")) {
            return (src, rnd) -> {
                int d = rnd.nextInt(hosts - 1);
                return d >= src ? d + 1 : d;
            };
        }
        if (spec.startsWith("hotspot:")) {
            return hotspot(spec, hosts);
        }
        int bits = Integer.numberOfTrailingZeros(hosts);
        boolean pow2 = Integer.bitCount(hosts) == 1;
        if (spec.equals("bitcomp") || spec.equals("transpose") || spec.equals("bitrev") || spec.equals("shuffle")) {
            if (!pow2 || (spec.equals("transpose") && bits % 2 != 0)) {
                throw new IllegalArgumentException("traffic " + spec + " needs 2^b hosts" + (spec.equals("transpose") ? " with b even" : "")
                        + ", got " + hosts);
            }
            int[] dst = new int[hosts];
            int mask = hosts - 1;
            for (int i = 0; i < hosts; i++) {
                dst[i] = switch (spec) {
                    case "bitcomp" -> ~i & mask;
                    case "transpose" -> ((i << (bits / 2)) | (i >>> (bits / 2))) & mask;
                    case "bitrev" -> Integer.reverse(i) >>> (32 - bits);
                    default -> ((i << 1) | (i >>> (bits - 1))) & mask;
                };
            }
            return (src, rnd) -> dst[src] == src ? -1 : dst[src];
        }
        String name = spec.contains(":") ? spec.substring(0, spec.indexOf(':')) : spec;
        if (!List.of("perm", "bisect", "shift", "c2io", "file").contains(name)) {
            throw new IllegalArgumentException("unknown traffic '" + spec + "' (" + TRAFFIC_NAMES + ")");
        }
        if (spec.equals("shift:all")) {
            throw new IllegalArgumentException("traffic shift:all is a series of rounds; give one shift:S");
        }
        TrafficPattern pattern = TrafficPattern.parse(spec, hosts);
        if (name.equals("c2io") && t == null) {
            throw new IllegalArgumentException("traffic c2io needs the topology and --node-types");
        }
        int[] mapping = new int[hosts];
        for (int i = 0; i < hosts; i++) {
            mapping[i] = i;
        }
        Flows flows = new Flows(hosts);
        pattern.round(0, t, types, mapping, new SplittableRandom(seed), flows);
        if (name.equals("bisect")) { // 003's bisection exchanges: both halves send
            int n = flows.size();
            for (int i = 0; i < n; i++) {
                flows.add(flows.dst(i), flows.src(i));
            }
        }
        return fromFlows(flows, hosts);
    }

    private static FlitSimulator.Traffic hotspot(String spec, int hosts) {
        String[] p = spec.substring(8).split(":", -1);
        int h;
        double f = 0.25;
        try {
            h = Integer.parseInt(p[0].strip());
            if (p.length == 2) {
                f = Double.parseDouble(p[1].strip());
            }
            if (p.length > 2) {
                throw new NumberFormatException();
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("traffic hotspot:H[:F] needs a host H and a fraction F, got '" + spec + "'");
        }
        if (h < 0 || h >= hosts || !(f >= 0 && f <= 1)) {
            throw new IllegalArgumentException("traffic hotspot:H[:F] needs H in 0.." + (hosts - 1) + " and F in 0..1, got '" + spec + "'");
        }
        double frac = f;
        return (src, rnd) -> {
            if (src != h && rnd.nextDouble() < frac) {
                return h;
            }
            int d = rnd.nextInt(hosts - 1);
            return d >= src ? d + 1 : d;
        };
    }

    /** Fixed flows as traffic: per source its destinations and cumulative weights, in flat arrays. */
    private static FlitSimulator.Traffic fromFlows(Flows flows, int hosts) {
        int[] start = new int[hosts + 1];
        for (int i = 0; i < flows.size(); i++) {
            start[flows.src(i) + 1]++;
        }
        for (int h = 0; h < hosts; h++) {
            start[h + 1] += start[h];
        }
        int[] dst = new int[flows.size()];
        double[] cum = new double[flows.size()];
        int[] fill = start.clone();
        for (int i = 0; i < flows.size(); i++) {
            int k = fill[flows.src(i)]++;
            dst[k] = flows.dst(i);
            cum[k] = flows.amount(i);
        }
        for (int h = 0; h < hosts; h++) {
            for (int k = start[h] + 1; k < start[h + 1]; k++) {
                cum[k] += cum[k - 1];
            }
        }
        return (src, rnd) -> {
            int a = start[src];
            int b = start[src + 1];
            if (a == b) {
                return -1;
            }
            if (b - a == 1) {
                return dst[a];
            }
            double x = rnd.nextDouble() * cum[b - 1];
            int k = a;
            while (k < b - 1 && cum[k] <= x) {
                k++;
            }
            return dst[k];
        };
    }

    /** A run's result as {@code oftctl flit --json} and the console give it. */
    public static io.vertx.core.json.JsonObject json(FlitSimulator.Result r, double seconds) {
        io.vertx.core.json.JsonArray util = new io.vertx.core.json.JsonArray();
        for (double u : r.utilisationByLevel()) {
            util.add(u);
        }
        return new io.vertx.core.json.JsonObject().put("load", r.load()).put("offered", r.offered()).put("accepted", r.accepted()).put("minFlowAccepted", r.minFlowAccepted())
                .put("meanLatency", Double.isNaN(r.meanLatency()) ? null : r.meanLatency()).put("p99Latency", r.p99Latency())
                .put("measuredPackets", r.measuredPackets()).put("undelivered", r.undelivered())
                .put("latencyHistogram", histogram(r.latencyHistogram()))
                .put("utilisationByLevel", util).put("transmitWait", r.transmitWait())
                .put("anomalies", new io.vertx.core.json.JsonObject().put("misdelivered", r.misdelivered()).put("loops", r.loops())
                        .put("unroutable", r.unroutable()).put("deadLinkWaits", r.deadLinkWaits()).put("deadlock", r.deadlock()))
                .put("cycles", r.cycles()).put("seconds", seconds).put("ci95", intervals(r.intervals()));
    }

    /**
     * Independent replications of one load as one run's JSON: each figure their mean (p99 rounded to a cycle), its
     * {@code ci95} from their spread (issue 65), the first replication's histogram and anomalies summed.
     */
    public static io.vertx.core.json.JsonObject replicated(FlitSimulator.Result[] reps, double seconds, long[] seeds) {
        io.vertx.core.json.JsonObject out = json(reps[0], seconds);
        double[] accepted = new double[reps.length];
        double[] offered = new double[reps.length];
        double[] mean = new double[reps.length];
        double[] p99 = new double[reps.length];
        double[] minFlow = new double[reps.length];
        long measured = 0;
        long undelivered = 0;
        for (int k = 0; k < reps.length; k++) {
            accepted[k] = reps[k].accepted();
            offered[k] = reps[k].offered();
            mean[k] = reps[k].meanLatency();
            p99[k] = reps[k].p99Latency();
            minFlow[k] = reps[k].minFlowAccepted();
            measured += reps[k].measuredPackets();
            undelivered += reps[k].undelivered();
        }
        org.oft.sim.flit.FlitIntervals.Interval a = org.oft.sim.flit.FlitIntervals.ofReplications(accepted);
        org.oft.sim.flit.FlitIntervals.Interval m = org.oft.sim.flit.FlitIntervals.ofReplications(mean);
        org.oft.sim.flit.FlitIntervals.Interval p = org.oft.sim.flit.FlitIntervals.ofReplications(p99);
        org.oft.sim.flit.FlitIntervals.Interval f = org.oft.sim.flit.FlitIntervals.ofReplications(minFlow);
        io.vertx.core.json.JsonArray seedList = new io.vertx.core.json.JsonArray();
        for (long seed : seeds) {
            seedList.add(seed);
        }
        out.put("offered", java.util.Arrays.stream(offered).average().orElse(Double.NaN)).put("accepted", a.value())
                .put("minFlowAccepted", f.value()).put("meanLatency", m == null ? null : m.value())
                .put("p99Latency", Math.round(p.value())).put("measuredPackets", measured).put("undelivered", undelivered)
                .put("ci95", new io.vertx.core.json.JsonObject().put("accepted", pair(a)).put("meanLatency", pair(m))
                        .put("p99Latency", pair(p == null ? null : new org.oft.sim.flit.FlitIntervals.Interval(p.value(),
                                Math.floor(p.low()), Math.ceil(p.high()))))
                        .put("minFlowAccepted", pair(f)).put("replications", reps.length).put("seeds", seedList).put("batches", 0)
                        .put("saturated", java.util.Arrays.stream(reps).allMatch(r -> r.intervals().saturated()))
                        .put("method", reps.length + " independent replications, seeds derived from --seed: each figure their mean, "
                                + "its interval t times their standard error"));
        return out;
    }

    /**
     * A run's 95 % intervals as {@code ci95} gives them: [low, high] by figure (null: none), how many batches they come
     * from, the batches' lag-1 autocorrelation and whether it passed, the mean latency's growth per 1,000 cycles and
     * whether the run is past saturation (issue 65).
     */
    static io.vertx.core.json.JsonObject intervals(org.oft.sim.flit.FlitIntervals ci) {
        return new io.vertx.core.json.JsonObject().put("accepted", pair(ci.accepted())).put("meanLatency", pair(ci.meanLatency()))
                .put("p99Latency", pair(ci.p99Latency())).put("minFlowAccepted", (Object) null)
                .put("batches", ci.batches()).put("lag1", Double.isNaN(ci.lag1()) ? null : ci.lag1()).put("independent", ci.independent())
                .put("latencyTrend", Double.isNaN(ci.latencyTrend()) || Double.isInfinite(ci.latencyTrend()) ? null : ci.latencyTrend())
                .put("saturated", ci.saturated())
                .put("method", "batch means over the measured sample (the whole sample's figure, the batches' standard error); "
                        + "none for the least flow, a minimum biased by the sample's length");
    }

    private static io.vertx.core.json.JsonArray pair(org.oft.sim.flit.FlitIntervals.Interval i) {
        return i == null ? null : new io.vertx.core.json.JsonArray().add(i.low()).add(i.high());
    }

    /** The latency histogram as [cycles, packets] pairs of its non-empty bins (the last bin holds all longer ones). */
    static io.vertx.core.json.JsonArray histogram(long[] h) {
        io.vertx.core.json.JsonArray a = new io.vertx.core.json.JsonArray();
        for (int i = 0; i < h.length; i++) {
            if (h[i] != 0) {
                a.add(new io.vertx.core.json.JsonArray().add(i).add(h[i]));
            }
        }
        return a;
    }
}
