package org.oft.controller.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

public class OftctlTest {

    /** What one oftctl invocation gave: exit code, standard output, standard error. */
    public record Run(int code, String out, String err) {
    }

    /** Runs oftctl in-process, as the launcher would. */
    public static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Oftctl.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new Run(code, out.toString(), err.toString());
    }

    /** Every file a command's help example names is in the repository, and the bench file's example runs. */
    @Test
    void everyFileAHelpExampleNamesIsShipped() throws Exception {
        java.nio.file.Path root = java.nio.file.Path.of("").toAbsolutePath().getParent(); // tests run in controller/
        java.util.regex.Pattern named = java.util.regex.Pattern.compile("oftctl [^\"]*?(examples/[A-Za-z0-9_./-]+)");
        java.util.List<String> missing = new java.util.ArrayList<>();
        int seen = 0;
        try (var files = java.nio.file.Files.list(root.resolve("controller/src/main/java/org/oft/controller/cli"))) {
            for (java.nio.file.Path f : files.filter(x -> x.toString().endsWith(".java")).toList()) {
                java.util.regex.Matcher m = named.matcher(java.nio.file.Files.readString(f));
                while (m.find()) {
                    seen++;
                    if (!java.nio.file.Files.isRegularFile(root.resolve(m.group(1)))) {
                        missing.add(f.getFileName() + ": " + m.group(1));
                    }
                }
            }
        }
        assertTrue(seen >= 3, "examples naming files: " + seen);
        assertEquals(java.util.List.of(), missing);
        Run sim = run("sim", "--order", "6", "--slots", "50", "--bench", root.resolve("examples/bench/order6-lab.txt").toString());
        assertEquals(0, sim.code(), sim.err());
    }

    @Test
    void debruijnOrderFourPrintsThePapersSequence() {
        Run r = run("debruijn", "--order", "4");
        assertEquals(0, r.code());
        assertEquals("0000111101100101\n", r.out());
        Run lit = run("debruijn", "--order", "4", "--generator", "prefer-one", "--json");
        JsonObject j = new JsonObject(lit.out());
        assertEquals(4, j.getInteger("order"));
        assertEquals(16, j.getInteger("length"));
        assertEquals("0000111101100101", j.getString("sequence"));
    }

    @Test
    void debruijnCheckSaysWhyNot() {
        Run bad = run("debruijn", "--check", "00011110");
        assertEquals(1, bad.code());
        assertTrue(bad.out().startsWith("not a de Bruijn sequence: window"), bad.out());
        assertEquals(0, run("debruijn", "--check", "00011101").code());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "debruijn --order 0|order must be between 1 and 30, got 0",
        "debruijn --order 31|order must be between 1 and 30, got 31",
        "debruijn --order x|Invalid value for option '--order': 'x' is not an int",
        "debruijn --order 4 --generator magic|unknown generator 'magic' (use prefer-one or fast)",
        "tables --order 13|all processors' tables of order 13 are 4^13 rows; name one with --processor (all are printed up to order 12)",
        "tables --order 3 --processor 8|processor must be between 0 and 7, got 8",
        "tables --order 3 --latency -1|latency must be between 0 and 4096 slots, got -1",
        "feasibility --order 6 --bandwidth-gbps 0|bandwidth (Gb/s) must be a positive number, got 0.0",
        "hrelation --order 4 --h 0|h must be at least 1, got 0",
        "hrelation --order 13 --h 1|h-relations are routed on orders 1..12 (n² send buffers), got 13",
        "hrelation --order 3 --h 2 --schedule valiant|unknown schedule 'valiant' (use direct or two-phase)",
        "serve --board bogus|unknown board 'bogus' (use sim, sim-lab[:PPM or :free], sim-pty, rtl-pty, rtl-lab[:PPM], bench:FILE, serial:/dev/ttyUSB0[@baud] or uio:/dev/uio0)",
        "board-sim --rtl --pty --order 7|the RTL bench is built for orders 1..6, got 7",
        "board-sim --rtl --order 4|--rtl serves its boards behind pseudo-terminals: add --pty",
        "board-sim --rtl --pty --baud 9600|--baud applies to the Java model (the RTL bench's UART runs at its built rate)",
        "board-sim --rtl --pty --ports 3|the RTL bench has 1..2 management ports, got 3",
        "boards conform --board sim|conform reaches boards over a link: use serial:..., uio:..., bench:FILE, sim-pty or rtl-pty",
        "serve --board serial:/dev/ttyNOPE@115200|serial /dev/ttyNOPE: cannot open (Port not found)",
        "serve --board uio:/nonexistent/uio9|register window /nonexistent/uio9: cannot open (no such file or directory, errno 2)",
        "serve --order 17|the built-in board model runs orders 1..16, got 17",
        "frobnicate|Unmatched argument at index 0: 'frobnicate'",
        "sim --order 4 --slots 10 --bench /nonexistent/bench.txt|bench file /nonexistent/bench.txt does not exist",
        "sim --order 4 --slots 10 --fault skew:router-9:10|fault 'skew:router-9:10': level must be between 1 and 4, got 9",
        "sim --order 4 --slots 10 --slot-ps 1000|slot of 1000 ps is shorter than packet (1280 ps) + switching (12 ps): nodes would switch during packets",
        "sim --order 17 --slots 10|the timed model runs orders 1..16, got 17",
    })
    void badArgumentsGiveOneLineAndExitCodeTwo(String args, String message) {
        Run r = run(args.split(" "));
        assertEquals(2, r.code(), r.err());
        assertEquals("oftctl: " + message + "\n", r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    @Test
    void tablesCsvCarriesSequenceAndLatencyThenOneRowPerSlot() {
        Run r = run("tables", "--order", "3", "--processor", "5", "--latency", "2");
        assertEquals(0, r.code(), r.err());
        String[] lines = r.out().split("\n");
        assertEquals("# control sequence (prefer-one, order 3): 00011101", lines[0]);
        assertTrue(lines[1].startsWith("# latency: 2 slot(s) from injection until the root switches the packet"));
        assertEquals("processor,row,destination", lines[2]);
        assertEquals(3 + 8, lines.length);
        // Row 0 with latency 2: window ξ2 ξ3 ξ4 = 0 1 1 -> 5 XOR 3 = 6.
        assertEquals("5,0,6", lines[3]);
    }

    @Test
    void allProcessorsTablesAsJson() {
        Run r = run("tables", "--order", "2", "--json");
        JsonObject j = new JsonObject(r.out());
        assertEquals(1, j.getInteger("latency"));
        assertEquals("0011", j.getString("sequence"));
        assertEquals(4, j.getJsonArray("tables").size());
        assertEquals("[1,3,2,0]", j.getJsonArray("tables").getJsonObject(0).getJsonArray("rows").encode());
        assertEquals("[0,2,3,1]", j.getJsonArray("tables").getJsonObject(1).getJsonArray("rows").encode());
    }

    @Test
    void feasibilityJsonHasThePapersFigures() {
        JsonObject j = new JsonObject(run("feasibility", "--order", "6", "--json").out());
        assertEquals(256.0, j.getDouble("packetLengthMm"), 1e-9);
        assertEquals(1.28, j.getDouble("slotNs"), 1e-9);
        assertEquals(114.688, j.getDouble("totalFibreM"), 1e-9);
        assertEquals(7.68, j.getDouble("routingTimeCycles"), 1e-9);
    }

    @Test
    void simReportsAnomaliesByCauseAndTheCalibration(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path bench = dir.resolve("bench.txt");
        java.nio.file.Files.writeString(bench, "# one fibre 30 mm too long\nL3.1.2 310\n");
        JsonObject j = new JsonObject(run("sim", "--order", "4", "--slots", "100", "--bench", bench.toString(), "--calibrate",
                "--json").out());
        JsonObject cal = j.getJsonObject("calibration");
        assertFalse(cal.getBoolean("feasible"));
        JsonObject bad = cal.getJsonArray("infeasible").getJsonObject(0);
        assertEquals(2, bad.getInteger("level"));
        assertEquals(2, bad.getInteger("node"));
        assertEquals(150, bad.getInteger("spreadPs"));
        assertTrue(j.getJsonObject("anomalies").getLong("truncated") > 0, j.encode());

        JsonObject clean = new JsonObject(run("sim", "--order", "5", "--slots", "200", "--calibrate", "--json").out());
        assertEquals(54, clean.getInteger("worstMarginPs"));
        assertEquals(0, clean.getJsonObject("anomalies").getLong("truncated") + clean.getJsonObject("anomalies").getLong("lost"));
        String text = run("sim", "--order", "3", "--slots", "50", "--calibrate", "--fault", "stuck:2:1:turn").out();
        assertTrue(text.contains("fault: level 2 node 1 stuck in turn"), text);
        assertTrue(text.contains("calibration: feasible, predicted worst margin 54 ps"), text);
    }

    @Test
    void hrelationReportsRoutingTimeAndCost() {
        JsonObject j = new JsonObject(run("hrelation", "--order", "3", "--h", "16", "--pattern", "adversarial",
                "--schedule", "two-phase", "--json").out());
        assertEquals(128, j.getInteger("packets"));
        assertTrue(j.getDouble("cost") < 2.5, j.encode());
        assertEquals(0, j.getInteger("misdelivered"));
    }

    /** Every command path, from the CLI's own model: a new command is walked without editing this test. */
    static java.util.List<java.util.List<String>> commandPaths() {
        java.util.List<java.util.List<String>> paths = new java.util.ArrayList<>();
        java.util.ArrayDeque<java.util.Map.Entry<java.util.List<String>, picocli.CommandLine>> todo = new java.util.ArrayDeque<>();
        todo.add(java.util.Map.entry(java.util.List.of(), new picocli.CommandLine(new Oftctl())));
        while (!todo.isEmpty()) {
            var e = todo.poll();
            paths.add(e.getKey());
            e.getValue().getSubcommands().forEach((name, sub) -> {
                if (!name.equals("help")) {
                    java.util.List<String> p = new java.util.ArrayList<>(e.getKey());
                    p.add(name);
                    todo.add(java.util.Map.entry(p, sub));
                }
            });
        }
        return paths;
    }

    @Test
    void everyCommandAnswersHelpWithItsOptionsDefaultsAndAnExample() {
        java.util.List<java.util.List<String>> paths = commandPaths();
        assertTrue(paths.size() >= 16, paths.toString());
        for (java.util.List<String> path : paths) {
            for (String flag : new String[] {"--help", "-h"}) {
                java.util.List<String> args = new java.util.ArrayList<>(path);
                args.add(flag);
                Run r = run(args.toArray(String[]::new));
                assertEquals(0, r.code(), path + " " + flag + ": " + r.err());
                assertEquals("", r.err(), path + " " + flag);
                assertTrue(r.out().startsWith("Usage: oftctl"), path + ": " + r.out());
                assertTrue(r.out().contains("Example"), path + " has no example");
                // its own examples, not the root's it would inherit
                String examples = r.out().substring(r.out().indexOf("Example"));
                assertTrue(path.isEmpty() || examples.contains(("oftctl " + String.join(" ", path)).strip()), path + "'s examples: " + examples);
            }
            java.util.List<String> viaHelp = new java.util.ArrayList<>(java.util.List.of("help"));
            viaHelp.addAll(path);
            Run h = run(viaHelp.toArray(String[]::new));
            assertEquals(0, h.code(), "help " + path + ": " + h.err());
            // the page of the command the whole path names (help fattree lft once printed fattree's)
            assertTrue(h.out().startsWith(("Usage: oftctl " + String.join(" ", path)).strip() + (path.isEmpty() ? " " : " ")), "help " + path + ": "
                    + h.out().lines().findFirst().orElse(""));
        }
        Run unknown = run("help", "fattree", "nope");
        assertEquals(2, unknown.code());
        assertTrue(unknown.err().startsWith("oftctl: 'oftctl fattree' has no command 'nope'; it has: show, routes, lft"), unknown.err());
        assertTrue(run("serve", "--help").out().contains("Default: 127.0.0.1"));
        assertTrue(run("hrelation", "--help").out().contains("Default: direct"));
        assertTrue(run("debruijn", "--help").out().contains("Default: fast"));
    }

    @Test
    void debruijnCheckHonoursTheOrderItIsGiven() {
        Run r = run("debruijn", "--order", "4", "--check", "00011101");
        assertEquals(2, r.code());
        assertEquals("oftctl: --check BITS has 8 bits; an order-4 sequence has 16 (leave out --order to check any length)\n", r.err());
        assertEquals(0, run("debruijn", "--order", "3", "--check", "00011101").code());
    }

    @Test
    void simCalibratesByDefaultAndSaysWhyNothingArrivesWithout() {
        JsonObject calibrated = new JsonObject(run("sim", "--order", "4", "--slots", "50", "--json").out());
        assertTrue(calibrated.getLong("delivered") > 0, calibrated.encode());
        Run raw = run("sim", "--order", "4", "--slots", "50", "--no-calibrate", "--json");
        assertEquals(0, new JsonObject(raw.out()).getLong("delivered"));
        assertTrue(raw.err().startsWith("oftctl: sim: no packet was delivered ("), raw.err());
        assertTrue(raw.err().endsWith("the fabric runs uncalibrated (--no-calibrate)\n"), raw.err());
    }

    @Test
    void machineOutputIsOneJsonDocumentPerRun() {
        for (String[] args : new String[][] {
            {"fattree", "show", "--topology", "kary:2,3", "--json"},
            {"fattree", "lft", "--topology", "kary:2,3", "--json"},
            {"fattree", "lft", "--topology", "kary:2,3", "--format", "json"},
            {"fattree", "routes", "--topology", "kary:2,3", "--json"},
            {"fattree", "analyze", "--topology", "kary:2,3", "--pattern", "shift:1", "--metric", "flows", "--json"},
            {"debruijn", "--order", "5", "--json"},
            {"tables", "--order", "3", "--json"},
            {"feasibility", "--order", "3", "--json"},
            {"hrelation", "--order", "3", "--h", "2", "--json"},
            {"sim", "--order", "3", "--slots", "10", "--json"},
            {"bench", "--what", "fuzz", "--fuzz-inputs", "500", "--json"},
        }) {
            Run r = run(args);
            assertEquals(0, r.code(), String.join(" ", args) + ": " + r.err());
            JsonObject doc = new JsonObject(r.out()); // throws unless the whole output is one object
            assertFalse(doc.isEmpty(), String.join(" ", args));
        }
        JsonObject lft = new JsonObject(run("fattree", "lft", "--topology", "kary:2,3", "--json").out());
        assertEquals(12, lft.getJsonArray("switches").size());
        assertEquals(8, lft.getJsonArray("switches").getJsonObject(0).getJsonArray("ports").size());
        JsonObject routes = new JsonObject(run("fattree", "routes", "--topology", "kary:2,3", "--json", "--pairs", "0-7").out());
        assertEquals(6, routes.getJsonArray("routes").getJsonObject(0).getJsonArray("hops").size());
        JsonObject bench = new JsonObject(run("bench", "--what", "fuzz", "--fuzz-inputs", "500", "--json").out());
        assertEquals(500, bench.getJsonArray("benchmarks").getJsonObject(0).getJsonArray("rows").getJsonObject(0).getInteger("inputs"));
        String text = run("fattree", "analyze", "--topology", "kary:2,3", "--pattern", "bisect", "--metric", "ebb", "--samples", "20").out();
        assertFalse(text.contains("{"), "text output holds JSON: " + text);
    }

    /** Every port a JSON forwarding table names, switch by switch. */
    private static List<Integer> lftPorts(String json) {
        List<Integer> out = new java.util.ArrayList<>();
        for (Object sw : new JsonObject(json).getJsonArray("switches")) {
            for (Object p : ((JsonObject) sw).getJsonArray("ports")) {
                out.add((Integer) p);
            }
        }
        return out;
    }

    @Test
    void aTableWithNoRouteSays255AndNamesNoPortBeyondIt(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        // a failed host: no switch routes to it, and "no route" is 255 as docs/cli.md says, not port 256
        Run failed = run("fattree", "lft", "--topology", "kary:4,3", "--fail", "host:9", "--format", "json");
        assertEquals(0, failed.code(), failed.err());
        List<Integer> ports = lftPorts(failed.out());
        assertTrue(ports.contains(255), "no route to host 9");
        assertTrue(ports.stream().allMatch(p -> p >= 1 && (p <= 8 || p == 255)), "a 4-ary tree's switches have ports 1..8: " + ports);
        // an imported fabric with a hole: its tables map "no route" the same way, not through the port table
        String net = dir.resolve("m.net").toString();
        Run export = run("fattree", "export", "--topology", "kary:4,3", "--fail", "link:(1,0,0,0):5", "-o", net);
        assertEquals(0, export.code(), export.err());
        Run imported = run("fattree", "lft", "--topology", "ibnet:" + net, "--format", "json");
        assertEquals(0, imported.code(), imported.err());
        assertTrue(lftPorts(imported.out()).stream().allMatch(p -> p >= 1 && (p <= 8 || p == 255)), imported.out());
    }

    @Test
    void theConsoleBenchStreamsToEveryClientAndMeasuresTheServerInItsOwnProcess() {
        Run r = run("bench", "--what", "console", "--console-order", "3", "--clients", "3", "--seconds", "3", "--json");
        assertEquals(0, r.code(), r.err());
        JsonArray rows = new JsonObject(r.out()).getJsonArray("benchmarks").getJsonObject(0).getJsonArray("rows");
        assertEquals(List.of("idle", "one client", "3 clients"), rows.stream().map(o -> ((JsonObject) o).getString("phase")).toList());
        for (Object o : rows) {
            JsonObject row = (JsonObject) o;
            assertEquals(0, row.getInteger("clients_closed"), row.encode());
            assertTrue(row.getDouble("rss_mb_max") > 0 && row.getDouble("live_heap_mb") > 0, row.encode());
            assertTrue(row.getDouble("server_cpu_percent") > 0, "the server works even idle (its slot clock runs): " + row.encode());
            if (row.getInteger("clients") > 0) {
                // telemetry at the 4 slots/s serve runs by default, health twice a second: each client gets both
                assertTrue(row.getDouble("msgs_per_s_slowest_client") > 3, row.encode());
            }
        }
    }
    /** The slot-lock bench: with the line every row is in step and loses nothing; without it the drift shows where predicted. */
    @Test
    void theSlotLockBenchComparesBoardsWithTheLineAndWithout() {
        Run r = run("bench", "--what", "slot-lock", "--order", "3", "--slots", "3000", "--seed", "4", "--json");
        assertEquals(0, r.code(), r.err());
        JsonArray rows = new JsonObject(r.out()).getJsonArray("benchmarks").getJsonObject(0).getJsonArray("rows");
        assertEquals(9, rows.size());
        for (Object o : rows) {
            JsonObject row = (JsonObject) o;
            assertEquals(11, row.getJsonArray("ppm").size(), row.encode());
            if (row.getBoolean("sync")) {
                assertTrue(row.getLong("lockSlots") > 0 && row.getLong("lockSlots") <= 1000, row.encode());
                assertEquals(0, row.getLong("collisions") + row.getLong("misdelivered") + row.getLong("truncated") + row.getLong("wrongState"),
                        row.encode());
                if (row.getValue("cutAt") == null) {
                    assertTrue(row.getJsonObject("phaseErrorCycles").getDouble("p999") <= 1.0, row.encode());
                } else {
                    assertTrue(row.getLong("heldBack") > 0, "a cut line stops the boards: " + row.encode());
                }
            } else if (row.getDouble("maxPpm") == 100) {
                long first = row.getLong("firstFailure");
                long predicted = row.getLong("predictedFailure");
                assertTrue(Math.abs(first - predicted) <= 0.1 * predicted, row.encode());
            }
        }
    }
}
