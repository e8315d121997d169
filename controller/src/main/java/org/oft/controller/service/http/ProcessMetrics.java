package org.oft.controller.service.http;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;

/**
 * The controller's own process and JVM in {@code /metrics} (issue 68), under the names Prometheus' client libraries
 * give them, so that stock process and JVM dashboards and alerts work: CPU, start time, file descriptors, heap and
 * non-heap memory, threads and garbage collections. Read from the JVM's management beans at each scrape (no
 * allocation of note, no thread of its own).
 */
final class ProcessMetrics {
    private ProcessMetrics() {
    }

    static void write(PrometheusText p) {
        var os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            p.family("process_cpu_seconds_total", "counter", "Total user and system CPU time spent in seconds.");
            p.sample("process_cpu_seconds_total", sun.getProcessCpuTime() / 1e9);
        }
        if (os instanceof com.sun.management.UnixOperatingSystemMXBean unix) {
            p.family("process_open_fds", "gauge", "Number of open file descriptors.");
            p.sample("process_open_fds", unix.getOpenFileDescriptorCount());
            p.family("process_max_fds", "gauge", "Maximum number of open file descriptors.");
            p.sample("process_max_fds", unix.getMaxFileDescriptorCount());
        }
        p.family("process_start_time_seconds", "gauge", "Start time of the process since unix epoch in seconds.");
        p.sample("process_start_time_seconds", ManagementFactory.getRuntimeMXBean().getStartTime() / 1e3);
        var memory = ManagementFactory.getMemoryMXBean();
        MemoryUsage heap = memory.getHeapMemoryUsage();
        MemoryUsage nonHeap = memory.getNonHeapMemoryUsage();
        p.family("jvm_memory_bytes_used", "gauge", "Used bytes of a given JVM memory area.");
        p.sample("jvm_memory_bytes_used", heap.getUsed(), "area", "heap");
        p.sample("jvm_memory_bytes_used", nonHeap.getUsed(), "area", "nonheap");
        p.family("jvm_memory_bytes_max", "gauge", "Max (bytes) of a given JVM memory area (-1: none set).");
        p.sample("jvm_memory_bytes_max", heap.getMax(), "area", "heap");
        p.sample("jvm_memory_bytes_max", nonHeap.getMax(), "area", "nonheap");
        var threads = ManagementFactory.getThreadMXBean();
        p.family("jvm_threads_current", "gauge", "Current thread count of a JVM.");
        p.sample("jvm_threads_current", threads.getThreadCount());
        p.family("jvm_threads_daemon", "gauge", "Daemon thread count of a JVM.");
        p.sample("jvm_threads_daemon", threads.getDaemonThreadCount());
        p.family("jvm_gc_collection_seconds", "summary", "Time spent in a given JVM garbage collector in seconds.");
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            p.sample("jvm_gc_collection_seconds_count", Math.max(0, gc.getCollectionCount()), "gc", gc.getName());
            p.sample("jvm_gc_collection_seconds_sum", Math.max(0, gc.getCollectionTime()) / 1e3, "gc", gc.getName());
        }
    }
}
