package org.oft.controller.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oft.controller.fattree.ib.IbnetImportTest;

/** `oftctl flit`: one run or a sweep, as a table or as JSON, from an engine or from a fabric's own table dump. */
class FlitCommandTest {
    /** The rows of the text table, each as column name to value. */
    private static List<Map<String, String>> rows(String out) {
        List<String> lines = out.lines().filter(l -> !l.startsWith("#")).toList();
        String[] head = lines.get(0).split(",");
        return lines.subList(1, lines.size()).stream().map(l -> {
            String[] v = l.split(",");
            assertEquals(head.length, v.length, l);
            Map<String, String> m = new HashMap<>();
            for (int i = 0; i < v.length; i++) {
                m.put(head[i], v[i]);
            }
            return m;
        }).toList();
    }

    @Test
    void aRunIsOneRowOfATableUnderItsConfigurationWithItsLatencyHistogramBelow() {
        OftctlTest.Run r = OftctlTest.run("flit", "--topology", "kary:4,3", "--traffic", "shift:5", "--load", "0.5", "--sample", "1000",
                "--warmup", "200");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(5, lines.size(), r.out());
        assertEquals("# PGFT(3;4,4,4;1,4,4;1,1,1), dmodk, 1 path, shift:5 traffic; 4 VCs x 16 flits, 1-flit packets, credit delay 2, "
                + "channel latency 1, injection delay 0, ejection delay 0, wormhole, round robin", lines.get(0));
        Map<String, String> row = rows(r.out()).get(0);
        assertEquals("0.5", row.get("load"));
        assertEquals(0.5, Double.parseDouble(row.get("offered")), 0.02, "every host sends: what they generate is the load");
        assertEquals(0.5, Double.parseDouble(row.get("accepted")), 0.01, "D-mod-K carries a shift permutation without contention");
        assertEquals("0", row.get("misdelivered"));
        assertEquals("0", row.get("undelivered"));
        assertEquals("false", row.get("deadlock"));
        assertEquals(3, row.get("utilisation_by_level").split(" ").length);
        // every figure with its 95 % interval (issue 65), which holds the figure
        for (String[] f : new String[][] {{"accepted", "accepted_ci95"}, {"mean_latency", "mean_latency_ci95"}, {"p99_latency", "p99_latency_ci95"}}) {
            String[] lowHigh = row.get(f[1]).split(" ");
            double v = Double.parseDouble(row.get(f[0]));
            assertTrue(Double.parseDouble(lowHigh[0]) <= v && v <= Double.parseDouble(lowHigh[1]), f[0] + " " + v + " in " + row.get(f[1]));
        }
        assertTrue(row.get("ci_from").matches("(8|16|32) batches"), row.toString());
        assertEquals("steady", row.get("verdict"), "shift:5 at 0.5 on D-mod-K runs without contention");
        assertTrue(lines.get(3).startsWith("# 95 % intervals from ") && lines.get(3).contains("none for min_flow"), lines.get(3));
        assertTrue(lines.get(4).startsWith("# latency in cycles: packets  "), lines.get(4));
    }

