package org.oft.controller.files;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What is wrong with a JSON text, for people: the parser's phrase and where (line, column), without the parser's
 * own vocabulary (its source markers, feature and class names).
 */
public final class JsonErrors {
    private static final Pattern WHERE = Pattern.compile("line: (\\d+), column: (\\d+)");
    private static final Pattern TOKEN = Pattern.compile("Unrecognized token '([^']{0,40})'");

    private JsonErrors() {
    }

    /** One line: what the parser found wrong and where, e.g. "the text ends inside a list, at line 1, column 29". */
    public static String describe(String parserMessage) {
        if (parserMessage == null || parserMessage.isBlank()) {
            return "not valid JSON";
        }
        String m = parserMessage.replaceFirst("^Failed to decode:?\\s*", "");
        String what;
        Matcher token = TOKEN.matcher(m);
        if (m.startsWith("Unexpected end-of-input")) {
            what = m.contains("Array") ? "the text ends inside a list" : m.contains("Object") ? "the text ends inside an object"
                    : "the text ends too early";
        } else if (token.find()) {
            what = "'" + token.group(1) + "' is not a JSON value (strings need double quotes)";
        } else if (m.startsWith("Unexpected character")) {
            int quote = m.indexOf("('");
            what = "unexpected character" + (quote >= 0 && m.length() > quote + 3 ? " '" + m.charAt(quote + 2) + "'" : "");
        } else if (m.isBlank()) {
            return "not a JSON object";
        } else {
            what = "not valid JSON";
        }
        Matcher where = WHERE.matcher(m);
        String at = null;
        while (where.find()) {
            at = " at line " + where.group(1) + ", column " + where.group(2);
        }
        return what + (at != null ? at : "");
    }
}
