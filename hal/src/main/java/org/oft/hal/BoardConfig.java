package org.oft.hal;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import org.oft.hal.wire.Regions;

/**
 * What one board should run after a deploy: the bytes of each of its regions, laid out as the
 * protocol says ({@link Regions}). A region left out is left as the board holds it. The same
 * shape serves every board kind, so every kind goes through the same deploy.
 *
 * @param boardId e.g. {@code router-3}, {@code proc-12} or {@code sw-L2-0005}
 * @param regions region bytes by name
 */
public record BoardConfig(String boardId, Map<Region, byte[]> regions) {
    public BoardConfig {
        EnumMap<Region, byte[]> copy = new EnumMap<>(Region.class);
        copy.putAll(regions);
        regions = Collections.unmodifiableMap(copy);
    }

    /** A router-level board: its control sequence (packed, bit t of word t/64) and, if given, node phases. */
    public static BoardConfig router(String id, long[] sequence, int length, long[] phases) {
        Map<Region, byte[]> r = new EnumMap<>(Region.class);
        r.put(Region.SEQUENCE, Regions.sequence(sequence, length));
        if (phases != null) {
            r.put(Region.PHASES, Regions.phases(phases));
        }
        return new BoardConfig(id, r);
    }

    /** A processor board: its routing table and, if given, its injection phase. */
    public static BoardConfig processor(String id, int[] table, long[] phases) {
        Map<Region, byte[]> r = new EnumMap<>(Region.class);
        r.put(Region.TABLE, Regions.table(table));
        if (phases != null) {
            r.put(Region.PHASES, Regions.phases(phases));
        }
        return new BoardConfig(id, r);
    }

    /** An electrical switch board: its linear forwarding table, one egress port per LID (255: no route). */
    public static BoardConfig electricalSwitch(String id, byte[] lft) {
        return new BoardConfig(id, Map.of(Region.LFT, lft.clone()));
    }

    /** Only slot phases. */
    public static BoardConfig phasesOnly(String id, long[] phases) {
        return new BoardConfig(id, Map.of(Region.PHASES, Regions.phases(phases)));
    }

    /** The bytes of one region, or null when this configuration leaves it alone. */
    public byte[] region(Region r) {
        return regions.get(r);
    }

    /** The routing table's rows, or null. */
    public int[] table() {
        byte[] b = regions.get(Region.TABLE);
        return b == null ? null : Regions.tableRows(b);
    }

    /** The slot phases, or null. */
    public long[] phases() {
        byte[] b = regions.get(Region.PHASES);
        return b == null ? null : Regions.phasesOf(b);
    }
}
