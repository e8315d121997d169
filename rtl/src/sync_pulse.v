// The slot-reference line's source (issue 63): the board that leads drives a pulse at the start of each of its
// slots, and its width carries the slot's number to the boards that follow (slot_sync.v), a bit a slot: slot s
// with s mod 64 = 0 is a frame's mark (W_MARK cycles), slot s with k = s mod 64 in 1..58 carries bit k + 5 of
// s (W_ONE cycles for a one, W_ZERO for a zero; bits 6..63 are the same in every slot of the frame, and bits
// 0..5 are the slot's place in it), the rest a zero. The line rises in the slot's first cycle.
module sync_pulse #(
    parameter W_ZERO = 2,
    parameter W_ONE  = 6,
    parameter W_MARK = 12
) (
    input  wire        clk,
    input  wire        rst,
    input  wire        slot_edge,  // the next cycle is a slot's first (slot_clock's slot_edge)
    input  wire [63:0] number,     // that slot's number, in this cycle
    output reg         line
);
    generate
        if (W_ZERO < 1 || W_ONE < W_ZERO + 3 || W_MARK < W_ONE + 4 || W_MARK > 31) begin : bad_widths
            sync_pulse_needs_widths_3_cycles_apart_under_32 unsupported ();
        end
    endgenerate
    wire [5:0] k = number[5:0];
    wire       bit_k = number[k + 6'd5];  // (k 1..58: bits 6..63)
    wire [4:0] width = k == 6'd0 ? W_MARK[4:0] : (k <= 6'd58 && bit_k) ? W_ONE[4:0] : W_ZERO[4:0];
    reg  [4:0] left;                       // cycles the line stays high after this one
    always @(posedge clk) begin
        if (rst) begin
            line <= 1'b0;
            left <= 0;
        end else if (slot_edge) begin
            line <= 1'b1;
            left <= width - 1'b1;
        end else if (left != 0) begin
            left <= left - 1'b1;
        end else begin
            line <= 1'b0;
        end
    end
endmodule
