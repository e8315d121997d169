package org.oft.sim.flit;

/**
 * 95 % confidence intervals on a run's figures by batch means (issue 65): the measured sample is cut into consecutive
 * batches, each figure is also computed per batch, and the interval is the whole sample's figure plus or minus
 * Student's t times the batches' standard error (sectioning: the point estimate stays the run's own, exact figure).
 * Batches are merged in pairs, down to {@link #MIN_BATCHES}, while the lag-1 autocorrelation of the accepted
 * throughput or the mean latency per batch is positive (independent batches' is about -1/batches; short batches of a
 * loaded fabric are positively correlated, and their intervals too narrow: 88 % coverage at 32 batches of 125 cycles
 * against 93 % once merged, FlitIntervalsCoverageTest); {@code independent} says whether the batches the intervals
 * come from are within the bound independent batch means stay within 19 times in 20 (2/sqrt(batches)). A p99 interval
 * is widened to whole cycles, as the figure is. A figure with no value in some batch (no packet born there) has no
 * interval (null); nor has the least flow: a minimum over flows is biased by the sample's length (a longer run's is
 * higher), which no spread of batches bounds.
 *
 * @param accepted flits per host per cycle ejected
 * @param minFlowAccepted null (see above)
 * @param meanLatency cycles, of the packets born in the sample
 * @param p99Latency cycles
 * @param batches how many batches the intervals come from
 * @param lag1 the larger lag-1 autocorrelation of the accepted throughput and the mean latency per batch (NaN: no spread)
 * @param independent the batch means pass the lag-1 check
 * @param latencyTrend how much the batches' mean latency grows every 1,000 cycles of the sample (least squares; NaN
 *                     without a latency in every batch)
 * @param saturated the run is past saturation: its latency grows significantly (the trend's t above Student's 97.5th
 *                  percentile) while the accepted throughput stays below what was offered, beyond its interval; its
 *                  mean latency is then of the packets that got through, not a steady figure
 */
