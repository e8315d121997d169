package org.oft.controller.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.oft.controller.service.ControllerApp;
import org.oft.controller.service.ServeConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "serve", footer = {"%nExamples:", "  oftctl serve", "  oftctl serve --order 8 --board sim-pty --slots-per-second 100"}, description = "Run the controller: compute tables, load the boards, run the slot clock, serve the web console.")
final class ServeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--order", defaultValue = "4", description = "Order r of the fabric (default 4; 1..16 on the built-in model).")
    int order;

    @Option(names = "--port", defaultValue = "8080", description = "HTTP port of the console.")
    int port;

    @Option(names = "--host", defaultValue = "127.0.0.1", description = "Address to bind.")
    String host;

    @Option(names = "--slots-per-second", defaultValue = "4", description = "Slot clock rate.")
    double slotsPerSecond;

    @Option(names = "--latency", defaultValue = "1", description = "Slots from injection until the root switches the packet.")
    int latency;

    @Option(names = "--board", defaultValue = "sim", description = "Boards to drive: sim (built-in model, default), sim-pty (the model in its own process behind a "
            + "pseudo-terminal), serial:/dev/ttyUSB0[@baud], uio:/dev/uio0.")
    String board;

    @Option(names = "--bench", description = "Bench file: measured fibre lengths and board clocks (calibration uses it).")
    Path bench;

    @Option(names = "--state", description = "Where the last deployed configuration is kept, for boards reached over a link "
            + "(default ~/.oftctl/deployed.json).")
    Path state;

    @Override
    public Integer call() throws InterruptedException {
        if (host.isBlank()) {
            throw new IllegalArgumentException("--host must name an address to bind");
        }
        Path stateFile = state != null ? state : Path.of(System.getProperty("user.home"), ".oftctl", "deployed.json");
        ServeConfig config = new ServeConfig(order, latency, host, port, slotsPerSecond, board, bench,
                board.equals("sim") ? null : stateFile);
        PrintWriter out = spec.commandLine().getOut();
        ControllerApp app;
        try {
            app = ControllerApp.start(config);
        } catch (IllegalStateException | org.oft.hal.transport.LinkException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            app.close();
            stopped.countDown();
        }, "oftctl-shutdown"));
        out.println("oftctl: order-" + order + " OFT on the " + board + " boards, " + slotsPerSecond
                + " slots/s; console at http://" + host + ":" + app.port() + "/ (Ctrl-C stops)");
        out.flush();
        stopped.await();
        return 0;
    }
}
