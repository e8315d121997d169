package org.oft.controller.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.oft.controller.boards.BoardSpec;
import org.oft.controller.service.ownership.HaBench;
import org.oft.controller.study.ResultStore;

/**
 * The catalogue of bad command-line input: every case ends within a time limit with the exit code
 * it must get and one line, written for people, that says what is wrong. No Java exception names,
 * no stack trace, and no output file changed or left half-written.
 */
public class BadInputCatalogueTest {
    /** A Java exception or error class name, or a stack frame, in what a user reads. */
    public static final Pattern JAVA_NAMES = Pattern.compile(
            "\\b[A-Z][A-Za-z]*(Exception|Error)\\b|\\bjava\\.[a-z]+\\.|\\bat [a-z]+\\.[a-z]+\\.|(?<!/dev/)\\bnull\\b");

    @TempDir
    static Path dir;
    static String missing;
    static String empty;
    static String directory;
    static String fifo;
    static String garbage;
    static String hugeSmallCap;
    static String hugeLargeCap;
    static String fabric;
    static String truncatedFabric;
    static String lfts;
    static String benchTruncated;
    static String notAToken;
    static String benchPhase;
    static String benchDrift;
    static String stateCorrupt;
    static String stateTruncated;
    static String stateWrongShape;
    static String uioSmall;
    static String uioZeroed;
    static String duplicateGuid;
    static String portCountTooLarge;
    static String studyNotJson;
    static String studyHuge;
    static String studySamples;
    static String study;
    static String studyDb;
    static String otherDb;

