package org.oft.controller.service.http;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The names the console answers to, checked against every request's Host header: a page of another
 * site whose name an attacker resolved to this machine (DNS rebinding) sends its own name there, and is
 * refused before anything is read. Loopback names always; the address the console binds; for a
 * wildcard bind this machine's names and interface addresses; and whatever {@code serve --allowed-host}
 * adds (a name the lab's DNS gives the controller).
 */
final class HostNames {
    private final Set<String> names = new TreeSet<>();

    HostNames(String bindHost, List<String> extra) {
        for (String n : List.of("localhost", "127.0.0.1", "::1")) {
            names.add(n);
        }
        String bind = bare(bindHost);
        if (bind.isEmpty() || bind.equals("0.0.0.0") || bind.equals("::")) {
            try {
                InetAddress local = InetAddress.getLocalHost();
                names.add(local.getHostName().toLowerCase(Locale.ROOT));
                names.add(local.getCanonicalHostName().toLowerCase(Locale.ROOT));
            } catch (java.io.IOException e) {
                // no name for this machine: its addresses still serve
            }
            try {
                for (NetworkInterface ni : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                    for (InetAddress a : Collections.list(ni.getInetAddresses())) {
                        names.add(bare(a.getHostAddress()));
                    }
                }
            } catch (java.io.IOException e) {
                // none listed: loopback and the named ones only
            }
        } else {
            names.add(bind);
        }
        for (String n : extra) {
            names.add(bare(n));
        }
    }

    /** A name or address as compared: lower case, no brackets, no IPv6 zone. */
    static String bare(String host) {
        String h = host.strip().toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        int zone = h.indexOf('%');
        return zone >= 0 ? h.substring(0, zone) : h;
    }

    /** The host of a Host header ({@code name}, {@code name:port}, {@code [v6]}, {@code [v6]:port}), compared as {@link #bare}. */
    static String hostOf(String header) {
        String h = header.strip();
        if (h.startsWith("[")) {
            int close = h.indexOf(']');
            return bare(close < 0 ? h : h.substring(0, close + 1));
        }
        int colon = h.indexOf(':');
        return bare(colon >= 0 && h.indexOf(':', colon + 1) < 0 ? h.substring(0, colon) : h);
    }

    /** Whether a request with this Host header (null: none, as from an HTTP/1.0 client) may be answered. */
    boolean allows(String hostHeader) {
        return hostHeader == null || names.contains(hostOf(hostHeader));
    }

    /** The names, for the refusal's message. */
    String listed() {
        return String.join(", ", names);
    }
}
