package org.oft.controller.service.fattree;

import io.vertx.core.json.JsonObject;
import java.util.Set;
import org.oft.controller.fattree.routing.RoutingEngines;

/**
 * The body of an engine change: {"engine": NAME, "paths": K}, nothing else. Without paths, a
 * newly named engine takes as many as {@link Served#initially} gives it; without an engine, the
 * one served keeps running over K paths.
 */
final class EngineRequest {
    private EngineRequest() {
    }

    static Served parse(JsonObject body, Served now, int addressesPerHost) {
        if (body == null || body.isEmpty()) {
            throw new IllegalArgumentException("the body must be a JSON object with \"engine\", \"paths\" or both");
        }
        for (String k : body.fieldNames()) {
            if (!Set.of("engine", "paths").contains(k)) {
                throw new IllegalArgumentException("unknown field '" + k + "' (\"engine\", \"paths\")");
            }
        }
        String name = now.engine();
        boolean engineGiven = body.containsKey("engine");
        if (engineGiven) {
            Object e = body.getValue("engine");
            if (!(e instanceof String s) || s.isBlank()) {
                throw new IllegalArgumentException("\"engine\" must be an engine name");
            }
            RoutingEngines.forSwitchBoards(s);
            name = s;
        }
        int k = engineGiven ? Served.initially(name, addressesPerHost).paths() : now.paths();
        if (body.containsKey("paths")) {
            Object p = body.getValue("paths");
            if (!(p instanceof Integer || p instanceof Long) || ((Number) p).longValue() < 1
                    || ((Number) p).longValue() > addressesPerHost || addressesPerHost % ((Number) p).longValue() != 0) {
                throw new IllegalArgumentException("\"paths\" must divide the " + addressesPerHost + " address(es) the boards give each host"
                        + " (serve --paths sets them), got " + p);
            }
            k = ((Number) p).intValue();
            if (k > 1 && !RoutingEngines.byName(name).multiPath()) {
                throw new IllegalArgumentException(name + " is single-path: \"paths\" must be 1 ("
                        + RoutingEngines.multiPathNames() + " route over several)");
            }
        }
        return new Served(name, k);
    }
}