    @BeforeAll
    static void files() throws Exception {
        missing = dir.resolve("missing.txt").toString();
        empty = write("empty.txt", "");
        directory = Files.createDirectory(dir.resolve("a-directory")).toString();
        fifo = dir.resolve("a-fifo").toString();
        assertEquals(0, new ProcessBuilder("mkfifo", fifo).start().waitFor());
        byte[] junk = new byte[4096];
        new Random(13).nextBytes(junk);
        garbage = dir.resolve("garbage.bin").toString();
        Files.write(Path.of(garbage), junk);
        hugeSmallCap = sparse("huge-small.txt", (64L << 20) + 1);
        hugeLargeCap = sparse("huge-large.txt", (1L << 30) + 1);
        StringWriter net = new StringWriter();
        assertEquals(0, Oftctl.execute(new String[] {"fattree", "export", "--topology", "kary:2,2"}, new PrintWriter(net),
                new PrintWriter(new StringWriter())));
        fabric = write("fabric.net", net.toString());
        duplicateGuid = write("duplicate-guid.net", "Switch 2 \"S-01\" # \"a\"\n[1] \"H-11\"[1]\n\nSwitch 2 \"S-0001\" # \"b\"\n"
                + "[1] \"H-12\"[1]\n\nCa 1 \"H-11\" # \"h1\"\n[1](11) \"S-01\"[1]\n\nCa 1 \"H-12\" # \"h2\"\n[1](12) \"S-0001\"[1]\n");
        portCountTooLarge = write("port-count.net", "Switch 99999999999 \"S-01\" # \"a\"\n[1] \"H-11\"[1]\n");
        truncatedFabric = write("truncated.net", net.toString().substring(0, net.toString().length() / 2));
        StringWriter lft = new StringWriter();
        assertEquals(0, Oftctl.execute(new String[] {"fattree", "lft", "--topology", "kary:2,2"}, new PrintWriter(lft),
                new PrintWriter(new StringWriter())));
        lfts = write("ours.lfts", lft.toString());
        notAToken = write("notes.txt", "my notes: not a token\n");
        benchTruncated = write("bench-truncated.txt", "P3 281.5\nclock router-1 phase=");
        benchPhase = write("bench-phase.txt", "clock router-1 phase=1e30\n");
        benchDrift = write("bench-drift.txt", "clock proc-2 phase=0 drift=5000\n");
        stateCorrupt = Files.write(dir.resolve("state-corrupt.json"), junk).toString();
        stateTruncated = write("state-truncated.json", "{\"version\":1,\"epoch\":12,\"boards\":{\"router-1\":{\"1\":{\"len");
        stateWrongShape = write("state-shape.json", "{\"version\":1,\"epoch\":\"soon\",\"boards\":[]}");
        studyNotJson = write("study-not-json.json", "{\"name\": \"x\", \"topologies\": [\n");
        studyHuge = write("study-huge.json", "{\"topologies\": [\"kary:2,2\"], \"engines\": [\"dmodk\"], \"traffic\": [\"uniform\"], "
                + "\"loads\": {\"from\": 0.0001, \"to\": 1, \"step\": 0.0001}, \"seeds\": [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]}");
        studySamples = write("study-samples.json", "{\"topologies\": [\"kary:2,2\"], \"engines\": [\"dmodk\"], "
                + "\"analyses\": [{\"metric\": \"mload\", \"pattern\": \"shift:all\", \"samples\": 2000000000}]}");
        study = write("study.json", "{\"topologies\": [\"kary:2,2\"], \"engines\": [\"dmodk\"], \"traffic\": [\"uniform\"], "
                + "\"loads\": [0.3], \"flit\": {\"warmup\": 50, \"sample\": 200, \"drain\": 500}}");
        assertEquals(0, Oftctl.execute(new String[] {"study", "run", study}, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter())));
        studyDb = dir.resolve("study.db").toString();
        otherDb = Files.copy(Path.of(studyDb), dir.resolve("other.db")).toString();
        uioSmall = write("small.win", "0123456789");
        uioZeroed = dir.resolve("zeroed.win").toString();
        try (RandomAccessFile f = new RandomAccessFile(uioZeroed, "rw")) {
            f.setLength(4096 + 2 * 65536);
        }
    }

    static String write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text).toString();
    }

    static String sparse(String name, long size) throws IOException {
        Path p = dir.resolve(name);
        try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
            f.setLength(size);
        }
        return p.toString();
    }

    /** One bad input: the arguments, the exit code and a fragment of the one line it must print. */
    record Case(String what, int code, String message, String... args) {
        @Override
        public String toString() {
            return what;
        }
    }

    static Case c(String what, int code, String message, String... args) {
        return new Case(what, code, message, args);
    }

    static List<Case> cases() {
        List<Case> l = new ArrayList<>();
        // numbers at 0, negative, huge, not a number, empty
        l.add(c("board build unknown target", 2, "--target is icebreaker or upduino, got 'tinyfpga'",
                "board", "build", "--target", "tinyfpga", "--role", "processor:1", "--order", "3"));
        l.add(c("board build order 10", 2, "--order is 3..6 for a real board", "board", "build", "--target", "icebreaker",
                "--role", "processor:1", "--order", "10"));
        l.add(c("board build router level 4 at order 3", 2, "a router-level board's level is 1..3, got 4", "board", "build",
                "--target", "upduino", "--role", "router:4", "--order", "3"));
        l.add(c("board build processor 8 at order 3", 2, "a processor board's index is 0..7 at order 3, got 8", "board", "build",
                "--target", "upduino", "--role", "processor:8", "--order", "3"));
        l.add(c("board build bad role", 2, "--role is router:LEVEL or processor:P, got 'switch'", "board", "build",
                "--target", "icebreaker", "--role", "switch", "--order", "3"));
        l.add(c("debruijn order 0", 2, "order must be between 1 and 30, got 0", "debruijn", "--order", "0"));
        l.add(c("debruijn order negative", 2, "order must be between 1 and 30, got -1", "debruijn", "--order", "-1"));
        l.add(c("debruijn order 64", 2, "order must be between 1 and 30, got 64", "debruijn", "--order", "64"));
        l.add(c("debruijn order not a number", 2, "'x' is not an int", "debruijn", "--order", "x"));
        l.add(c("debruijn order empty", 2, "'' is not an int", "debruijn", "--order", ""));
        l.add(c("debruijn order past int", 2, "'99999999999' is not an int", "debruijn", "--order", "99999999999"));
        l.add(c("tables order 0", 2, "order must be between 1 and 30, got 0", "tables", "--order", "0"));
        l.add(c("tables latency huge", 2, "latency must be between 0 and 4096 slots, got 99999", "tables", "--order", "3", "--latency", "99999"));
        l.add(c("tables processor negative", 2, "processor must be between 0 and 7, got -1", "tables", "--order", "3", "--processor", "-1"));
        l.add(c("feasibility order 0", 2, "order must be between 1 and 30, got 0", "feasibility", "--order", "0"));
        l.add(c("feasibility packet bits 0", 2, "packet size must be at least 1 bit, got 0", "feasibility", "--order", "4", "--packet-bits", "0"));
        l.add(c("feasibility bandwidth negative", 2, "bandwidth (Gb/s) must be a positive number", "feasibility", "--order", "4", "--bandwidth-gbps", "-1"));
        l.add(c("feasibility refraction 0", 2, "refraction index must be", "feasibility", "--order", "4", "--refraction-index", "0"));
        l.add(c("feasibility clock NaN", 2, "clock (GHz) must be a positive number", "feasibility", "--order", "4", "--clock-ghz", "NaN"));
        l.add(c("hrelation h negative", 2, "h must be at least 1, got -3", "hrelation", "--order", "4", "--h", "-3"));
        l.add(c("hrelation order 64", 2, "order must be between 1 and 30, got 64", "hrelation", "--order", "64", "--h", "1"));
        l.add(c("hrelation pattern unknown", 2, "unknown pattern 'bogus'", "hrelation", "--order", "4", "--h", "1", "--pattern", "bogus"));
        l.add(c("serve port negative", 2, "port must be between 0 and 65535, got -1", "serve", "--port", "-1"));
        l.add(c("serve port huge", 2, "port must be between 0 and 65535, got 70000", "serve", "--port", "70000"));
        l.add(c("serve slot rate 0", 2, "slots per second must be 0.001 to 1e9, got 0.0", "serve", "--slots-per-second", "0"));
        l.add(c("serve slot rate NaN", 2, "slots per second must be 0.001 to 1e9, got NaN", "serve", "--slots-per-second", "NaN"));
        l.add(c("serve slot rate no clock at all", 2, "slots per second must be 0.001 to 1e9, got 1.0E-300", "serve",
                "--slots-per-second", "1e-300"));
        l.add(c("lft tables that cannot fit", 2, "the forwarding tables of PGFT(4;32,32,32,32;1,32,32,32;1,1,1,1) (131072 switches × "
                + "1048576 hosts × 1 paths, 3 copies) would take about 384.0 GiB of memory; this JVM may use", "fattree", "lft", "--topology",
                "kary:32,4", "--format", "json"));
        l.add(c("lft more LIDs than InfiniBand has, before routing", 2, "the fabric needs 81920 unicast LIDs; InfiniBand has 49151",
                "fattree", "lft", "--topology", "kary:16,4"));
        l.add(c("tables of one processor past the printable", 2, "one table of order 30 is 2^30 rows, about 11.0 GiB of text", "tables",
                "--order", "30", "--processor", "1"));
        l.add(c("serve lease too short", 2, "--lease must be 1 to 3600 seconds, got 0.1", "serve", "--lease", "0.1"));
        l.add(c("serve priority without ha", 2, "--priority ranks controllers in an election: it needs --ha", "serve", "--priority", "3"));
        l.add(c("serve notify not a webhook", 2, "--notify must be an http(s) URL with a host (and no user:password@), got 'mail:ops'",
                "serve", "--notify", "mail:ops"));
        l.add(c("serve notify severity", 2, "--notify-severity must be warning or alarm, got 'info'", "serve", "--notify-severity", "info"));
        l.add(c("command misspelt", 2, "Unmatched argument at index 0: 'serv'; did you mean serve", "serv"));
        l.add(c("option misspelt", 2, "Unknown options: '--topolgy', 'kary:4,2'; did you mean --topology", "serve", "--topolgy", "kary:4,2"));
        l.add(c("subcommand misspelt", 2, "'rotes'; did you mean routes", "fattree", "rotes"));
        l.add(c("serve ha refused", 2, "cannot reach the ZooKeeper ensemble 127.0.0.1:1 (--ha): 127.0.0.1:1 refused the connection",
                "serve", "--port", "0", "--ha", "127.0.0.1:1", "--token-file", "/tmp/oft-catalogue-token"));
        l.add(c("serve ha no such host", 2, "(--ha): no-such-host.invalid:2181: no such host", "serve", "--port", "0",
                "--ha", "no-such-host.invalid:2181,127.0.0.1:1/bench", "--token-file", "/tmp/oft-catalogue-token"));
        l.add(c("board-sim ports without pty", 2, "--ports must be 1..4, and more than 1 only with --pty; got 2", "board-sim",
                "--uio-file", "/dev/shm/oft-catalogue.win", "--ports", "2"));
        l.add(c("serve latency negative", 2, "latency must be between 0 and 4096 slots, got -1", "serve", "--latency", "-1"));
        l.add(c("serve order 0", 2, "order must be between 1 and 30, got 0", "serve", "--order", "0"));
        l.add(c("serve host empty", 2, "--host must name an address", "serve", "--host", ""));
        l.add(c("sim slots 0", 2, "slots must be at least 1, got 0", "sim", "--order", "4", "--slots", "0"));
        l.add(c("sim slots negative", 2, "slots must be at least 1, got -1", "sim", "--order", "4", "--slots", "-1"));
        l.add(c("sim order 64", 2, "order must be between 1 and 30, got 64", "sim", "--order", "64", "--slots", "1"));
        l.add(c("sim jitter negative", 2, "--fibre-jitter-mm must be", "sim", "--order", "4", "--slots", "10", "--fibre-jitter-mm", "-1"));
        l.add(c("sim switching negative", 2, "switching", "sim", "--order", "4", "--slots", "10", "--switching-ps", "-1"));
        l.add(c("sim fault of colons", 2, "'::::': no fault kind", "sim", "--order", "4", "--slots", "10", "--fault", "::::"));
        l.add(c("sim fault of the other fabric", 2, "reboot is a fault of the electrical fabric", "sim", "--order", "4", "--slots", "10",
                "--fault", "reboot:switch-1"));
        l.add(c("sim fault board in another script", 2, "router number must be written in the digits 0-9", "sim", "--order", "4",
                "--slots", "10", "--fault", "skew:router-\u0663:700"));
        l.add(c("sim fault empty", 2, "a fault is needed", "sim", "--order", "4", "--slots", "10", "--fault", ""));
        l.add(c("sim fault skew huge", 2, "skew must be within ±1000000000 ps (1 ms), got 99999999999999999999", "sim", "--order", "4",
                "--slots", "10", "--fault", "skew:router-3:99999999999999999999"));
        l.add(c("sim fault flip bit 32", 2, "bit 0..3", "sim", "--order", "4", "--slots", "10", "--fault", "flip:1:1:32"));
        l.add(c("sim fault stuck level text", 2, "level must be written in the digits 0-9, got 'two'", "sim", "--order", "4", "--slots", "10", "--fault", "stuck:two:1:turn"));
        l.add(c("board-sim baud negative", 2, "--baud must be 0 (unthrottled) or a line rate up to 100000000, got -5", "board-sim", "--pty", "--baud", "-5"));
        l.add(c("board-sim order 0", 2, "order must be between 1 and 30, got 0", "board-sim", "--pty", "--order", "0"));
        l.add(c("board-sim no link", 2, "name exactly one of --pty and --uio-file", "board-sim"));
        l.add(c("bench fuzz inputs negative", 2, "--fuzz-inputs must be at least 1, got -1", "bench", "--what", "fuzz", "--fuzz-inputs", "-1"));
        l.add(c("bench orders reversed", 2, "--min-order 20 is above --max-order 10", "bench", "--what", "debruijn", "--min-order", "20", "--max-order", "10"));
        l.add(c("bench max order 64", 2, "--min-order and --max-order must be between 1 and 30", "bench", "--what", "debruijn", "--max-order", "64"));
        l.add(c("bench runs 0", 2, "--runs must be between 1 and 1000, got 0", "bench", "--runs", "0"));
        l.add(c("bench slot-lock order 0", 2, "--order must be between 1 and 16, got 0", "bench", "--what", "slot-lock", "--order", "0"));
        l.add(c("bench slot-lock no slots", 2, "--slots must be between 1 and 10^9, got 0", "bench", "--what", "slot-lock", "--slots", "0"));
        l.add(c("bench console no clients", 2, "--clients must be between 1 and 128 (the console's cap on telemetry clients), got 0",
                "bench", "--what", "console", "--clients", "0"));
        l.add(c("bench console too short", 2, "--seconds must be between 3 and 3600, got 2", "bench", "--what", "console", "--seconds", "2"));
        l.add(c("bench unknown", 2, "--what must be", "bench", "--what", "nothing"));
        l.add(c("fattree topology empty", 2, "topology", "fattree", "show", "--topology", ""));
        l.add(c("fattree pgft counts differ", 2, "m must have h = 3 comma-separated values, got '8,4'", "fattree", "show", "--topology", "pgft:3;8,4;1,2;1,1"));
        l.add(c("fattree kary 0", 2, "k", "fattree", "show", "--topology", "kary:0,3"));
        l.add(c("fattree kary huge", 2, "topology too large", "fattree", "show", "--topology", "kary:99999,99999"));
        l.add(c("fattree paths 0", 2, "paths", "fattree", "lft", "--topology", "kary:4,3", "--paths", "0"));
        l.add(c("fattree engine unknown", 2, "unknown routing engine 'nope'", "fattree", "lft", "--topology", "kary:4,3", "--engine", "nope"));
        l.add(c("fattree samples 0", 2, "--samples must be at least 1, got 0", "fattree", "analyze", "--topology", "kary:4,2", "--pattern", "perm",
                "--metric", "mload", "--samples", "0"));
        l.add(c("fattree samples negative", 2, "--samples must be at least 1, got -1", "fattree", "analyze", "--topology", "kary:4,2", "--pattern", "perm",
                "--metric", "mload", "--samples", "-1"));
        l.add(c("fattree pair out of range", 2, "--pairs S-D needs two different hosts in 0..15", "fattree", "routes", "--topology", "kary:4,2", "--pairs", "99-1"));
        l.add(c("flit load 2", 2, "--load must be between 0 and 1 flits/host/cycle, got 2.0", "flit", "--topology", "kary:2,2", "--load", "2"));
        l.add(c("flit sweep malformed", 2, "--sweep must be FROM:TO:STEP", "flit", "--topology", "kary:2,2", "--sweep", "0.1:x"));
        l.add(c("flit sample past long", 2, "--sample at least 1 (at most 1e9 cycles in all)", "flit", "--topology", "kary:2,2",
                "--sample", "9223372036854775807"));
        l.add(c("flit warmup and drain that overflow together", 2, "at most 1e9 cycles in all", "flit", "--topology", "kary:2,2",
                "--warmup", "4611686018427387904", "--drain", "4611686018427387904"));
        l.add(c("ibnet two nodes one GUID", 2, "'b' has GUID 0x1, which 'a' has already", "fattree", "show", "--topology",
                "ibnet:" + duplicateGuid));
        l.add(c("ibnet port count past int", 2, ":1: port count 99999999999 is out of range", "fattree", "show", "--topology",
                "ibnet:" + portCountTooLarge));
        l.add(c("flit credit delay below 0", 2, "credit delay (cycles) must be in 0..4096", "flit", "--topology", "kary:2,2", "--credit-delay", "-1"));
        l.add(c("flit vcs 0", 2, "VCs must be in 1..64, got 0", "flit", "--topology", "kary:2,2", "--vcs", "0"));
        l.add(c("flit cut-through short buffers", 2, "virtual cut-through needs buffers of at least one packet: 2 flits < 4",
                "flit", "--topology", "kary:2,2", "--cut-through", "--buffer", "2", "--packet", "4"));
        l.add(c("flit traffic unknown", 2, "unknown traffic 'tornado'", "flit", "--topology", "kary:2,2", "--traffic", "tornado"));
        l.add(c("flit transpose odd bits", 2, "traffic transpose needs 2^b hosts with b even, got 8", "flit", "--topology", "kary:2,3",
                "--traffic", "transpose"));
        l.add(c("flit hotspot out of range", 2, "traffic hotspot:H[:F] needs H in 0..3 and F in 0..1", "flit", "--topology", "kary:2,2",
                "--traffic", "hotspot:9"));
        l.add(c("flit hotspot fraction", 2, "traffic hotspot:H[:F] needs a host H and a fraction F", "flit", "--topology", "kary:2,2",
                "--traffic", "hotspot:1:x"));
        l.add(c("flit c2io without IO nodes", 2, "c2io needs IO nodes", "flit", "--topology", "kary:2,2", "--traffic", "c2io"));
        l.add(c("flit shift:all", 2, "traffic shift:all is a series of rounds", "flit", "--topology", "kary:2,2", "--traffic", "shift:all"));
        l.add(c("flit lft missing", 2, "does not exist", "flit", "--topology", "kary:2,2", "--lft", "/nonexistent/lft.dump"));
        l.add(c("flit lft with paths", 2, "--lft tables route one address per host: leave out --paths", "flit", "--topology", "kary:2,2",
                "--lft", "/nonexistent/lft.dump", "--paths", "2", "--engine", "disjoint"));
        l.add(c("flit threads", 2, "--threads must be 1..256, got 0", "flit", "--topology", "kary:2,2", "--threads", "0"));
        l.add(c("flit arbitration", 2, "--arbitration must be rr or age, got 'fifo'", "flit", "--topology", "kary:2,2",
                "--arbitration", "fifo"));
        l.add(c("flit path policy", 2, "--path-policy must be hash, round-robin or random", "flit", "--topology", "kary:2,2",
                "--path-policy", "spray"));
        l.add(c("reroute fail a model fault", 2, "--fail 'dead:switch-0:1': dead:... injects a fault into the model", "fattree", "reroute",
                "--topology", "kary:2,2", "--fail", "dead:switch-0:1"));
        l.add(c("reroute fail signed number", 2, "switch number must be written in the digits 0-9, got '+1'", "fattree", "reroute",
                "--topology", "kary:2,2", "--fail", "switch:switch-+1"));
        l.add(c("reroute fail unknown kind", 2, "--fail 'cable:3': unknown failure 'cable' (link:NODE:PORT, switch:NODE, host:N, random-links:P%[:SEED])",
                "fattree", "reroute", "--topology", "kary:2,2", "--fail", "cable:3"));
        l.add(c("reroute fail bad port", 2, "--fail 'link:(1,0,0):9': switch-0 (1,0,0) has no port 9 (ports 1..4)", "fattree", "reroute",
                "--topology", "kary:2,2", "--fail", "link:(1,0,0):9"));
        l.add(c("reroute fail bad tuple", 2, "a tuple (l,a_h,...,a_1) has 3 numbers here", "fattree", "reroute", "--topology", "kary:2,2",
                "--fail", "switch:(1,0)"));
        l.add(c("reroute fail bad digit", 2, "digit a_1 = 7 out of range", "fattree", "reroute", "--topology", "kary:2,2",
                "--fail", "switch:(1,0,7)"));
        l.add(c("reroute fail unknown node", 2, "no node 'sw-X'", "fattree", "reroute", "--topology", "kary:2,2", "--fail", "switch:sw-X"));
        l.add(c("reroute fail guid", 2, "no node has GUID 0x42", "fattree", "reroute", "--topology", "kary:2,2", "--fail", "switch:0x42"));
        l.add(c("reroute fail host range", 2, "hosts are 0..3", "fattree", "reroute", "--topology", "kary:2,2", "--fail", "host:4"));
        l.add(c("reroute fail percent", 2, "P must be 0..100 per cent", "fattree", "reroute", "--topology", "kary:2,2", "--fail",
                "random-links:150%"));
        l.add(c("reroute then-fail bad", 2, "--fail 'switch:': no part named (form switch:NODE)", "fattree", "reroute", "--topology", "kary:2,2", "--fail",
                "host:1", "--then-fail", "switch:"));
        l.add(c("reroute no fail", 2, "Missing required option: '--fail", "fattree", "reroute", "--topology", "kary:2,2"));
        l.add(c("reroute hosts with two links", 2, "routing around failures needs hosts with one link each", "fattree", "reroute",
                "--topology", "pgft:2;2,2;2,2;1,1", "--fail", "host:1"));
        l.add(c("reroute shifts with paths", 2, "--shifts measures single-path routes", "fattree", "reroute", "--topology",
                "xgft:2;2,2;1,2", "--engine", "disjoint", "--paths", "2", "--fail", "host:1", "--shifts"));
        l.add(c("reroute board", 2, "--board must be sim or sim-pty", "fattree", "reroute", "--topology", "kary:2,2", "--fail", "host:1",
                "--board", "uio:/x"));
        l.add(c("serve token file is a directory", 2, "cannot write the token file /tmp", "serve", "--token-file", "/tmp",
                "--port", "0"));
        l.add(c("serve token file holds something else", 2, "exists and holds something else than a token: it is not overwritten",
                "serve", "--token-file", notAToken, "--port", "0"));
        l.add(c("serve tls half", 2, "TLS needs both --tls-cert and --tls-key", "serve", "--tls-cert", "/etc/hostname"));
        l.add(c("serve tls missing file", 2, "TLS needs a readable PEM file, got /nonexistent/key.pem", "serve", "--tls-cert",
                "/etc/hostname", "--tls-key", "/nonexistent/key.pem"));
        l.add(c("serve fabric unknown", 2, "--fabric must be oft or fattree, got 'ib'", "serve", "--fabric", "ib"));
        l.add(c("serve fattree without topology", 2, "--fabric fattree needs --topology", "serve", "--fabric", "fattree"));
        l.add(c("serve fattree bad topology", 2, "a k-ary n-tree needs k >= 1 and n >= 1 (got k=0, n=3)", "serve", "--fabric", "fattree", "--topology", "kary:0,3"));
        l.add(c("serve fattree bad engine", 2, "unknown routing engine 'nope'; known: dmodk", "serve", "--fabric", "fattree", "--topology", "kary:2,2",
                "--engine", "nope"));
        l.add(c("serve fattree bench file", 2, "--bench describes OFT fibres and clocks", "serve", "--fabric", "fattree", "--topology",
                "kary:2,2", "--bench", "/tmp/x"));
        l.add(c("serve fattree load", 2, "--load must be between 0 and 1 flits/host/cycle, got 1.5", "serve", "--fabric", "fattree",
                "--topology", "kary:2,2", "--load", "1.5"));
        l.add(c("serve fattree cycles per slot", 2, "--cycles-per-slot must be 1..1000000, got 0", "serve", "--fabric", "fattree",
                "--topology", "kary:2,2", "--cycles-per-slot", "0"));
        l.add(c("serve fattree traffic", 2, "shift:S needs S in 1..3, got 9", "serve", "--fabric", "fattree", "--topology", "kary:2,2",
                "--traffic", "shift:9"));
        l.add(c("serve fattree source routing", 2, "smodk routes by source", "serve", "--fabric", "fattree", "--topology", "kary:2,2",
                "--engine", "smodk", "--port", "0"));
        l.add(c("serve fattree threads", 2, "--threads must be 1..256, got 0", "serve", "--fabric", "fattree", "--topology", "kary:2,2",
                "--threads", "0", "--port", "0"));
        // an option of the other fabric is refused by name, not ignored
        l.add(c("serve oft with fat-tree options", 2, "--threads, --traffic apply to --fabric fattree only", "serve", "--threads", "2",
                "--traffic", "perm", "--port", "0"));
        l.add(c("serve oft with a topology", 2, "--topology applies to --fabric fattree only", "serve", "--topology", "kary:4,3",
                "--port", "0"));
        l.add(c("serve fattree with an order", 2, "--order, --latency apply to the OFT only (--fabric oft)", "serve", "--fabric",
                "fattree", "--topology", "kary:2,2", "--order", "5", "--latency", "2", "--port", "0"));
        l.add(c("board-sim oft with switch options", 2, "--paths, --load apply to switch boards only (with --fattree)", "board-sim",
                "--pty", "--paths", "2", "--load", "0.3"));
        l.add(c("board-sim fattree with a model", 2, "--model applies to OFT boards only (without --fattree)", "board-sim", "--pty",
                "--fattree", "kary:2,2", "--model", "slot"));
        l.add(c("serve fattree board", 2, "unknown board 'usb'", "serve", "--fabric", "fattree", "--topology", "kary:2,2", "--board", "usb"));
        l.add(c("board-sim fattree traffic", 2, "unknown traffic 'tornado'", "board-sim", "--pty", "--fattree", "kary:2,2", "--traffic",
                "tornado"));        // input files: missing, empty, a directory, a FIFO, a device, binary, truncated, huge, out of range
        l.add(c("bench file missing", 2, "bench file " + missing + " does not exist", "sim", "--order", "4", "--slots", "1", "--bench", missing));
        l.add(c("bench file directory", 2, "bench file " + directory + " is a directory, not a file", "sim", "--order", "4", "--slots", "1", "--bench", directory));
        l.add(c("bench file FIFO", 2, "bench file " + fifo + " is not a regular file", "sim", "--order", "4", "--slots", "1", "--bench", fifo));
        l.add(c("bench file /dev/zero", 2, "bench file /dev/zero is not a regular file", "sim", "--order", "4", "--slots", "1", "--bench", "/dev/zero"));
        l.add(c("bench file binary", 2, "bench file " + garbage + " is not", "sim", "--order", "4", "--slots", "1", "--bench", garbage));
        l.add(c("bench file huge", 2, "bench file " + hugeSmallCap + " is 67108865 bytes; the limit is 67108864 bytes", "sim", "--order", "4",
                "--slots", "1", "--bench", hugeSmallCap));
        l.add(c("bench file truncated", 2, "bench file line 2: phase must be a number, got ''", "sim", "--order", "4", "--slots", "1", "--bench", benchTruncated));
        l.add(c("bench file phase 1e30", 2, "bench file line 1: phase must be within ±1000000000 ps (1 ms), got 1e30", "sim", "--order", "4",
                "--slots", "1", "--bench", benchPhase));
        l.add(c("bench file drift 5000", 2, "bench file line 1: clock drift must be within ±1000 ppm, got 5000.0", "sim", "--order", "4",
                "--slots", "1", "--bench", benchDrift));
        l.add(c("host order of a generated tree", 2, "--host-order is for a fabric read from a file (ibnet:FILE); kary: trees number their hosts by tuple",
                "fattree", "routes", "--topology", "kary:4,2", "--host-order", "file", "--pairs", "0-3"));
        l.add(c("host order unknown", 2, "--host-order: expected one of guid, file, tuple, got 'lid'", "fattree", "show", "--topology",
                "ibnet:" + duplicateGuid, "--host-order", "lid"));
        l.add(c("ibnet missing", 2, "fabric file " + missing + " does not exist", "fattree", "show", "--topology", "ibnet:" + missing));
        l.add(c("ibnet empty", 2, ": no nodes found; is this ibnetdiscover output?", "fattree", "show", "--topology", "ibnet:" + empty));
        l.add(c("ibnet directory", 2, "is a directory, not a file", "fattree", "show", "--topology", "ibnet:" + directory));
        l.add(c("ibnet FIFO", 2, "is not a regular file", "fattree", "show", "--topology", "ibnet:" + fifo));
        l.add(c("ibnet binary", 2, "is not", "fattree", "show", "--topology", "ibnet:" + garbage));
        l.add(c("ibnet truncated", 2, "truncated.net:7: dangling link", "fattree", "show", "--topology", "ibnet:" + truncatedFabric));
        l.add(c("ibnet huge", 2, "is 1073741825 bytes; the limit is 1073741824 bytes", "fattree", "show", "--topology", "ibnet:" + hugeLargeCap));
        l.add(c("node types missing", 2, "node-type file " + missing + " does not exist", "fattree", "lft", "--topology", "kary:2,2",
                "--engine", "gdmodk", "--node-types", "csv:" + missing));
        l.add(c("node types FIFO", 2, "is not a regular file", "fattree", "lft", "--topology", "kary:2,2", "--engine", "gdmodk",
                "--node-types", "csv:" + fifo));
        l.add(c("node types binary", 2, "is not", "fattree", "lft", "--topology", "kary:2,2", "--engine", "gdmodk", "--node-types", "csv:" + garbage));
        l.add(c("node types directory", 2, "is a directory", "fattree", "lft", "--topology", "kary:2,2", "--engine", "gdmodk",
                "--node-types", "csv:" + directory));
        l.add(c("compare missing", 2, "LFT file " + missing + " does not exist", "fattree", "lft", "--topology", "ibnet:" + fabric, "--compare", missing));
        l.add(c("compare FIFO", 2, "LFT file " + fifo + " is not a regular file", "fattree", "lft", "--topology", "ibnet:" + fabric, "--compare", fifo));
        l.add(c("compare binary", 2, "LFT file " + garbage + " is not", "fattree", "lft", "--topology", "ibnet:" + fabric, "--compare", garbage));
        l.add(c("compare huge", 2, "the limit is 1073741824 bytes", "fattree", "lft", "--topology", "ibnet:" + fabric, "--compare", hugeLargeCap));
        l.add(c("compare empty", 2, "no forwarding table rows for hosts found", "fattree", "lft", "--topology", "ibnet:" + fabric, "--compare", empty));
        l.add(c("traffic file FIFO", 2, "traffic file " + fifo + " is not a regular file", "fattree", "analyze", "--topology", "kary:2,2",
                "--pattern", "file:" + fifo, "--metric", "flows"));
        l.add(c("state corrupt", 2, "deployed-configuration file " + stateCorrupt + " is not", "boards", "probe", "--board", "sim-pty",
                "--state", stateCorrupt));
        l.add(c("state truncated", 2, "deployed-configuration file " + stateTruncated + " is damaged (delete it to start afresh): it is not JSON",
                "boards", "probe", "--board", "sim-pty", "--state", stateTruncated));
        l.add(c("state wrong structure", 2, "is damaged (delete it to start afresh): 'epoch' must be a whole number", "boards", "probe",
                "--board", "sim-pty", "--state", stateWrongShape));
        l.add(c("state empty", 2, "is damaged (delete it to start afresh): it is empty", "boards", "probe", "--board", "sim-pty", "--state", empty));
        l.add(c("state directory", 2, "is a directory", "boards", "probe", "--board", "sim-pty", "--state", directory));
        l.add(c("state not writable", 2, "cannot keep the deployed configuration in /proc/oft/deployed.json", "serve", "--board", "sim-pty",
                "--port", "0", "--state", "/proc/oft/deployed.json"));
        // register windows that are not windows: refused before anything is mapped
        l.add(c("uio small file", 2, "register window " + uioSmall + " holds 10 bytes; a mailbox window is 135168 bytes", "boards", "probe",
                "--board", "uio:" + uioSmall));
        l.add(c("uio empty file", 2, "register window " + empty + " holds 0 bytes", "serve", "--port", "0", "--board", "uio:" + empty));
        l.add(c("uio zeroed file", 2, "register window " + uioZeroed + " holds no mailbox: magic 0x00000000", "serve", "--port", "0",
                "--board", "uio:" + uioZeroed));
        l.add(c("uio directory", 2, "register window " + directory + " is a directory", "boards", "probe", "--board", "uio:" + directory));
        l.add(c("uio FIFO", 2, "register window " + fifo + " is neither a character device (UIO) nor a window file", "boards", "probe",
                "--board", "uio:" + fifo));
        l.add(c("uio /dev/null", 2, "register window /dev/null: cannot map 135168 bytes (the device does not support mapping", "boards", "probe",
                "--board", "uio:/dev/null"));
        l.add(c("board-sim window over a file", 2, "holds 10 bytes; a mailbox window is 135168 bytes (refusing to overwrite it)", "board-sim",
                "--uio-file", uioSmall));
        // studies: the file's errors for people, sizes bounded before anything is made, outputs that never destroy inputs
        l.add(c("study file not JSON", 2, "not a JSON object: the text ends inside a list at line 2, column 1", "study", "plan", studyNotJson));
        l.add(c("study file empty", 2, "the file is empty; a study is a JSON object", "study", "plan", empty));
        l.add(c("study of a billion points", 2, "the study expands to 200000 points", "study", "plan", studyHuge));
        l.add(c("study analysis of two billion samples", 2, "analyses[0].samples: expected a whole number 1..100000, got 2000000000",
                "study", "plan", studySamples));
        l.add(c("study run kept in memory", 2, "the results database must be a file, got ':memory:'", "study", "run", study, "--db", ":memory:"));
        l.add(c("study export over its results", 2, "--output " + studyDb + " is the study's results database: an export never overwrites",
                "study", "export", study, "--output", studyDb));
        l.add(c("study export over the study file", 2, "--output " + study + " is the study file", "study", "export", study,
                "--format", "parquet", "--output", study));
        l.add(c("study export over another results database", 2, "--output " + otherDb + " is a results database", "study", "export", study,
                "--output", otherDb));
        l.add(c("study export Parquet to a device", 2, "--output /dev/null is not a regular file", "study", "export", study,
                "--format", "parquet", "--output", "/dev/null"));
        l.add(c("worker event-bus port past the range", 2, "--bus-port must be 0..65535, got 70000", "worker", "--cluster", "127.0.0.1:1",
                "--host", "127.0.0.1", "--bus-port", "70000"));
        l.add(c("worker on another machine's address", 2, "--host 8.8.8.8 is not an address of this machine", "worker", "--cluster",
                "127.0.0.1:1", "--host", "8.8.8.8"));
        return l;
    }

    /** Exports refused above left the study file and its results byte for byte; a second run on one database is refused by name. */
    @Test
    void studyInputsOutliveRefusedExportsAndOneRunWritesAtATime() throws Exception {
        byte[] file = Files.readAllBytes(Path.of(study));
        byte[] db = Files.readAllBytes(Path.of(studyDb));
        OftctlTest.run("study", "export", study, "--output", studyDb);
        OftctlTest.run("study", "export", study, "--output", study);
        assertArrayEquals(file, Files.readAllBytes(Path.of(study)));
        assertArrayEquals(db, Files.readAllBytes(Path.of(studyDb)));
        try (ResultStore.RunLock held = ResultStore.lockForRun(Path.of(studyDb),
                "a run in another terminal")) {
            OftctlTest.Run second = OftctlTest.run("study", "run", study);
            assertEquals(2, second.code(), second.err());
            assertTrue(second.err().startsWith("oftctl: the results database " + studyDb + " is being written by another run "
                    + "(a run in another terminal, pid "), second.err());
        }
        OftctlTest.Run after = OftctlTest.run("study", "run", study);
        assertEquals(0, after.code(), after.err());
    }

    @TestFactory
    Stream<DynamicTest> everyBadInputEndsWithOneClearLine() {
        return cases().stream().map(k -> DynamicTest.dynamicTest(k.what(), () -> {
            OftctlTest.Run r = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> OftctlTest.run(k.args()));
            assertEquals(k.code(), r.code(), k.what() + ": " + r.err() + r.out());
            String err = r.err();
            assertTrue(err.startsWith("oftctl: ") && err.endsWith("\n") && err.indexOf('\n') == err.length() - 1,
                    k.what() + ": not one line: " + err);
            assertTrue(err.contains(k.message()), k.what() + ": expected '" + k.message() + "' in: " + err);
            assertFalse(JAVA_NAMES.matcher(err).find(), k.what() + ": Java internals in: " + err);
        }));
    }

    /**
     * An ensemble that takes the connection and never answers (a port of something else, a hung server): in
     * its own process, as a user runs it, the one line of ours after the wait, none of ZooKeeper's own.
     */
    @Test
    void anEnsembleThatNeverAnswersIsOneLineOnTheTerminal() throws Exception {
        try (java.net.ServerSocket mute = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            List<java.net.Socket> held = new java.util.concurrent.CopyOnWriteArrayList<>();
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        held.add(mute.accept());
                    }
                } catch (IOException e) {
                    // closed
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            String ensemble = "127.0.0.1:" + mute.getLocalPort();
            Process p = new ProcessBuilder(BoardSpec.BoardProcess.oftctl(
                    HaBench.BRIEF_JVM, "serve", "--port", "0", "--ha", ensemble,
                    "--token-file", dir.resolve("mute-token").toString())).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
            assertEquals(2, p.exitValue(), err);
            assertEquals("oftctl: cannot reach the ZooKeeper ensemble " + ensemble + " (--ha) within 10 s\n", err);
            assertFalse(held.isEmpty(), "the client did connect");
            for (java.net.Socket s : held) {
                s.close();
            }
        }
    }

    @Test
    void catalogueIsLarge() {
        assertTrue(cases().size() >= 60, "cases: " + cases().size());
    }

    @Test
    void refusedOptionsLeaveTheOutputFileAsItWas() throws Exception {
        Path out = dir.resolve("keep.lfts");
        byte[] before = "a good table from yesterday\n".getBytes(StandardCharsets.UTF_8);
        Files.write(out, before);
        OftctlTest.Run r = OftctlTest.run("fattree", "lft", "--topology", "kary:4,3", "--format", "bogus", "-o", out.toString());
        assertEquals(2, r.code());
        assertEquals("oftctl: --format must be opensm or json, got 'bogus'\n", r.err());
        assertArrayEquals(before, Files.readAllBytes(out));
        r = OftctlTest.run("fattree", "lft", "--topology", "kary:4,3", "--engine", "bogus", "-o", out.toString());
        assertEquals(2, r.code());
        assertArrayEquals(before, Files.readAllBytes(out));
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(), left.filter(p -> p.getFileName().toString().endsWith(".partial")).toList());
        }
        // and a good run replaces it whole
        r = OftctlTest.run("fattree", "lft", "--topology", "kary:4,3", "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.readString(out).startsWith("Unicast lids"), Files.readString(out).substring(0, 40));
    }

    @Test
    void writeFailuresAreErrorsNotSilence() throws Exception {
        OftctlTest.Run full = OftctlTest.run("fattree", "lft", "--topology", "kary:4,3", "-o", "/dev/full");
        assertEquals(1, full.code());
        assertEquals("oftctl: cannot write /dev/full: No space left on device\n", full.err());

        OftctlTest.Run noDir = OftctlTest.run("fattree", "export", "--topology", "kary:4,3", "-o", dir.resolve("no/such/dir/f.net").toString());
        assertEquals(2, noDir.code());
        assertEquals("oftctl: cannot write " + dir.resolve("no/such/dir/f.net") + ": directory " + dir.resolve("no/such/dir")
                + " does not exist\n", noDir.err());

        OftctlTest.Run toDir = OftctlTest.run("fattree", "export", "--topology", "kary:4,3", "-o", directory);
        assertEquals(2, toDir.code());
        assertEquals("oftctl: cannot write " + directory + ": it is a directory\n", toDir.err());

        // standard output on a full device
        StringWriter err = new StringWriter();
        int code;
        try (PrintStream stdout = new PrintStream(new FileOutputStream("/dev/full"))) {
            code = Oftctl.execute(new String[] {"tables", "--order", "6"}, new PrintWriter(stdout), new PrintWriter(err));
        }
        assertEquals(1, code);
        assertEquals("oftctl: cannot write standard output (closed or device full); the output is incomplete\n", err.toString());
    }
}
