package org.oft.controller.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

/** A board's own strings (its firmware version, its id) cannot add lines or columns to what boards probe prints. */
class BoardsCommandTest {
    @Test
    void aBoardsTextStaysOneCsvField() {
        assertEquals("fw-1.2", BoardsCommand.csv("fw-1.2"));
        assertEquals("\"fw,1\"", BoardsCommand.csv("fw,1"));
        assertEquals("\"say \"\"hi\"\"\"", BoardsCommand.csv("say \"hi\""));
        String injected = BoardsCommand.csv("fw\nswitch-9,ELECTRICAL_SWITCH,9");
        assertFalse(injected.contains("\n"), injected);
        assertEquals("\"fw\\u000aswitch-9,ELECTRICAL_SWITCH,9\"", injected);
        assertEquals("a\\u001b[31mred", BoardsCommand.printable("a\u001b[31mred"));
    }
}
