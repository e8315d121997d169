package org.oft.controller.service.http;

import java.util.Locale;

/**
 * Prometheus' text exposition format (0.0.4), written family by family: a family's HELP and TYPE once, then its
 * samples together, label values escaped as the format asks. What {@code /metrics} serves and Grafana reads.
 */
public final class PrometheusText {
    /** The content type a scraper expects. */
    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
    private final StringBuilder out = new StringBuilder();

    /** Starts family {@code name} of {@code type} (counter or gauge). */
    public PrometheusText family(String name, String type, String help) {
        out.append("# HELP ").append(name).append(' ').append(help.replace("\\", "\\\\").replace("\n", "\\n")).append('\n');
        out.append("# TYPE ").append(name).append(' ').append(type).append('\n');
        return this;
    }

    /** A sample of the current family: labels as name, value pairs. */
    public PrometheusText sample(String name, double value, String... labels) {
        out.append(name);
        if (labels.length > 0) {
            out.append('{');
            for (int k = 0; k + 1 < labels.length; k += 2) {
                if (k > 0) {
                    out.append(',');
                }
                out.append(labels[k]).append("=\"").append(escape(labels[k + 1])).append('"');
            }
            out.append('}');
        }
        out.append(' ');
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            out.append((long) value);
        } else {
            out.append(Double.isNaN(value) ? "NaN" : String.format(Locale.ROOT, "%s", value));
        }
        out.append('\n');
        return this;
    }

    /** Text another part wrote in this format, appended as it is. */
    public PrometheusText append(String text) {
        out.append(text);
        return this;
    }

    static String escape(String v) {
        return v == null ? "" : v.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
