package org.oft.controller.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.oft.controller.boards.BoardSpec;
import org.oft.controller.service.ownership.HaBench;

/**
 * {@code oftctl zookeeper}, a real process: it serves the election on the port it prints, keeps what the controllers
 * wrote (their generation counter) across a restart on the same data, and a second one on a taken port, or on the
 * first one's data, is refused in words.
 */
@Timeout(120)
class ZooKeeperCommandTest {
    @TempDir
    Path dir;

    @Test
    void servesKeepsItsDataAcrossARestartAndRefusesATakenPort() throws Exception {
        Path data = dir.resolve("zk");
        HaBench.OftctlProcess first = start("--port", "0", "--data", data.toString());
        try {
            String line = first.until("oftctl zookeeper: serving 127.0.0.1:", 60);
            assertTrue(line.contains("data in " + data) && line.contains("tick 1000 ms"), line);
            int port = Integer.parseInt(line.substring(line.indexOf("127.0.0.1:") + 10, line.indexOf(',')));
            write(port, "/oft/generation", "7");

            HaBench.OftctlProcess second = start("--port", Integer.toString(port), "--data", dir.resolve("other").toString());
            assertTrue(second.process().waitFor(60, TimeUnit.SECONDS));
            assertEquals(2, second.process().exitValue());
            String err = Files.readString(dir.resolve("zk.err"));
            assertTrue(err.contains("cannot serve ZooKeeper on 127.0.0.1:" + port) && err.contains("choose another --port"), err);
            assertTrue(!err.contains("\tat "), "no trace: " + err);

            // a second server on the first one's data, on a port of its own: refused, the data left alone
            HaBench.OftctlProcess twin = start("--port", "0", "--data", data.toString());
            assertTrue(twin.process().waitFor(60, TimeUnit.SECONDS));
            assertEquals(2, twin.process().exitValue());
            String twinErr = Files.readString(dir.resolve("zk.err"));
            assertTrue(twinErr.contains("another oftctl zookeeper keeps its data in " + data), twinErr);
            assertEquals("7", read(port, "/oft/generation"), "the first server serves on");

            first.process().destroy(); // SIGTERM
            assertTrue(first.process().waitFor(30, TimeUnit.SECONDS), "stops on SIGTERM");
            first = start("--port", Integer.toString(port), "--data", data.toString());
            first.until("oftctl zookeeper: serving 127.0.0.1:" + port, 60);
            assertEquals("7", read(port, "/oft/generation"), "the bench's generation counter outlives the server");
        } finally {
            first.process().destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    private HaBench.OftctlProcess start(String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of("zookeeper"));
        cmd.addAll(List.of(args));
        return HaBench.spawn(BoardSpec.BoardProcess.oftctl(HaBench.BRIEF_JVM, cmd.toArray(String[]::new)), dir.resolve("zk.err"));
    }

    private static CuratorFramework client(int port) throws InterruptedException {
        CuratorFramework zk = CuratorFrameworkFactory.newClient("127.0.0.1:" + port, 3000, 3000, new RetryOneTime(200));
        zk.start();
        assertTrue(zk.blockUntilConnected(10, TimeUnit.SECONDS), "connected");
        return zk;
    }

    private static void write(int port, String path, String value) throws Exception {
        try (CuratorFramework zk = client(port)) {
            zk.create().creatingParentsIfNeeded().forPath(path, value.getBytes(StandardCharsets.UTF_8));
        }
    }

    private static String read(int port, String path) throws Exception {
        try (CuratorFramework zk = client(port)) {
            return new String(zk.getData().forPath(path), StandardCharsets.UTF_8);
        }
    }
}
