// oft_engine's slot numbers from the slot-reference line (SYNC), included after its states: a frame's number (slot_sync's
// num, the leader's number of the slot running) is taken at the next boundary's S_STEP (engine_regions.vh), unless a
// commit is scheduled then (its epoch must not be jumped over: the board stays unnumbered, out of step, until a later
// frame finds none). The one writer of sy_take, sy_next and sy_numbered (engine_clock.vh declares them).
    always @(posedge clk) begin
        if (por || rst || !running || !sy_follow || !sy_locked) begin
            sy_take <= 1'b0;
            sy_numbered <= 1'b0;
        end else if (sy_numv) begin
            sy_take <= 1'b1;
            // num is the leader's number of the slot running, whose boundary's step made the leader's slot num + 1 (slot
            // is the next slot's number once a boundary is run); this board's step for that boundary is still to come
            // (owed, or under way before S_STEP: it sets num + 1) or done (in S_STEP now, or before: the next sets num + 2)
            sy_next <= sy_num + ((owed != 3'd0 || state[S_BOUNDARY] || state[S_FLIP]) ? 64'd1 : 64'd2);
        end else if (state[S_STEP] && sy_take) begin
            sy_take <= 1'b0;
            sy_numbered <= !sy_pend || sy_next == slot + 64'd1;
        end
    end
