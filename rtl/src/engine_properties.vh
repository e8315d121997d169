// oft_engine's properties (`ifdef FORMAL), included in its body; rtl/formal/prove.sh proves them.
`ifdef FORMAL
    // Properties, proved by Yosys's sat (rtl/formal/prove.sh) by induction. The environment: a
    // request's header and length stay as they were while the engine works on it (frame_rx holds them).
    reg [8*HDR-1:0] f_hdr;
    reg [12:0] f_len;
    reg f_past = 1'b0;
    reg [63:0] f_gen [0:NB];
    reg f_sel [0:2*NB-1];
    reg [NS-1:0] f_state;
    reg f_due [0:NB-1];
    reg f_pv [0:NB-1];
    reg [63:0] f_pe [0:NB-1];
    reg [1:0] f_pm [0:NB-1];
    reg f_running, f_rst;
    reg [39:0] f_reload;
    wire f_gen_below_now = $signed(q_gen) < $signed(gen[cb]);
    always @(posedge clk) begin
        if (state[S_IDLE]) begin
            f_hdr <= hdr;
            f_len <= frame_len;
        end
        f_past <= !por;
        f_state <= state;
        for (k = 0; k <= NB; k = k + 1) f_gen[k] <= gen[k];
        for (k = 0; k < 2 * NB; k = k + 1) f_sel[k] <= sel[k];
        for (k = 0; k < NB; k = k + 1) f_due[k] <= pend_valid[k] && pend_epoch[k] == slot;
        for (k = 0; k < NB; k = k + 1) begin
            f_pv[k] <= pend_valid[k];
            f_pe[k] <= pend_epoch[k];
            f_pm[k] <= pend_mask[k];
        end
        f_running <= running;
        f_reload <= reload;
        f_rst <= rst;
    end
    always @* begin
        if (!state[S_IDLE]) begin
            assume(hdr == f_hdr);
            assume(frame_len == f_len);
        end
        if (f_past && !por) begin
            // 1. a board's generation (and the backplane's) never decreases
`ifdef FORMAL_GEN
            for (k = 0; k <= NB; k = k + 1) assert($signed(gen[k]) >= $signed(f_gen[k]));
`endif
            // 3. an active bank changes only at a slot boundary, to a commit due at that slot that named its
            //    region (or empties, when the board reboots)
`ifdef FORMAL_ACTIVE
            for (k = 0; k < 2 * NB; k = k + 1)
                if (sel[k] != f_sel[k]) assert((f_state[S_FLIP] && f_due[k / 2] && f_pm[k / 2][k % 2]) || (f_state[S_CLEAR] && !sel[k]));
`endif
            // 2. staging is written for a request only under the board's generation, from its claimant
            //    since it booted, and never into a region whose commit is scheduled (so what becomes
            //    active is what the commit checked)
        end
        if (!por) begin // (a property of the present state alone: no past needed)
            // (for every property's induction: a CRC loop, and the record written after it, return only
            // where a loop was started from, never to a boundary)
            // (and the state is one-hot: one state at a time)
            assert(state != 0 && (state & (state - 1'b1)) == 0);
            assert(FLASH != 0 || !state[S_PERSIST]); // (a claim waits for the flash only where there is one)
            if (state[S_CRC_RUN] || state[S_LOOP_START])
                assert(after == ONE << S_SEND || after == ONE << S_CRCS_NEXT || after == ONE << S_COMMIT_CHECK);
            if (state[S_REC]) assert(rec_after == ONE << S_SEND || rec_after == ONE << S_CRCS_NEXT || rec_after == ONE << S_COMMIT_ENTRY);
            // (the header's board's generation, registered every cycle, is the addressed board's from
            // S_PRE on, and so are the compares made from it, which S_DECODE and S_CHECK decide on)
            if (state[S_PRE] && (q_board == 16'hFFFF || q_board < NB)) assert(gen_hb == gen[q_board == 16'hFFFF ? NB : q_board[BW-1:0]]);
            if ((state[S_DECODE] && !r_no_board) || state[S_CHECK]) assert(cb <= NB && gen_hb == gen[cb] && gen_zero_c == (gen[cb] == 0)
                                                       && &gq_eq == (q_gen == gen[cb]));
            if (state[S_CHECK]) assert(r_gen_zero == (gen[cb] == 0) && r_gen_match == (q_gen == gen[cb]));
`ifdef FORMAL_ACTIVE
            // (a boundary flips what it found due a cycle before, and nothing changes in between)
            if (state[S_FLIP]) assert(bb < NB && r_due == (pend_valid[bb] && pend_epoch[bb] == slot));
