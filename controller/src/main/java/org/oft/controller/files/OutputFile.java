package org.oft.controller.files;

import java.io.FileOutputStream;
import java.io.FilterWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Writes an output file whole or not at all: into a temporary file beside the target, flushed and
 * synced, then renamed over it, so that a refused option, a full disk or a killed process leaves
 * the old file as it was. A target that is a device or FIFO (/dev/stdout, a pipe) is written in
 * place, since it streams on purpose. Every write error is reported, never swallowed.
 */
public final class OutputFile {
    private OutputFile() {
    }

    /** Runs {@code body} on a writer to {@code target}; throws a one-line IllegalStateException if anything fails. */
    public static void write(Path target, Consumer<PrintWriter> body) {
        writeWhole(target, out -> writeTo(out, body));
    }

    /** {@code bytes} as {@code target}, whole or not at all (a binary export: Parquet). */
    public static void write(Path target, byte[] bytes) {
        writeWhole(target, out -> out.write(bytes));
    }

    /** What goes into the file. */
    private interface Body {
        void to(FileOutputStream out) throws IOException;
    }

    private static void writeWhole(Path target, Body body) {
        BasicFileAttributes a = attributes(target);
        if (a != null && a.isDirectory()) {
            throw new IllegalArgumentException("cannot write " + target + ": it is a directory");
        }
        if (a != null && !a.isRegularFile()) {
            writeInPlace(target, body);
            return;
        }
        Path dir = target.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new IllegalArgumentException("cannot write " + target + ": directory " + dir + " does not exist");
        }
        Path tmp;
        try {
            tmp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".partial");
        } catch (AccessDeniedException e) {
            throw new IllegalArgumentException("cannot write " + target + ": directory " + dir + " is not writable");
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot write " + target + ": " + InputFile.reason(e));
        }
        boolean done = false;
        try {
            try (FileOutputStream fos = new FileOutputStream(tmp.toFile())) {
                body.to(fos);
                fos.getFD().sync();
            }
            Files.setPosixFilePermissions(tmp, permissionsFor(target, a));
            try {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            done = true;
        } catch (IOException e) {
            throw new IllegalStateException("cannot write " + target + ": " + InputFile.reason(e));
        } finally {
            if (!done) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // the partial file is named .NAME.*.partial; nothing else to do
                }
            }
        }
    }

    private static void writeInPlace(Path target, Body body) {
        try (FileOutputStream fos = new FileOutputStream(target.toFile())) {
            body.to(fos);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write " + target + ": " + InputFile.reason(e));
        }
    }

    /** Runs the body on a writer to {@code out} and throws the first write error it met, if any. */
    private static void writeTo(FileOutputStream out, Consumer<PrintWriter> body) throws IOException {
        ErrorKeepingWriter w = new ErrorKeepingWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
        PrintWriter pw = new PrintWriter(w);
        body.accept(pw);
        pw.flush();
        w.check();
    }

    private static BasicFileAttributes attributes(Path p) {
        try {
            return Files.readAttributes(p, BasicFileAttributes.class);
        } catch (IOException e) {
            return null;
        }
    }

    /** The old file's permissions if there was one, else rw-r--r--. */
    private static Set<PosixFilePermission> permissionsFor(Path target, BasicFileAttributes a) {
        if (a != null) {
            try {
                return Files.getPosixFilePermissions(target, LinkOption.NOFOLLOW_LINKS);
            } catch (IOException | UnsupportedOperationException ignored) {
                // default below
            }
        }
        return PosixFilePermissions.fromString("rw-r--r--");
    }

    /** Keeps the first I/O error that a PrintWriter would swallow. */
    private static final class ErrorKeepingWriter extends FilterWriter {
        private IOException first;

        ErrorKeepingWriter(Writer out) {
            super(out);
        }

        @Override
        public void write(int c) throws IOException {
            try {
                super.write(c);
            } catch (IOException e) {
                throw keep(e);
            }
        }

        @Override
        public void write(char[] cbuf, int off, int len) throws IOException {
            try {
                super.write(cbuf, off, len);
            } catch (IOException e) {
                throw keep(e);
            }
        }

        @Override
        public void write(String str, int off, int len) throws IOException {
            try {
                super.write(str, off, len);
            } catch (IOException e) {
                throw keep(e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                super.flush();
            } catch (IOException e) {
                throw keep(e);
            }
        }

        private IOException keep(IOException e) {
            if (first == null) {
                first = e;
            }
            return e;
        }

        void check() throws IOException {
            if (first != null) {
                throw first;
            }
        }
    }
}
