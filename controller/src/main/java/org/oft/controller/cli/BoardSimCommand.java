package org.oft.controller.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.oft.controller.oft.Order;
import org.oft.hal.transport.ByteLink;
import org.oft.hal.transport.MailboxLink;
import org.oft.hal.transport.PosixPty;
import org.oft.hal.transport.PtyLink;
import org.oft.sim.optical.FabricModel;
import org.oft.sim.optical.FabricWiring;
import org.oft.sim.optical.FibrePlant;
import org.oft.sim.optical.SlotFabric;
import org.oft.sim.optical.TimedFabric;
import org.oft.sim.optical.TimingParameters;
import org.oft.sim.boards.WireBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import org.oft.controller.fattree.deploy.ElectricalBench;
import org.oft.controller.fattree.deploy.RoutingRequest;
import org.oft.controller.fattree.routing.RoutingOptions;
import org.oft.controller.fattree.topology.TopologySpec;
import org.oft.controller.limits.MemoryBudget;
import org.oft.controller.oft.RoutingTables;
import org.oft.sim.boards.SwitchBoards;
import org.oft.sim.rtl.RtlBench;

@Command(name = "board-sim", footer = {"%nExamples:", "  oftctl board-sim --pty --order 6 --baud 921600", "  oftctl board-sim --uio-file /dev/shm/oft.win", "  oftctl board-sim --rtl --pty --order 4"}, description = "Serve a bench of modelled boards over a pseudo-terminal or a register-window file, "
        + "as hardware would be reached.")
final class BoardSimCommand implements Callable<Integer> {
    /** Faster than any UART a board carries. */
    static final int MAX_BAUD = 100_000_000;

    @Spec
    CommandSpec spec;

    /** The controller that spawned this model, named by the spawner: read after this JVM has started, a parent killed meanwhile would be init. */
    @Option(names = "--parent-pid", hidden = true)
    Long parentPid;

    @Option(names = "--pty", description = "Open a pseudo-terminal and print its path as 'pty /dev/pts/N'.")
    boolean pty;

    @Option(names = "--rtl", description = "With --pty: serve the boards' RTL (rtl/, simulated by Verilator; built first when its sources"
            + " changed) instead of the Java model. Standard input takes 'reboot N' (board N power-cycles).")
    boolean rtl;

    @Option(names = "--ports", defaultValue = "1", description = "With --pty: management ports, a pseudo-terminal each (printed in "
            + "one line), for a master controller and its standbys; 1..4.")
    int ports;

    @Option(names = "--uio-file", description = "Create this file (e.g. under /dev/shm) as the register window and serve its mailbox.")
    String uioFile;

    @Option(names = "--order", defaultValue = "4", description = "Order r of the modelled fabric.")
    int order;

    @Option(names = "--latency", defaultValue = "1", description = "Processor fibres, in slots.")
    int latency;

    @Option(names = "--baud", defaultValue = "0", description = "Throttle the pseudo-terminal to this line rate (8N1); 0: as fast as it goes.")
    int baud;

    @Option(names = "--model", defaultValue = "timed", description = "timed or slot (OFT boards).")
    String model;

    @Option(names = "--fattree", description = "Serve an electrical fat tree's switch boards instead of the OFT's: "
            + "pgft:..., xgft:..., kary:k,n or ibnet:FILE.")
    String fattree;

    @Option(names = "--paths", defaultValue = "1", description = "Addresses per host of the switch boards' tables (LMC), with --fattree.")
    int paths;

    @Option(names = "--node-types", description = "With --fattree: node types for c2io traffic (last:io, csv:FILE).")
    String nodeTypes;

    @Option(names = "--seed", defaultValue = "1", description = "With --fattree: seed of injection, traffic and random paths.")
    long seed;

    @Option(names = "--cycles-per-slot", defaultValue = "" + ElectricalBench.DEFAULT_CYCLES_PER_SLOT,
            description = "With --fattree: switch clock cycles the packet model runs per slot.")
    int cyclesPerSlot;

    @Option(names = "--threads", defaultValue = "1", description = "With --fattree: threads the packet model runs each cycle on, its "
            + "fabric split among them (the same results for any number; more than the cores is slower).")
    int threads;

    @picocli.CommandLine.Mixin
    FlitArgs flit = new FlitArgs();

