package org.oft.controller.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** What serve prints for people: the console's link opens as printed, whatever host it binds. */
class ServeCommandTest {
    @Test
    void anIpv6HostIsBracketedInTheConsoleLink() {
        assertEquals("[::]", ServeCommand.urlHost("::"));
        assertEquals("[::1]", ServeCommand.urlHost("::1"));
        assertEquals("[fe80::1]", ServeCommand.urlHost("[fe80::1]"));
        assertEquals("127.0.0.1", ServeCommand.urlHost("127.0.0.1"));
        assertEquals("lab-controller.local", ServeCommand.urlHost("lab-controller.local"));
    }

    @Test
    void theMetricsBindIsHostAndPort() {
        org.junit.jupiter.api.Assertions.assertArrayEquals(new String[] {"0.0.0.0", "9464"}, ServeCommand.hostPort("0.0.0.0:9464"));
        org.junit.jupiter.api.Assertions.assertArrayEquals(new String[] {"::", "9464"}, ServeCommand.hostPort("[::]:9464"));
        for (String bad : new String[] {"9464", ":9464", "host:", "host:port", "host:70000"}) {
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> ServeCommand.hostPort(bad));
            org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().startsWith("--metrics takes HOST:PORT"), e.getMessage());
        }
    }
}
