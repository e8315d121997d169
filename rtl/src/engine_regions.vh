// The engine's states over regions (included in oft_engine's case (state)): a Write's copy into
// staging, CRC loops and their records' users (CrcQuery, Crcs, Commit), a slot boundary (due commits
// flip, the fabric steps, the copy-back), a reboot's clearing.
            // Write: data bytes from the frame into staging
            state[S_WR_COPY]: if (at_end) begin
                // (per-board arrays of NB entries indexed by a board number of BW bits, which counts the backplane's address NB too); r_end fits the region, under 2^20
                // verilator lint_off WIDTH
                if (r_grows) stg_len[{cb, rs_w}] <= r_end;
                // verilator lint_on WIDTH
                answer(R_ACK);
            end else if (have) begin
                mem_wd <= fb_data;
                if (loop_ph) begin
                    ph_we <= 1'b1;
                    ph_a <= {cb[BW-1:0], loop_bank, w_offset[PH_AW-1:0] + i[PH_AW-1:0]};
                end else begin
                    ra_we <= 1'b1;
                    ra_a <= {cb[BW-1:0], loop_bank, w_offset[RA_AW-1:0] + i[RA_AW-1:0]};
                end
                i <= i + 1'b1;
                at_end <= left == 20'd1;
                left <= left - 1'b1;
                fb_addr <= i[12:0] + 13'd22; // (21 + i + 1: the header's 21 bytes, the next byte)
                wait_for(FB_WAIT);
            end

            state[S_LOOP_START]: begin
                // (per-board arrays of NB entries indexed by a board number of BW bits, which counts the backplane's address NB too)
                // verilator lint_off WIDTH
                loop_bank <= ~sel[{cb, loop_ph}];
                crc_init <= 1'b1;
                content_bad <= 1'b0;
                i <= 0;
                n_i <= stg_len[{cb, loop_ph}];
                left <= stg_len[{cb, loop_ph}];
                at_end <= stg_len[{cb, loop_ph}] == 0;
                read_region(loop_ph, ~sel[{cb, loop_ph}], 0); // (an empty region too: a read changes nothing)
                // verilator lint_on WIDTH
                state <= ONE << S_CRC_RUN;
            end
            // CRC of staging, and whether it is a complete, well-formed table
            state[S_CRC_RUN]: if (at_end) begin
                if (after[S_COMMIT_CHECK]) begin
                    state <= after;
                end else begin
                    rec_wa <= {1'b1, {BW{1'b0}}, loop_ph, 1'b0, 3'd7}; // S_REC steps it to byte 0 first
                    rec_after <= after;
                    state <= ONE << S_REC;
                end
            end else if (have) begin
                crc_go <= 1'b1;
                crc_in <= loop_ph ? ph_q : ra_q;
                if (!loop_ph && is_switch(cb)) begin // a port beyond the radix, other than 255 (no route)
                    if (c_port_bad) content_bad <= 1'b1;
                end else if (PROCS > 0 && !loop_ph && !is_router(cb)) begin // a row naming no processor
                    if (!i[0]) lo_bad <= c_lo_ge;
                    else if (c_hi_ge || lo_bad) content_bad <= 1'b1;
                end
                i <= i + 1'b1;
                at_end <= left == 20'd1;
                left <= left - 1'b1;
                read_region(loop_ph, loop_bank, {12'd0, i} + 32'd1); // (past the last byte too: a read changes nothing)
            end

            // Crcs: every region, staging computed, active as committed
            state[S_CRCS_NEXT]: begin
                if (crcs_r == 4) begin
                    answer(R_CRCS);
                end else begin
                    crcs_r <= crcs_r + 1'b1;
                    if (size_of(cb, {5'd0, crcs_r} + 8'd1) == 0) begin
                        // not on this board: 0, 0, and straight on
                        n_i <= 0;
                        crc_init <= 1'b1;
                        state <= ONE << S_CRCS_NEXT;
                    end else if (rbank == 1) begin
                        state <= ONE << S_CRCS_NEXT; // the active banks are answered as committed
                    end else begin
                        crc_loop(crcs_r + 1 == 3, S_CRCS_NEXT);
                    end
                end
            end

            // Commit: each entry read from the frame, its region's staging checked
            state[S_COMMIT_ENTRY]: if (entries_done) begin
                // (per-board arrays of NB entries indexed by a board number of BW bits, which counts the backplane's address NB too)
                // verilator lint_off WIDTH
                pend_valid[cb] <= 1'b1;
                pend_epoch[cb] <= m_epoch;
                pend_mask[cb] <= flipped[cb];
                // verilator lint_on WIDTH
                answer(R_ACK);
            end else if (ebyte == 2) begin // (ent_none, ent_ph: registered from ent_region in the cycle before)
                ebyte <= 0;
                e_end <= 1'b0;
                cmp_equal <= 1'b1;
                if (ent_none) nack(5, RS_NO_REGION);
                else crc_loop(ent_ph, S_COMMIT_CHECK);
            end else if (ebyte == 1) begin
                ebyte <= 2;
            end else if (have) begin
                ent_region <= fb_data;
                ebyte <= 1;
                fb_addr <= fb_addr + 1'b1;
                wait_for(FB_WAIT);
            end
            // the entry's length and CRC, read from the frame, against the loop's
            state[S_COMMIT_CHECK]: if (!e_end) begin
                r_len_bad <= n_i != ent_size; // (n_i holds still: its own cycle)
                if (have) begin
                    cmp_step <= 1'b1;
                    ebyte <= ebyte + 1'b1;
                    e_end <= ebyte == 4'd7;
                    fb_addr <= fb_addr + 1'b1;
                    wait_for(FB_WAIT);
                end
            end else if (!cmp_step) begin // (the last byte's compare is in)
                ebyte <= 0;
                e_end <= 1'b0;
                if (!cmp_equal) nack(7, RS_CRC);
                else if (r_len_bad || content_bad) nack(10, RS_CONTENT);
                else begin
                    // what the staging bank now holds, recorded for when it becomes active
                    // (per-board arrays of NB entries indexed by a board number of BW bits, which counts the backplane's address NB too)
                    // verilator lint_off WIDTH
                    rec_wa <= {1'b0, cb, ent_ph, ~sel[{cb, ent_ph}], 3'd7};
                    rec_after <= ONE << S_COMMIT_ENTRY;
                    flipped[cb] <= flipped[cb] | (ent_ph ? 2'b10 : 2'b01);
                    // verilator lint_on WIDTH
                    entries_left <= entries_left - 1'b1;
                    entries_done <= entries_left == 8'd1;
                    wait_for(2'd2); // fb_addr is at the next entry
                    state <= ONE << S_REC;
                end
            end

            // ---- a slot boundary: due commits flip, then the fabric runs the slot ----------------
            state[S_BOUNDARY]: if (bb == NB[BW-1:0]) begin
                bb <= 0;
                state <= ONE << S_STEP;
            end else begin
                state <= ONE << S_FLIP;
            end
            state[S_FLIP]: begin
                if (r_due) begin
                    for (k = 0; k < 2; k = k + 1) begin
                        // (per-board arrays of NB entries indexed by a board number of BW bits, which counts the backplane's address NB too)
                        // verilator lint_off WIDTH
                        if (pend_mask[bb][k]) begin
                            sel[2 * bb + k] <= ~sel[2 * bb + k];
                        end
                    end
                    if (pend_mask[bb][0]) loaded[bb] <= 1'b1;
                    flipped[bb] <= pend_mask[bb];
                    pend_valid[bb] <= 1'b0;
                    pend_mask[bb] <= 0;
                end else begin
                    flipped[bb] <= 0;
                        // verilator lint_on WIDTH
                end
                bb <= bb + 1'b1;
                state <= ONE << S_BOUNDARY;
            end
            state[S_STEP]: begin
                if (fab_loaded) fab_step <= 1'b1;
                if (sy_take_now) begin // the line told the leader's number (engine_clock.vh): the next slot's is taken
                    slot <= sy_next;
                end else begin
                    slot[31:0] <= slot[31:0] + 1'b1;
                    if (slot[31:0] == 32'hFFFF_FFFF) slot[63:32] <= slot[63:32] + 1'b1;
                end
                bb <= 0;
                copy_rs <= 0;
                state <= ONE << S_COPY_NEXT;
            end
            // staging again holds what became active: copied back while the fabric runs the slot, a region
            // slot at a time (its length and active bank registered here, so the copy's steps read registers)
            state[S_COPY_NEXT]: if (bb == NB[BW-1:0]) begin
                state <= ONE << S_IDLE;
            end else begin
                i <= 0;
                // (per-board arrays of NB entries indexed by a board number of BW bits, which counts the backplane's address NB too); copy_rs is a region slot, 0 or 1, here (2 is a clearing's last step)
                // verilator lint_off WIDTH
                n_i <= flipped[bb][copy_rs] ? stg_len[2 * bb + copy_rs] : 20'd0;
                left <= flipped[bb][copy_rs] ? stg_len[2 * bb + copy_rs] : 20'd0;
                at_end <= !flipped[bb][copy_rs] || stg_len[2 * bb + copy_rs] == 0;
                copy_bank <= sel[2 * bb + copy_rs];
                // verilator lint_on WIDTH
                state <= ONE << S_COPYBACK;
            end
            state[S_COPYBACK]: if (at_end) begin
                if (copy_rs == 1) begin
                    copy_rs <= 0;
                    bb <= bb + 1'b1;
                end else begin
                    copy_rs <= 1;
                end
                state <= ONE << S_COPY_NEXT;
            end else if (!rd_pending) begin // read byte i of the new active bank
                if (copy_rs == 1) ph_a <= {bb[BW-1:0], copy_bank, i[PH_AW-1:0]};
                else ra_a <= {bb[BW-1:0], copy_bank, i[RA_AW-1:0]};
                wait_for(2'd2);
                rd_pending <= 1'b1;
            end else if (have) begin // and write it into staging
                mem_wd <= copy_rs == 1 ? ph_q : ra_q;
                if (copy_rs == 1) begin
                    ph_we <= 1'b1;
                    ph_a <= {bb[BW-1:0], ~copy_bank, i[PH_AW-1:0]};
                end else begin
                    ra_we <= 1'b1;
                    ra_a <= {bb[BW-1:0], ~copy_bank, i[RA_AW-1:0]};
                end
                i <= i + 1'b1;
                at_end <= left == 20'd1;
                left <= left - 1'b1;
                rd_pending <= 1'b0;
            end

            // ---- a reboot: empty banks, nothing scheduled, announced ------------------------------
            state[S_REBOOT]: if (bb == NB[BW-1:0]) begin
                if (nv_ready) begin // (after power-on: once the generations are read from flash)
                    if (FLASH != 0 && powered) begin
                        // a power-up: counted in flash before a board says it restarted (its boot id names it)
                        nv_req <= 1'b1;
                        nv_board <= UPS_SLOT[15:0];
                        state <= ONE << S_UPS;
                    end else begin
                        ann_on <= 1'b1; // (a reset: the boards announce it)
                        ann_b <= 0;
                        state <= ONE << S_IDLE;
                    end
                end
            end else begin
                // at power on or a reset of the bench: every board empties its banks (no announcement)
                cb <= bb;
                copy_rs <= 0;
                i <= 0;
                left <= (2 << RA_AW) - 1;
                at_end <= 1'b0;
                state <= ONE << S_CLEAR;
            end
            // the power-up kept (or the flash failed: the board comes up even so, and refuses claims)
            state[S_UPS]: if (nv_done) begin
                nv_req <= 1'b0;
                ups <= ups + 1'b1;
                powered <= 1'b0;
                ann_on <= 1'b1; // (and they announce the power-up)
                ann_b <= 0;
                state <= ONE << S_IDLE;
            end
            state[S_CLEAR]: begin
                // both banks of both regions to zero, one byte a cycle (at_end: byte i is a part's last;
                // left: the part's bytes after it)
                if (!at_end) begin
                    i <= i + 1'b1;
                    left <= left - 1'b1;
                    at_end <= left == 20'd1;
                end
                if (copy_rs == 0) begin
                    ra_we <= 1'b1;
                    ra_a <= {cb[BW-1:0], i[RA_AW:0]};
                    mem_wd <= 8'd0;
                    if (at_end) begin copy_rs <= 1; i <= 0; left <= (2 << PH_AW) - 1; at_end <= 1'b0; end
                end else if (copy_rs == 1) begin
                    ph_we <= 1'b1;
                    ph_a <= {cb[BW-1:0], i[PH_AW:0]};
                    mem_wd <= 8'd0;
                    if (at_end) begin copy_rs <= 2; i <= 0; left <= 20'd31; at_end <= 1'b0; end
                end else begin
                    // and its records: both banks of both regions committed nothing
                    rec_we <= 1'b1;
                    rec_wa <= {1'b0, cb, i[4:0]};
                    rec_wd <= 8'd0;
                    if (at_end) begin
                        for (k = 0; k < 2; k = k + 1) begin
                            stg_len[2 * cb + k] <= 0;
                            sel[2 * cb + k] <= 1'b0;
                        end
                        // (per-board arrays of NB entries indexed by a board number of BW bits, which counts the backplane's address NB too)
                        // verilator lint_off WIDTH
                        loaded[cb] <= 1'b0;
                        pend_valid[cb] <= 1'b0;
                        pend_mask[cb] <= 0;
                        flipped[cb] <= 0;
                        // verilator lint_on WIDTH
                        if (announce) begin
                            // a board rebooted on its own: it says so on every port
                            announce <= 1'b0;
                            r_seq <= 0;
                            r_board <= {{(16 - BW){1'b0}}, cb};
                            resp_broadcast <= 1'b1;
                            answer(R_REBOOTED);
                        end else begin
                            bb <= cb + 1'b1;
                            state <= ONE << S_REBOOT;
                        end
                    end
                end
            end
