package org.oft.controller.service.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The names a console answers to, as its Host header check reads them. */
class HostNamesTest {
    @Test
    void aHostHeadersNameIsReadWithoutItsPortOrBrackets() {
        assertEquals("localhost", HostNames.hostOf("LocalHost:8080"));
        assertEquals("::1", HostNames.hostOf("[::1]:8080"));
        assertEquals("fe80::1", HostNames.hostOf("[fe80::1%eth0]"));
        assertEquals("10.0.0.5", HostNames.hostOf("10.0.0.5"));
    }

    @Test
    void loopbackTheBoundAddressAndTheAllowedNamesPass() {
        HostNames n = new HostNames("192.0.2.10", List.of("oft-lab.example"));
        assertTrue(n.allows("localhost:8080"));
        assertTrue(n.allows("127.0.0.1"));
        assertTrue(n.allows("[::1]:8080"));
        assertTrue(n.allows("192.0.2.10:8080"));
        assertTrue(n.allows("OFT-LAB.example:8080"));
        assertTrue(n.allows(null), "HTTP/1.0 sends no Host: nothing for a rebinding page to abuse");
        assertFalse(n.allows("evil.example:8080"));
        assertFalse(n.allows("192.0.2.11"));
    }
}
