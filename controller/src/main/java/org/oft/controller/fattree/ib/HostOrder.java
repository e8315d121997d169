package org.oft.controller.fattree.ib;

import java.util.Arrays;

/**
 * How an imported fabric's hosts are numbered (their NIDs, hence what D-mod-K and S-mod-K take them modulo). Hosts
 * are always placed digit by digit, the model's subtrees kept; an order only decides the ranks: of the hosts under a
 * leaf, and of each subtree among its siblings (by its first host's key).
 */
public enum HostOrder {
    /** By port GUID: the order ibnetdiscover cannot change between runs. OpenSM's updn, minhop and dfsssp do not number hosts. */
    GUID("guid", "by port GUID (a subtree by its smallest)"),
    /** As the file lists the hosts: a hand-written or reordered file numbers hosts as it reads. */
    FILE("file", "in the order the file lists them"),
    /**
     * By place: leaves by node GUID, a leaf's hosts by the port they hang on. Zahavi's D-Mod-K and OpenSM's ftree and
     * dmodk engines index hosts so (leaf, then leaf port).
     */
    TUPLE("tuple", "by leaf (by its node GUID) and the leaf port they hang on");

    private final String word;
    private final String meaning;

    HostOrder(String word, String meaning) {
        this.word = word;
        this.meaning = meaning;
    }

    public String word() {
        return word;
    }

    /** What the order numbers hosts by, in words (for help and reports). */
    public String meaning() {
        return meaning;
    }

    /** The order a word names; null or blank is {@link #GUID}. */
    public static HostOrder byName(String name) {
        return byName(name, "--host-order");
    }

    /** The same, a word no order has refused as the value of {@code field} (an option, a study file's field). */
    public static HostOrder byName(String name, String field) {
        if (name == null || name.isBlank()) {
            return GUID;
        }
        for (HostOrder o : values()) {
            if (o.word.equals(name.strip())) {
                return o;
            }
        }
        throw new IllegalArgumentException(field + ": expected one of " + String.join(", ", Arrays.stream(values()).map(HostOrder::word).toList())
                + ", got '" + name.strip() + "'");
    }
}
