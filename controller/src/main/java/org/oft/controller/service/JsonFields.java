package org.oft.controller.service;

import io.vertx.core.json.JsonObject;

/** Fields of a request's JSON body, checked: a wrong type or an out-of-range number is refused with the field named. */
public final class JsonFields {
    private JsonFields() {
    }

    /** A string field. */
    public static String string(JsonObject o, String name) {
        Object v = o.getValue(name);
        if (!(v instanceof String s)) {
            throw new IllegalArgumentException("'" + name + "' must be a string" + (v == null ? "" : ", got " + describe(v)));
        }
        return s;
    }

    /** A whole number in int range: 2.7 and 99999999999 are refused, not truncated or wrapped. */
    public static int intField(JsonObject o, String name) {
        Object v = o.getValue(name);
        if (v == null) {
            throw new IllegalArgumentException("a whole number '" + name + "' is needed");
        }
        if (!(v instanceof Integer || v instanceof Long || v instanceof java.math.BigInteger)) {
            throw new IllegalArgumentException("'" + name + "' must be a whole number, got " + describe(v));
        }
        Number n = (Number) v;
        if (!(v instanceof Integer) && (n.doubleValue() > Integer.MAX_VALUE || n.doubleValue() < Integer.MIN_VALUE
                || v instanceof java.math.BigInteger)) {
            throw new IllegalArgumentException("'" + name + "' is out of range: " + v);
        }
        return n.intValue();
    }

    static String describe(Object v) {
        if (v instanceof String s) {
            return "the string \"" + (s.length() > 40 ? s.substring(0, 40) + "…" : s) + "\"";
        }
        if (v instanceof Number || v instanceof Boolean) {
            return v.toString();
        }
        return v instanceof JsonObject ? "an object" : "an array";
    }
}
