// The reason a Nack gives, by id: fixed text (the code beside it says the rest).
localparam [4:0] RS_VERSION = 0, RS_UNKNOWN = 1, RS_MALFORMED = 2, RS_NO_BOARD = 3, RS_NO_REGION = 4,
                 RS_RANGE = 5, RS_CRC = 6, RS_EPOCH = 7, RS_NOTHING = 8, RS_CONTENT = 9, RS_STALE = 10,
                 RS_HELD = 11, RS_OWNED = 12, RS_UNCLAIMED = 13, RS_SCHEDULED = 14, RS_LOCKED = 15,
                 RS_CLOCK = 16, RS_BP_TYPE = 17, RS_BOARD_TYPE = 18, RS_BELOW = 19;

function [8*64-1:0] reason_text;
    input [4:0] id;
    case (id)
        RS_VERSION:    reason_text = "protocol version is not 2";
        RS_UNKNOWN:    reason_text = "unknown message type";
        RS_MALFORMED:  reason_text = "malformed message";
        RS_NO_BOARD:   reason_text = "no board at this address";
        RS_NO_REGION:  reason_text = "no such region or bank on this board";
        RS_RANGE:      reason_text = "bytes outside the region";
        RS_CRC:        reason_text = "staging does not hold the length and CRC the commit names";
        RS_EPOCH:      reason_text = "epoch is not after the current slot";
        RS_NOTHING:    reason_text = "no commit is scheduled";
        RS_CONTENT:    reason_text = "region is not a complete, well-formed table";
        RS_STALE:      reason_text = "generation is not this board's";
        RS_HELD:       reason_text = "generation is held by another controller; claim a higher one";
        RS_OWNED:      reason_text = "owned by another controller, lease live; take over";
        RS_UNCLAIMED:  reason_text = "not claimed since it booted; claim it";
        RS_SCHEDULED:  reason_text = "a commit at another epoch is already scheduled";
        RS_LOCKED:     reason_text = "a commit is scheduled for this region; abort it first";
        RS_CLOCK:      reason_text = "clock op or slot rate out of range";
        RS_BP_TYPE:    reason_text = "the backplane does not take this message";
        RS_BOARD_TYPE: reason_text = "a board does not take this message";
        RS_BELOW:      reason_text = "generation is below this board's";
        default:       reason_text = "error";
    endcase
endfunction

// Bytes in reason_text(id): the text is right-aligned, zeros before it.
function [7:0] reason_len;
    input [4:0] id;
    integer i;
    reg [8*64-1:0] t;
    begin
        t = reason_text(id);
        reason_len = 0;
        for (i = 0; i < 64; i = i + 1)
            if (t[8*i +: 8] != 8'd0) reason_len = i + 1;
    end
endfunction
