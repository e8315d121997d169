package org.oft.controller.study;

import java.util.List;

/**
 * A study: its name, its points in the file's order (topology, engine, flit options, traffic, seed, load), and the
 * file's JSON as given (kept with the results, so a database says what it holds).
 */
public record Study(String name, List<StudyPoint> points, io.vertx.core.json.JsonObject spec, java.util.Map<String, PointCost> costs) {
    /** What point {@code id} is expected to cost (estimated from its fabric's size when the file was read). */
    public PointCost cost(String id) {
        return costs.get(id);
    }

    /** The memory point {@code id} is estimated to hold at its peak. */
    public long memoryBytes(String id) {
        return cost(id).memoryBytes();
    }

    /** The points of shard {@code i} of {@code n} (1-based): every n-th point from the i-th, the same slices on every machine. */
    public List<StudyPoint> shard(int i, int n) {
        if (n < 1 || i < 1 || i > n) {
            throw new IllegalArgumentException("--shard must be I/N with 1 <= I <= N, got " + i + "/" + n);
        }
        java.util.ArrayList<StudyPoint> out = new java.util.ArrayList<>();
        for (int k = i - 1; k < points.size(); k += n) {
            out.add(points.get(k));
        }
        return out;
    }
}