    /**
     * Independent replications (issue 65): each figure is their mean and its interval their spread; the first
     * replication is the plain run of --seed, and the intervals hold the figures.
     */
    @Test
    void replicationsGiveEachFigureTheirMeanAndSpread() {
        String[] run = {"flit", "--topology", "kary:4,2", "--traffic", "uniform", "--load", "0.5", "--sample", "2000", "--warmup", "500"};
        OftctlTest.Run one = OftctlTest.run(concat(run, new String[] {"--json"}));
        OftctlTest.Run five = OftctlTest.run(concat(run, new String[] {"--replications", "5", "--json"}));
        assertEquals(0, five.code(), five.err());
        JsonObject a = new JsonObject(one.out());
        JsonObject b = new JsonObject(five.out());
        JsonObject ci = b.getJsonObject("ci95");
        assertEquals(5, ci.getInteger("replications"));
        assertEquals(5, ci.getJsonArray("seeds").size());
        assertTrue(a.getJsonObject("ci95").getInteger("batches") > 0, "one run: batch means");
        for (String f : new String[] {"accepted", "meanLatency", "p99Latency", "minFlowAccepted"}) {
            JsonArray lowHigh = ci.getJsonArray(f);
            double v = b.getDouble(f);
            assertTrue(lowHigh.getDouble(0) <= v && v <= lowHigh.getDouble(1), f + " " + v + " in " + lowHigh);
            assertTrue(lowHigh.getDouble(0) < lowHigh.getDouble(1) || f.equals("p99Latency"), f + ": five seeds differ " + lowHigh);
        }
        assertTrue(Math.abs(a.getDouble("accepted") - b.getDouble("accepted")) < 0.02, a.getDouble("accepted") + " against " + b.getDouble("accepted"));
        OftctlTest.Run text = OftctlTest.run(concat(run, new String[] {"--replications", "3"}));
        assertTrue(text.out().contains("# 95 % intervals from 3 independent replications (seeds ["), text.out());
        assertEquals("3 replications", rows(text.out()).get(0).get("ci_from"));
        assertEquals(2, OftctlTest.run(concat(run, new String[] {"--replications", "0"})).code());
    }

    /**
     * Run length by precision (issue 65): the sample doubles from 2,000 cycles until the accepted throughput's and the
     * mean latency's intervals are within the precision asked; a cap says how far it got; a saturated run stops at once.
     */
    @Test
    void aRunGoesOnUntilItsIntervalsAreAsPreciseAsAsked() {
        String[] run = {"flit", "--topology", "kary:4,3", "--traffic", "uniform", "--warmup", "1000", "--json"};
        JsonObject loose = new JsonObject(OftctlTest.run(concat(run, new String[] {"--load", "0.5", "--precision", "2%"})).out());
        JsonObject tight = new JsonObject(OftctlTest.run(concat(run, new String[] {"--load", "0.5", "--precision", "0.4%"})).out());
        for (JsonObject j : List.of(loose, tight)) {
            JsonObject p = j.getJsonObject("ci95").getJsonObject("precision");
            assertTrue(p.getBoolean("met") && p.getDouble("reached") <= p.getDouble("asked"), p.encode());
            for (String f : new String[] {"accepted", "meanLatency"}) {
                JsonArray ci = j.getJsonObject("ci95").getJsonArray(f);
                assertTrue((ci.getDouble(1) - ci.getDouble(0)) / 2 <= p.getDouble("asked") * j.getDouble(f) + 1e-12, f + " " + ci + " " + p.encode());
            }
        }
        long first = loose.getJsonObject("ci95").getJsonObject("precision").getLong("sample");
        long refined = tight.getJsonObject("ci95").getJsonObject("precision").getLong("sample");
        assertTrue(first == 2000 && refined > first && Long.bitCount(refined / 2000) == 1, "doubling from 2,000: " + first + ", " + refined);
        OftctlTest.Run capped = OftctlTest.run("flit", "--topology", "kary:4,3", "--traffic", "uniform", "--load", "0.5", "--precision", "0.05%",
                "--max-cycles", "8000");
        assertTrue(capped.out().contains("; precision NOT reached: ±") && capped.out().contains("at --max-cycles (8,000 measured cycles)"), capped.out());
        JsonObject past = new JsonObject(OftctlTest.run(concat(run, new String[] {"--load", "0.95", "--precision", "1%"})).out());
        assertEquals(2000, past.getJsonObject("ci95").getJsonObject("precision").getLong("sample"), "saturated: no precision to wait for");
        assertTrue(past.getJsonObject("ci95").getBoolean("saturated"));
        OftctlTest.Run bad = OftctlTest.run("flit", "--topology", "kary:4,3", "--precision", "1");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--precision must be a percentage from 0.01% to 50%, such as 1%, got '1'"), bad.err());
    }

