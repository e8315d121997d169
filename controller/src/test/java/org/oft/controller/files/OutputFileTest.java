package org.oft.controller.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An output file is replaced whole or left as it was. */
class OutputFileTest {

    @Test
    void aWriterThatDiesHalfWayLeavesTheOldFileAndNoPartialOne(@TempDir Path dir) throws Exception {
        Path target = dir.resolve("tables.lfts");
        Files.writeString(target, "yesterday's good tables\n");
        IllegalStateException died = assertThrows(IllegalStateException.class, () -> OutputFile.write(target, w -> {
            for (int i = 0; i < 100_000; i++) {
                w.println("row " + i);
            }
            throw new IllegalStateException("killed half-way");
        }));
        assertEquals("killed half-way", died.getMessage());
        assertEquals("yesterday's good tables\n", Files.readString(target));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(target), files.toList());
        }
        OutputFile.write(target, w -> w.println("today's"));
        assertEquals("today's\n", Files.readString(target));
    }

    @Test
    void aNewFileIsReadableByOthersAndAnOldOneKeepsItsPermissions(@TempDir Path dir) throws Exception {
        Path fresh = dir.resolve("fresh.net");
        OutputFile.write(fresh, w -> w.println("x"));
        assertEquals("rw-r--r--", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(fresh)));
        Path old = dir.resolve("old.net");
        Files.writeString(old, "y");
        Files.setPosixFilePermissions(old, java.nio.file.attribute.PosixFilePermissions.fromString("rw-rw----"));
        OutputFile.write(old, w -> w.println("z"));
        assertEquals("rw-rw----", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(old)));
    }

    @Test
    void textInputIsRefusedWithTheReason(@TempDir Path dir) throws Exception {
        Path latin1 = dir.resolve("latin1.txt");
        Files.write(latin1, new byte[] {'P', '1', ' ', (byte) 0xe9, '\n'});
        assertEquals("bench file " + latin1 + " is not UTF-8 text (bad byte at offset 3)",
                assertThrows(IllegalArgumentException.class, () -> InputFile.readText(latin1, "bench file", 100)).getMessage());
        Path nul = dir.resolve("nul.txt");
        Files.write(nul, new byte[] {'a', 0, 'b'});
        assertEquals("bench file " + nul + " is not text (a NUL byte at character 1)",
                assertThrows(IllegalArgumentException.class, () -> InputFile.readText(nul, "bench file", 100)).getMessage());
        Path crlf = dir.resolve("crlf.txt");
        Files.writeString(crlf, "a\r\nb\r\n");
        assertEquals(List.of("a", "b"), InputFile.readLines(crlf, "bench file", 100));
    }
}
