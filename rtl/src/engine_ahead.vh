// oft_engine's compares made ahead of the decisions that read them, included in its body: registered
// every cycle from inputs that hold still by the time a state decides on them (a claim's generation,
// a boundary's epoch, a compare's bytes).
    // the generation of the board the header names, registered every cycle: the header holds still from
    // before S_PRE, so in S_DECODE this is gen[cb], and the compares there start at a register rather than
    // behind the board multiplexer (cb is set in S_PRE)
    reg [63:0] gen_hb;
    always @(posedge clk) gen_hb <= gen[q_board < NB[15:0] ? q_board[BW-1:0] : NB[BW-1:0]];
    // a claim's generation against it by 16-bit quarters, and its zero test, also every cycle: gen_hb holds
    // the board's from S_PRE (the header held still in the cycle before), so these do from S_DECODE until
    // the claim is taken (S_DECODE registers what S_CHECK reads first; the quarters are joined in S_CHECK)
    reg [3:0]  gq_lt, gq_eq;
    reg        gen_zero_c;
    integer    gq;
    always @(posedge clk) begin
        for (gq = 0; gq < 4; gq = gq + 1) begin
            gq_lt[gq] <= gq == 3 ? $signed(q_gen[63:48]) < $signed(gen_hb[63:48]) : q_gen[16 * gq +: 16] < gen_hb[16 * gq +: 16];
            gq_eq[gq] <= q_gen[16 * gq +: 16] == gen_hb[16 * gq +: 16];
        end
        gen_zero_c <= gen_hb == 0;
    end
    wire       gq_below = gq_lt[3] || gq_eq[3] && (gq_lt[2] || gq_eq[2] && (gq_lt[1] || gq_eq[1] && gq_lt[0]));
    // a byte-by-byte compare (a Claim's id with the owner's, a Commit entry with its loop's record): each
    // byte's compare is registered and folded in a cycle later, so no 8-bit compare sits in front of the
    // flag's enable (a loop's decision reads the flag once the last byte is in: S_CLAIM_CMP runs to its
    // end, S_COMMIT_CHECK waits a cycle)
    reg        cmp_equal;
    reg        ne_exp, ne_ow;          // the frame's byte against the record's, and the owner's, a cycle ago
    reg        cmp_step, cmp_step_ow;  // a Commit's, a Claim's byte was taken then
    always @(posedge clk) begin
        ne_exp <= fb_data != exp_byte;
        ne_ow <= fb_data != ow_q;
    end
    // a Commit's epoch against the header's board's scheduled one, by 16-bit quarters, every cycle: the header
    // and the schedules hold still from before S_PRE (a schedule changes in a state at least two before it)
    reg [3:0]  oe_q;
    integer    oq;
    // (per-board arrays of NB entries indexed by a board number of BW bits, which counts the backplane's address NB too)
    // verilator lint_off WIDTH
    always @(posedge clk) for (oq = 0; oq < 4; oq = oq + 1) oe_q[oq] <= pend_epoch[q_board[BW-1:0]][16 * oq +: 16] != m_epoch[16 * oq +: 16];
    // verilator lint_on WIDTH
    // boundary: board bb's commit is due at this slot (S_FLIP acts on it). Its epoch against the slot by
    // 16-bit quarters, registered every cycle: bb and the slot hold still through S_BOUNDARY, so in
    // S_FLIP these are board bb's (no 64-bit compare behind the board multiplexer in front of a flip)
    reg [3:0]  due_q;
    integer    dq;
    // (per-board arrays of NB entries indexed by a board number of BW bits, which counts the backplane's address NB too)
    // verilator lint_off WIDTH
    always @(posedge clk) for (dq = 0; dq < 4; dq = dq + 1) due_q[dq] <= pend_epoch[bb][16 * dq +: 16] == slot[16 * dq +: 16];
    wire       r_due = pend_valid[bb] && &due_q;
    // verilator lint_on WIDTH
