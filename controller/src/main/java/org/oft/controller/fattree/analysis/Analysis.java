package org.oft.controller.fattree.analysis;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import java.util.stream.IntStream;
import org.oft.controller.fattree.routing.Routing;
import org.oft.controller.fattree.topology.NodeTypes;
import org.oft.controller.fattree.topology.PgftTopology;

/**
 * The analyses that judge a routing under a traffic pattern: max flows per directed link, 001's C_p / C_topo,
 * 002's max link load against the Lemma 1 lower bound, and 003's effective bisection bandwidth. Samples run in
 * parallel on all cores; sample i draws from a generator seeded by (seed, i), so results do not depend on the
 * thread count.
 */
public final class Analysis {
    public static final int HISTOGRAM_BINS = 20;

    private final Routing routing;
    private final PgftTopology t;
    private final TrafficPattern pattern;
    private final NodeTypes types;
    private final long seed;
    private final LongConsumer progress;

    public Analysis(Routing routing, TrafficPattern pattern, NodeTypes types, long seed, LongConsumer progress) {
        this.routing = routing;
        this.t = routing.topology();
        this.pattern = pattern;
        this.types = types;
        this.seed = seed;
        this.progress = progress == null ? x -> { } : progress;
    }

    /** Metrics by name, as {@code fattree analyze --metric} and the console ask for them. */
    public static final List<String> METRICS = List.of("flows", "ctopo", "mload", "ebb");

    /** One metric by name over {@code samples} samples (C_topo takes one sample of a random pattern and names 10 worst ports). */
    public JsonObject metric(String name, int samples) {
        JsonObject out = switch (name) {
            case "flows" -> flows(samples);
            case "ctopo" -> ctopo(pattern.random() ? 1 : samples, 10);
            case "mload" -> mload(samples);
            case "ebb" -> ebb(samples);
            default -> throw new IllegalArgumentException("--metric must be flows, ctopo, mload or ebb, got '" + name + "'");
        };
        long cut = unreachable.sum();
        return cut == 0 ? out : out.put("unreachableRoutes", cut); // on a broken fabric: routes that load no link
    }

    /** Routes of every round that the fabric's holes cut off (tables rerouted around them have no entry). */
    private final java.util.concurrent.atomic.LongAdder unreachable = new java.util.concurrent.atomic.LongAdder();

    private int samplesFor(int requested) {
        if (requested < 1) {
            throw new IllegalArgumentException("--samples must be at least 1, got " + requested);
        }
        return pattern.random() ? requested : 1;
    }

    private static SplittableRandom rng(long seed, int sample) {
        return new SplittableRandom(seed * 0x9E3779B97F4A7C15L + sample * 0xD1B54A32D192ED03L + 1);
    }

    private int[] identity() {
        int[] a = new int[t.hosts()];
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        return a;
    }

    /** Runs every round of one sample through {@code perRound}. */
    private void sample(int s, RoundLoad w, Flows f, int[] mapping, boolean amounts, RoundVisitor perRound) {
        SplittableRandom rnd = rng(seed, s);
        for (int i = 0; i < mapping.length; i++) {
            mapping[i] = i;
        }
        if (pattern.collective()) {
            TrafficPattern.shuffle(mapping, rnd);
        }
        int rounds = pattern.rounds(t.hosts());
        for (int r = 0; r < rounds; r++) {
            pattern.round(r, t, types, mapping, rnd, f);
            w.route(f, amounts);
            perRound.visit(r, f, w);
        }
    }

    private interface RoundVisitor {
        void visit(int round, Flows f, RoundLoad w);
    }

    private final class Worker {
        final RoundLoad w = new RoundLoad(routing);

        {
            w.unreachable = unreachable;
        }
        final Flows f = new Flows(t.hosts());
        final int[] mapping = identity();
    }

    private final ThreadLocal<Worker> workers = ThreadLocal.withInitial(Worker::new);

