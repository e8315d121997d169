// The slot clock of a board's engine (the only writer of cyc and due): while it runs, a slot boundary falls
// due every `reload` cycles, and the engine runs them (done counts those run); at most 4 are owed, and the
// clock waits for the engine beyond that. Beside it the millisecond tick the leases count down on.
//
// cyc counts the cycles left in this slot down to 1 (the boundary's cycle). Its halves count side by side, the
// upper one borrowing on cyc_lo0 (two 20-bit carry chains, not one of 40), and cyc_one stands for cyc <= 1:
// no 40-bit test sits in front of the reload. start (the engine's pulse: a Clock started) loads reload in the
// next cycle without counting a boundary.
module slot_clock #(
    parameter MS_CYCLES = 1000              // clock cycles a millisecond (CLK_HZ / 1000)
) (
    input  wire        clk,
    input  wire        clear,               // power-on or reset: stopped, nothing due
    input  wire        running,
    input  wire        start,
    input  wire [39:0] reload,              // cycles a slot (0 as 1; a slot of 1000 s at 1 GHz fits)
    input  wire        reload_lo0,          // reload[19:0] == 0, and
    input  wire        reload_one,          // reload[39:1] == 0, kept by the engine with reload
    input  wire [2:0]  done,                // boundaries the engine has run (it counts them)
    // a slot-reference line's pulse (slot_sync.v): the cycles left become align_left, and with align_edge a
    // boundary is counted now (this board's had not come yet); 0 on a board that runs free
    input  wire        align,
    input  wire        align_edge,
    input  wire [39:0] align_left,
    input  wire        align_lo0,
    input  wire        align_one,
    output reg  [39:0] cyc,
    output reg         cyc_lo0,             // cyc[19:0] == 0
    output reg         cyc_one,             // cyc[39:1] == 0
    output reg  [2:0]  due,                 // boundaries that fell due
    output wire [2:0]  owed,                // due - done
    output reg         owed_nz,             // owed != 0, a cycle late (the engine returns to idle cycles after it acts)
    output wire        slot_edge,           // a boundary is counted at the next edge (the cycle after is the slot's first)
    output reg         ms_tick              // a millisecond has passed (a pulse)
);
    generate
        if (MS_CYCLES < 1 || MS_CYCLES >= (1 << 20)) begin : bad_ms
            slot_clock_needs_1_to_2e20_cycles_a_millisecond unsupported ();
        end
    endgenerate
    assign owed = due - done;
    wire   boundary = align ? align_edge || cyc_one : cyc_one;
    assign slot_edge = running && boundary && !start && owed != 3'd4 && !clear;
    always @(posedge clk) owed_nz <= owed != 0;
    always @(posedge clk) begin
        if (clear) begin
            cyc <= 0;
            cyc_lo0 <= 1'b1;
            cyc_one <= 1'b1;
            due <= 0;
        end else if (running) begin
            if (align && !start) begin
                cyc <= align_left;
                cyc_lo0 <= align_lo0;
                cyc_one <= align_one;
                if (boundary && owed != 3'd4) due <= due + 1'b1;
            end else if (cyc_one || start) begin
                cyc <= reload;
                cyc_lo0 <= reload_lo0;
                cyc_one <= reload_one;
                if (!start && owed != 3'd4) due <= due + 1'b1;
            end else begin
                cyc[19:0] <= cyc[19:0] - 1'b1;
                cyc[39:20] <= cyc[39:20] - {19'd0, cyc_lo0};
                cyc_lo0 <= cyc[19:0] == 20'd1;
                cyc_one <= cyc == 40'd2; // (it is at least 2 here)
            end
        end
    end
    reg [19:0] ms_div;
    localparam integer MS_LAST = MS_CYCLES - 1; // (under 2^20: checked above)
    always @(posedge clk) begin
        ms_tick <= 1'b0;
        if (clear) begin
            ms_div <= 0;
        end else if (ms_div == MS_LAST[19:0]) begin
            ms_div <= 0;
            ms_tick <= 1'b1;
        end else begin
            ms_div <= ms_div + 1'b1;
        end
    end
`ifdef FORMAL_KEPT
    // the bits kept beside the counter say what the compares they stand for would (rtl/formal/prove.sh KEPT)
    reg f_past = 1'b0;
    always @(posedge clk) f_past <= !clear;
    always @* if (f_past && !clear) assert(cyc_lo0 == (cyc[19:0] == 0) && cyc_one == (cyc[39:1] == 0));
`endif
endmodule
