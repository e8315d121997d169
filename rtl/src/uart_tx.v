// UART transmitter, 8N1: takes a byte when ready is high and valid is set.
module uart_tx #(
    parameter CLKS_PER_BIT = 16
) (
    input  wire       clk,
    input  wire       rst,
    input  wire [7:0] data,
    input  wire       valid,
    output wire       ready,
    output reg        tx
);
    localparam W = $clog2(CLKS_PER_BIT + 1);
    localparam integer LAST = CLKS_PER_BIT - 1;
    localparam [W-1:0] FULL = LAST[W-1:0];
    reg [W-1:0] count;
    reg [3:0] bits_left;
    reg [8:0] shift; // stop bit last
    reg       idle;  // bits_left == 0, kept as it counts: ready is a register

    assign ready = idle;

    // the reset last, on the registers it sets alone: the shift register's enable does not read it
    always @(posedge clk) begin
        if (idle) begin
            if (valid) begin
                tx <= 1'b0; // start bit
                shift <= {1'b1, data};
                bits_left <= 4'd10;
                idle <= 1'b0;
                count <= FULL;
            end
        end else if (count != 0) begin
            count <= count - 1'b1;
        end else begin
            count <= FULL;
            bits_left <= bits_left - 1'b1;
            idle <= bits_left == 4'd1;
            if (bits_left != 1) begin
                tx <= shift[0];
                shift <= {1'b1, shift[8:1]};
            end
        end
        if (rst) begin
            tx <= 1'b1;
            bits_left <= 0;
            idle <= 1'b1;
            count <= 0;
        end
    end
endmodule