public record FlitIntervals(Interval accepted, Interval minFlowAccepted, Interval meanLatency, Interval p99Latency,
                            int batches, double lag1, boolean independent, double latencyTrend, boolean saturated) {
    /** Fewer batches than this give intervals too wide to be worth merging further for. */
    static final int MIN_BATCHES = 8;

    /** A figure and its 95 % interval. */
    public record Interval(double value, double low, double high) {
        /** Half the interval's width. */
        public double half() {
            return (high - low) / 2;
        }
    }

    /** A run's batches, merged across lanes: what {@link #of} reads. */
    record Batches(long[] cycles, long[] ejected, long[] latencySum, long[] latencyCount, long[][] histogram) {
        int count() {
            return cycles.length;
        }

        /** Adjacent batches joined in pairs (an odd last one joins the pair before it). */
        Batches halved() {
            int n = count() / 2;
            long[] c = new long[n];
            long[] e = new long[n];
            long[] s = new long[n];
            long[] k = new long[n];
            long[][] h = new long[n][];
            for (int i = 0; i < count(); i++) {
                int j = Math.min(n - 1, i / 2);
                c[j] += cycles[i];
                e[j] += ejected[i];
                s[j] += latencySum[i];
                k[j] += latencyCount[i];
                h[j] = add(h[j], histogram[i]);
            }
            return new Batches(c, e, s, k, h);
        }

        private static long[] add(long[] into, long[] more) {
            if (into == null) {
                return more.clone();
            }
            for (int i = 0; i < into.length; i++) {
                into[i] += more[i];
            }
            return into;
        }
    }

    /**
     * The intervals of a run whose whole-sample figures are given, from its batches; {@code hosts} divides the accepted
     * throughput; {@code offered} is what the hosts generated, per host and cycle.
     */
    static FlitIntervals of(Batches b, int hosts, double offered, double accepted, double meanLatency, long p99) {
        double lag1;
        while (true) {
            lag1 = larger(lag1(acceptedBy(b, hosts)), lag1(meanBy(b)));
            if (b.count() < 2 * MIN_BATCHES || !(lag1 > 0)) {
                break;
            }
            b = b.halved();
        }
        boolean independent = !(lag1 > 2 / Math.sqrt(b.count()));
        double[] p99s = new double[b.count()];
        for (int i = 0; i < b.count(); i++) {
            p99s[i] = quantile(b.histogram()[i], 0.99);
        }
        Interval p99Interval = around(p99, p99s);
        if (p99Interval != null) {
            p99Interval = new Interval(p99, Math.floor(p99Interval.low()), Math.ceil(p99Interval.high()));
        }
        Interval acceptedInterval = around(accepted, acceptedBy(b, hosts));
        double[] trend = trend(b, meanBy(b));
        boolean saturated = acceptedInterval != null && acceptedInterval.high() < offered && trend[1] > StudentT.quantile975(b.count() - 2);
        return new FlitIntervals(acceptedInterval, null, around(meanLatency, meanBy(b)), p99Interval, b.count(), lag1, independent,
                trend[0], saturated);
    }

    /**
     * The least-squares slope of {@code y} (one value a batch) against each batch's middle cycle, per 1,000 cycles, and
     * its t statistic; NaN for both when a batch has no value or the batches are too few.
     */
    static double[] trend(Batches b, double[] y) {
        int k = y.length;
        if (k < 3) {
            return new double[] {Double.NaN, Double.NaN};
        }
        double[] x = new double[k];
        double at = 0;
        for (int i = 0; i < k; i++) {
            if (Double.isNaN(y[i])) {
                return new double[] {Double.NaN, Double.NaN};
            }
            x[i] = (at + b.cycles()[i] / 2.0) / 1000;
            at += b.cycles()[i];
        }
        double mx = 0;
        double my = 0;
        for (int i = 0; i < k; i++) {
            mx += x[i] / k;
            my += y[i] / k;
        }
        double sxx = 0;
        double sxy = 0;
        for (int i = 0; i < k; i++) {
            sxx += (x[i] - mx) * (x[i] - mx);
            sxy += (x[i] - mx) * (y[i] - my);
        }
        double slope = sxy / sxx;
        double sse = 0;
        for (int i = 0; i < k; i++) {
            double r = y[i] - my - slope * (x[i] - mx);
            sse += r * r;
        }
        double se = Math.sqrt(sse / (k - 2) / sxx);
        return new double[] {slope, se == 0 ? (slope > 0 ? Double.POSITIVE_INFINITY : 0) : slope / se};
    }

    /** The larger of two, a NaN (no value) counting as none. */
    private static double larger(double a, double b) {
        return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.max(a, b);
    }

    private static double[] acceptedBy(Batches b, int hosts) {
        double[] out = new double[b.count()];
        for (int i = 0; i < out.length; i++) {
            out[i] = (double) b.ejected()[i] / ((double) hosts * b.cycles()[i]);
        }
        return out;
    }

    private static double[] meanBy(Batches b) {
        double[] out = new double[b.count()];
        for (int i = 0; i < out.length; i++) {
            out[i] = b.latencyCount()[i] == 0 ? Double.NaN : (double) b.latencySum()[i] / b.latencyCount()[i];
        }
        return out;
    }

    /** The smallest latency at or below which a share {@code q} of a histogram's packets arrived; NaN for none. */
    static double quantile(long[] histogram, double q) {
        long total = 0;
        for (long n : histogram) {
            total += n;
        }
        if (total == 0) {
            return Double.NaN;
        }
        long seen = 0;
        for (int i = 0; i < histogram.length; i++) {
            seen += histogram[i];
            if (seen >= q * total) {
                return i;
            }
        }
        return histogram.length - 1;
    }

    /**
     * A figure from independent replications (runs of their own seeds): their mean plus or minus t times its standard
     * error; null with fewer than two, or when one has no value.
     */
    public static Interval ofReplications(double[] values) {
        double mean = 0;
        for (double v : values) {
            mean += v / values.length;
        }
        return around(mean, values);
    }

    /** {@code value} plus or minus t times the standard error of {@code batches}; null when a batch has no value. */
    static Interval around(double value, double[] batches) {
        int k = batches.length;
        if (k < 2 || Double.isNaN(value)) {
            return null;
        }
        double sum = 0;
        for (double x : batches) {
            if (Double.isNaN(x)) {
                return null;
            }
            sum += x;
        }
        double mean = sum / k;
        double ss = 0;
        for (double x : batches) {
            ss += (x - mean) * (x - mean);
        }
        double half = StudentT.quantile975(k - 1) * Math.sqrt(ss / (k - 1) / k);
        return new Interval(value, value - half, value + half);
    }

    /** The lag-1 autocorrelation of a series; NaN when it has a gap or no spread. */
    static double lag1(double[] x) {
        int k = x.length;
        double mean = 0;
        for (double v : x) {
            mean += v;
        }
        mean /= k;
        double num = 0;
        double den = 0;
        for (int i = 0; i < k; i++) {
            den += (x[i] - mean) * (x[i] - mean);
            if (i > 0) {
                num += (x[i] - mean) * (x[i - 1] - mean);
            }
        }
        return den == 0 ? Double.NaN : num / den;
    }

    /** Student's t distribution's 97.5th percentile, by degrees of freedom. */
    static final class StudentT {
        private static final double[] T975 = {Double.NaN, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262,
            2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060,
            2.056, 2.052, 2.048, 2.045, 2.042, 2.040};

        private StudentT() {
        }

        static double quantile975(int df) {
            return df < T975.length ? T975[df] : 1.960 + 2.4 / df; // (beyond the table: within 0.002 of the exact value)
        }
    }
}
