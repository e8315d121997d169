package org.oft.controller.study.cluster;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.vertx.core.Vertx;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A study member listens where --host says and nowhere else (issue 66: Hazelcast bound every interface). */
@Timeout(120)
class StudyClusterBindTest {
    /** The kernel's listening TCP sockets on ports [from, to): "address:port" each, the address in /proc's hex. */
    private static List<String> listening(int from, int to) throws Exception {
        List<String> out = new ArrayList<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path p = Path.of(table);
            if (!Files.isReadable(p)) {
                continue;
            }
            for (String line : Files.readAllLines(p)) {
                String[] f = line.trim().split("\\s+");
                if (f.length < 4 || !f[3].equals("0A")) { // 0A: LISTEN
                    continue;
                }
                String[] local = f[1].split(":");
                int port = Integer.parseInt(local[1], 16);
                if (port >= from && port < to) {
                    out.add(local[0] + ":" + port);
                }
            }
        }
        return out;
    }

    @Test
    void aMemberOnTheLoopbackListensOnTheLoopbackOnly() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/net/tcp")), "no /proc/net/tcp: not Linux");
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Vertx v = StudyCluster.join(List.of(), "127.0.0.1", port, "bind-test-" + port);
        try {
            List<String> l = listening(port, port + 100);
            // (127.0.0.1, in /proc/net/tcp or as IPv4 mapped into IPv6 in tcp6)
            assertTrue(l.stream().anyMatch(a -> a.startsWith("0100007F:") || a.startsWith("0000000000000000FFFF00000100007F:")),
                    "listens on 127.0.0.1: " + l);
            assertFalse(l.stream().anyMatch(a -> a.startsWith("00000000:") || a.startsWith("00000000000000000000000000000000:")),
                    "listens on every interface: " + l);
        } finally {
            v.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        }
    }
}
