package org.oft.controller.fattree.routing;

import java.util.ArrayList;
import java.util.List;
import org.oft.controller.fattree.topology.FabricFaults;
import org.oft.controller.fattree.topology.PgftTopology;
import org.oft.controller.fattree.topology.FabricNames;

/**
 * Destination-keyed forwarding tables made to route around a broken fabric, keeping every entry the
 * planned tables (any destination-keyed engine's) already get right.
 *
 * <p>Per destination leaf: a switch from which the destination can be reached going down only
 * ("down-reach") sends it down, to a child that also can; any other switch that can reach it up then
 * down sends it up, to a parent that can. Where the planned port does not lead so, the entry moves
 * from it by a step that the address's next D-mod-K digit sets, to the first port that leads the
 * right way and has not taken another rerouted address of the same shift window at that switch (the
 * M_l addresses a shift sends through a level-l switch together). So the addresses one dead port
 * carried are spread over the others, and two that a shift sends together do not share a port. Above
 * the leaves, a switch then spreads the same way what its children reroute into it, together with
 * what it reroutes itself of what they send it (see {@link StrangerSpread}). Routes stay
 * up*&#47;down* (deadlock-free): nothing is ever sent down into a switch that must go up again. A
 * switch that cannot reach the destination at all, and every switch for a missing host, gets no
 * route (255), and the pairs no route can join are counted and named, never silently dropped. On a
 * complete tree nothing changes.
 *
 * <p>The work is done in phases that share one {@link RerouteState}: {@link LeafRoutes} (reachability
 * and entries per destination leaf), {@link StrangerSpread} (spreading the strangers level by level)
 * {@link ShiftBalance} (relieving the hottest links where the spread could not hold D-mod-K's
 * pattern) and {@link UnreachablePairs}. This class runs them and keeps the state for the next failure;
 * {@link #result()} is what it gives the rest of the controller.
 *
 * <p>Hosts must have one link each (w_1 = p_1 = 1).
 */
public final class Reroute {
    public static final int NONE = FabricNames.NO_ROUTE;
    /** Unreachable pairs named in a result, at most. */
    public static final int EXAMPLES = 10;

    private final RerouteState s;
    private final LeafRoutes leaves;
    private final StrangerSpread spread;
    private final UnreachablePairs unreachable;
    private final ShiftBalance balance;

    private Reroute(ForwardingTables plan, FabricFaults faults) {
        this.s = new RerouteState(plan, faults);
        this.leaves = new LeafRoutes(s);
        this.spread = new StrangerSpread(s);
        this.unreachable = new UnreachablePairs(s);
        this.balance = new ShiftBalance(s);
    }

    /** Where a reroute is: {@code fraction} of its work done (0..1), {@code detail} in which phase. */
    @FunctionalInterface
    public interface Listener {
        Listener NONE = (fraction, detail) -> { };

        void progress(double fraction, String detail);
    }

    /** Tables for {@code plan} on the fabric with {@code faults}. */
    public static Reroute route(ForwardingTables plan, FabricFaults faults) {
        return route(plan, faults, Listener.NONE);
    }

    /**
     * {@link #route(ForwardingTables, FabricFaults)}, saying how far it is as it goes: the leaves' routes
     * take about the first 45 % and the strangers' spread the next 50 % of the time (a 110,592-host tree,
     * profiled), the balance and the count of unreachable pairs the rest.
     */
    public static Reroute route(ForwardingTables plan, FabricFaults faults, Listener listener) {
        Reroute r = new Reroute(plan, faults);
        int leaves = r.s.t.levelSize(1);
        for (int leaf = 0; leaf < leaves; leaf++) {
            r.leaves.routeLeaf(leaf, null);
            listener.progress(0.45 * (leaf + 1) / leaves, "routes to leaf " + (leaf + 1) + " of " + leaves);
        }
        r.spread.spreadStrangers((f, d) -> listener.progress(0.45 + 0.5 * f, d));
        listener.progress(0.95, "relieving the hottest links");
        r.balance.relieve();
        listener.progress(0.98, "counting unreachable pairs");
        r.unreachable.countUnreachable();
        listener.progress(1.0, "done");
        return r;
    }

