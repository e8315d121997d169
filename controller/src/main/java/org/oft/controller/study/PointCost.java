package org.oft.controller.study;

import io.vertx.core.json.JsonObject;
import org.oft.controller.fattree.topology.PgftTopology;

/**
 * What a point is expected to cost, from its size, before it runs: the memory it holds at its peak, and the core
 * time of a flit point, as a range (every load sustained, or draining for the whole drain past saturation). Figures
 * to plan by and to place points by, not promises.
 *
 * @param memoryBytes    the forwarding tables three times (the engine's, the rows the modelled boards forward by, a
 *                       spare), the flit model's buffers and queues at 32 bytes a buffered flit slot, and 256 MB for
 *                       the JVM. The 18-ary 4-tree estimates 9.3 GB; it peaked at 7.8 GB resident.
 * @param seconds        about 0.2 µs per host, level and cycle at load 0.5 on one core (measured on the 8-ary 3-tree,
 *                       0.17-0.2 µs on the 4-ary and 12-ary 3-trees), scaled with the load; 0 for an analysis
 * @param secondsDrained the same with the whole drain counted
 */
public record PointCost(long memoryBytes, double seconds, double secondsDrained) {
    static PointCost of(JsonObject c, PgftTopology t) {
        double tables = (double) t.switches() * t.hosts() * c.getInteger("paths", 1);
        if (!"flit".equals(c.getString("kind"))) {
            return new PointCost((long) (3 * tables) + (256L << 20), 0, 0);
        }
        double buffers = (double) t.portCount() * c.getInteger("vcs") * c.getInteger("buffer") * 32;
        double perCycle = 0.2e-6 * t.hosts() * t.levels() * (0.3 + c.getDouble("load")) / 0.8;
        long cycles = c.getLong("warmup") + c.getLong("sample");
        return new PointCost((long) (3 * tables + buffers) + (256L << 20), perCycle * (cycles + 50), perCycle * (cycles + c.getLong("drain")));
    }
}
