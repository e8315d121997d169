package org.oft.sim.boards;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * Where a bench's boards keep their fencing generations across a power cycle: an FPGA board's SPI flash
 * (rtl/src/gen_flash.v), here memory that outlives {@link WireBench#powerCycle} or a file that outlives the
 * process. A claim that raises a generation is answered only once {@link #keep} has returned.
 */
public interface GenerationStore {
    /** The generation kept for board {@code address} (the backplane after the boards), 0 if none. */
    long generation(int address);

    /** Keeps {@code generation} for board {@code address}; throws when it cannot (the claim is then refused). */
    void keep(int address, long generation) throws IOException;

    /** Kept in this process only: what a power cycle of the model keeps. */
    static GenerationStore inMemory(int addresses) {
        long[] g = new long[addresses];
        return new GenerationStore() {
            @Override
            public synchronized long generation(int address) {
                return g[address];
            }

            @Override
            public synchronized void keep(int address, long generation) {
                g[address] = generation;
            }
        };
    }

    /**
     * Kept in {@code file} (little-endian u64 a board, written beside it and moved over it, forced to the disk
     * first): a new process on the same file powers up with them. A missing file is a new flash.
     */
    static GenerationStore file(Path file, int addresses) throws IOException {
        long[] g = new long[addresses];
        if (Files.exists(file)) {
            ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
            if (b.remaining() != 8 * addresses) {
                throw new IOException(file + " holds " + b.remaining() + " bytes, not the " + 8 * addresses
                        + " of a bench of " + addresses + " generations: it is another bench's");
            }
            for (int i = 0; i < addresses; i++) {
                g[i] = b.getLong();
            }
        }
        return new GenerationStore() {
            @Override
            public synchronized long generation(int address) {
                return g[address];
            }

            @Override
            public synchronized void keep(int address, long generation) throws IOException {
                long[] next = Arrays.copyOf(g, g.length);
                next[address] = generation;
                ByteBuffer b = ByteBuffer.allocate(8 * next.length).order(ByteOrder.LITTLE_ENDIAN);
                for (long v : next) {
                    b.putLong(v);
                }
                b.flip();
                Path tmp = file.resolveSibling(file.getFileName() + ".new");
                try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                        StandardOpenOption.TRUNCATE_EXISTING)) {
                    while (b.hasRemaining()) {
                        ch.write(b);
                    }
                    ch.force(true);
                }
                try {
                    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
                }
                g[address] = generation;
            }
        };
    }
}
