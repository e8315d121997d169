package org.oft.controller.cli;

import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.oft.controller.boards.BoardSpec;

/**
 * One {@code oftctl flit} run of a large tree in a JVM of its own (with the heap it is given), with
 * its wall time and the peak of its resident memory: what a fabric of this size costs as a user runs it.
 */
public record LargeRun(JsonObject result, double seconds, long peakRssBytes) {
    /** D-mod-K, uniform traffic at 0.3, 50 + 100 cycles and the drain: enough that every host sends and receives. */
    public static LargeRun run(String topology, List<String> jvmOptions) {
        // as the launcher runs it, the heap asked for after its share. Transparent huge pages were tried: alternated
        // three times on the 18-ary 4-tree, they cost the kernel 20-22 s against 8-9 s (compaction), 32-34 s of
        // wall time against 23-27.
        List<String> jvm = new ArrayList<>(BoardSpec.BoardProcess.MODEL_JVM_OPTIONS);
        jvm.addAll(jvmOptions);
        List<String> cmd = BoardSpec.BoardProcess.oftctl(jvm, "flit", "--topology", topology, "--load", "0.3", "--warmup", "50",
                "--sample", "100", "--drain", "2000", "--json");
        long t0 = System.nanoTime();
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start oftctl flit: " + e.getMessage());
        }
        Path status = Path.of("/proc", Long.toString(p.pid()), "status");
        long[] peak = {0};
        Thread sampler = new Thread(() -> {
            while (p.isAlive()) {
                peak[0] = Math.max(peak[0], highWaterMark(status));
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "oft-large-rss");
        sampler.setDaemon(true);
        sampler.start();
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(300, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("oftctl flit --topology " + topology + " did not end within 300 s");
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            sampler.join(1000);
            int json = out.indexOf('{');
            if (p.exitValue() != 0 || json < 0) {
                throw new IllegalStateException("oftctl flit --topology " + topology + " ended with " + p.exitValue() + ": " + out.strip());
            }
            return new LargeRun(new JsonObject(out.substring(json)), seconds, peak[0]);
        } catch (IOException e) {
            throw new IllegalStateException("oftctl flit --topology " + topology + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new IllegalStateException("interrupted");
        }
    }

    /** VmHWM of a /proc status file, in bytes (0 once the process is gone). */
    private static long highWaterMark(Path status) {
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // ended
        }
        return 0;
    }
}
