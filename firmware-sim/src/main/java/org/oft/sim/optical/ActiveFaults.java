package org.oft.sim.optical;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The faults in force on a modelled fabric, one a target, each with the undo that clears it. Not thread-safe: its
 * {@link SimulatedBench} calls it under the bench's lock, so that a fault is applied between two slots.
 */
final class ActiveFaults {
    private record Held(SimulatedBench.ActiveFault fault, FabricFault.Applied applied) {
    }

    private final Map<String, Held> byTarget = new LinkedHashMap<>();
    private int nextId = 1;

    /**
     * A fault in {@link FabricFault}'s notation. A fault on a target that already has one replaces it (offsets are
     * absolute); a bad spec leaves the active faults as they were.
     */
    String apply(String spec, FabricModel fabric) {
        String target = FabricFault.target(spec);
        Held old = byTarget.remove(target);
        if (old != null) {
            old.applied().undo().run();
        }
        FabricFault.Applied a;
        try {
            a = FabricFault.applyUndoable(spec, fabric);
        } catch (IllegalArgumentException e) {
            if (old != null) { // put back what was there
                byTarget.put(target, new Held(old.fault(), FabricFault.applyUndoable(old.fault().spec(), fabric)));
            }
            throw e;
        }
        if (a.active()) {
            byTarget.put(a.target(), new Held(new SimulatedBench.ActiveFault(nextId++, spec.strip(), a.target(), a.description(),
                    fabric.slot()), a));
        }
        return a.description();
    }

    /** The faults now in force, oldest first. */
    List<SimulatedBench.ActiveFault> list() {
        return byTarget.values().stream().map(Held::fault).toList();
    }

    /** Undoes one fault; returns what was undone, or throws if no fault has that id. */
    String clear(int id) {
        for (var it = byTarget.values().iterator(); it.hasNext();) {
            Held h = it.next();
            if (h.fault().id() == id) {
                it.remove();
                h.applied().undo().run();
                return "cleared: " + h.fault().description();
            }
        }
        throw new IllegalArgumentException("no active fault " + id + (byTarget.isEmpty() ? " (none is active)"
                : " (active: " + byTarget.values().stream().map(h -> String.valueOf(h.fault().id())).collect(Collectors.joining(", ")) + ")"));
    }

    /** Undoes every fault, newest first; returns how many. */
    int clearAll() {
        List<Held> all = new ArrayList<>(byTarget.values());
        byTarget.clear();
        for (int i = all.size() - 1; i >= 0; i--) {
            all.get(i).applied().undo().run();
        }
        return all.size();
    }
}
