// A board's slot clock held to the slot-reference line (issue 63): boards that each run on their own crystal
// (20-50 ppm apart, and more with temperature) keep their slots in step with the board that leads, whose
// sync_pulse.v drives the line. Beside slot_clock.v, which it steers:
//
// - Phase: the line is taken through a synchronizer; at each rise (LATENCY cycles after the leader's slot
//   began) the slot clock is aligned: the cycles left in this slot become the period less LATENCY, and when
//   this board's own boundary had not yet come it is counted now (align_edge). A boundary is then within a
//   cycle of the leader's (the synchronizer's one-cycle doubt), whatever the crystals.
// - Frequency: the leader's slot is measured in this board's cycles over 2^FRAME_LOG2 pulses (FRAME_LOG2 bits of
//   fraction), and between pulses, or without them, the slot clock runs on that period, its fraction dithered
//   a cycle at a time (held over).
// - Lock: LOCK_SLOTS pulses in a row within WINDOW cycles of this board's boundary make it locked; a pulse
//   beyond WINDOW while locked, or more than LOSS_SLOTS slots without one (counted at each slot's middle),
//   unlock it. While locked and a pulse is missing it holds over. An unlocked board must not inject or
//   switch (the caller's rule); phase_error says how far off the last pulse found it.
// - Numbers: the pulse's width carries the leader's slot number (sync_pulse.v); after a frame's 58 bits,
//   num_valid says which number the running slot has at the leader, for the engine to take at its next boundary.
module slot_sync #(
    parameter LATENCY    = 3,     // cycles from the leader's slot start to the align acting here: the synchronizer's two
                                  // flip-flops and the align's register (3), and the line's own delay in cycles
    parameter FRAME_LOG2 = 8,     // pulses the period is measured over, log2: its fraction bits
    parameter WINDOW     = 1,     // a pulse this many cycles from this board's boundary is in step
    parameter LOCK_SLOTS = 16,
    parameter LOSS_SLOTS = 8,
    parameter TH_ONE     = 4,     // a pulse this wide or wider is a one (sync_pulse: 2 zero, 6 one, 12 mark)
    parameter TH_MARK    = 9,     // this wide or wider, a frame's mark
    parameter W          = 24     // bits of a followed slot's length: a longer slot (a Clock of 2^W cycles or more) runs free
) (
    input  wire        clk,
    input  wire        rst,              // power-on, reset, or the slot clock stopped: measure and lock afresh
    input  wire        line,             // the slot-reference line, asynchronous
    input  wire        enable,           // follow it (else, or with a slot of 2^W cycles or more, nothing is aligned or locks)
    input  wire [39:0] period,           // the Clock's cycles a slot (the leader runs the same)
    input  wire [W-1:0] cyc,             // the slot clock's cycles left in this slot (its low bits: below 2^W while it follows)
    input  wire        slot_edge,        // and its boundary (the next cycle is a slot's first)
    // steering the slot clock
    output wire [39:0] reload,           // the next slot's length when no pulse aligns it (held over)
    output reg         reload_lo0,       // reload[19:0] == 0
    output reg         reload_one,       // reload[39:1] == 0
    output reg         align,            // pulse: cycles left := align_left
    output reg         align_edge,       // and this board's boundary is counted now (it had not come yet)
    output wire [39:0] align_left,
    output reg         align_lo0,
    output reg         align_one,
    // what it found
    output reg         locked,
    output wire        holdover,         // locked, and the last slot's pulse did not come
    output reg  signed [9:0] phase_error, // this board's boundary less the leader's at the last pulse, in cycles (+-511 at most)
    output reg  [W+FRAME_LOG2-1:0] measured, // the leader's slot in this board's cycles, FRAME_LOG2 fraction bits; 0: not yet
    output reg         num_valid,        // pulse: num is the leader's number of the slot running now
    output wire [63:0] num              // (as num_valid pulses: the frame's bits, no register of its own)
);
    localparam F = FRAME_LOG2;
    generate
        if (F < 1 || F > 16 || LATENCY < 3 || WINDOW < 0 || LOCK_SLOTS < 1 || LOSS_SLOTS < 1 || TH_MARK <= TH_ONE || TH_ONE < 2
            || W < 21 || W > 40)
        begin : bad_params
            slot_sync_parameters_out_of_range unsupported ();
        end
    endgenerate

    // the line through two flip-flops, a third for its edges; and sampled on the falling edge too, so that a rise
    // is known to within half a cycle: one in the first half of its cycle (early) aligns a cycle sooner, and the
    // boundary is the edge nearest the leader's (within half a cycle, not one)
    reg [2:0] s;
    reg       n1, n2, n3;
    always @(posedge clk) s <= rst ? 3'b000 : {s[1:0], line};
    always @(negedge clk) n1 <= !rst && line;
    always @(posedge clk) {n3, n2} <= rst ? 2'b00 : {n2, n1};
    wire rise = s[1] && !s[2];
    wire fall = !s[1] && s[2];
    wire early = n3;          // at a rise: the line was high already half a cycle before s[1] took it

    // a slot this short it follows (the caller keeps the slot clock on its own period otherwise)
    reg follow;
    always @(posedge clk) follow <= enable && period[39:W] == 0;
    // cycles since this board's slot began (saturating), the boundary ahead nearer than the one behind, mid-slot
    // (while it follows, the slot clock's cycles left are below 2^W: their low bits are read)
    reg [7:0]  since;
    reg [W-1:0] half;
    reg        ahead_nearer, mid;
    reg [7:0]  ahead;          // cycles left, saturated (a cycle old: the bias below counts it)
    reg [W-1:0] r_len, l_late, l_early;
    assign reload = {{(40 - W){1'b0}}, r_len};
    always @(posedge clk) begin
        since <= slot_edge || rst ? 8'd0 : since + {7'd0, since != 8'hFF};
        half <= r_len >> 1;
        ahead_nearer <= cyc < half;
        ahead <= cyc[W-1:8] == 0 ? cyc[7:0] : 8'hFF;
        mid <= cyc == half && !slot_edge;
    end
    // the error a pulse finds: positive when this board's boundary comes after the leader's
    // (in step, the pulse is taken when this board's slot is LATENCY - 2 cycles old: rtl/bench/slot_sync_tb.v)
    localparam integer ERR_BIAS = LATENCY - 2;
    wire signed [9:0] found = ahead_nearer ? $signed({2'b0, ahead}) - 10'sd1 : -$signed({2'b0, since});
    wire signed [9:0] err = found + $signed(ERR_BIAS[9:0]) + $signed({9'd0, early}); // (an early rise was aligned a cycle sooner)
    wire in_step = err >= -$signed(WINDOW[9:0]) && err <= $signed(WINDOW[9:0]); // (WINDOW under 2^9)

    // lock
    reg [7:0] good;            // pulses in step in a row (saturating)
    reg [7:0] missed;          // slots without a pulse since the last (saturating)
    reg       seen;            // a pulse since the last middle
    wire      missing = mid && !seen && !rise; // a slot's middle, and no pulse since the last one
    assign holdover = locked && missed != 0;
    always @(posedge clk) begin
        align <= 1'b0;
        if (rst || !follow) begin
            locked <= 1'b0;
            good <= 0;
            missed <= 0;
            seen <= 1'b0;
            phase_error <= 0;
        end else begin
            if (rise) begin
                seen <= 1'b1;
                phase_error <= err;
                if (locked && !in_step) begin
                    locked <= 1'b0; // a jump: no alignment on this pulse, the next one aligns
                    good <= 0;
                end else begin
                    align <= 1'b1;
                    align_edge <= ahead_nearer;
                    a_left <= early ? l_early : l_late;
                    align_lo0 <= early ? lo0_early : lo0_late;
                    align_one <= early ? one_early : one_late;
                    good <= in_step ? good + {7'd0, good != 8'hFF} : 8'd0;
                    if (in_step && good + 1 >= LOCK_SLOTS) locked <= 1'b1;
                end
            end
            if (mid) begin
                seen <= 1'b0;
                if (missing) begin
                    missed <= missed + {7'd0, missed != 8'hFF};
                    if (missed >= LOSS_SLOTS) begin
                        locked <= 1'b0;
                        good <= 0;
                    end
                end else begin
                    missed <= 0;
                end
            end
        end
    end

    // the leader's period over 2^F pulses, none missed between them
    reg [W+F-1:0] m_cnt;
    reg [F-1:0]  m_pulses;
    reg          m_on, m_valid;
    always @(posedge clk) begin
        m_cnt <= m_cnt + 1'b1;
        if (rst || !follow) begin
            m_on <= 1'b0;
            m_valid <= 1'b0;
            measured <= 0;
        end else if (missing) begin
            m_on <= 1'b0; // a pulse missing: start again at the next
        end else if (rise) begin
            m_pulses <= m_pulses + 1'b1;
            if (!m_on || m_pulses == {F{1'b1}}) begin
                m_cnt <= 0;
                m_pulses <= 0;
                m_on <= 1'b1;
            end
            if (m_on && m_pulses == {F{1'b1}}) begin
                measured <= m_cnt + 1'b1;
                m_valid <= 1'b1;
            end
        end
    end

    // the free-running length, with its fraction dithered, and the aligned slot's, set up at each middle
    // (l_late, l_early: the cycles left once aligned, after a late rise and an early one)
    wire [W+F-1:0] p_eff = m_valid ? measured : {period[W-1:0], {F{1'b0}}};
    reg  [F-1:0]  dither;
    wire [F:0]    dsum = {1'b0, dither} + {1'b0, p_eff[F-1:0]};
    wire [W-1:0]  p_round = p_eff[W+F-1:F] + {{(W - 1){1'b0}}, p_eff[F-1]};
    reg  [W-1:0]  a_left;
    reg           lo0_late, one_late, lo0_early, one_early;
    assign align_left = {{(40 - W){1'b0}}, a_left};
    always @(posedge clk) begin
        if (rst) begin
            dither <= 0;
            r_len <= period[W-1:0];
            l_late <= period[W-1:0] - LATENCY;
            l_early <= period[W-1:0] - LATENCY - 1;
        end else if (align) begin
            dither <= {1'b1, {(F - 1){1'b0}}}; // (held over from an aligned start: the fraction rounded, not floored)
        end else if (mid) begin
            dither <= dsum[F-1:0];
            r_len <= p_eff[W+F-1:F] + {{(W - 1){1'b0}}, dsum[F]}; // (the carry: a cycle more this slot)
            // (the leader's slot rounded: an aligned slot ends at the edge nearest the leader's next boundary)
            l_late <= p_round - LATENCY;
            l_early <= p_round - LATENCY - 1;
        end
    end
    always @(posedge clk) begin
        reload_lo0 <= r_len[19:0] == 0;
        reload_one <= r_len[W-1:1] == 0;
        lo0_late <= l_late[19:0] == 0;
        one_late <= l_late[W-1:1] == 0;
        lo0_early <= l_early[19:0] == 0;
        one_early <= l_early[W-1:1] == 0;
    end

    // the leader's numbers, from the pulses' widths
    reg [4:0]  width;
    reg [5:0]  idx;            // bits of the frame taken (0: no frame under way)
    reg [57:0] hi;             // the frame's bits so far, the first (bit 6 of the number) lowest once all are in
    assign num = {hi, 6'd58};  // (they hold until the next frame's mark: the engine takes them as num_valid pulses)
    always @(posedge clk) begin
        num_valid <= 1'b0;
        if (s[1]) width <= width + {4'd0, width != 5'd31};
        else width <= 0;
        if (rst || !follow || missing) begin
            idx <= 0;
        end else if (fall) begin
            if (width >= TH_MARK) begin
                idx <= 6'd1;
            end else if (idx != 0) begin
                hi <= {width >= TH_ONE, hi[57:1]};
                if (idx == 6'd58) begin
                    num_valid <= 1'b1;
                    idx <= 0;
                end else begin
                    idx <= idx + 1'b1;
                end
            end
        end
    end
endmodule