    private void forSamples(int samples, IntConsumerEx body) {
        AtomicLong done = new AtomicLong();
        long step = Math.max(1, samples / 100);
        IntStream.range(0, samples).parallel().forEach(s -> {
            body.accept(s, workers.get());
            long d = done.incrementAndGet();
            if (d % step == 0 || d == samples) {
                progress.accept(d);
            }
        });
    }

    private interface IntConsumerEx {
        void accept(int sample, Worker worker);
    }

    // ---- flows -------------------------------------------------------------------------------------------

    /** Max number of flows on one directed link, over rounds (and samples). */
    public JsonObject flows(int requestedSamples) {
        int samples = samplesFor(requestedSamples);
        int[] maxPerSample = new int[samples];
        int[] worstRound = new int[samples];
        int[] worstPort = new int[samples];
        forSamples(samples, (s, k) -> sample(s, k.w, k.f, k.mapping, false, (r, f, w) -> {
            for (int i = 0; i < w.touchedCount(); i++) {
                int p = w.touchedPort(i);
                if (w.flowCount[p] > maxPerSample[s]) {
                    maxPerSample[s] = w.flowCount[p];
                    worstRound[s] = r;
                    worstPort[s] = p;
                }
            }
        }));
        int worst = 0;
        for (int s = 1; s < samples; s++) {
            if (maxPerSample[s] > maxPerSample[worst]) {
                worst = s;
            }
        }
        JsonObject o = header("flows", samples);
        o.put("maxFlows", maxPerSample[worst]);
        o.put("meanMaxFlows", Arrays.stream(maxPerSample).average().orElse(0));
        o.put("worstLink", portName(worstPort[worst]));
        if (pattern.rounds(t.hosts()) > 1) {
            o.put("worstRound", worstRound[worst]);
        }
        if (samples > 1) {
            o.put("worstSample", worst);
        }
        return o;
    }

    // ---- C_p / C_topo ------------------------------------------------------------------------------------

    /** 001: C_p = min(#sources, #destinations) of the routes leaving port p; C_topo = max_p C_p. */
    public JsonObject ctopo(int requestedSamples, int worstPorts) {
        int samples = samplesFor(requestedSamples);
        if (samples > 1) {
            throw new IllegalArgumentException("ctopo judges one set of routes; use a fixed pattern or --samples 1");
        }
        // all routes of all rounds: (src, dst, links)
        List<int[]> routes = new ArrayList<>();
        Worker k = new Worker();
        sample(0, k.w, k.f, k.mapping, false, (r, f, w) -> {
            for (int j = 0; j < w.routes; j++) {
                int fl = w.routeFlow[j];
                int[] e = new int[2 + w.routeLen[j]];
                e[0] = f.src(fl);
                e[1] = f.dst(fl);
                System.arraycopy(w.routeLinks, j * w.maxHops, e, 2, w.routeLen[j]);
                routes.add(e);
            }
        });
        int ports = t.portCount();
        int[] srcCount = distinct(routes, ports, 0);
        int[] dstCount = distinct(routes, ports, 1);
        int ctopo = 0;
        List<Integer> used = new ArrayList<>();
        for (int p = 0; p < ports; p++) {
            if (srcCount[p] > 0) {
                used.add(p);
                ctopo = Math.max(ctopo, Math.min(srcCount[p], dstCount[p]));
            }
        }
        used.sort(Comparator.<Integer>comparingInt(p -> -Math.min(srcCount[p], dstCount[p])).thenComparingInt(p -> p));
        JsonArray worst = new JsonArray();
        for (int i = 0; i < Math.min(worstPorts, used.size()); i++) {
            int p = used.get(i);
            worst.add(new JsonObject().put("port", portName(p)).put("cp", Math.min(srcCount[p], dstCount[p]))
                    .put("sources", srcCount[p]).put("destinations", dstCount[p]));
        }
        JsonObject o = header("ctopo", 1);
        o.put("ctopo", ctopo).put("routes", routes.size()).put("portsUsed", used.size());
        final int c = ctopo;
        o.put("portsAtCtopo", used.stream().filter(p -> Math.min(srcCount[p], dstCount[p]) == c).count());
        o.put("worstPorts", worst);
        return o;
    }

