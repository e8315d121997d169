package org.oft.controller.fattree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oft.controller.cli.OftctlTest.run;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.oft.controller.cli.OftctlTest.Run;

/** oftctl fattree as a user meets it: output formats, and one line with exit code 2 for bad input. */
class FatTreeCommandTest {
    @TempDir
    Path dir;

    @Test
    void routesPrintThePapersNames() {
        Run r = run("fattree", "routes", "--topology", "xgft:3;4,4,4;1,4,2", "--engine", "shift-1", "--paths", "3", "--pairs", "0-63");
        assertEquals(0, r.code(), r.err());
        assertEquals("""
                src,dst,path,hops
                0,63,0,"(0,0,0,0):up0 (1,0,0,0):up3 (2,0,3,0):up1 (3,1,3,0):down3 (2,3,3,0):down3 (1,3,3,0):down3"
                0,63,1,"(0,0,0,0):up0 (1,0,0,0):up0 (2,0,0,0):up0 (3,0,0,0):down3 (2,3,0,0):down3 (1,3,3,0):down3"
                0,63,2,"(0,0,0,0):up0 (1,0,0,0):up0 (2,0,0,0):up1 (3,1,0,0):down3 (2,3,0,0):down3 (1,3,3,0):down3"
                """, r.out());
    }

    @Test
    void analyzeJsonHasTheNamedFields() {
        Run f = run("fattree", "analyze", "--topology", "kary:4,2", "--pattern", "shift:all", "--metric", "flows", "--json");
        assertEquals(0, f.code(), f.err());
        assertTrue(f.out().contains("\"maxFlows\":"), f.out());
        Run m = run("fattree", "analyze", "--topology", "kary:4,2", "--pattern", "perm", "--metric", "mload", "--samples", "20", "--json");
        assertTrue(m.out().contains("\"mload\":") && m.out().contains("\"lowerBound\":") && m.out().contains("\"ratio\":"), m.out());
        Run e = run("fattree", "analyze", "--topology", "kary:4,2", "--pattern", "bisect", "--metric", "ebb", "--samples", "20", "--json");
        assertTrue(e.out().contains("\"mean\":") && e.out().contains("\"ci95\":") && e.out().contains("\"histogram\":"), e.out());
        Run c = run("fattree", "analyze", "--topology", "pgft:3;8,4,2;1,2,1;1,1,4", "--node-types", "last:io", "--engine", "gdmodk",
                "--pattern", "c2io", "--metric", "ctopo", "--json");
        assertTrue(c.out().contains("\"ctopo\":1"), c.out());
    }

    @Test
    void exportedNetFileImportsAgain() throws Exception {
        Path net = dir.resolve("f.net");
        assertEquals(0, run("fattree", "export", "--topology", "pgft:2;4,4;1,2;1,2", "-o", net.toString()).code());
        Run show = run("fattree", "show", "--topology", "ibnet:" + net);
        assertTrue(show.out().startsWith("PGFT(2;4,4;1,2;1,2)"), show.out() + show.err());
        assertTrue(show.out().contains("RLFT: yes"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "show --topology pgft:3;8,4,x;1,2,1;1,1,4|m_3 must be a whole number, got 'x'",
            "show --topology pgft:2;4,4;1,0;1,1|w_2 must be at least 1 (got 0)",
            "show --topology pgft:2;4,4;1,2;0,1|p_1 must be at least 1 (got 0)",
            "show --topology kary:4|expected kary:k,n",
            "routes --topology kary:4,2 --engine minhop|unknown routing engine 'minhop'",
            "lft --topology kary:4,2 --engine smodk|smodk routes by source",
            "routes --topology kary:4,2 --engine dmodk --paths 2|dmodk is single-path",
            "analyze --topology kary:4,2 --pattern shift:99 --metric flows|shift:S needs S in 1..15",
            "analyze --topology kary:4,2 --pattern c2io --metric ctopo|c2io needs IO nodes",
            "analyze --topology kary:4,2 --pattern perm --metric speed|--metric must be flows, ctopo, mload or ebb",
            "show --topology ibnet:/nonexistent/file|fabric file /nonexistent/file does not exist",
    })
    void badInputIsOneLineAndExitCode2(String args, String message) {
        String[] a = ("fattree " + args).split(" ");
        Run r = run(a);
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains(message), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    @Test
    void aDanglingLinkInAnIbnetFileIsOneLine() throws Exception {
        Path net = dir.resolve("bad.net");
        Files.writeString(net, "Switch 2 \"S-01\" # \"leaf\"\n[1] \"H-11\"[1]\n[2] \"S-99\"[1]\n\nCa 1 \"H-11\" # \"h\"\n[1](2) \"S-01\"[1]\n");
        Run r = run("fattree", "show", "--topology", "ibnet:" + net);
        assertEquals(2, r.code());
        assertTrue(r.err().contains("dangling link") && r.err().contains("S-99"), r.err());
        assertEquals(1, r.err().strip().lines().count());
    }
}
