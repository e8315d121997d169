// UART receiver, 8N1: one byte per valid pulse. A start bit is confirmed at its middle; a frame
// whose stop bit is low is dropped (a line break or noise), as a UART's framing error.
module uart_rx #(
    parameter CLKS_PER_BIT = 16
) (
    input  wire       clk,
    input  wire       rst,
    input  wire       rx,
    output reg  [7:0] data,
    output reg        valid
);
    localparam W = $clog2(CLKS_PER_BIT + 1);
    localparam integer LAST = CLKS_PER_BIT - 1;
    localparam [W-1:0] FULL = LAST[W-1:0];
    localparam integer MID = CLKS_PER_BIT / 2;
    localparam [W-1:0] HALF = MID[W-1:0];
    reg [1:0] sync;
    reg [W-1:0] count;
    reg count_z;         // count == 0, kept as it counts
    reg [3:0] bit_index; // 0: start, 1..8: data, 9: stop
    reg at_start;        // bit_index == 0, kept as it steps
    reg at_stop;         // bit_index == 9, kept as it steps
    reg busy;
    reg [7:0] shift;
    wire line = sync[1];

    // the reset last, on the registers it sets alone: the data registers' enables do not read it;
    // every decision reads kept bits (count_z, at_start, at_stop), not a compare of a counter
    always @(posedge clk) begin
        sync <= {sync[0], rx};
        valid <= 1'b0;
        if (!busy) begin
            if (!line) begin
                busy <= 1'b1;
                count <= HALF;
                count_z <= HALF == 0;
                bit_index <= 0;
                at_start <= 1'b1;
                at_stop <= 1'b0;
            end
        end else if (!count_z) begin
            count <= count - 1'b1;
            count_z <= count == 1;
        end else begin
            count <= FULL;
            count_z <= FULL == 0;
            if (at_start) begin
                if (line) busy <= 1'b0; // a glitch, not a start bit
            end else if (!at_stop) begin
                shift <= {line, shift[7:1]};
            end else begin
                busy <= 1'b0;
                if (line) begin
                    data <= shift;
                    valid <= 1'b1;
                end
            end
            bit_index <= bit_index + 1'b1;
            at_start <= 1'b0;
            at_stop <= bit_index == 8;
        end
        if (rst) begin
            sync <= 2'b11;
            valid <= 1'b0;
            busy <= 1'b0;
            count <= 0;
            count_z <= 1'b1;
            bit_index <= 0;
            at_start <= 1'b1;
            at_stop <= 1'b0;
        end
    end
endmodule
