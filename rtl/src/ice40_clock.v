// An iCE40's engine clock from a board's 12 MHz oscillator, through its PLL: MHZ of 24, 36 or 48 (VCO 576-768
// MHz, in the PLL's range), so that 3 Mbaud is a whole number of clocks a bit (8, 12, 16). PAD = 1 when the
// oscillator reaches the PLL's own pad (SB_PLL40_PAD), 0 when it comes through the fabric (SB_PLL40_CORE).
module ice40_clock #(
    parameter MHZ = 48,
    parameter PAD = 1
) (
    input  wire osc_12mhz,
    output wire clk,
    output wire locked
);
    localparam [6:0] DIVF = MHZ == 36 ? 7'd47 : 7'd63;   // VCO = 12 MHz * (DIVF + 1)
    localparam [2:0] DIVQ = MHZ == 24 ? 3'd5 : 3'd4;     // out = VCO / 2^DIVQ
    generate
        if (MHZ != 24 && MHZ != 36 && MHZ != 48) begin : bad_mhz
            // (no such PLL set-up: elaboration fails on the missing module)
            ice40_clock_takes_24_36_or_48_mhz unsupported ();
        end
        if (PAD != 0) begin : pad
            SB_PLL40_PAD #(.FEEDBACK_PATH("SIMPLE"), .DIVR(4'd0), .DIVF(DIVF), .DIVQ(DIVQ), .FILTER_RANGE(3'd1)) pll (
                .PACKAGEPIN(osc_12mhz), .PLLOUTGLOBAL(clk), .LOCK(locked), .RESETB(1'b1), .BYPASS(1'b0));
        end else begin : core
            SB_PLL40_CORE #(.FEEDBACK_PATH("SIMPLE"), .DIVR(4'd0), .DIVF(DIVF), .DIVQ(DIVQ), .FILTER_RANGE(3'd1)) pll (
                .REFERENCECLK(osc_12mhz), .PLLOUTGLOBAL(clk), .LOCK(locked), .RESETB(1'b1), .BYPASS(1'b0));
        end
    endgenerate
endmodule
