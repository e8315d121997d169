// The engine's states for a request (included in oft_engine's case (state)): its checks a state at a
// time, each from registers the state before it set (S_PRE, S_DECODE, S_CHECK), then S_DISPATCH acting
// on the verdict; a Claim's compare and decision; a Clock's division.
            state[S_PRE]: begin
                // the request's shape and the wide compares it needs, a cycle ahead of the decisions
                // (nothing changes the slot, a generation or a schedule while a request is served)
                // (64-bit compares by 16-bit quarters, made every cycle before and joined here: a 64-bit
                // carry chain alone is longer than a 48 MHz cycle on an iCE40)
                r_epoch_passed <= h_ep_lt[3] || h_ep_eq[3] && (h_ep_lt[2] || h_ep_eq[2] && (h_ep_lt[1] || h_ep_eq[1]
                                  && (h_ep_lt[0] || h_ep_eq[0])));
                r_end <= w_end; // (and whether it is past the region: S_DECODE, from the sum)
                r_off_high <= w_offset[31:20] != 0;
                rs_w <= w_region == 3;
                r_short <= frame_len < 6;
                r_type <= q_type[3:0];
                r_clock_stop <= k_op == 2;
                r_clock_start <= k_op == 1;
                r_bad_version <= q_ver != VERSION;
                r_no_board <= q_board != 16'hFFFF && q_board >= NB[15:0];
                r_rate_bad <= h_rate_low || h_rate_high;
                r_other_epoch <= |oe_q;
                r_seq <= q_seq;
                r_board <= q_board;
                bp <= q_board == 16'hFFFF;
                cb <= q_board == 16'hFFFF ? NB[BW-1:0] : q_board[BW-1:0];
                // (a region is under 2^20 bytes)
                // verilator lint_off WIDTH
                r_wsize <= size_of(q_board == 16'hFFFF ? NB[BW-1:0] : q_board[BW-1:0], w_region); // (below 2^20)
                // verilator lint_on WIDTH
                r_shape <= h_shape;
                state <= ONE << S_DECODE;
            end
            state[S_DECODE]: begin
                r_gen_zero <= gen_zero_c;
                r_gen_match <= &gq_eq;
                r_claimed <= claimed[cb];
                // (per-board arrays of NB entries indexed by a board number of BW bits, which counts the backplane's address NB too)
                // verilator lint_off WIDTH
                r_pend <= !bp && pend_valid[cb];
                r_locked <= !bp && pend_valid[cb] && pend_mask[cb][rs_w];
                // verilator lint_on WIDTH
                r_region_ok <= r_wsize != 0;
                r_switch <= is_switch(cb);
                r_port_bad <= c_bank >= RADIX;
                r_past_end <= r_off_high || r_end > r_wsize;
                // (per-board arrays of NB entries indexed by a board number of BW bits, which counts the backplane's address NB too)
                // verilator lint_off WIDTH
                r_grows <= r_end > {1'b0, stg_len[{cb, rs_w}]};
                // verilator lint_on WIDTH
                r_crc_all <= c_region == 0 && c_bank <= 1;
                r_crc_bad <= size_of(cb, c_region) == 0 || c_bank > 1;
                r_crc_active <= c_bank == 1;
                cmp_equal <= owner_len[cb] == l_len;
                if (r_short) begin
                    state <= ONE << S_DONE; // no header: nothing to answer to
                end else if (r_bad_version) begin
                    nack(1, RS_VERSION);
                end else if (r_shape == 2) begin
                    nack(2, RS_UNKNOWN);
                end else if (r_shape == 1) begin
                    nack(3, RS_MALFORMED);
                end else if (r_no_board) begin
                    nack(4, RS_NO_BOARD);
                end else begin
                    state <= ONE << S_CHECK;
                end
            end
            // every check a request's type makes, as one verdict: S_DISPATCH then only acts on it
            state[S_CHECK]: begin
                r_gen_below <= gq_below;
                v_nack <= 1'b1;
                v_code <= 8'd2;
                v_reason <= bp ? RS_BP_TYPE : RS_BOARD_TYPE;
                if (r_type == 4'hA || r_type == 4'hB) begin
                    v_nack <= 1'b0;
                end else if ((r_type == 4'h2 || r_type == 4'h4 || r_type == 4'h5 || r_type == 4'h6)
                             && (r_gen_zero || !r_gen_match || !r_claimed)) begin
                    v_code <= r_gen_zero || r_gen_match ? 8'd13 : 8'd11;
                    v_reason <= r_gen_zero || r_gen_match ? RS_UNCLAIMED : RS_STALE;
                end else if (bp) begin
                    case (r_type)
                        4'h1, 4'h7, 4'h8: v_nack <= 1'b0;
                        4'h6: if (r_clock_stop || (r_clock_start && !r_rate_bad)) v_nack <= 1'b0;
                               else begin v_code <= 8'd6; v_reason <= RS_CLOCK; end
                        default: ;
                    endcase
                end else begin
                    case (r_type)
                        4'h1, 4'h8: v_nack <= 1'b0;
                        4'h9: if (!r_switch) ;
                               else if (r_port_bad) begin v_code <= 8'd6; v_reason <= RS_PORT; end
                               else v_nack <= 1'b0;
                        4'h2: if (!r_region_ok) begin v_code <= 8'd5; v_reason <= RS_NO_REGION; end
                               else if (r_past_end) begin v_code <= 8'd6; v_reason <= RS_RANGE; end
                               else if (r_locked) begin v_code <= 8'd6; v_reason <= RS_LOCKED; end
                               else v_nack <= 1'b0;
                        4'h3: if (!r_crc_all && r_crc_bad) begin v_code <= 8'd5; v_reason <= RS_NO_REGION; end
                               else v_nack <= 1'b0;
                        4'h4: if (r_epoch_passed) begin v_code <= 8'd8; v_reason <= RS_EPOCH; end
                               else if (r_pend && r_other_epoch) begin v_code <= 8'd6; v_reason <= RS_SCHEDULED; end
                               else v_nack <= 1'b0;
                        4'h5: if (!r_pend) begin v_code <= 8'd9; v_reason <= RS_NOTHING; end
                               else v_nack <= 1'b0;
                        default: ;
                    endcase
                end
                state <= ONE << S_DISPATCH;
            end
            state[S_DISPATCH]: begin
                if (v_nack) begin
                    nack(v_code, v_reason);
                end else if (r_type == 4'hA) begin // Claim: is the id the owner's? (the compares: S_DECODE)
                    state <= ONE << S_CLAIM_START;
                end else if (r_type == 4'hB) begin
                    answer(R_OWNER);
                end else if (bp) begin
                    case (r_type)
                        4'h1: answer(R_BACKPLANE);
                        4'h7: answer(R_TELEMETRY);
                        4'h8: answer(R_BP_STATUS);
                        default: begin // 4'h6, Clock
                            if (r_clock_stop) begin
                                running <= 1'b0;
                                done <= due;
                                answer(R_ACK);
                            end else begin
                                state <= ONE << S_DIV_START;
                            end
                        end
                    endcase
                end else begin
                    case (r_type)
                        4'h1: if (r_switch) answer(R_SWITCH_IDENTITY); else answer(R_IDENTITY);
                        4'h9: begin
                            rbank <= c_bank; // the first port asked
                            ports_n <= h_ports_n;
                            answer(R_PORTS);
                        end
                        4'h2: state <= ONE << S_WR_START;
                        4'h3: begin
                            rbank <= c_bank;
                            rregion <= c_region;
                            view_active <= r_crc_active;
                            crcs_r <= 0;
                            if (r_crc_all) state <= ONE << S_CRCS_NEXT;
                            else if (r_crc_active) answer(R_CRC);
                            else crc_loop(c_region == 3, S_SEND);
                        end
                        4'h4: state <= ONE << S_COMMIT_START;
                        4'h5: begin
                            // (per-board arrays of NB entries indexed by a board number of BW bits, which counts the backplane's address NB too)
                            // verilator lint_off WIDTH
                            pend_valid[cb] <= 1'b0;
                            pend_mask[cb] <= 0;
                            // verilator lint_on WIDTH
                            answer(R_ACK);
                        end
                        default: begin // 4'h8, Status
                            view_active <= 1'b1;
                            answer(R_STATUS);
                        end
                    endcase
                end
            end

            // the loops a request runs are set up in states of their own: the registers they set are enabled
            // by a state bit, not by the dispatch's decision
            state[S_CLAIM_START]: begin // Claim: is the id the owner's? (the compares: S_DECODE)
                i <= 0;
                left <= {12'd0, l_len};
                at_end <= h_l_zero;
                fb_addr <= 20;
                ow_a <= {cb[BW-1:0], {OW_AW{1'b0}}};
                wait_for(FB_WAIT);
                state <= ONE << S_CLAIM_CMP;
            end
            state[S_WR_START]: begin // Write: its bytes into the staging bank
                loop_ph <= rs_w;
                // (per-board arrays of NB entries indexed by a board number of BW bits, which counts the backplane's address NB too)
                // verilator lint_off WIDTH
                loop_bank <= ~sel[{cb, rs_w}];
                // verilator lint_on WIDTH
                i <= 0;
                n_i <= {4'd0, w_len};
                left <= {4'd0, w_len};
                at_end <= h_w_zero;
                fb_addr <= 21;
                wait_for(FB_WAIT);
                state <= ONE << S_WR_COPY;
            end
            state[S_COMMIT_START]: begin // Commit: its entries, each checked against staging
                entries_left <= m_count;
                entries_done <= h_m_zero;
                // (per-board arrays of NB entries indexed by a board number of BW bits, which counts the backplane's address NB too)
                // verilator lint_off WIDTH
                flipped[cb] <= 0;
                // verilator lint_on WIDTH
                ebyte <= 0;
                e_end <= 1'b0;
                fb_addr <= 23;
                wait_for(FB_WAIT);
                state <= ONE << S_COMMIT_ENTRY;
            end

            // Claim: compare the id with the owner's, byte by byte
            state[S_CLAIM_CMP]: if (at_end) begin
                state <= ONE << S_CLAIM_DECIDE;
            end else if (have) begin
                cmp_step_ow <= 1'b1;
                i <= i + 1'b1;
                at_end <= left == 20'd1;
                left <= left - 1'b1;
                fb_addr <= i[12:0] + 13'd21; // (20 + i + 1: the header's 20 bytes, the next byte)
                ow_a <= {cb[BW-1:0], i[OW_AW-1:0] + 1'b1};
                wait_for(FB_WAIT);
            end
            state[S_CLAIM_DECIDE]: begin
                if (r_gen_below) nack(11, RS_BELOW);
                else if (r_gen_match && !cmp_equal) nack(11, RS_HELD); // (no generation changes during a request)
                else if (cb_live && !cmp_equal && h_flags_zero) nack(12, RS_OWNED);
                else if (FLASH != 0 && !r_gen_match) begin // a new generation: kept in flash before it is taken
                    nv_req <= 1'b1;
                    nv_board <= {{(16 - BW){1'b0}}, cb};
                    state <= ONE << S_PERSIST;
                end else state <= ONE << S_CLAIM_TAKE;
            end
            state[S_PERSIST]: if (nv_done) begin
                nv_req <= 1'b0;
                if (nv_ok) state <= ONE << S_CLAIM_TAKE;
                else nack(11, RS_FLASH);
            end
            // the claim is taken: its generation, lease and id (a state of its own, so that the 64
            // generation registers are enabled by a state bit, not by the decision)
            state[S_CLAIM_TAKE]: begin
                gen[cb] <= q_gen;
                if (h_lease_set) claimed[cb] <= 1'b1;
                lease_left[cb] <= l_lease;
                lease_nz[cb] <= h_lease_set;
                lease_lo0[cb] <= h_lease_lo0;
                lease_lo1[cb] <= h_lease_lo1;
                lease_hi0[cb] <= h_lease_hi0;
                owner_len[cb] <= l_len;
                i <= 0;
                left <= {12'd0, l_len};
                at_end <= h_l_zero;
                fb_addr <= 20;
                wait_for(FB_WAIT);
                state <= ONE << S_CLAIM_COPY;
            end
            state[S_CLAIM_COPY]: if (at_end) begin
                answer(R_OWNER);
            end else if (have) begin
                ow_we <= 1'b1;
                ow_a <= {cb[BW-1:0], i[OW_AW-1:0]};
                mem_wd <= fb_data;
                i <= i + 1'b1;
                at_end <= left == 20'd1;
                left <= left - 1'b1;
                fb_addr <= i[12:0] + 13'd21; // (20 + i + 1: the header's 20 bytes, the next byte)
                wait_for(FB_WAIT);
            end

            // Clock: the slot period in cycles, by restoring division (set up in a state of its own, so
            // that the divider's registers are enabled by a state bit, not by the dispatch's decision)
            state[S_DIV_START]: begin
                // period = CLK_HZ / rate, rate = 1.m * 2^(e-1023), from the top 24 bits of m
                div_m <= {1'b1, k_rate[51:29]};
                div_k <= 7'd54 - k_rate[58:52]; // 1078 - e: 26..65 for the rates taken
                div_end <= 1'b0; // (so never 0 here)
                div_bits <= CLK_BITS;
                div_r <= 0;
                div_q <= 0;
                state <= ONE << S_DIV;
            end
            state[S_DIV]: if (div_end) begin
                reload <= div_q;
                reload_one <= div_q[39:1] == 0;
                reload_lo0 <= div_q[19:0] == 0;
                cyc_start <= 1'b1;
                running <= 1'b1;
                done <= due;
                answer(R_ACK);
            end else begin
                if (!div_try[25]) begin // no borrow: the divisor goes in
                    div_r <= div_try[24:0];
                    div_q <= {div_q[38:0], 1'b1};
                end else begin
                    div_r <= {div_r[23:0], div_bit};
                    div_q <= {div_q[38:0], 1'b0};
                end
                div_bits <= {div_bits[30:0], 1'b0};
                div_k <= div_k - 1'b1;
                div_end <= div_k == 7'd1;
            end
