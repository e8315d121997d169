package org.oft.controller.service.fattree;

import io.vertx.core.json.JsonObject;

/** The body of a failure: {"fail": SPEC}, nothing else (SPEC as {@code fattree reroute --fail}). */
final class FailRequest {
    private FailRequest() {
    }

    static String spec(JsonObject body) {
        if (body == null) {
            throw new IllegalArgumentException("the body must be a JSON object with \"fail\"");
        }
        for (String k : body.fieldNames()) {
            if (!k.equals("fail")) {
                throw new IllegalArgumentException("unknown field '" + k + "' (only \"fail\")");
            }
        }
        Object f = body.getValue("fail");
        if (!(f instanceof String s) || s.isBlank()) {
            throw new IllegalArgumentException("\"fail\" must be a failure: link:NODE:PORT, switch:NODE or host:N");
        }
        return s;
    }
}
