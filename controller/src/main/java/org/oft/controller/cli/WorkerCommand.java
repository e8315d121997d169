package org.oft.controller.cli;

import io.vertx.core.Vertx;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.oft.controller.study.StudyPoint;
import org.oft.controller.study.cluster.StudyCluster;
import org.oft.controller.study.cluster.Worker;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "worker", description = "Join a study cluster and run the points its coordinator ('oftctl study run --cluster') hands out, "
        + "as many at once as --threads, until stopped. Workers may join and leave while a study runs.",
        footer = {"%nExample:", "  oftctl worker --cluster 10.0.0.1,10.0.0.2 --threads 32"})
final class WorkerCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--cluster", required = true, paramLabel = "ADDR[,ADDR..]", description = "members to join, HOST[:PORT] (port 5701 if left out)")
    String cluster;

    @Mixin
    StudyCommand.ClusterArgs clusterArgs = new StudyCommand.ClusterArgs();

    @Option(names = "--threads", description = "points run at once (default: one per core)")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--name", description = "this worker's name in progress lines and the results (default: HOST/PID)")
    String name;

    @Override
    public Integer call() throws Exception {
        if (threads < 1 || threads > 1024) {
            throw new IllegalArgumentException("--threads must be 1..1024, got " + threads);
        }
        Vertx vertx = clusterArgs.join(cluster);
        String me = name != null ? name : clusterArgs.host + "/" + ProcessHandle.current().pid();
        CompletableFuture<String> refused = new CompletableFuture<>();
        try {
            PrintWriter err = spec.commandLine().getErr();
            vertx.deployVerticle(new Worker(me, threads, clusterArgs.key(), refused::complete).onNote(m -> {
                err.println("oftctl worker: " + m);
                err.flush();
            })).toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
            PrintWriter out = spec.commandLine().getOut();
            // joined only when another member answered: alone, Hazelcast starts a cluster of one and merges later
            Runnable joined = () -> {
                out.printf("oftctl worker: %s joined the study cluster %s with %d threads (model version %s, %d members)%n", me,
                        clusterArgs.name, threads, StudyPoint.MODEL_VERSION, StudyCluster.size(vertx));
                out.flush();
            };
            if (StudyCluster.size(vertx) > 1) {
                joined.run();
            } else {
                out.printf("oftctl worker: %s is alone: no member of %s answered (the cluster %s); it waits for them and says when it "
                        + "joins%n", me, cluster, clusterArgs.name);
                out.flush();
                vertx.setPeriodic(1000, id -> {
                    if (StudyCluster.size(vertx) > 1) {
                        vertx.cancelTimer(id);
                        joined.run();
                    }
                });
            }
            String why = refused.get(); // runs until killed, or refused
            throw new IllegalArgumentException(why);
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        }
    }
}
