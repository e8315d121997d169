package org.oft.controller.fattree.topology;

import java.nio.file.Path;
import org.oft.controller.fattree.ib.IbnetImport;
import org.oft.controller.fattree.ib.HostOrder;

/**
 * Topology specs as the CLI takes them: {@code pgft:h;m1,..,mh;w1,..,wh;p1,..,ph}, {@code xgft:h;m..;w..},
 * {@code kary:k,n} and {@code ibnet:FILE} (an ibnetdiscover or ibsim net file).
 */
public final class TopologySpec {
    private TopologySpec() {
    }

    public static FatTree parse(String spec) {
        return parse(spec, null);
    }

    /**
     * The same, an imported fabric's hosts numbered in {@code hostOrder} ({@code guid}, {@code file} or {@code tuple};
     * null: by GUID). A generated tree numbers its hosts by tuple and takes no order.
     */
    public static FatTree parse(String spec, String hostOrder) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException("no topology given (pgft:..., xgft:..., kary:k,n or ibnet:FILE)");
        }
        String s = spec.strip();
        int colon = s.indexOf(':');
        String kind = colon < 0 ? s : s.substring(0, colon);
        String body = colon < 0 ? "" : s.substring(colon + 1);
        if (hostOrder != null && !kind.equals("ibnet")) {
            throw new IllegalArgumentException("--host-order is for a fabric read from a file (ibnet:FILE); " + kind
                    + ": trees number their hosts by tuple");
        }
        switch (kind) {
            case "pgft": {
                String[] f = fields(body, 4, "pgft:h;m1,..,mh;w1,..,wh;p1,..,ph", spec);
                int h = integer(f[0], "pgft: h");
                return FatTree.generated(PgftTopology.pgft(list(f[1], h, "m"), list(f[2], h, "w"), list(f[3], h, "p")), s);
            }
            case "xgft": {
                String[] f = fields(body, 3, "xgft:h;m1,..,mh;w1,..,wh", spec);
                int h = integer(f[0], "xgft: h");
                return FatTree.generated(PgftTopology.xgft(list(f[1], h, "m"), list(f[2], h, "w")), s);
            }
            case "kary": {
                String[] f = body.split(",", -1);
                if (f.length != 2) {
                    throw new IllegalArgumentException("topology '" + spec + "': expected kary:k,n");
                }
                return FatTree.generated(PgftTopology.karyNTree(integer(f[0], "kary: k"), integer(f[1], "kary: n")), s);
            }
            case "ibnet":
                if (body.isBlank()) {
                    throw new IllegalArgumentException("topology '" + spec + "': expected ibnet:FILE");
                }
                return IbnetImport.read(Path.of(body), HostOrder.byName(hostOrder));
            default:
                throw new IllegalArgumentException("unknown topology kind '" + kind + "' in '" + spec
                        + "'; use pgft:h;m..;w..;p.., xgft:h;m..;w.., kary:k,n or ibnet:FILE");
        }
    }

    private static String[] fields(String body, int count, String form, String spec) {
        String[] f = body.split(";", -1);
        if (f.length != count) {
            throw new IllegalArgumentException("topology '" + spec + "': expected " + form);
        }
        return f;
    }

    private static int[] list(String s, int h, String name) {
        String[] f = s.split(",", -1);
        if (f.length != h) {
            throw new IllegalArgumentException(name + " must have h = " + h + " comma-separated values, got '" + s + "'");
        }
        int[] v = new int[h];
        for (int i = 0; i < h; i++) {
            v[i] = integer(f[i], name + "_" + (i + 1));
        }
        return v;
    }

    private static int integer(String s, String what) {
        try {
            return Integer.parseInt(s.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be a whole number, got '" + s.strip() + "'");
        }
    }
}
