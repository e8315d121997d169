package org.oft.controller.study.cluster;

/** A cluster library's message made fit for people: its first line, without Java class names. */
final class StudyClusterText {
    private StudyClusterText() {
    }

    static String plain(String message) {
        String first = message.strip().split("\n", 2)[0];
        // "java.net.BindException: Address already in use" -> "Address already in use"
        return first.replaceAll("\\b(?:[a-z][a-z0-9_]*\\.)+[A-Z][A-Za-z0-9]*(?:Exception|Error): ?", "")
                .replaceAll("\\b[A-Z][A-Za-z0-9]*(?:Exception|Error)\\b:? ?", "").strip();
    }
}
