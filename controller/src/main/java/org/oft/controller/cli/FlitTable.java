package org.oft.controller.cli;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.util.Locale;

/** {@code oftctl flit}'s text form: a CSV table under its configuration, intervals and verdicts in words. */
final class FlitTable {
    private FlitTable() {
    }

    /**
     * The text form: the configuration as a comment, then one CSV row per load (anomalies and
     * utilisation by level included); a sweep ends with its saturation load, a single run with its
     * latency histogram in power-of-two bins.
     */
    static void print(PrintWriter w, JsonObject out, JsonArray runs, String saturation) {
        JsonObject par = out.getJsonObject("parameters");
        w.printf(Locale.ROOT, "# %s, %s, %d path%s, %s traffic; %d VCs x %d flits, %d-flit packets, credit delay %d, channel latency %d, "
                        + "injection delay %d, ejection delay %d, %s, %s%n", out.getString("topology"), out.getString("engine"), out.getInteger("paths"),
                out.getInteger("paths") == 1 ? "" : "s", out.getString("traffic"), par.getInteger("vcs"), par.getInteger("buffer"),
                par.getInteger("packet"), par.getInteger("creditDelay"), par.getInteger("channelLatency"), par.getInteger("injectionDelay"),
                par.getInteger("ejectionDelay"), par.getString("switching"), "age".equals(par.getString("arbitration")) ? "oldest first" : "round robin");
        w.println("load,offered,accepted,min_flow,mean_latency,p99_latency,packets,undelivered,transmit_wait,misdelivered,loops,unroutable,"
                + "dead_link_waits,deadlock,utilisation_by_level,accepted_ci95,mean_latency_ci95,p99_latency_ci95,ci_from,verdict");
        for (int i = 0; i < runs.size(); i++) {
            JsonObject o = runs.getJsonObject(i);
            JsonObject a = o.getJsonObject("anomalies");
            StringBuilder util = new StringBuilder();
            for (Object u : o.getJsonArray("utilisationByLevel")) {
                util.append(util.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.3f", ((Number) u).doubleValue()));
            }
            Double mean = o.getDouble("meanLatency");
            JsonObject ci = o.getJsonObject("ci95", new JsonObject().put("batches", 0)); // (a run kept before intervals: none)
            w.printf(Locale.ROOT, "%s,%.4f,%.4f,%.4f,%s,%d,%d,%d,%d,%d,%d,%d,%d,%s,%s,%s,%s,%s,%s,%s%n", load(o.getDouble("load")), o.getDouble("offered"),
                    o.getDouble("accepted"),
                    o.getDouble("minFlowAccepted"), mean == null ? "-" : String.format(Locale.ROOT, "%.2f", mean), o.getLong("p99Latency"),
                    o.getLong("measuredPackets"), o.getLong("undelivered"), o.getLong("transmitWait"), a.getLong("misdelivered"),
                    a.getLong("loops"), a.getLong("unroutable"), a.getLong("deadLinkWaits"), a.getBoolean("deadlock"), util,
                    range(ci.getJsonArray("accepted"), "%.4f"), range(ci.getJsonArray("meanLatency"), "%.2f"),
                    range(ci.getJsonArray("p99Latency"), "%.0f"), from(ci),
                    ci.getBoolean("saturated", false) ? "saturated" : "steady");
        }
        if (saturation != null) {
            w.println("# saturation load " + saturation);
        } else {
            w.println("# " + intervalsLine(runs.getJsonObject(0).getJsonObject("ci95")));
            w.println("# latency in cycles: packets  " + binned(runs.getJsonObject(0).getJsonArray("latencyHistogram")));
        }
    }

    /** Where a run's intervals come from: "8 batches", "5 replications", or "-" for none. */
    private static String from(JsonObject ci) {
        return ci.containsKey("replications") ? ci.getInteger("replications") + " replications"
                : ci.getInteger("batches", 0) > 0 ? ci.getInteger("batches") + " batches" : "-";
    }

    /** What a single run's intervals are and where they come from, in words, and the precision asked for, if any. */
    static String intervalsLine(JsonObject ci) {
        JsonObject p = ci == null ? null : ci.getJsonObject("precision");
        if (p == null) {
            return intervals(ci);
        }
        Double reached = p.getDouble("reached");
        String said = reached == null ? "none" : String.format(Locale.ROOT, "±%.2f %%", 100 * reached);
        String how = ci.getBoolean("saturated", false) ? "; saturated, so no precision to reach: stopped at %s (±%.2f %% asked), %,d measured cycles"
                : p.getBoolean("met") ? "; precision %s reached (±%.2f %% asked) in %,d measured cycles"
                : "; precision NOT reached: %s against ±%.2f %% asked, at --max-cycles (%,d measured cycles)";
        return intervals(ci) + String.format(Locale.ROOT, how, said, 100 * p.getDouble("asked"), p.getLong("sample"));
    }

    private static String intervals(JsonObject ci) {
        if (ci != null && ci.containsKey("replications")) {
            return String.format(Locale.ROOT, "95 %% intervals from %d independent replications (seeds %s): accepted %s, mean latency %s, "
                            + "p99 latency %s, min_flow %s%s", ci.getInteger("replications"), ci.getJsonArray("seeds").encode(),
                    bracket(ci.getJsonArray("accepted"), "%.4f"), bracket(ci.getJsonArray("meanLatency"), "%.2f"),
                    bracket(ci.getJsonArray("p99Latency"), "%.0f"), bracket(ci.getJsonArray("minFlowAccepted"), "%.4f"),
                    ci.getBoolean("saturated", false) ? "; SATURATED in every replication" : "");
        }
        if (ci == null || ci.getInteger("batches", 0) == 0) {
            return "no intervals: the run kept no batches";
        }
        Double lag1 = ci.getDouble("lag1");
        String saturated = !ci.getBoolean("saturated", false) ? "" : String.format(Locale.ROOT, "; SATURATED: the mean latency grows by %.2f "
                + "cycles every 1,000 cycles while less is accepted than offered, so it is of the packets that got through, not a "
                + "steady figure", ci.getDouble("latencyTrend", Double.NaN));
        return String.format(Locale.ROOT, "95 %% intervals from %d batch means (lag-1 autocorrelation %s%s): accepted %s, mean latency %s, "
                        + "p99 latency %s; none for min_flow (a minimum over flows is biased by the sample's length)", ci.getInteger("batches"),
                lag1 == null ? "-" : String.format(Locale.ROOT, "%.2f", lag1),
                ci.getBoolean("independent") ? "" : ", above the bound for independent batches: a longer --sample gives a sounder interval",
                bracket(ci.getJsonArray("accepted"), "%.4f"), bracket(ci.getJsonArray("meanLatency"), "%.2f"),
                bracket(ci.getJsonArray("p99Latency"), "%.0f")) + saturated;
    }

    private static String bracket(JsonArray lowHigh, String format) {
        return lowHigh == null ? "none (a batch without packets)" : String.format(Locale.ROOT, "[" + format + ", " + format + "]",
                lowHigh.getDouble(0), lowHigh.getDouble(1));
    }

    /** An interval as a CSV cell: "low high" (space-separated, as utilisation_by_level), "-" for none. */
    private static String range(JsonArray lowHigh, String format) {
        return lowHigh == null ? "-" : String.format(Locale.ROOT, format + " " + format, lowHigh.getDouble(0), lowHigh.getDouble(1));
    }

    /** A load as asked for: 0.65, 0.5, 1 (no float noise, no trailing zeros). */
    static String load(double load) {
        return java.math.BigDecimal.valueOf(load).stripTrailingZeros().toPlainString();
    }

    /** A latency histogram ([cycles, packets] pairs) in power-of-two bins: "4-7: 2922, 8-15: 44975, ...". */
    static String binned(JsonArray histogram) {
        java.util.TreeMap<Integer, Long> bins = new java.util.TreeMap<>();
        for (Object o : histogram) {
            JsonArray pair = (JsonArray) o;
            int cycles = pair.getInteger(0);
            int bin = cycles == 0 ? 0 : 32 - Integer.numberOfLeadingZeros(cycles); // 0; 1; 2-3; 4-7; ...
            bins.merge(bin, pair.getLong(1), Long::sum);
        }
        StringBuilder sb = new StringBuilder();
        bins.forEach((bin, n) -> {
            int lo = bin == 0 ? 0 : 1 << (bin - 1);
            int hi = bin == 0 ? 0 : (1 << bin) - 1;
            sb.append(sb.length() == 0 ? "" : ", ").append(lo == hi ? Integer.toString(lo) : lo + "-" + hi).append(": ").append(n);
        });
        return sb.length() == 0 ? "none measured" : sb.toString();
    }

}
