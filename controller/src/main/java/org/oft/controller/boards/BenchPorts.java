package org.oft.controller.boards;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.oft.hal.transport.ByteLink;
import org.oft.hal.transport.LinkException;
import org.oft.hal.transport.SerialLink;
import org.oft.hal.wire.BoardHub;
import org.oft.hal.wire.WireBoardBus;

/**
 * A lab's bench of separate boards, each on a serial port of its own (a USB hub's ports), as a bench file names them:
 * a line a board, {@code serial:/dev/ttyUSB0[@baud]}, in the order that gives their addresses; blank lines and lines
 * from {@code #} are skipped. Which board is which place in the fabric the boards say themselves (Identity).
 */
public record BenchPorts(List<Port> ports) {
    /** Most boards a bench file may name. */
    public static final int MAX_BOARDS = 1024;

    /** One board's port and its line rate. */
    public record Port(String path, int baud) {
    }

    public BenchPorts {
        ports = List.copyOf(ports);
    }

    /** Reads a bench file; a line that is not a serial port is refused with its number. */
    public static BenchPorts read(Path file) {
        String text;
        try {
            if (Files.size(file) > 1 << 20) {
                throw new IllegalArgumentException("bench file " + file + " is larger than 1 MiB: not a list of serial ports");
            }
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read bench file " + file + ": " + e.getMessage());
        }
        List<Port> ports = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            BoardSpec spec;
            try {
                spec = BoardSpec.parse(line);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("bench file " + file + ", line " + (i + 1) + ": " + e.getMessage());
            }
            if (!spec.kind().equals("serial")) {
                throw new IllegalArgumentException("bench file " + file + ", line " + (i + 1) + ": a board of a bench is on a serial port"
                        + " of its own (serial:/dev/ttyUSB0[@baud]), got '" + line + "'");
            }
            if (ports.size() == MAX_BOARDS) {
                throw new IllegalArgumentException("bench file " + file + " names more than " + MAX_BOARDS + " boards");
            }
            ports.add(new Port(spec.path(), spec.baud()));
        }
        if (ports.isEmpty()) {
            throw new IllegalArgumentException("bench file " + file + " names no board (a line a board: serial:/dev/ttyUSB0[@baud])");
        }
        return new BenchPorts(ports);
    }

    /** Opens every port (none left open if one cannot be) and makes them one bus. */
    public WireBoardBus open() {
        List<ByteLink> links = new ArrayList<>();
        int slowest = Integer.MAX_VALUE;
        try {
            for (Port p : ports) {
                links.add(SerialLink.open(p.path(), p.baud()));
                slowest = Math.min(slowest, p.baud());
            }
        } catch (RuntimeException e) {
            for (ByteLink l : links) {
                try {
                    l.close();
                } catch (LinkException ignored) {
                    // the first failure is the one to tell
                }
            }
            throw e;
        }
        return new WireBoardBus(new BoardHub(links), WireBoardBus.Options.defaults(), slowest / 10.0);
    }
}