    private static int[] distinct(List<int[]> routes, int ports, int field) {
        List<int[]> sorted = new ArrayList<>(routes);
        sorted.sort(Comparator.comparingInt(e -> e[field]));
        int[] count = new int[ports];
        int[] last = new int[ports];
        Arrays.fill(last, -1);
        for (int[] e : sorted) {
            for (int i = 2; i < e.length; i++) {
                int p = e[i];
                if (last[p] != e[field]) {
                    last[p] = e[field];
                    count[p]++;
                }
            }
        }
        return count;
    }

    // ---- max link load and the Lemma 1 lower bound ---------------------------------------------------------

    /**
     * 002: MLOAD = max over links of Σ tm_ij f^k_ij (a pair's amount split evenly over its paths) and
     * ML(TM) = max over subtrees st_k of max(traffic out, traffic in) / TL(k), TL(k) the links leaving st_k
     * (Π_{i<=k} w_i × w_{k+1} p_{k+1} here, with parallel links). Reported for the round with the worst ratio.
     */
    public JsonObject mload(int requestedSamples) {
        int samples = samplesFor(requestedSamples);
        int rounds = pattern.rounds(t.hosts());
        double[] load = new double[samples];
        double[] bound = new double[samples];
        double[] ratio = new double[samples];
        double[] sumRatio = new double[samples];
        forSamples(samples, (s, k) -> sample(s, k.w, k.f, k.mapping, true, (r, f, w) -> {
            double ml = 0;
            for (int i = 0; i < w.touchedCount(); i++) {
                ml = Math.max(ml, w.load[w.touchedPort(i)]);
            }
            double lb = lowerBound(f);
            double q = lb > 0 ? ml / lb : 1;
            sumRatio[s] += q;
            if (q > ratio[s] || r == 0) {
                ratio[s] = q;
                load[s] = ml;
                bound[s] = lb;
            }
        }));
        int worst = 0;
        for (int s = 1; s < samples; s++) {
            if (ratio[s] > ratio[worst]) {
                worst = s;
            }
        }
        JsonObject o = header("mload", samples);
        o.put("mload", load[worst]).put("lowerBound", bound[worst]).put("ratio", ratio[worst]);
        o.put("meanRatio", Arrays.stream(sumRatio).sum() / ((double) samples * rounds));
        o.put("meanMload", Arrays.stream(load).average().orElse(0));
        return o;
    }

    /** ML(TM) of Lemma 1 for one round. */
    double lowerBound(Flows f) {
        int h = t.levels();
        double best = 0;
        for (int k = 0; k < h; k++) {
            long stride = t.hostStride(k);
            int subtrees = (int) (t.hosts() / stride);
            double[] out = new double[subtrees];
            double[] in = new double[subtrees];
            for (int i = 0; i < f.size; i++) {
                int a = (int) (f.src[i] / stride);
                int b = (int) (f.dst[i] / stride);
                if (a != b) {
                    out[a] += f.amount[i];
                    in[b] += f.amount[i];
                }
            }
            double tl = (double) t.copyStride(k) * t.upPorts(k);
            for (int x = 0; x < subtrees; x++) {
                best = Math.max(best, Math.max(out[x], in[x]) / tl);
            }
        }
        return best;
    }

    // ---- effective bisection bandwidth ---------------------------------------------------------------------

