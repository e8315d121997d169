package org.oft.hal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class BoardTextTest {

    /** A board's firmware string reaches no terminal or log as an escape sequence or a new line. */
    @Test
    void controlCharactersAreShownNotObeyed() {
        String hostile = "fw-1.0\u001b[2J\u001b[31mOWNED\r\nforged line\u0085\u2028";
        assertEquals("fw-1.0\\u001b[2J\\u001b[31mOWNED\\u000d\\u000aforged line\\u0085\\u2028", BoardText.printable(hostile));
        BoardInfo b = new BoardInfo("proc-1", BoardKind.PROCESSOR, 1, 3, 8, hostile);
        assertEquals(BoardText.printable(hostile), b.firmware(), "done where the text comes off the wire");
        String plain = "oft-fw 2.1 (ünïcode ok)";
        assertSame(plain, BoardText.printable(plain));
    }
}
