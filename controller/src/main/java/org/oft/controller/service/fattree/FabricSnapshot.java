package org.oft.controller.service.fattree;

import java.util.List;
import org.oft.controller.fattree.deploy.RunningFabric;
import org.oft.controller.fattree.routing.ForwardingTables;
import org.oft.controller.fattree.routing.RerouteResult;
import org.oft.controller.fattree.topology.FabricFaults;
import org.oft.controller.fattree.topology.FatTree;
import org.oft.controller.fattree.topology.NodeTypes;
import org.oft.controller.fattree.topology.PgftTopology;

/**
 * What the switch boards run, all of one deploy: the running fabric (the tree, the engine served, its tables for the
 * whole tree ({@code plan}), the tables the boards hold ({@code running}: the plan rerouted around
 * the holes, or the plan itself)), and the failures declared with their ids. Immutable, and replaced whole by
 * {@link FabricDeployer} once the boards have taken a deploy, so a reader holding one never sees an
 * engine with another engine's tables, or tables half-way through a reroute.
 *
 * @param version counts the deploys the controller has made, from 1
 * @param failures the parts declared failed, in the order declared, each with the id it is repaired by
 * @param fabric what runs: the tables around the holes (the imported fabric's and the declared failures), with
 *               what they could not join
 * @param missing the imported fabric's own holes, described
 */
public record FabricSnapshot(long version, RunningFabric fabric, NodeTypes types, Served served, List<Failure> failures,
                             List<String> missing) {
    public FabricSnapshot {
        failures = List.copyOf(failures);
        missing = List.copyOf(missing);
        if (!fabric.failures().equals(failures.stream().map(Failure::spec).toList())) {
            throw new IllegalArgumentException("a fabric running other failures than those declared");
        }
    }

    public FatTree tree() {
        return fabric.tree();
    }

    /** The engine's tables for the whole tree, spread over the boards' addresses. */
    public ForwardingTables plan() {
        return fabric.plan();
    }

    /** The tables the boards hold. */
    public ForwardingTables running() {
        return fabric.tables();
    }

    /** The running tables' reroute around the holes, or null for a whole fabric. */
    public RerouteResult reroute() {
        return fabric.reroute();
    }

    public PgftTopology topology() {
        return fabric.tree().topology();
    }

    /** A part declared failed: its id (for undoing it) and its spec as given. */
    public record Failure(int id, String spec) {
    }

    /** The declared failures' specs, in order. */
    public List<String> failureSpecs() {
        return failures.stream().map(Failure::spec).toList();
    }

    /** The declared failure {@code id}; a missing one names those there are. */
    public Failure failure(int id) {
        for (Failure f : failures) {
            if (f.id() == id) {
                return f;
            }
        }
        throw new java.util.NoSuchElementException("no declared failure " + id + (failures.isEmpty() ? " (none is declared)"
                : " (declared: " + String.join(", ", failures.stream().map(f -> f.id() + " " + f.spec()).toList()) + ")"));
    }

    /** The cables and parts out, or null for a whole fabric. */
    public FabricFaults holes() {
        return fabric.whole() ? null : fabric.holes();
    }

    /** The same fabric after another deploy. */
    FabricSnapshot next(Served s, RunningFabric running, List<Failure> newFailures) {
        return new FabricSnapshot(version + 1, running, types, s, newFailures, missing);
    }
}