    /**
     * One more failure, rerouted incrementally: the destinations below the cable's lower end are
     * routed again everywhere; for every other destination only the switches whose way up may have
     * gone through that cable (the lower end and the switches below it) are looked at again.
     */
    public void fail(String spec) {
        PgftTopology t = s.t;
        FabricFaults next = s.faults.with(spec);
        List<Integer> lower = new ArrayList<>(); // lower ends of newly dead cables
        for (int g = 0; g < t.portCount(); g++) {
            if (next.deadPort(g) && !s.deadPort[g]) {
                int v = t.nodeOfPort(g);
                int peer = t.peerNode(g);
                if (t.level(v) < t.level(peer)) {
                    lower.add(v);
                }
            }
        }
        s.setFaults(next);
        leaves.forgetSuspects(); // the switches with dead cables changed
        s.changes = 0;
        s.logging = true;
        boolean[] fullLeaf = new boolean[t.levelSize(1)];
        boolean[] cone = new boolean[t.nodes()];
        for (int x : lower) {
            leaves.markCone(x, cone);
            for (int leaf = 0; leaf < fullLeaf.length; leaf++) {
                if (x < t.hosts() ? t.below(t.hosts() + leaf, x) : leaves.leafBelow(x, t.hosts() + leaf)) {
                    fullLeaf[leaf] = true;
                }
            }
        }
        leaves.coneList = java.util.stream.IntStream.range(t.hosts(), t.nodes()).filter(v -> cone[v]).toArray();
        for (int leaf = 0; leaf < fullLeaf.length; leaf++) {
            leaves.routeLeaf(leaf, fullLeaf[leaf] ? null : cone);
        }
        spread.spreadChanged();
        balance.relieve();
        s.changes = 0;
        s.logging = false;
        unreachable.countUnreachable();
    }

    /** What this reroute gives now, as an immutable value: the tables, the failures, what no route joins. */
    public RerouteResult result() {
        return new RerouteResult(tables(), s.faults, unreachable.unreachablePairs, unreachable.unreachableByRouting,
                List.copyOf(unreachable.examples), changedEntries());
    }

    /** The rerouted tables. */
    public ForwardingTables tables() {
        return ForwardingTables.ofFlat(s.t, s.paths, s.rows);
    }

    public FabricFaults faults() {
        return s.faults;
    }

    /** Pairs of present hosts that no route joins (the source or destination cut off, or no up*&#47;down* path left). */
    public long unreachablePairs() {
        return unreachable.unreachablePairs;
    }

    /**
     * Of {@link #unreachablePairs}, the pairs of hosts on their leaves that working cables still join
     * (by a path that turns down and up again), which no up*&#47;down* route can take; the rest are cut
     * off by the failures themselves.
     */
    public long unreachableByRouting() {
        return unreachable.unreachableByRouting;
    }

    /** Up to {@value #EXAMPLES} of them. */
    public List<String> unreachableExamples() {
        return List.copyOf(unreachable.examples);
    }

    /** Entries that differ from {@code other}'s tables (same fabric and addresses). */
    public List<int[]> diff(ForwardingTables other) {
        byte[] o = other.switchRows();
        byte[] rows = s.rows;
        PgftTopology t = s.t;
        int addresses = s.addresses;
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i < rows.length; i++) {
            if (rows[i] != o[i]) {
                out.add(new int[] {t.hosts() + i / addresses, i % addresses, o[i] & 0xFF, rows[i] & 0xFF});
            }
        }
        return out;
    }

    /** Entries that differ from the planned tables. */
    public int changedEntries() {
        int c = 0;
        byte[] rows = s.rows;
        byte[] planned = s.planned;
        for (int i = 0; i < rows.length; i++) {
            if (rows[i] != planned[i]) {
                c++;
            }
        }
        return c;
    }
}