    /**
     * 003: a route's congestion π is the most flows on any of its links (a flow on K paths counts 1/K on each),
     * its bandwidth 1/π. A round's value is the mean bandwidth over its flows; a sample's the mean over rounds.
     * Collectives also give π_sum_max = mean over rounds of the worst π and π_sum_avg = mean over rounds of the
     * mean π.
     */
    public JsonObject ebb(int requestedSamples) {
        int samples = samplesFor(requestedSamples);
        int rounds = pattern.rounds(t.hosts());
        double[] bw = new double[samples];
        double[] piSumMax = new double[samples];
        double[] piSumAvg = new double[samples];
        forSamples(samples, (s, k) -> sample(s, k.w, k.f, k.mapping, false, (r, f, w) -> {
            double sumBw = 0;
            double sumPi = 0;
            double maxPi = 0;
            int j = 0;
            for (int i = 0; i < f.size; i++) {
                double pi = 0;
                while (j < w.routes && w.routeFlow[j] == i) {
                    int off = j * w.maxHops;
                    for (int x = 0; x < w.routeLen[j]; x++) {
                        double l = w.load[w.routeLinks[off + x]];
                        if (l > pi) {
                            pi = l;
                        }
                    }
                    j++;
                }
                sumBw += 1 / pi;
                sumPi += pi;
                if (pi > maxPi) {
                    maxPi = pi;
                }
            }
            if (f.size > 0) {
                bw[s] += sumBw / f.size / rounds;
                piSumAvg[s] += sumPi / f.size / rounds;
                piSumMax[s] += maxPi / rounds;
            } else {
                bw[s] += 1.0 / rounds;
            }
        }));
        JsonObject o = header("ebb", samples);
        double mean = Arrays.stream(bw).average().orElse(0);
        o.put("mean", mean);
        o.put("ci95", ci95(bw, mean));
        int[] hist = new int[HISTOGRAM_BINS];
        for (double v : bw) {
            hist[Math.min(HISTOGRAM_BINS - 1, (int) (v * HISTOGRAM_BINS))]++;
        }
        JsonArray h = new JsonArray();
        for (int b = 0; b < HISTOGRAM_BINS; b++) {
            h.add(new JsonObject().put("from", (double) b / HISTOGRAM_BINS).put("to", (double) (b + 1) / HISTOGRAM_BINS)
                    .put("fraction", (double) hist[b] / samples));
        }
        o.put("histogram", h);
        if (pattern.collective() || rounds > 1) {
            double pmax = Arrays.stream(piSumMax).average().orElse(0);
            double pavg = Arrays.stream(piSumAvg).average().orElse(0);
            o.put("piSumMax", pmax).put("piSumAvg", pavg);
            o.put("bandwidthSumMax", pmax > 0 ? 1 / pmax : 1).put("bandwidthSumAvg", pavg > 0 ? 1 / pavg : 1);
        }
        return o;
    }

    static double ci95(double[] v, double mean) {
        if (v.length < 2) {
            return 0;
        }
        double ss = 0;
        for (double x : v) {
            ss += (x - mean) * (x - mean);
        }
        return 1.959964 * Math.sqrt(ss / (v.length - 1)) / Math.sqrt(v.length);
    }

    /** Per-flow congestion π of one round (tests and traces). */
    public double[] congestions(int sampleIndex, int round) {
        Worker k = new Worker();
        double[][] out = new double[1][];
        sample(sampleIndex, k.w, k.f, k.mapping, false, (r, f, w) -> {
            if (r != round) {
                return;
            }
            double[] pis = new double[f.size];
            for (int j = 0; j < w.routes; j++) {
                int off = j * w.maxHops;
                for (int x = 0; x < w.routeLen[j]; x++) {
                    pis[w.routeFlow[j]] = Math.max(pis[w.routeFlow[j]], w.load[w.routeLinks[off + x]]);
                }
            }
            out[0] = pis;
        });
        return out[0];
    }

    private JsonObject header(String metric, int samples) {
        return new JsonObject().put("topology", t.describe()).put("engine", routing.engine()).put("paths", routing.paths())
                .put("pattern", pattern.spec()).put("metric", metric).put("samples", samples).put("seed", seed);
    }

    /** A directed link as the node's tuple and its output port, e.g. (2,0,1,0):down7. */
    public String portName(int port) {
        int node = t.nodeOfPort(port);
        int lp = port - t.portBase(node);
        int down = t.downPorts(t.level(node));
        return t.tuple(node) + ":" + (lp < down ? "down" + lp : "up" + (lp - down));
    }
}
