package org.oft.sim.boards;

import org.oft.sim.optical.BoardState;
import org.oft.sim.optical.DeliverySink;
import org.oft.sim.optical.FabricModel;
import org.oft.sim.optical.TimedFabric;
import org.oft.sim.optical.TrafficSource;

import java.util.function.LongSupplier;
import org.oft.hal.SlotCounters;
import org.oft.hal.wire.Protocol;
import org.oft.hal.wire.Regions;

/** The OFT's boards around a fabric model: r router-level boards (addresses 0..r-1), then 2^r processors. */
final class OftBoards implements BoardModel {
    private final FabricModel fabric;

    OftBoards(FabricModel fabric) {
        this.fabric = fabric;
    }

    FabricModel fabric() {
        return fabric;
    }

    @Override
    public BoardFirmware[] boards(LongSupplier bootIds) {
        int order = fabric.order();
        int n = fabric.processors();
        BoardFirmware[] boards = new BoardFirmware[order + n];
        for (int level = 1; level <= order; level++) {
            boards[level - 1] = new BoardFirmware(level - 1, Protocol.KIND_ROUTER_LEVEL, level, order, bootIds.getAsLong());
        }
        for (int p = 0; p < n; p++) {
            boards[order + p] = new BoardFirmware(order + p, Protocol.KIND_PROCESSOR, p, order, bootIds.getAsLong());
        }
        return boards;
    }

    @Override
    public int order() {
        return fabric.order();
    }

    @Override
    public void activate(int kind, int index, int region, byte[] b) {
        BoardState state = fabric.boards();
        int n = fabric.processors();
        if (region == Protocol.REGION_SEQUENCE) {
            state.loadSequence(index, Regions.sequenceBits(b, n), n);
        } else if (region == Protocol.REGION_TABLE) {
            state.loadTable(index, Regions.tableRows(b));
        } else if (region == Protocol.REGION_PHASES && fabric instanceof TimedFabric timed) {
            long[] phases = Regions.phasesOf(b);
            if (kind == Protocol.KIND_ROUTER_LEVEL) {
                timed.clocks().setNodePhases(index, phases);
            } else {
                timed.clocks().setInjectionPhase(index, phases[0]);
            }
        }
    }

    @Override
    public void clear(int kind, int index, long bootId) {
        if (kind == Protocol.KIND_ROUTER_LEVEL) {
            fabric.boards().clearSequence(index);
        } else {
            fabric.boards().clearTable(index);
        }
    }

    @Override
    public boolean step() {
        if (!fabric.boards().fullyLoaded()) {
            return false;
        }
        fabric.step(TrafficSource.SATURATED, DeliverySink.IGNORE);
        return true;
    }

    @Override
    public long[] counters() {
        // totals, then the last slot's counters, then the stuck nodes per level (level 1 first)
        SlotCounters t = fabric.totalCounters();
        SlotCounters l = fabric.slot() == 0 ? SlotCounters.ZERO : fabric.lastSlotCounters();
        int[] stuck = fabric.boards().stuckNodes();
        long[] c = new long[10 + stuck.length];
        c[0] = t.injected();
        c[1] = t.delivered();
        c[2] = t.misdelivered();
        c[3] = t.collisions();
        c[4] = t.lost();
        c[5] = l.injected();
        c[6] = l.delivered();
        c[7] = l.misdelivered();
        c[8] = l.collisions();
        c[9] = l.lost();
        for (int i = 0; i < stuck.length; i++) {
            c[10 + i] = stuck[i];
        }
        return c;
    }

    @Override
    public byte[] levelStates() {
        return fabric.levelStates();
    }
}