`endif
`ifdef FORMAL_GEN
            // (a claim's board is one that exists, and its compare, made by quarters in S_DECODE and
            // joined in S_CHECK, still holds when the claim is decided)
            if (state[S_DISPATCH]) assert(bp == (q_board == 16'hFFFF) && (bp ? cb == NB : cb < NB && cb == q_board));
            if (state[S_CHECK]) assert(cb <= NB && gq_below == f_gen_below_now);
            if (state[S_DISPATCH] || state[S_CLAIM_START] || state[S_CLAIM_CMP] || state[S_CLAIM_DECIDE] || state[S_PERSIST]
                || state[S_CLAIM_TAKE]) assert(cb <= NB && r_gen_below == f_gen_below_now);
            if (state[S_CLAIM_TAKE]) assert(!r_gen_below);
`endif
`ifdef FORMAL_KEPT
            // 4. a bit kept beside a counter, so that a decision reads one bit instead of a compare, says
            //    what the compare would (the counters count down in halves, the upper one on the lower's bit)
            for (k = 0; k <= NB; k = k + 1)
                assert(lease_nz[k] == (lease_left[k] != 0) && lease_lo0[k] == (lease_left[k][15:0] == 0)
                       && lease_lo1[k] == (lease_left[k][15:0] == 1) && lease_hi0[k] == (lease_left[k][31:16] == 0));
            assert(reload_lo0 == (reload[19:0] == 0) && reload_one == (reload[39:1] == 0) && have == (wait_rd == 0));
`endif
`ifdef FORMAL_FENCED
            // (a Commit on its way, through its entries' CRC loops and records, and a Clock's division: from the
            // generation's holder, claimed since the board booted)
            if (state[S_DISPATCH]) assert(r_gen_zero == (gen[cb] == 0) && r_gen_match == (q_gen == gen[cb]) && r_claimed == claimed[cb]
                                          && bp == (q_board == 16'hFFFF) && (bp ? cb == NB : cb < NB && cb == q_board));
            if (state[S_CHECK] || state[S_DISPATCH]) assert(r_type == q_type[3:0] || r_shape != 0);
            if (state[S_COMMIT_START] || state[S_COMMIT_ENTRY] || state[S_COMMIT_CHECK]
                || ((state[S_LOOP_START] || state[S_CRC_RUN]) && after == ONE << S_COMMIT_CHECK)
                || (state[S_REC] && rec_after == ONE << S_COMMIT_ENTRY))
                assert(q_type == 8'h04 && !bp && cb < NB && gen[cb] != 0 && q_gen == gen[cb] && claimed[cb]);
            if (state[S_DIV_START] || state[S_DIV]) assert(q_type == 8'h06 && bp && cb == NB && gen[NB] != 0 && q_gen == gen[NB] && claimed[NB]);
`endif
`ifdef FORMAL_STAGING
            // (a request's board is the one its header names, and a board that exists)
            if (state[S_DISPATCH]) assert(bp == (q_board == 16'hFFFF) && (bp ? cb == NB : cb < NB && cb == q_board));
            if (state[S_WR_START] || state[S_WR_COPY]) assert(!bp && cb < NB);
            if (state[S_WR_START] || state[S_WR_COPY]) begin
                assert(q_type == 8'h02 && gen[cb] != 0 && q_gen == gen[cb] && claimed[cb]);
                assert(!(pend_valid[cb] && pend_mask[cb][rs_w]));
            end
`endif
        end
        if (f_past && !por) begin
`ifdef FORMAL_FENCED
            // 5. what is fenced changes only for the holder of the generation: a board's schedule for a Commit or an
            //    Abort (or at a flip, a reboot's clearing, a reset), the slot clock for a Clock to the backplane (or
            //    at a reset)
            for (k = 0; k < NB; k = k + 1)
                if (pend_valid[k] != f_pv[k] || pend_epoch[k] != f_pe[k] || pend_mask[k] != f_pm[k])
                    assert(f_state[S_FLIP] || f_state[S_CLEAR] || f_rst
                           || ((f_state[S_COMMIT_ENTRY] && q_type == 8'h04 || f_state[S_DISPATCH] && q_type == 8'h05)
                               && k == cb && gen[k] != 0 && q_gen == gen[k] && claimed[k]));
            if (running != f_running || reload != f_reload)
                assert(f_rst || ((f_state[S_DIV] || f_state[S_DISPATCH]) && q_type == 8'h06 && cb == NB
                                 && gen[NB] != 0 && q_gen == gen[NB] && claimed[NB]));
`endif
`ifdef FORMAL_STAGING
            // and a bank is written nowhere else but in the copy-back after a flip and a reboot's clearing
            if (ra_we || ph_we) assert(f_state[S_WR_COPY] || f_state[S_COPYBACK] || f_state[S_CLEAR]);
`endif
        end
    end
`endif
