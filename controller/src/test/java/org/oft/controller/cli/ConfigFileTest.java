package org.oft.controller.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * serve's options in a file, as opensm.conf holds OpenSM's: the file gives the defaults, the command line wins, every
 * option can be dumped in the file's own form and read back unchanged, and a line the command cannot take is named.
 */
class ConfigFileTest {
    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {
    }

    private static Run oftctl(String... args) {
        return oftctlWith(java.util.Map.of(), args);
    }

    private static Run oftctlWith(java.util.Map<String, String> env, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Oftctl.execute(args, new PrintWriter(out), new PrintWriter(err), env);
        return new Run(code, out.toString(), err.toString());
    }

    /** The file < the environment < the command line, as a systemd unit's Environment= lines expect. */
    @Test
    void theEnvironmentOverridesTheFileAndTheCommandLineBoth() throws Exception {
        Path f = dir.resolve("lab.conf");
        Files.writeString(f, "fabric fattree\ntopology kary:4,3\nport 9090\nslots-per-second 10\n");
        java.util.Map<String, String> env = java.util.Map.of("OFTCTL_SERVE_PORT", "9292", "OFTCTL_SERVE_CYCLES_PER_SLOT", "250",
                "OFTCTL_SERVE_SLOTS_PER_SECOND", "30", "OFTCTL_HOME", "/elsewhere");
        Run r = oftctlWith(env, "serve", "--config", f.toString(), "--slots-per-second", "40", "--dump-config");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\ntopology = kary:4,3\n"), "from the file: " + r.out());
        assertTrue(r.out().contains("\nport = 9292\n") && r.out().contains("\ncycles-per-slot = 250\n"), "the environment over the file: " + r.out());
        assertTrue(r.out().contains("\nslots-per-second = 40.0\n"), "the command line over both: " + r.out());
        Run bad = oftctlWith(java.util.Map.of("OFTCTL_SERVE_TOPOLGY", "kary:4,3"), "serve", "--dump-config");
        assertEquals(2, bad.code());
        assertTrue(bad.err().startsWith("oftctl: the environment's OFTCTL_SERVE_TOPOLGY is not an option of oftctl serve"), bad.err());
        assertEquals(0, oftctlWith(java.util.Map.of("OFTCTL_SERVE_TOPOLGY", "x"), "fattree", "--help").code(), "other commands ignore serve's");
    }

    @Test
    void theFileGivesTheDefaultsAndTheCommandLineWins() throws Exception {
        Path f = dir.resolve("lab.conf");
        Files.writeString(f, """
                # the lab's fat tree
                fabric fattree
                topology = kary:4,3
                engine random          # changed from the page later
                port 9090
                alert utilisation=0.8
                alert drops=5
                take-over
                """);
        Run r = oftctl("serve", "--config", f.toString(), "--port", "9191", "--dump-config");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\nfabric = fattree\n") && r.out().contains("\ntopology = kary:4,3\n")
                && r.out().contains("\nengine = random\n"), r.out());
        assertTrue(r.out().contains("\nport = 9191\n"), "the command line wins: " + r.out());
        assertTrue(r.out().contains("\nalert = utilisation=0.8,drops=5\n") && r.out().contains("\ntake-over = true\n"), r.out());
        assertTrue(r.out().contains("\n# tls-cert =\n"), "an option without a value is listed, commented: " + r.out());
        assertTrue(!r.out().contains("config =") && !r.out().contains("dump-config"), r.out());

        Path again = dir.resolve("dumped.conf"); // what a dump says reads back as the same run
        Files.writeString(again, r.out());
        Run back = oftctl("serve", "--config", again.toString(), "--dump-config");
        assertEquals(0, back.code(), back.err());
        assertEquals(r.out(), back.out());
    }

    @Test
    void aLineTheCommandCannotTakeIsNamed() throws Exception {
        Path f = dir.resolve("bad.conf");
        Files.writeString(f, "fabric fattree\n\ntopolgy kary:4,3\n");
        Run r = oftctl("serve", "--config", f.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("oftctl: " + f + " line 3: 'topolgy' is not an option of oftctl serve (fabric, order, topology,"), r.err());
        Files.writeString(f, "port 1\nport 2\n");
        r = oftctl("serve", "--config", f.toString());
        assertTrue(r.err().contains(f + " line 2: port is set again (first on line 1)"), r.err());
        Files.writeString(f, "port\n");
        assertTrue(oftctl("serve", "--config", f.toString()).err().contains("line 1: port has no value"));
        Files.writeString(f, "port many\n");
        r = oftctl("serve", "--config", f.toString(), "--dump-config");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("many"), r.err());
        r = oftctl("serve", "--config", dir.resolve("none.conf").toString());
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("oftctl: config file " + dir.resolve("none.conf")), r.err());
        r = oftctl("serve", "--config", "/dev/zero"); // read as every input file is: never a device
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("oftctl: config file /dev/zero is not a regular file"), r.err());
    }

    /** The systemd example's config file is one serve takes. */
    @Test
    void theSystemdExampleReads() {
        Path conf = Path.of("..", "examples", "systemd", "serve.conf");
        Run r = oftctl("serve", "--config", conf.toString(), "--dump-config");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\nboard = serial:/dev/ttyUSB0@3000000\n") && r.out().contains("\nalert = utilisation=0.9,drops=1\n"), r.out());
    }
}
