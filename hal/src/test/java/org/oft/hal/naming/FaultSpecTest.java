package org.oft.hal.naming;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.oft.hal.naming.FaultSpec.Fabric;

/** One grammar for every fault and failure, and one name for every part. */
class FaultSpecTest {

    @Test
    void aliasesOfOnePartAreOneName() {
        assertEquals("router-3", PartName.canonical("router-03"));
        assertEquals("router-3", PartName.canonical(" ROUTER-3 "));
        assertEquals("switch-5", PartName.canonical("Switch-005"));
        assertEquals("host-0", PartName.canonical("host-000"));
        assertEquals("L2.1.0", PartName.canonical("l02.01.0"));
        assertEquals("P7", PartName.canonical("p07"));
        assertEquals("(1,0,3,0)", PartName.canonical("( 1, 0,03,0)"));
        assertEquals("0x2c9000000abcd", PartName.canonical("0X0002C9000000ABCD"));
        assertEquals("sw-L2-0003", PartName.canonical("sw-L2-0003"), "a fabric's own names are kept as written");
    }

    @Test
    void aNumberWithASignOrAnotherScriptsDigitsIsRefusedNotReadAsAnother() {
        assertEquals("router number must be written in the digits 0-9, got '+3'",
                assertThrows(IllegalArgumentException.class, () -> PartName.canonical("router-+3")).getMessage());
        // Java's own Integer.parseInt reads Arabic-Indic three as 3: two spellings of one target
        assertEquals(3, Integer.parseInt("\u0663"));
        assertThrows(IllegalArgumentException.class, () -> PartName.canonical("switch-\u0663"));
        assertThrows(IllegalArgumentException.class, () -> PartName.canonical("switch-"));
        assertThrows(IllegalArgumentException.class, () -> PartName.canonical("switch-99999999999"));
        assertThrows(IllegalArgumentException.class, () -> PartName.canonical("sw one"));
        assertThrows(IllegalArgumentException.class, () -> PartName.whole("-1", "port"));
        assertEquals(Integer.MAX_VALUE, PartName.whole("2147483647", "port"));
        assertThrows(IllegalArgumentException.class, () -> PartName.whole("2147483648", "port"));
    }

    @Test
    void aSpecIsAKindAPartAndItsArguments() {
        FaultSpec f = FaultSpec.parse(" dead:switch-5:2 ", Fabric.ELECTRICAL, false);
        assertEquals(FaultSpec.Kind.DEAD, f.kind());
        assertEquals(List.of("switch-5", "2"), f.args());
        assertEquals("dead:switch-5:2", f.text());
        assertEquals(FaultSpec.Kind.DEAD, FaultSpec.parse("dead:L2.1.0", Fabric.OPTICAL, false).kind(), "dead is a dead cable in both fabrics");
        assertEquals(FaultSpec.Kind.FIBRE, FaultSpec.parse("fiber:L3.0.2:+30", Fabric.OPTICAL, false).kind());
        assertEquals(FaultSpec.Kind.LINK, FaultSpec.parse("link:(1,0,3,0):5", Fabric.ELECTRICAL, true).kind());
    }

    @Test
    void aFailureTypedWhereAFaultBelongsSaysWhatToWriteInstead() {
        // the console's first fault box answered '"kind" must be dead-link or reboot' though no kind was typed
        assertEquals("'link:switch-5:2': link:... declares a failure the controller routes around; declare it (POST /api/fail, "
                        + "the Declare box), or write dead:switch-5:2 to cut the cable in the model",
                assertThrows(IllegalArgumentException.class, () -> FaultSpec.parse("link:switch-5:2", Fabric.ELECTRICAL, false)).getMessage());
        assertEquals("'dead:switch-5:2': dead:... injects a fault into the model; inject it (POST /api/faults, the Fault box), or write "
                        + "link:switch-5:2 to declare it failed",
                assertThrows(IllegalArgumentException.class, () -> FaultSpec.parse("dead:switch-5:2", Fabric.ELECTRICAL, true)).getMessage());
        String other = assertThrows(IllegalArgumentException.class, () -> FaultSpec.parse("skew:router-1:5", Fabric.ELECTRICAL, false)).getMessage();
        assertTrue(other.startsWith("'skew:router-1:5': skew is a fault of the optical fabric (dead:SWITCH:PORT, reboot:SWITCH)"), other);
        String unknown = assertThrows(IllegalArgumentException.class, () -> FaultSpec.parse("melt:switch-1", Fabric.ELECTRICAL, false)).getMessage();
        assertEquals("'melt:switch-1': unknown fault 'melt' (dead:SWITCH:PORT, reboot:SWITCH)", unknown);
        assertThrows(IllegalArgumentException.class, () -> FaultSpec.parse("dead::2", Fabric.ELECTRICAL, false), "an empty field");
        assertThrows(IllegalArgumentException.class, () -> FaultSpec.parse("  ", Fabric.OPTICAL, false));
    }

    @Test
    void everyKindSaysItsFormAndMeaningForHelpAndDocs() {
        for (FaultSpec.Kind k : FaultSpec.Kind.values()) {
            assertTrue(k.form().startsWith(k.word() + ":"), k.form());
            assertTrue(!k.meaning().isBlank());
        }
        assertEquals("link:NODE:PORT, switch:NODE, host:N, random-links:P%[:SEED]", FaultSpec.forms(Fabric.ELECTRICAL, true));
        assertEquals("skew:BOARD:PS, drift:BOARD:PPM, sync:BOARD, fibre:FIBRE:MM, stuck:LEVEL:NODE:drop|turn|free, flip:PROC:ROW:BIT, dead:FIBRE",
                FaultSpec.forms(Fabric.OPTICAL, false));
    }
}
