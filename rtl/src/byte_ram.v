// A single-port byte RAM, read a cycle after its address (as a block RAM): an array for simulation
// and for any FPGA, or, with SPRAM = 1 on an iCE40 UltraPlus, one of its 256 Kbit single-port RAMs
// (16 bits wide: a byte is written through the nibble mask and read from its half), so the block
// RAMs stay free for what needs two ports. Up to 32 KiB.
module byte_ram #(
    parameter AW = 13,             // address bits
    parameter DEPTH = 1 << AW,     // bytes (beyond: not kept)
    parameter SPRAM = 0
) (
    input  wire          clk,
    input  wire          we,
    // (with DEPTH under 1 << AW the upper address bits name bytes that are not kept)
    // verilator lint_off UNUSEDSIGNAL
    input  wire [AW-1:0] a,
    // verilator lint_on UNUSEDSIGNAL
    input  wire [7:0]    wd,
    output wire [7:0]    q
);
    generate
        if (SPRAM != 0 && AW >= 2 && AW <= 15) begin : sp
            wire [13:0] word = a[AW-1:1]; // (widened with zeros)
            wire [15:0] dout;
            reg         hi;      // the byte read is the word's upper half
            SB_SPRAM256KA ram (
                .ADDRESS(word), .DATAIN({wd, wd}), .MASKWREN(a[0] ? 4'b1100 : 4'b0011),
                .WREN(we), .CHIPSELECT(1'b1), .CLOCK(clk), .STANDBY(1'b0), .SLEEP(1'b0), .POWEROFF(1'b1),
                .DATAOUT(dout));
            always @(posedge clk) hi <= a[0];
            assign q = hi ? dout[15:8] : dout[7:0];
        end else begin : bram
            reg [7:0] mem [0:DEPTH - 1];
            reg [7:0] q_r;
            always @(posedge clk) begin
                // (DEPTH bytes under an AW-bit address: past DEPTH nothing is kept)
                // verilator lint_off WIDTH
                if (we) mem[a] <= wd;
                q_r <= mem[a];
                // verilator lint_on WIDTH
            end
            assign q = q_r;
        end
    endgenerate
endmodule
