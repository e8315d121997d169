// A board's reset: held from configuration until the clock is stable (the PLL locked), then for 2^HOLD
// cycles more; a reset button (active low, bouncing, asynchronous) asserts it at once and releases it
// only through two flip-flops, so the design leaves reset on a clock edge, as a whole.
module reset_sync #(
    parameter HOLD = 4
) (
    input  wire clk,
    input  wire locked,      // the clock is stable
    input  wire button_n,    // low: reset
    output wire rst_n
);
    wire arst_n = locked && button_n;
    reg [1:0] sync = 2'b00;
    reg [HOLD:0] count = 0;
    always @(posedge clk or negedge arst_n) begin
        if (!arst_n) begin
            sync <= 2'b00;
            count <= 0;
        end else begin
            sync <= {sync[0], 1'b1};
            if (sync[1] && !count[HOLD]) count <= count + 1'b1;
        end
    end
    assign rst_n = count[HOLD];
endmodule
