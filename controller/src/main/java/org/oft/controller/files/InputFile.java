package org.oft.controller.files;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.List;

/**
 * Reads a text file a user named, refusing what would hang or exhaust the JVM (a FIFO, a device, a
 * directory, a file past a size cap) and anything that is not UTF-8 text, with one line that names
 * the file and the reason.
 */
public final class InputFile {
    /** Bench files, node-type lists, traffic files, deploy records. */
    public static final long SMALL = 64L << 20;
    /** ibnetdiscover output and LFT dumps of large fabrics. */
    public static final long LARGE = 1L << 30;

    private InputFile() {
    }

    /** The file's text; {@code what} names it in errors ("bench file", "LFT file", ...). */
    public static String readText(Path file, String what, long maxBytes) {
        String name = what + " " + file;
        check(file, name, maxBytes);
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
        } catch (AccessDeniedException e) {
            throw new IllegalArgumentException(name + " cannot be read: permission denied");
        } catch (IOException e) {
            throw new IllegalArgumentException(name + " cannot be read: " + reason(e));
        }
        if (bytes.length > maxBytes) {
            throw new IllegalArgumentException(name + " grew past the limit of " + maxBytes + " bytes while being read");
        }
        return decode(bytes, name);
    }

    /** Refuses what is not a readable regular file of at most {@code maxBytes}, naming it. */
    private static void check(Path file, String name, long maxBytes) {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(name + " does not exist");
        } catch (AccessDeniedException e) {
            throw new IllegalArgumentException(name + " cannot be read: permission denied");
        } catch (IOException e) {
            throw new IllegalArgumentException(name + " cannot be read: " + reason(e));
        }
        if (a.isDirectory()) {
            throw new IllegalArgumentException(name + " is a directory, not a file");
        }
        if (!a.isRegularFile()) {
            throw new IllegalArgumentException(name + " is not a regular file (a FIFO, socket or device); give a file");
        }
        if (a.size() > maxBytes) {
            throw new IllegalArgumentException(name + " is " + a.size() + " bytes; the limit is " + maxBytes + " bytes");
        }
    }

    /** Something done with each line of a file, in order, as it is read. */
    public interface LineHandler {
        void line(String line);
    }

    /**
     * Hands {@code handler} the file's lines (without line ends) one at a time as they are read, so a large
     * file is never held whole: only what the handler keeps. The same checks as {@link #readLines}: a regular
     * file within {@code maxBytes}, UTF-8 text without NUL bytes; a failure names the file (and the line).
     */
    public static void forEachLine(Path file, String what, long maxBytes, LineHandler handler) {
        String name = what + " " + file;
        check(file, name, maxBytes);
        CharsetDecoder d = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        long chars = 0;
        int lineNo = 0;
        try (java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(Files.newInputStream(file), d), 1 << 16)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lineNo++;
                chars += line.length() + 1;
                if (chars > maxBytes) {
                    throw new IllegalArgumentException(name + " grew past the limit of " + maxBytes + " bytes while being read");
                }
                if (line.indexOf(0) >= 0) {
                    throw new IllegalArgumentException(name + " is not text (a NUL byte on line " + lineNo + ")");
                }
                handler.line(line);
            }
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new IllegalArgumentException(name + " is not UTF-8 text (a bad byte after line " + lineNo + ")");
        } catch (IOException e) {
            throw new IllegalArgumentException(name + " cannot be read: " + reason(e));
        }
    }

    /** The file's lines (without line ends). */
    public static List<String> readLines(Path file, String what, long maxBytes) {
        String text = readText(file, what, maxBytes);
        if (text.isEmpty()) {
            return List.of();
        }
        String[] lines = text.split("\r?\n", -1);
        int n = lines.length;
        if (lines[n - 1].isEmpty()) {
            n--; // the final line end ends the last line, it does not start another
        }
        return Arrays.asList(lines).subList(0, n);
    }

    private static String decode(byte[] bytes, String name) {
        CharsetDecoder d = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult r = d.decode(in, out, true);
        if (r.isError()) {
            throw new IllegalArgumentException(name + " is not UTF-8 text (bad byte at offset " + in.position() + ")");
        }
        d.flush(out);
        out.flip();
        for (int i = 0; i < out.length(); i++) {
            if (out.get(i) == 0) {
                throw new IllegalArgumentException(name + " is not text (a NUL byte at character " + i + ")");
            }
        }
        return out.toString();
    }

    /** An I/O error as a person reads it: the OS's reason, not the exception's class. */
    public static String reason(IOException e) {
        String m = e.getMessage();
        if (e instanceof java.nio.file.FileSystemException fse && fse.getReason() != null) {
            return fse.getReason();
        }
        return m == null || m.isBlank() ? "input/output error" : m;
    }
}