    @Override
    public Integer call() throws InterruptedException {
        if (fattree == null) {
            FabricOptions.refuse(spec, FabricOptions.withPacketModel(spec, "flit", "--paths", "--node-types", "--seed",
                    "--cycles-per-slot", "--threads"), "to switch boards only (with --fattree)");
        } else {
            FabricOptions.refuse(spec, List.of("--order", "--latency", "--model"), "to OFT boards only (without --fattree)");
        }
        if (rtl) {
            return rtl();
        }
        Order.check(order);
        if (order > FabricWiring.MAX_ORDER) {
            throw new IllegalArgumentException("the board model runs orders 1.." + FabricWiring.MAX_ORDER + ", got " + order);
        }
        if (baud < 0 || baud > MAX_BAUD) {
            throw new IllegalArgumentException("--baud must be 0 (unthrottled) or a line rate up to " + MAX_BAUD + ", got " + baud);
        }
        RoutingTables.checkLatency(latency);
        if (pty == (uioFile != null)) {
            throw new IllegalArgumentException("name exactly one of --pty and --uio-file");
        }
        if (fattree == null) { // each processor board holds its table, 2^r rows of 2 bytes, in two banks, and the model a copy
            double n = 1L << order;
            MemoryBudget.require("an order-" + order + " bench of boards (" + (long) n + " tables of " + (long) n
                    + " rows, in two banks each)", n * n * 6 + 64e6, "serve a smaller order");
        } else {
            RoutingRequest.requireTables(
                    TopologySpec.parse(fattree).topology(), paths, 3);
        }
        FabricModel fabric = fattree != null ? null : switch (model) {
            case "timed" -> new TimedFabric(FibrePlant.nominal(FabricWiring.of(order), TimingParameters.defaults(), latency), latency);
            case "slot" -> new SlotFabric(FabricWiring.of(order), latency);
            default -> throw new IllegalArgumentException("--model must be timed or slot, got '" + model + "'");
        };
        SwitchBoards switches = null;
        if (fattree != null) {
            new RoutingOptions(paths, 1, null); // checks --paths
            switches = flit.bench(fattree, null, nodeTypes, paths, seed, cyclesPerSlot, threads).boards();
        }
        if (ports < 1 || ports > 4 || (ports > 1 && !pty)) {
            throw new IllegalArgumentException("--ports must be 1..4, and more than 1 only with --pty; got " + ports);
        }
        ByteLink[] links = new ByteLink[ports];
        StringBuilder announce = new StringBuilder(pty ? "pty" : "uio " + uioFile);
        if (pty) {
            for (int i = 0; i < ports; i++) {
                PosixPty p = PosixPty.open();
                links[i] = new PtyLink(p, baud);
                announce.append(' ').append(p.slavePath());
            }
        } else {
            links[0] = MailboxLink.open(uioFile, true);
        }
        WireBench bench = switches != null ? new WireBench(switches, links) : new WireBench(fabric, links);
        CountDownLatch stop = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            bench.close();
            for (ByteLink l : links) {
                l.close();
            }
            stop.countDown();
        }, "board-sim-shutdown"));
        exitWithParent(parentPid);
        PrintWriter out = spec.commandLine().getOut();
        out.println(announce);
        out.flush();
        stop.await();
        return 0;
    }

    /**
     * The model dies with the process that started it: a controller killed with kill -9 runs no shutdown
     * hook, so the board-sim it spawned watches it and stops (closing its link) when it is gone, rather
     * than spin on for ever. The spawner names itself ({@code --parent-pid}): one killed while this JVM
     * started is gone already, and this process's parent is then init or a subreaper, which never ends. One started
     * by hand (no spawner named) follows nobody: it serves until it is stopped, whatever becomes of the shell that
     * started it (issue 66: it followed the shell, and `setsid nohup oftctl board-sim ... &` stopped as the shell
     * exited, taking the boards from the controllers).
     */
    private static void exitWithParent(Long pid) {
        if (pid == null) {
            return;
        }
        ProcessHandle parent = ProcessHandle.of(pid).orElse(null);
        Thread watch = new Thread(() -> {
            while (parent != null && parent.isAlive()) {
                try {
                    Thread.sleep(PARENT_POLL_MS);
                } catch (InterruptedException e) {
                    return;
                }
            }
            System.err.println("board-sim: the process that started it (" + (parent != null ? parent.pid() : pid) + ") has ended; stopping");
            System.exit(0);
        }, "board-sim-parent-watch");
        watch.setDaemon(true);
        watch.start();
    }

    /** The RTL bench in the foreground: its announcement, its log and its standard input are this process's. */
    private int rtl() throws InterruptedException {
        FabricOptions.refuse(spec, List.of("--uio-file", "--fattree", "--model", "--baud", "--paths", "--node-types", "--seed",
                "--cycles-per-slot", "--threads"), "to the Java model (the RTL bench's UART runs at its built rate)");
        if (!pty) {
            throw new IllegalArgumentException("--rtl serves its boards behind pseudo-terminals: add --pty");
        }
        List<String> cmd = RtlBench.command(order, ports, latency);
        Process p;
        try {
            p = new ProcessBuilder(cmd).inheritIO().start();
        } catch (java.io.IOException e) {
            throw new IllegalStateException("cannot start the RTL model: " + e.getMessage());
        }
        Runtime.getRuntime().addShutdownHook(new Thread(p::destroy, "board-sim-rtl-shutdown"));
        return p.waitFor();
    }

    /** How often the parent is looked at: a model left behind stops within about this long. */
    static final long PARENT_POLL_MS = 500;
}
