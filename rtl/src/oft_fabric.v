// The fibre plant of an r-dimensional OFT at slot level (Honkanen §2), as firmware-sim's
// SlotFabric counts it: every slot each processor injects the packet its table's row (t mod 2^r)
// names; the wave of slot t waits `latency` slots on the processors' fibres, then crosses one level
// a slot, root first, and is delivered after level 1. A level-L node in state 1 (turn) maps i_s to
// o_(s + 2^(L-1)) mod 2^L, which on the fabric's link numbers is a flip of bit L-1; so a wave ends on
// link s ^ X, X the states it met. The routers' state in slot t is bit (t mod 2^r) of their level's
// active control sequence. t counts the slots the fabric ran (it runs only while every board holds
// an active table), as the model's does.
//
// Every entry of a wave is flipped by the same bits, so the waves stay permutations: two packets
// never share a link here, and collisions and losses stay zero (the model's come from faults this
// bench does not inject).
module oft_fabric #(
    parameter ORDER   = 4,
    parameter ROUTERS = 4,    // router-level boards: level L at address L - 1
    parameter MAX_LAT = 15,
    parameter AW      = 8     // the engine's fabric port: {board, offset}
) (
    input  wire              clk,
    input  wire              rst,
    input  wire [3:0]        latency,
    input  wire              step,
    output reg               busy,
    output reg  [AW-1:0]     mem_addr,
    input  wire [7:0]        mem_data,   // two cycles after mem_addr
    output wire [64*10-1:0]  counters,   // totals: injected, delivered, misdelivered, collisions, lost; then the last slot's
    output wire [8*ORDER-1:0] states     // level 1 first; 0xFF before the first slot
);
    localparam N = 1 << ORDER;
    localparam D = MAX_LAT + ORDER;      // waves in flight at most
    localparam DW = $clog2(D + 1);
    localparam OFF_AW = AW - $clog2(ROUTERS + N + 1);

    reg [ORDER-1:0] dst [0:D*N-1];       // [wave][processor]
    reg [ORDER-1:0] flips [0:D-1];       // X of each wave so far
    reg [ORDER-1:0] applied;             // bit k: the state of level index k (level ORDER - k)
    reg             stepped;
    reg [63:0] t;
    reg [DW-1:0] wp;                     // wave injected at t
    reg [63:0] tot [0:4];
    reg [63:0] last [0:4];

    genvar g;
    generate
        for (g = 0; g < 5; g = g + 1) begin : c
            assign counters[64 * g +: 64] = tot[g];
            assign counters[64 * (g + 5) +: 64] = last[g];
        end
        for (g = 0; g < ORDER; g = g + 1) begin : s
            assign states[8 * g +: 8] = stepped ? {7'd0, applied[ORDER - 1 - g]} : 8'hFF;
        end
    endgenerate

    localparam [2:0] F_IDLE = 0, F_STATES = 1, F_INJECT = 2, F_AGE = 3, F_DELIVER = 4, F_END = 5;
    reg [2:0] st;
    reg [1:0] wait_rd;
    reg [15:0] j;           // level index, or processor
    reg        hi;          // second byte of a table row
    reg [7:0]  lo;
    // (a row's 16 bits, of which the destination takes ORDER)
    // verilator lint_off UNUSEDSIGNAL
    wire [15:0] entry = {mem_data, lo}; // a table row: the byte just read over the one before
    // verilator lint_on UNUSEDSIGNAL
    reg [DW-1:0] age;
    reg [DW-1:0] w;                      // the wave being delivered, and the flips it met
    reg [ORDER-1:0] x;
    wire [ORDER-1:0] row = t[ORDER-1:0];
    wire [31:0] row_n = {{(32 - ORDER){1'b0}}, row}; // (the row and j as numbers, for at())
    wire [31:0] j_n = {16'd0, j};
    wire [DW:0] depth = {{(DW - 3){1'b0}}, latency} + ORDER[DW:0];
    // the wave injected at t - age, and its flips once it crosses level index age - latency
    wire [DW-1:0] w_age = wp >= age ? wp - age : wp + depth[DW-1:0] - age; // (depth <= D < 2^DW)
    // (the level index age - latency is under ORDER here: F_AGE delivers at ORDER - 1)
    // verilator lint_off WIDTH
    wire [ORDER-1:0] x_age = flips[w_age] | ({{(ORDER-1){1'b0}}, applied[age - latency]} << (ORDER - 1 - (age - latency)));
    // verilator lint_on WIDTH

    // (a board and an offset as numbers: the port keeps the bits its bench needs)
    // verilator lint_off UNUSEDSIGNAL
    function [AW-1:0] at(input integer board, input integer offset);
        at = {board[AW-OFF_AW-1:0], offset[OFF_AW-1:0]};
    endfunction
    // verilator lint_on UNUSEDSIGNAL

    integer k;
    always @(posedge clk) begin
        if (wait_rd != 0) wait_rd <= wait_rd - 1'b1;
        if (rst) begin
            st <= F_IDLE;
            busy <= 1'b0;
            stepped <= 1'b0;
            t <= 0;
            wp <= 0;
            wait_rd <= 0;
            for (k = 0; k < 5; k = k + 1) begin
                tot[k] <= 0;
                last[k] <= 0;
            end
        end else case (st)
            F_IDLE: if (step) begin
                busy <= 1'b1;
                for (k = 0; k < 5; k = k + 1) last[k] <= 0;
                j <= 0;
                mem_addr <= at(ORDER - 1, row_n >> 3); // level index 0 is level ORDER, at address ORDER - 1
                wait_rd <= 2'd2;
                st <= F_STATES;
            end
            F_STATES: if (wait_rd == 0) begin
                // (j counts the levels here, under ORDER; a row's state is bit row mod 8 of its byte)
                // verilator lint_off WIDTH
                applied[j] <= mem_data[row & 3'd7];
                // verilator lint_on WIDTH
                if (j == ORDER - 1) begin
                    j <= 0;
                    hi <= 1'b0;
                    mem_addr <= at(ROUTERS, 2 * row_n);
                    flips[wp] <= 0;
                    st <= F_INJECT;
                end else begin
                    mem_addr <= at(ORDER - 2 - j_n, row_n >> 3);
                    j <= j + 1'b1;
                end
                wait_rd <= 2'd2;
            end
            F_INJECT: if (wait_rd == 0) begin
                if (!hi) begin
                    lo <= mem_data;
                    hi <= 1'b1;
                    mem_addr <= at(ROUTERS + j_n, 2 * row_n + 1);
                end else begin
                    dst[wp * N + j] <= entry[ORDER-1:0];
                    last[0] <= last[0] + 1'b1;
                    hi <= 1'b0;
                    if (j == N - 1) begin
                        age <= {{(DW - 4){1'b0}}, latency};
                        st <= F_AGE;
                    end else begin
                        j <= j + 1'b1;
                        mem_addr <= at(ROUTERS + j_n + 1, 2 * row_n);
                    end
                end
                wait_rd <= 2'd2;
            end
            F_AGE: begin
                // the wave injected at t - age crosses level index age - latency now
                if ({1'b0, age} == depth || t < {{(64 - DW){1'b0}}, age}) begin
                    st <= F_END;
                end else begin
                    w <= w_age;
                    x <= x_age;
                    flips[w_age] <= x_age;
                    if (age - latency == ORDER - 1) begin
                        j <= 0;
                        st <= F_DELIVER;
                    end else begin
                        age <= age + 1'b1;
                    end
                end
            end
            F_DELIVER: begin
                if ((j[ORDER-1:0] ^ x) == dst[w * N + j]) last[1] <= last[1] + 1'b1;
                else last[2] <= last[2] + 1'b1;
                if (j == N - 1) begin
                    age <= age + 1'b1;
                    st <= F_AGE;
                end else begin
                    j <= j + 1'b1;
                end
            end
            F_END: begin
                for (k = 0; k < 5; k = k + 1) tot[k] <= tot[k] + last[k];
                stepped <= 1'b1;
                t <= t + 1'b1;
                wp <= wp + 1'b1 == depth ? 0 : wp + 1'b1;
                busy <= 1'b0;
                st <= F_IDLE;
            end
            default: st <= F_IDLE;
        endcase
    end
endmodule
