package org.oft.controller.boards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oft.hal.transport.LinkException;

/** A bench file: a line a board, each a serial port of its own; what is not is refused with its line, before any port is opened. */
class BenchPortsTest {
    @TempDir
    Path dir;

    private Path file(String text) throws Exception {
        return Files.writeString(dir.resolve("bench.txt"), text);
    }

    @Test
    void aLineABoardInTheFilesOrderCommentsAndBlankLinesSkipped() throws Exception {
        BenchPorts b = BenchPorts.read(file("# the lab's hub\nserial:/dev/ttyUSB0@3000000\n\n  serial:/dev/ttyUSB1  \n# spare\n"));
        assertEquals(List.of(new BenchPorts.Port("/dev/ttyUSB0", 3_000_000), new BenchPorts.Port("/dev/ttyUSB1", BoardSpec.DEFAULT_BAUD)),
                b.ports());
        assertEquals("bench", BoardSpec.parse("bench:" + dir.resolve("bench.txt")).kind());
    }

    @Test
    void whatIsNotASerialPortIsRefusedWithItsLine() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BenchPorts.read(file("serial:/dev/ttyUSB0\nsim-pty\n")));
        assertTrue(e.getMessage().contains("line 2") && e.getMessage().contains("serial port of its own"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> BenchPorts.read(file("serial:/dev/ttyUSB0@fast\n")));
        assertTrue(e.getMessage().contains("line 1") && e.getMessage().contains("baud rate must be a number"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> BenchPorts.read(file("# nothing yet\n\n")));
        assertTrue(e.getMessage().contains("names no board"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> BenchPorts.read(dir.resolve("absent.txt")));
        assertTrue(e.getMessage().startsWith("cannot read bench file"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> BoardSpec.parse("bench:"));
        assertTrue(e.getMessage().contains("expected bench:FILE"), e.getMessage());
    }

    @Test
    void aPortThatCannotBeOpenedIsNamedAndNoneIsLeftOpen() throws Exception {
        BenchPorts b = BenchPorts.read(file("serial:" + dir.resolve("no-such-tty") + "@115200\n"));
        LinkException e = assertThrows(LinkException.class, b::open);
        assertTrue(e.getMessage().contains("no-such-tty"), e.getMessage());
    }
}
