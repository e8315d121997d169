package org.oft.controller.cli;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * Where benchmark figures go: CSV sections with '#' comments for people (printed as they come, a
 * long run shows its figures early), or with {@code --json} one document at the end:
 * {@code {"benchmarks":[{"name", "comment", "columns", "rows":[{column: value}], "notes"}]}}.
 */
final class BenchOutput {
    private final PrintWriter out;
    private final boolean json;
    private final JsonArray sections = new JsonArray();
    private JsonObject current;
    private String[] columns;

    BenchOutput(PrintWriter out, boolean json) {
        this.out = out;
        this.json = json;
    }

    /** Starts a table of figures. */
    void section(String name, String comment, String... columns) {
        this.columns = columns;
        if (json) {
            current = new JsonObject().put("name", name).put("comment", comment).put("columns", new JsonArray(java.util.List.of(columns)))
                    .put("rows", new JsonArray()).put("notes", new JsonArray());
            sections.add(current);
        } else {
            out.println("# " + comment);
            out.println(String.join(",", columns));
            out.flush();
        }
    }

    /** One row: {@code textFormat} renders it for people; values, one per column, go to JSON as they are ("-" as null). */
    void row(String textFormat, Object... values) {
        if (values.length != columns.length) {
            throw new IllegalStateException("a row of " + values.length + " values for " + columns.length + " columns");
        }
        if (json) {
            JsonObject row = new JsonObject();
            for (int i = 0; i < values.length; i++) {
                row.put(columns[i], "-".equals(values[i]) ? null : values[i]);
            }
            current.getJsonArray("rows").add(row);
        } else {
            out.printf(Locale.ROOT, textFormat + "%n", values);
            out.flush();
        }
    }

    /** One row whose text for people is given whole (its values may be JSON arrays or objects, not fit for CSV). */
    void rowText(String text, Object... values) {
        if (json) {
            row(null, values);
        } else {
            out.println(text);
            out.flush();
        }
    }

    /** A remark on the current section. */
    void note(String text) {
        if (json) {
            current.getJsonArray("notes").add(text);
        } else {
            out.println("# " + text);
            out.flush();
        }
    }

    /** Ends the run: the JSON document, if that is the format. */
    void finish() {
        if (json) {
            out.println(new JsonObject().put("benchmarks", sections).encode());
            out.flush();
        }
    }
}
