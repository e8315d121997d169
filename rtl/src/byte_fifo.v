// A byte FIFO in block RAM: what a UART delivers while the board is busy with a frame.
// A byte that finds it full is dropped and counted; the host retransmits what it lost.
// Its empty and full tests are registered a cycle ahead, so that no pointer compare sits in front
// of a read's or a write's decision: a read waits a cycle after the one before (a byte every two
// cycles, as the framer takes them), and the full test, a cycle old, is exact for a write because
// a UART puts a byte at most every tenth cycle (none in the cycle before it).
module byte_fifo #(
    parameter DEPTH_LOG2 = 9
) (
    input  wire       clk,
    input  wire       rst,
    input  wire [7:0] in_data,
    input  wire       in_valid,
    output wire [7:0] out_data,
    output wire       out_valid,
    input  wire       out_ready,
    output reg [15:0] overflows
);
    reg [7:0] mem [0:(1 << DEPTH_LOG2) - 1];
    reg [DEPTH_LOG2:0] head, tail;
    reg [7:0] q;
    reg q_valid;
    reg nonempty; // head != tail a cycle ago: still true unless that cycle's read took the last byte
    reg took;     // a byte was read in the cycle before: nonempty is not current yet
    reg full;     // (head - tail) == depth a cycle ago and no byte read since
    wire take = nonempty && !took && (!q_valid || out_ready);

    assign out_data = q;
    assign out_valid = q_valid;

    // the reset last, on the registers it sets alone
    always @(posedge clk) begin
        nonempty <= head != tail;
        full <= head[DEPTH_LOG2] != tail[DEPTH_LOG2] && head[DEPTH_LOG2-1:0] == tail[DEPTH_LOG2-1:0] && !take; // (no subtraction)
        took <= take;
        if (in_valid) begin
            if (!full) begin
                mem[head[DEPTH_LOG2-1:0]] <= in_data;
                head <= head + 1'b1;
            end else if (overflows != 16'hFFFF) begin
                overflows <= overflows + 1'b1;
            end
        end
        if (take) begin
            q <= mem[tail[DEPTH_LOG2-1:0]];
            q_valid <= 1'b1;
            tail <= tail + 1'b1;
        end else if (out_ready) begin
            q_valid <= 1'b0;
        end
        if (rst) begin
            head <= 0;
            tail <= 0;
            q_valid <= 1'b0;
            overflows <= 0;
            nonempty <= 1'b0;
            took <= 1'b0;
            full <= 1'b0;
        end
    end
endmodule
