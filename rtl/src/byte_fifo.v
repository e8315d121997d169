// A byte FIFO in block RAM: what a UART delivers while the board is busy with a frame.
// A byte that finds it full is dropped and counted; the host retransmits what it lost.
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
    wire empty = head == tail;
    wire full = (head - tail) == (1 << DEPTH_LOG2);
    wire take = !empty && (!q_valid || out_ready);

    assign out_data = q;
    assign out_valid = q_valid;

    always @(posedge clk) begin
        if (rst) begin
            head <= 0;
            tail <= 0;
            q_valid <= 1'b0;
            overflows <= 0;
        end else begin
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
        end
    end
endmodule