    /**
     * An imported fabric with holes is simulated as it is, not as the whole tree: the tables route around the
     * missing cable, and a missing host neither sends nor is sent to.
     */
    @Test
    void anImportedFabricWithHolesIsSimulatedAsItIs(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        String net = dir.resolve("m.net").toString();
        OftctlTest.Run export = OftctlTest.run("fattree", "export", "--topology", "kary:4,3", "--fail", "link:(1,0,0,0):5", "--fail", "host:9",
                "-o", net);
        assertEquals(0, export.code(), export.err());
        String[] run = {"--traffic", "shift:5", "--load", "0.5", "--sample", "1000", "--warmup", "200"};
        OftctlTest.Run whole = OftctlTest.run(concat(new String[] {"flit", "--topology", "kary:4,3"}, run));
        OftctlTest.Run holed = OftctlTest.run(concat(new String[] {"flit", "--topology", "ibnet:" + net}, run));
        assertEquals(0, holed.code(), holed.err());
        Map<String, String> w = rows(whole.out()).get(0);
        Map<String, String> h = rows(holed.out()).get(0);
        // 63 of 64 hosts send, and those that would send to host 9 do not: less is offered than the whole tree's
        double offered = Double.parseDouble(h.get("offered"));
        assertTrue(offered < Double.parseDouble(w.get("offered")) - 0.005 && offered > 0.45, h + " against " + w);
        assertEquals("0", h.get("misdelivered"));
        assertEquals("0", h.get("undelivered"), "no packet goes where the fabric cannot take it");
        assertEquals("false", h.get("deadlock"));
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void aSweepIsOneRowPerLoadAndNamesTheSaturationLoadInTextAndInJson() {
        String[] sweep = {"flit", "--topology", "kary:4,3", "--traffic", "uniform", "--sweep", "0.3:0.9:0.3", "--sample", "1000",
            "--warmup", "300"};
        OftctlTest.Run text = OftctlTest.run(sweep);
        assertEquals(0, text.code(), text.err());
        List<Map<String, String>> rows = rows(text.out());
        assertEquals(List.of("0.3", "0.6", "0.9"), rows.stream().map(m -> m.get("load")).toList());
        assertTrue(text.out().endsWith("# saturation load 0.6\n"), text.out());
        assertTrue(Double.parseDouble(rows.get(2).get("accepted")) < 0.8, "uniform traffic saturates the 4-ary 3-tree below 0.8");
        assertEquals(List.of("steady", "steady", "saturated"), rows.stream().map(m -> m.get("verdict")).toList(),
                "past saturation a run says so (issue 65)");

        String[] asJson = java.util.Arrays.copyOf(sweep, sweep.length + 1);
        asJson[sweep.length] = "--json";
        OftctlTest.Run json = OftctlTest.run(asJson);
        JsonObject j = new JsonObject(json.out());
        assertEquals(0.6, j.getDouble("saturationLoad"), 1e-9);
        JsonArray runs = j.getJsonArray("runs");
        assertEquals(3, runs.size());
        for (int i = 0; i < 3; i++) { // the same runs as the table
            assertEquals(rows.get(i).get("accepted"), String.format(java.util.Locale.ROOT, "%.4f", runs.getJsonObject(i).getDouble("accepted")));
            JsonObject ci = runs.getJsonObject(i).getJsonObject("ci95");
            JsonArray accepted = ci.getJsonArray("accepted");
            assertTrue(accepted.getDouble(0) <= runs.getJsonObject(i).getDouble("accepted")
                    && runs.getJsonObject(i).getDouble("accepted") <= accepted.getDouble(1), ci.encode());
            assertTrue(ci.getInteger("batches") >= 8 && ci.containsKey("minFlowAccepted") && ci.getValue("minFlowAccepted") == null, ci.encode());
        }
    }

    /**
     * A pattern that maps some hosts to themselves leaves them silent: the saturation test compares what
     * is accepted with what the hosts generated, not with the load times all hosts. BookSim2's figures
     * for this tree and routing (../shared/peers/booksim2): transpose 0.20, bitrev 0.25, shuffle 0.45.
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0}: saturation within one step of {1}")
    @org.junit.jupiter.params.provider.CsvSource({"transpose,0.20", "bitrev,0.25", "shuffle,0.45"})
    void patternsWithSilentHostsSaturateWhereBookSimSays(String pattern, double bookSim) {
        OftctlTest.Run r = OftctlTest.run("flit", "--topology", "kary:4,3", "--traffic", pattern, "--sweep", "0.05:0.7:0.05",
                "--warmup", "500", "--sample", "3000", "--json");
        assertEquals(0, r.code(), r.err());
        JsonObject j = new JsonObject(r.out());
        Double saturation = j.getDouble("saturationLoad");
        assertTrue(saturation != null && Math.abs(saturation - bookSim) <= 0.05 + 1e-9, pattern + ": " + saturation);
    }

    /**
     * Saturation by search (issue 65): bisection to 0.005 between 0.05 and 0.7 finds, in at most 8 runs, what the
     * sweep of 0.05 steps finds (within its step) and what BookSim2 says for the same tree and routing.
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0}: saturation within one step of {1}")
    @org.junit.jupiter.params.provider.CsvSource({"transpose,0.20", "bitrev,0.25", "shuffle,0.45"})
    void bisectionFindsTheSaturationLoadInEightRuns(String pattern, double bookSim) {
        OftctlTest.Run r = OftctlTest.run("flit", "--topology", "kary:4,3", "--traffic", pattern, "--find-saturation", "0.05:0.7",
                "--warmup", "500", "--sample", "3000", "--json");
        assertEquals(0, r.code(), r.err());
        JsonObject j = new JsonObject(r.out());
        Double saturation = j.getDouble("saturationLoad");
        assertTrue(saturation != null && Math.abs(saturation - bookSim) <= 0.05 + 1e-9, pattern + ": " + saturation);
        assertTrue(j.getJsonArray("runs").size() <= 8, pattern + ": " + j.getJsonArray("runs").size() + " runs");
        assertEquals(8, j.getJsonObject("search").getInteger("runs"));
        OftctlTest.Run text = OftctlTest.run("flit", "--topology", "kary:4,3", "--traffic", pattern, "--find-saturation", "0.05:0.7",
                "--warmup", "500", "--sample", "3000");
        assertTrue(text.out().contains("# saturation load " + FlitCommand.load(saturation) + " (sustained; "), text.out());
    }

    @Test
    void offeredIsWhatTheHostsGeneratedAndLoadsPrintAsAsked() {
        // transpose on 64 hosts: the 8 whose two halves are equal send to themselves, so they send nothing
        OftctlTest.Run r = OftctlTest.run("flit", "--topology", "kary:4,3", "--traffic", "transpose", "--load", "0.1", "--sample", "20000",
                "--json");
        JsonObject j = new JsonObject(r.out());
        assertEquals(0.1, j.getDouble("load"), 1e-12);
        assertEquals(0.1 * 56 / 64, j.getDouble("offered"), 0.004);
        assertEquals(j.getDouble("offered"), j.getDouble("accepted"), 0.004, "below saturation what is generated arrives");

        OftctlTest.Run sweep = OftctlTest.run("flit", "--topology", "kary:4,3", "--sweep", "0.05:0.65:0.3", "--sample", "500");
        assertEquals(List.of("0.05", "0.35", "0.65"), rows(sweep.out()).stream().map(m -> m.get("load")).toList());
        assertTrue(sweep.out().endsWith("# saturation load 0.65\n"), sweep.out());
    }

    @Test
    void aFabricsOwnTablesFromOpenSmForwardEveryPacketToItsHost() {
        OftctlTest.Run r = OftctlTest.run("flit", "--topology", "ibnet:" + IbnetImportTest.fixture("4ary3/ibnetdiscover.out"), "--lft",
                IbnetImportTest.fixture("4ary3/opensm-lfts.dump").toString(), "--traffic", "uniform", "--load", "0.4", "--sample", "1000",
                "--warmup", "200");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("# PGFT(3;4,4,4;1,4,4;1,1,1), file "), r.out());
        Map<String, String> row = rows(r.out()).get(0);
        assertEquals(0.4, Double.parseDouble(row.get("accepted")), 0.02);
        assertEquals("0", row.get("misdelivered"));
        assertEquals("0", row.get("unroutable"));
        assertEquals("0", row.get("loops"));
        assertEquals("0", row.get("undelivered"));
    }
}
