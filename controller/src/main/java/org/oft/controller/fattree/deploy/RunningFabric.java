package org.oft.controller.fattree.deploy;

import java.util.List;
import org.oft.controller.fattree.routing.DestinationRouting;
import org.oft.controller.fattree.routing.ForwardingTables;
import org.oft.controller.fattree.routing.RerouteResult;
import org.oft.controller.fattree.routing.Routing;
import org.oft.controller.fattree.routing.RoutingOptions;
import org.oft.controller.fattree.topology.FabricFaults;
import org.oft.controller.fattree.topology.FatTree;

/**
 * A fat tree as it runs, immutable: the fabric (with the holes of the file it came from), the engine and its options,
 * the engine's routing of the whole tree ({@code planned}), its tables spread over the boards' addresses ({@code plan}),
 * the failures declared, and the tables the switches run: the plan rerouted around every hole, or the plan itself on a
 * whole fabric. Every command, the deployer, the flit bridge and study points take their routes from one of these,
 * made by {@link #of}, so none sees a fabric another does not.
 *
 * <p>A source-based engine (S-mod-K) has routes but no tables: it runs on a whole fabric only.
 */
public final class RunningFabric {
    private final FatTree tree;
    private final RoutingOptions options;
    private final Routing planned;
    private final ForwardingTables plan;
    private final List<String> failures;
    private final RerouteResult reroute;
    private final Routing routing;

    RunningFabric(FatTree tree, RoutingOptions options, Routing planned, ForwardingTables plan, List<String> failures, RerouteResult reroute) {
        this.tree = tree;
        this.options = options;
        this.planned = planned;
        this.plan = plan;
        this.failures = List.copyOf(failures);
        this.reroute = reroute;
        boolean asPlanned = reroute == null && (plan == null || plan == planned.tables());
        this.routing = asPlanned ? planned
                : new DestinationRouting(planned.engine(), tables(), planned instanceof DestinationRouting d && d.multiPath());
    }

    /**
     * {@code engine} with {@code options} on {@code tree}, its tables spread over {@code addressesPerHost} addresses a host
     * ({@code options.paths()} on a bench of that many LIDs a host), rerouted around the file's holes and
     * {@code failures} (specs as {@code --fail}). A bad spec, an unknown engine or a source-based engine on a fabric
     * with holes is refused with the reason.
     */
    public static RunningFabric of(FatTree tree, String engine, RoutingOptions options, int addressesPerHost, List<String> failures) {
        return FabricReroute.start(tree, engine, options, addressesPerHost, failures).running();
    }

    /** As {@link #of(FatTree, String, RoutingOptions, int, List)} with one address per path. */
    public static RunningFabric of(FatTree tree, String engine, RoutingOptions options, List<String> failures) {
        return of(tree, engine, options, options.paths(), failures);
    }

    public FatTree tree() {
        return tree;
    }

    public String engine() {
        return planned.engine();
    }

    public RoutingOptions options() {
        return options;
    }

    /** The engine's routes on the whole tree, before any reroute. */
    public Routing planned() {
        return planned;
    }

    /** The engine's tables spread over the boards' addresses; throws for a source-based engine, saying why. */
    public ForwardingTables plan() {
        if (plan == null) {
            return planned.tables();
        }
        return plan;
    }

    /** The tables the switches run: the plan rerouted around the holes, or the plan. */
    public ForwardingTables tables() {
        return reroute == null ? plan() : reroute.tables();
    }

    /** The routes as they run (the engine's own on a whole fabric, which keeps a source-based engine's). */
    public Routing routing() {
        return routing;
    }

    /**
     * The routes as they run over the engine's K paths: on tables spread over more addresses a host than K (a bench's LID
     * space), each host's first K addresses, which are the K paths as planned and rerouted; otherwise {@link #routing()}.
     * What analyses and the flit model measure.
     */
    public Routing routes() {
        int k = options.paths();
        if (plan == null || tables().paths() == k) {
            return routing;
        }
        return new DestinationRouting(planned.engine(), tables().firstPaths(k), planned instanceof DestinationRouting d && d.multiPath());
    }

    /** The failures declared, as given, in order (the file's own holes are not among them). */
    public List<String> failures() {
        return failures;
    }

    /** The reroute around the holes (the file's and the declared), with what it could not join; null on a whole fabric. */
    public RerouteResult reroute() {
        return reroute;
    }

    /** Every hole: the file's and the declared failures. */
    public FabricFaults holes() {
        return reroute == null ? FabricFaults.none(tree) : reroute.faults();
    }

    /** Whether the fabric runs whole: no hole in the file, no failure declared. */
    public boolean whole() {
        return reroute == null;
    }

    /**
     * The physical port switch node {@code v} sends {@code address} to, as a board's table holds it (1-based, the
     * fabric's own numbers), or {@link org.oft.controller.fattree.topology.FabricNames#NO_ROUTE}: the one mapping from
     * tables to ports.
     */
    public int physicalPort(int v, int address) {
        return physicalPort(tree, tables(), v, address);
    }

    /** The same for other tables of {@code tree} (a plan, a compared file's). */
    public static int physicalPort(FatTree tree, ForwardingTables tables, int v, int address) {
        return tree.names().tablePort(v, tables.port(v, address));
    }
}
