package org.oft.controller.fattree.flit;

import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.oft.sim.flit.FlitParameters;
import org.oft.sim.flit.FlitSimulator;

/**
 * How the flit model is configured, one record for every place that configures it: {@code oftctl flit}, {@code serve
 * --fabric fattree}, {@code board-sim --fattree} (and the arguments a controller spawns it with), study files and the
 * JSON of a run. {@link Option} is the one name table: each option's key (study files, JSON), its command-line flag and
 * its default; a word that names no choice is refused, never read as the default.
 */
public record FlitConfig(FlitParameters parameters, FlitSimulator.PathPolicy policy, boolean randomUp, boolean ageArbitration) {
    /** The defaults of {@code oftctl flit} (BookSim2's, as FlitParameters has them). */
    public static final String VCS = "4";
    public static final String BUFFER = "16";
    public static final String PACKET = "1";
    public static final String CREDIT_DELAY = "2";
    public static final String CHANNEL_LATENCY = "1";
    public static final String INJECTION_DELAY = "0";
    public static final String EJECTION_DELAY = "0";
    public static final String PATH_POLICY = "hash";
    public static final String ARBITRATION = "rr";

    /** The options, by key, flag and default; a choice's words in order. */
    public enum Option {
        VCS("vcs", "--vcs", FlitConfig.VCS),
        BUFFER("buffer", "--buffer", FlitConfig.BUFFER),
        PACKET("packet", "--packet", FlitConfig.PACKET),
        CREDIT_DELAY("creditDelay", "--credit-delay", FlitConfig.CREDIT_DELAY),
        CHANNEL_LATENCY("channelLatency", "--channel-latency", FlitConfig.CHANNEL_LATENCY),
        INJECTION_DELAY("injectionDelay", "--injection-delay", FlitConfig.INJECTION_DELAY),
        EJECTION_DELAY("ejectionDelay", "--ejection-delay", FlitConfig.EJECTION_DELAY),
        SWITCHING("switching", "--cut-through", "wormhole", "wormhole", "cut-through"),
        ARBITRATION("arbitration", "--arbitration", FlitConfig.ARBITRATION, "rr", "age"),
        PATH_POLICY("pathPolicy", "--path-policy", FlitConfig.PATH_POLICY, "hash", "round-robin", "random"), // FlitSimulator.PathPolicy's order
        RANDOM_UP("randomUp", "--random-up", "false");

        private final String key;
        private final String flag;
        private final String dflt;
        private final List<String> choices;

        Option(String key, String flag, String dflt, String... choices) {
            this.key = key;
            this.flag = flag;
            this.dflt = dflt;
            this.choices = List.of(choices);
        }

        public String key() {
            return key;
        }

        public String flag() {
            return flag;
        }

        /** The default as a JSON value: a number, a word or a boolean. */
        public Object defaultValue() {
            if (this == RANDOM_UP) {
                return false;
            }
            return choices.isEmpty() ? (Object) Integer.parseInt(dflt) : dflt;
        }

        /** A choice's words; empty for a number or a switch. */
        public List<String> choices() {
            return choices;
        }

        /** The option a key names, or null. */
        public static Option byKey(String key) {
            for (Option o : values()) {
                if (o.key.equals(key)) {
                    return o;
                }
            }
            return null;
        }
    }

    /** BookSim2's defaults, hash path choice, tables on the way up, round-robin allocation. */
    public static FlitConfig defaults() {
        return of(new JsonObject());
    }

    /** The configuration {@code c} gives by key (study files, JSON), defaults for keys it lacks; a bad value is refused. */
    public static FlitConfig of(JsonObject c) {
        FlitParameters p = new FlitParameters(integer(c, Option.VCS), integer(c, Option.BUFFER), integer(c, Option.PACKET),
                integer(c, Option.CREDIT_DELAY), integer(c, Option.CHANNEL_LATENCY), integer(c, Option.INJECTION_DELAY),
                integer(c, Option.EJECTION_DELAY), "cut-through".equals(word(c, Option.SWITCHING)));
        Object up = c.getValue(Option.RANDOM_UP.key, false);
        if (!(up instanceof Boolean)) {
            throw new IllegalArgumentException(Option.RANDOM_UP.key + ": expected true or false, got " + up);
        }
        return new FlitConfig(p, policy(word(c, Option.PATH_POLICY)), (Boolean) up, "age".equals(word(c, Option.ARBITRATION)));
    }

    private static int integer(JsonObject c, Option o) {
        Object v = c.getValue(o.key, o.defaultValue());
        if (!(v instanceof Integer i) || i < 0) {
            throw new IllegalArgumentException(o.key + ": expected a whole number at least 0, got " + v);
        }
        return i;
    }

    private static String word(JsonObject c, Option o) {
        Object v = c.getValue(o.key, o.defaultValue());
        return check(o, v);
    }

    /** {@code v} if it is one of {@code o}'s words; otherwise refused with the words there are. */
    public static String check(Option o, Object v) {
        if (!(v instanceof String s) || !o.choices.contains(s)) {
            throw new IllegalArgumentException(o.key + ": expected one of " + String.join(", ", o.choices) + ", got " + v);
        }
        return s;
    }

    /** The path policy a word names ({@code hash}, {@code round-robin}, {@code random}); any other word refused. */
    public static FlitSimulator.PathPolicy policy(String word) {
        return FlitSimulator.PathPolicy.values()[Option.PATH_POLICY.choices.indexOf(check(Option.PATH_POLICY, word))];
    }

    /** The word of a path policy, as {@link #policy(String)} reads it. */
    public static String word(FlitSimulator.PathPolicy p) {
        return Option.PATH_POLICY.choices.get(Arrays.asList(FlitSimulator.PathPolicy.values()).indexOf(p));
    }

    /** By key, every option: what a run's JSON reports and a study point stores. */
    public JsonObject json() {
        return new JsonObject().put(Option.VCS.key, parameters.vcs()).put(Option.BUFFER.key, parameters.bufferFlits())
                .put(Option.PACKET.key, parameters.packetFlits()).put(Option.CREDIT_DELAY.key, parameters.creditDelay())
                .put(Option.CHANNEL_LATENCY.key, parameters.channelLatency()).put(Option.INJECTION_DELAY.key, parameters.injectionDelay())
                .put(Option.EJECTION_DELAY.key, parameters.ejectionDelay())
                .put(Option.SWITCHING.key, parameters.cutThrough() ? "cut-through" : "wormhole")
                .put(Option.ARBITRATION.key, ageArbitration ? "age" : "rr").put(Option.PATH_POLICY.key, word(policy))
                .put(Option.RANDOM_UP.key, randomUp);
    }

    /** The command-line flags that give this configuration ({@code board-sim --fattree}'s, as a controller spawns it). */
    public List<String> args() {
        List<String> a = new ArrayList<>();
        JsonObject j = json();
        for (Option o : Option.values()) {
            Object v = j.getValue(o.key);
            if (o == Option.SWITCHING || o == Option.RANDOM_UP) { // switches on the command line
                if (!v.equals(o.defaultValue())) {
                    a.add(o.flag);
                }
            } else {
                a.addAll(List.of(o.flag, v.toString()));
            }
        }
        return a;
    }
}
