package org.oft.controller.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.oft.controller.boards.BoardSpec;
import org.oft.hal.BoardBus;
import org.oft.hal.BoardInfo;
import org.oft.hal.wire.Message;
import org.oft.hal.wire.BoardReadback;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import org.oft.controller.boards.DeploymentRecord;
import org.oft.hal.BoardText;

@Command(name = "boards", footer = {"%nExamples:", "  oftctl boards probe --board sim-pty", "  oftctl boards probe --board serial:/dev/ttyUSB0@921600 --state ~/.oftctl/deployed.json",
        "  oftctl boards conform --board rtl-pty", "  oftctl boards conform --board serial:/dev/ttyUSB0@3000000 --take-over",
        "  oftctl boards conform --board bench:lab.txt --take-over"},
        description = "Look at the boards of a bench, or take them through the protocol's conformance suite.")
final class BoardsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", description = "probe: identify every board and print the CRCs of its active tables; conform: run the"
            + " protocol's conformance suite (docs/board-protocol.md) against the bench, a case a line.")
    String action;

    @Option(names = "--board", required = true, description = "serial:/dev/ttyUSB0[@baud], uio:/dev/uio0, bench:FILE (separate boards, a"
            + " serial port each: a line of FILE a board), sim-pty, rtl-pty or rtl-lab.")
    String board;

    @Option(names = "--state", description = "Also check every board against this deployed-configuration record.")
    java.nio.file.Path state;

    @Option(names = "--json", description = "One JSON document instead of CSV.")
    boolean json;

    @Option(names = "--take-over", description = "With conform on serial: or uio: boards: the suite claims every board with take-over"
            + " (a controller running them is fenced) and rewrites staging, commits and the slot clock; say so to run it.")
    boolean takeOver;

    @Override
    public Integer call() {
        if (!action.equals("probe") && !action.equals("conform")) {
            throw new IllegalArgumentException("unknown action '" + action + "' (probe or conform)");
        }
        BoardSpec s = BoardSpec.parse(board);
        if (action.equals("conform")) {
            return new BoardConformance(spec.commandLine().getOut()).run(s, takeOver);
        }
        if (s.kind().equals("sim")) {
            throw new IllegalArgumentException("probe reaches boards over a link: use sim-pty, serial:... or uio:...");
        }
        PrintWriter out = spec.commandLine().getOut();
        DeploymentRecord record = state == null ? null
                : DeploymentRecord.load(state);
        if (state != null && record == null) {
            throw new IllegalArgumentException("no deployed-configuration record at " + state);
        }
        int mismatches = 0;
        try (BoardBus bus = s.open(4, 1, null)) {
            BoardReadback wire = BoardBus.required(bus.readback(), "oftctl boards");
            List<BoardInfo> boards = bus.discover();
            io.vertx.core.json.JsonArray list = new io.vertx.core.json.JsonArray();
            io.vertx.core.json.JsonArray differences = new io.vertx.core.json.JsonArray();
            if (!json) {
                out.println("board,kind,index,order,rows,firmware,boot_id,active_sequence,active_table,active_phases");
            }
            for (int a = 0; a < boards.size(); a++) {
                BoardInfo b = boards.get(a);
                Message.Status st = wire.status(a);
                if (json) {
                    list.add(new io.vertx.core.json.JsonObject().put("board", b.id()).put("kind", b.kind().name()).put("index", b.index())
                            .put("order", b.order()).put("rows", b.tableRows()).put("firmware", b.firmware())
                            .put("bootId", String.format("%016x", st.bootId())).put("activeSequence", crc(st, 0))
                            .put("activeTable", crc(st, 1)).put("activePhases", crc(st, 2)));
                } else {
                    out.printf("%s,%s,%d,%d,%d,%s,%016x,%s,%s,%s%n", csv(b.id()), b.kind(), b.index(), b.order(), b.tableRows(),
                            csv(b.firmware()), st.bootId(), crc(st, 0), crc(st, 1), crc(st, 2));
                }
                if (record != null) {
                    for (String d : record.check(b.id(), st)) {
                        differences.add(d);
                        if (!json) {
                            out.println("# MISMATCH " + printable(d));
                        }
                        mismatches++;
                    }
                }
            }
            if (json) {
                io.vertx.core.json.JsonObject o = new io.vertx.core.json.JsonObject().put("board", board).put("boards", list);
                if (record != null) {
                    o.put("record", state.toString()).put("matches", mismatches == 0).put("differences", differences);
                }
                out.println(o.encode());
            }
        }
        if (record != null && !json) {
            out.println(mismatches == 0 ? "# every board runs what " + state + " records" : "# " + mismatches + " mismatch(es) with " + state);
        }
        return mismatches == 0 ? 0 : 1;
    }

    private static String crc(Message.Status s, int i) {
        return s.activeLengths()[i] == 0 ? "-" : String.format("%08x/%d", s.activeCrcs()[i], s.activeLengths()[i]);
    }

    /**
     * A string a board supplied, as one CSV field: quoted when it holds a comma, quote or line break, and
     * with control characters shown as \\uXXXX, so that no board can add lines or columns to the output.
     */
    static String csv(String boardText) {
        String p = printable(boardText);
        return p.indexOf(',') >= 0 || p.indexOf('"') >= 0 ? '"' + p.replace("\"", "\"\"") + '"' : p;
    }

    /** Control characters (line breaks, escapes) as \\uXXXX: a board's text stays on its line. */
    static String printable(String s) {
        return BoardText.printable(s);
    }
}
