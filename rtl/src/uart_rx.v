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
    localparam [W-1:0] FULL = CLKS_PER_BIT - 1;
    localparam [W-1:0] HALF = CLKS_PER_BIT / 2;
    reg [1:0] sync;
    reg [W-1:0] count;
    reg [3:0] bit_index; // 0: start, 1..8: data, 9: stop
    reg busy;
    reg [7:0] shift;
    wire line = sync[1];

    // the reset last, on the registers it sets alone: the data registers' enables do not read it
    always @(posedge clk) begin
        sync <= {sync[0], rx};
        valid <= 1'b0;
        if (!busy) begin
            if (!line) begin
                busy <= 1'b1;
                count <= HALF;
                bit_index <= 0;
            end
        end else if (count != 0) begin
            count <= count - 1'b1;
        end else begin
            count <= FULL;
            if (bit_index == 0) begin
                if (line) busy <= 1'b0; // a glitch, not a start bit
            end else if (bit_index <= 8) begin
                shift <= {line, shift[7:1]};
            end else begin
                busy <= 1'b0;
                if (line) begin
                    data <= shift;
                    valid <= 1'b1;
                end
            end
            bit_index <= bit_index + 1'b1;
        end
        if (rst) begin
            sync <= 2'b11;
            valid <= 1'b0;
            busy <= 1'b0;
            count <= 0;
            bit_index <= 0;
        end
    end
endmodule
