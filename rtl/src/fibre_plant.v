// The fibre plant between separate boards' optics pins (a lab bench: lab_bench.v), at the pins' level: what
// oft_fabric.v does with the engine's memories, done with what the boards drive. Slot t is timed by the
// leading board's slot marks; its middle (half the last measured period after the mark) is where the plant
// looks: every router level's state pin then is that level's state in slot t, and the injections since the
// previous middle form wave t (so a phase within half a slot either way lands in its own slot). As in
// firmware-sim's SlotFabric, wave t waits `latency` slots, then crosses one level a slot, root first
// (level L in state 1 flips bit L-1 of the link), and reaches processor s ^ X after level 1, whose receiver
// pins get the packet's destination (rx_addr a cycle before rx_valid rises, STROBE cycles high): the board
// counts it delivered when it names itself, misdelivered otherwise. A processor that injects twice in one
// window (its slot clock out of step) collides with itself: neither packet arrives, and it is counted. A board out of
// step holds its optical path's enable low: a wave that crosses a level whose board is dark is blanked there, and a
// packet for a dark processor is not received; both are counted, never delivered astray.
module fibre_plant #(
    parameter ORDER   = 3,
    parameter MAX_LAT = 15,
    parameter STROBE  = 4
) (
    input  wire                   clk,
    input  wire                   rst,
    input  wire [3:0]             latency,
    input  wire                   mark,      // the leading board's slot mark: high in each slot's first cycle
    input  wire [ORDER-1:0]       state,     // bit L-1: the state pin of router level L
    input  wire [ORDER-1:0]       level_on,  // bit L-1: router level L's optical path enabled (optics_on)
    input  wire [(1<<ORDER)-1:0]  proc_on,   // processor s's optics enabled
    input  wire [(1<<ORDER)-1:0]  inject,
    input  wire [ORDER*(1<<ORDER)-1:0] dest, // processor s's at [ORDER*s +: ORDER]
    output reg  [(1<<ORDER)-1:0]  rx_valid,
    output reg  [ORDER*(1<<ORDER)-1:0] rx_addr,
    output reg  [31:0]            carried,   // windows a processor sent in (a self-collision: one, and a collision)
    output reg  [31:0]            handed,    // packets handed to a receiver
    output reg  [31:0]            collisions,
    output reg  [31:0]            blanked,   // packets stopped by a dark board
    output reg  [31:0]            slots      // middles looked at
);
    localparam N = 1 << ORDER;
    localparam D = MAX_LAT + ORDER;          // waves in flight at most
    localparam DW = $clog2(D + 1);

    reg [ORDER-1:0] dst [0:D*N-1];           // [wave][processor]
    reg [N-1:0]     full [0:D-1];            // which processors' packets a wave holds
    reg [ORDER-1:0] flips [0:D-1];           // X of each wave so far
    reg [D-1:0]     dark;                    // a wave blanked by a dark level
    reg [DW-1:0]    wp;                      // the wave the window closes into
    reg [N-1:0]     win, twice, inject_was;
    reg [ORDER-1:0] win_dst [0:N-1];
    reg [31:0]      since, period;
    reg [2:0]       strobe_left [0:N-1];
    reg [N-1:0]     armed;
    reg             seen_mark;
    wire            mid = period != 0 && since == (period >> 1);
    wire [DW:0]     depth = {1'b0, latency} + ORDER;

    function [DW-1:0] wave_at(input [DW-1:0] head, input integer age);
        // (a wave's index, DW bits, against an integer age under D)
        // verilator lint_off WIDTH
        wave_at = head >= age ? head - age[DW-1:0] : head + depth[DW-1:0] - age[DW-1:0];
        // verilator lint_on WIDTH
    endfunction

    // what the middle does, worked out beside it: each wave's index and flips after this slot's level, and what
    // arrives (the oldest wave, past level 1; depth is ORDER or more, so never this window's)
    integer a, s, lvl;
    reg [DW-1:0]    nw [0:D-1];
    reg [ORDER-1:0] nx [0:D-1];
    reg [N-1:0]     arrive;
    reg [ORDER*N-1:0] arrive_addr;
    reg [D-1:0]     ndark;
    reg [31:0]      n_in, n_out, n_coll, n_blank;
    always @* begin
        arrive = 0;
        arrive_addr = rx_addr;
        n_in = 0;
        n_out = 0;
        n_coll = 0;
        n_blank = 0;
        ndark = dark;
        lvl = 1;
        for (s = 0; s < N; s = s + 1) begin
            if (win[s]) n_in = n_in + 1;
            if (twice[s]) n_coll = n_coll + 1;
        end
        for (a = 0; a < D; a = a + 1) begin
            nw[a] = wave_at(wp, a);
            nx[a] = a == 0 ? {ORDER{1'b0}} : flips[nw[a]];
            if (a == 0) ndark[nw[a]] = 1'b0; // this window's wave, new
            if (a >= latency && a < depth) begin
                // (the plant is a bench model, never built for a board: its loops index by integers, each in range)
                // verilator lint_off WIDTH
                lvl = ORDER - (a - latency); // 1..ORDER
                nx[a][lvl - 1] = nx[a][lvl - 1] ^ state[lvl - 1];
                if (!level_on[lvl - 1]) ndark[nw[a]] = 1'b1;
            end
            if (a == depth - 1) begin
                for (s = 0; s < N; s = s + 1) begin
                    if (full[nw[a]][s] && (ndark[nw[a]] || !proc_on[s ^ nx[a]])) begin
                        n_blank = n_blank + 1;
                    end else if (full[nw[a]][s]) begin
                        arrive[s ^ nx[a]] = 1'b1;
                        arrive_addr[ORDER * (s ^ nx[a]) +: ORDER] = dst[nw[a] * N + s];
                // verilator lint_on WIDTH
                        n_out = n_out + 1;
                    end
                end
            end
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            since <= 0;
            period <= 0;
            seen_mark <= 1'b0;
            wp <= 0;
            win <= 0;
            twice <= 0;
            inject_was <= 0;
            armed <= 0;
            rx_valid <= 0;
            carried <= 0;
            handed <= 0;
            collisions <= 0;
            blanked <= 0;
            dark <= 0;
            slots <= 0;
            for (a = 0; a < D; a = a + 1) full[a] <= 0;
            for (s = 0; s < N; s = s + 1) strobe_left[s] <= 0;
        end else begin
            // the leader's period, from mark to mark
            if (mark) begin
                since <= 1;
                seen_mark <= 1'b1;
                if (seen_mark) period <= since;
            end else begin
                since <= since + 1'b1;
            end
            // the receivers' strobes, a cycle after their addresses
            for (s = 0; s < N; s = s + 1) begin
                if (armed[s]) begin
                    rx_valid[s] <= 1'b1;
                    strobe_left[s] <= STROBE - 1;
                end else if (strobe_left[s] != 0) begin
                    strobe_left[s] <= strobe_left[s] - 1'b1;
                end else begin
                    rx_valid[s] <= 1'b0;
                end
            end
            inject_was <= inject;
            if (mid) begin
                // wave wp: this window's packets, a processor that injected twice colliding with itself; a rise at
                // the middle opens the next window
                full[wp] <= win & ~twice;
                for (s = 0; s < N; s = s + 1) dst[wp * N + s] <= win_dst[s];
                for (s = 0; s < N; s = s + 1) begin
                    if (inject[s] && !inject_was[s]) win_dst[s] <= dest[ORDER * s +: ORDER];
                end
                win <= inject & ~inject_was;
                twice <= 0;
                // every wave in flight crosses the level it has reached; the oldest arrives
                for (a = 0; a < D; a = a + 1) begin
                    if (a < depth) flips[nw[a]] <= nx[a];
                end
                full[nw[depth - 1]] <= 0;
                dark <= ndark;
                rx_addr <= arrive_addr;
                armed <= arrive;
                wp <= wp + 1'b1 == depth[DW-1:0] ? 0 : wp + 1'b1;
                carried <= carried + n_in;
                handed <= handed + n_out;
                collisions <= collisions + n_coll;
                blanked <= blanked + n_blank;
                slots <= slots + 1'b1;
            end else begin
                armed <= 0;
                for (s = 0; s < N; s = s + 1) begin
                    if (inject[s] && !inject_was[s]) begin
                        if (win[s]) twice[s] <= 1'b1;
                        win[s] <= 1'b1;
                        win_dst[s] <= dest[ORDER * s +: ORDER];
                    end
                end
            end
        end
    end
endmodule
